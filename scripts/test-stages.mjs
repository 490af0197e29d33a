#!/usr/bin/env node
// `npm test`: runs the check's stages one after another, stops at the first that fails (as `a && b` would), and
// prints each stage's time at the end, also when one failed, with the slowest files of the test stages, so that where
// the time goes is seen on every run (CONTRIBUTING.md, "Where `npm test`'s time goes").
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const reports = mkdtempSync(join(tmpdir(), 'hsw-test-stages-'));
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, name)}`];

/**
 * [name, npm script, extra arguments, the report to read the files' times from]. A stage whose script is a list runs
 * those scripts at once, each on its own core (the static checks: type-aware ESLint alone takes as long as the rest
 * of them together), and fails if one of them does; their outputs are printed whole, one after another.
 */
const STAGES = [
  ['lint, layers, types', [['lint:eslint'], ['lint:lit', 'lint:format', 'lint:unused', 'deps', 'typecheck']]],
  // Models and every real check that times nothing, in parallel; then the real checks that time, one file at a time.
  ['unit, in parallel', 'test:parallel', vitestJson('unit.json'), 'unit.json'],
  ['real checks that time, one by one', 'test:timed', vitestJson('timed.json'), 'timed.json'],
  // Each build once: the browser suites share them (DIST_DIR, PHONE_DIST_DIR and SINGLE_DIR keep their defaults).
  ['builds: deck, phones, single file', [['build'], ['build:phone', 'build:single']]],
  ['browser', 'test:browser', ['--reporter=list,json'], 'browser.json'],
];

/** Runs npm scripts one after another, their output kept; resolves to the first failure's status, or 0. */
function lane(scripts) {
  return new Promise((done) => {
    let out = '';
    const next = (i) => {
      if (i === scripts.length) return done({ status: 0, out });
      const child = spawn('npm', ['run', '-s', scripts[i]], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (status, signal) => {
        if (status !== 0) return done({ status: status ?? signal, out: `${out}\n(npm run ${scripts[i]} failed)\n` });
        next(i + 1);
      });
    };
    next(0);
  });
}

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
    // Playwright: test-seconds per spec file, retries included (three workers run at once in CI)
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
  let status;
  if (Array.isArray(script)) {
    const lanes = await Promise.all(script.map(lane));
    for (const l of lanes) process.stdout.write(l.out);
    status = lanes.find((l) => l.status !== 0)?.status ?? 0;
  } else {
    const args = ['run', '-s', script, ...(extra.length ? ['--', ...extra] : [])];
    const run = spawnSync('npm', args, { stdio: 'inherit', env });
    status = run.status ?? run.signal;
  }
  const seconds = (performance.now() - t0) / 1000;
  rows.push([name, seconds, status === 0 ? 'ok' : `failed (${status})`, report]);
  if (status !== 0) {
    failed = name;
    break;
  }
}
const total = (performance.now() - started) / 1000;
const width = Math.max(...rows.map(([n]) => n.length), 5);
console.log(`\nnpm test, stage by stage (slowest files in seconds; the browser's in test-seconds, three at once):`);
for (const [name, seconds, state, report] of rows) {
  const files = report ? slowest(report) : '';
  console.log(`  ${name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s  ${state}${files ? `  ${files}` : ''}`);
}
console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(1).padStart(7)} s${failed ? `  (stopped at ${failed})` : ''}`);
rmSync(reports, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
