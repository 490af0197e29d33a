#!/usr/bin/env node
// `npm test`: runs the check's stages one after another, stops at the first that fails (as `a && b` would), and
// prints each stage's time at the end, also when one failed, with the slowest files of the test stages, so that where
// the time goes is seen on every run (CONTRIBUTING.md, "Where `npm test`'s time goes").
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const reports = mkdtempSync(join(tmpdir(), 'hsw-test-stages-'));
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, name)}`];

/** [name, npm script, extra arguments, the report to read the files' times from] */
const STAGES = [
  ['lint', 'lint'],
  ['layers', 'deps'],
  ['types', 'typecheck'],
  // Models and every real check that times nothing, in parallel; then the real checks that time, one file at a time.
  ['unit, in parallel', 'test:parallel', vitestJson('unit.json'), 'unit.json'],
  ['real checks that time, one by one', 'test:timed', vitestJson('timed.json'), 'timed.json'],
  // Each build once: the browser suites share them (DIST_DIR, PHONE_DIST_DIR and SINGLE_DIR keep their defaults).
  ['build: deck', 'build'],
  ['build: phones', 'build:phone'],
  ['build: single file', 'build:single'],
  ['browser', 'test:browser', ['--reporter=list,json'], 'browser.json'],
];

/** The slowest files of a stage's report (vitest's or Playwright's JSON), as `name seconds`. */
function slowest(report, n = 5) {
  let data;
  try {
    data = JSON.parse(readFileSync(join(reports, report), 'utf8'));
  } catch {
    return '';
  }
  const files = new Map();
  if (Array.isArray(data.testResults)) {
    for (const f of data.testResults) files.set(basename(f.name), (f.endTime - f.startTime) / 1000);
  } else {
    // Playwright: test-seconds per spec file, retries included (two workers run at once)
    const walk = (suite, file) => {
      for (const s of suite.suites ?? []) walk(s, file ?? s.file);
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests)
          for (const r of t.results) files.set(file, (files.get(file) ?? 0) + r.duration / 1000);
    };
    walk(data);
  }
  return [...files]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([f, s]) => `${f.replace(/\.(test|spec)\.ts$/, '')} ${s.toFixed(0)}`)
    .join(', ');
}

const rows = [];
let failed = null;
const started = performance.now();
for (const [name, script, extra = [], report] of STAGES) {
  const t0 = performance.now();
  const env =
    report === 'browser.json' ? { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, report) } : process.env;
  const args = ['run', '-s', script, ...(extra.length ? ['--', ...extra] : [])];
  const run = spawnSync('npm', args, { stdio: 'inherit', env });
  const seconds = (performance.now() - t0) / 1000;
  rows.push([name, seconds, run.status === 0 ? 'ok' : `failed (${run.status ?? run.signal})`, report]);
  if (run.status !== 0) {
    failed = name;
    break;
  }
}
const total = (performance.now() - started) / 1000;
const width = Math.max(...rows.map(([n]) => n.length), 5);
console.log(`\nnpm test, stage by stage (slowest files in seconds; the browser's in test-seconds, two at once):`);
for (const [name, seconds, state, report] of rows) {
  const files = report ? slowest(report) : '';
  console.log(`  ${name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s  ${state}${files ? `  ${files}` : ''}`);
}
console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(1).padStart(7)} s${failed ? `  (stopped at ${failed})` : ''}`);
rmSync(reports, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
