#!/usr/bin/env node
// `npm test`: runs the check's stages one after another, stops at the first that fails (as `a && b` would), and
// prints each stage's time at the end, also when one failed, so that where the time goes is seen on every run.
import { spawnSync } from 'node:child_process';

const STAGES = [
  ['lint', 'lint'],
  ['layers', 'deps'],
  ['types', 'typecheck'],
  ['unit and real checks', 'test:unit'],
  ['build: deck', 'build'],
  ['build: phones', 'build:phone'],
  ['build: single file', 'build:single'],
  ['browser', 'test:browser'],
];

const rows = [];
let failed = null;
const started = performance.now();
for (const [name, script] of STAGES) {
  const t0 = performance.now();
  const run = spawnSync('npm', ['run', '-s', script], { stdio: 'inherit' });
  const seconds = (performance.now() - t0) / 1000;
  rows.push([name, seconds, run.status === 0 ? 'ok' : `failed (${run.status ?? run.signal})`]);
  if (run.status !== 0) {
    failed = name;
    break;
  }
}
const total = (performance.now() - started) / 1000;
const width = Math.max(...rows.map(([n]) => n.length), 5);
console.log(`\nnpm test, stage by stage:`);
for (const [name, seconds, state] of rows)
  console.log(`  ${name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s  ${state}`);
console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(1).padStart(7)} s${failed ? `  (stopped at ${failed})` : ''}`);
process.exit(failed ? 1 : 0);
