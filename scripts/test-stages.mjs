#!/usr/bin/env node
// `npm test`: runs the check's stages one after another, stops at the first that fails (as `a && b` would), and
// prints each stage's time at the end, also when one failed, with the slowest files of the test stages, so that where
// the time goes is seen on every run (CONTRIBUTING.md, "Where `npm test`'s time goes").
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const reports = mkdtempSync(join(tmpdir(), 'hsw-test-stages-'));
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, name)}`];

/**
 * The stages, in order: `script` an npm script (with `extra` arguments; `report` the JSON report to read the files'
 * times from). A part `beside` a stage is `lanes`, lists of npm scripts run at once, each list on its own core, failing
 * if one of them does (their outputs are printed whole at the stage's end when one failed, else only their row).
 *
 * The timed real checks hold the machine's clock to the models', one file at a time, and leave a core and a half idle
 * (about 30 CPU-s in a minute). `beside` fills that time: the static checks and the builds run while they do, at the
 * lowest priority there is (Linux's SCHED_IDLE, `chrt --idle 0`; elsewhere `nice -n 19`): they get only the time the
 * timed checks leave, and a timed check that wakes takes its core from them at once (the timed stage took 66 s with
 * them beside it and 63 s alone, and passed; lint and the builds, 58 s of the two cores alone, ended inside it). The
 * builds come first and end before the browser stage starts; what is left of the static checks when the timed stage
 * ends (on a slow host lint took 83 s beside its 74) goes on beside the browser stage, at the same priority, and a
 * failure of theirs fails `npm test` when that stage ends.
 */
const STAGES = [
  // Models and every real check that times nothing, in parallel.
  { name: 'unit, in parallel', script: 'test:parallel', extra: vitestJson('unit.json'), report: 'unit.json' },
  {
    name: 'real checks that time, one by one',
    script: 'test:timed',
    extra: vitestJson('timed.json'),
    report: 'timed.json',
    beside: [
      // each build once: the browser suites share them (DIST_DIR, PHONE_DIST_DIR and SINGLE_DIR keep their defaults);
      // first, as the browser stage needs them (`needed`: they end before it starts)
      { name: 'builds: deck, phones, single file', lanes: [['build'], ['build:phone', 'build:single']], needed: true },
      // type-aware ESLint alone takes as long as the rest of the static checks together; no stage needs them, so what
      // the timed stage left of them goes on beside the browser stage
      {
        name: 'lint, layers, types',
        lanes: [['lint:eslint'], ['lint:lit', 'lint:format', 'lint:unused', 'deps', 'typecheck']],
      },
    ],
  },
  { name: 'browser', script: 'test:browser', extra: ['--reporter=list,json'], report: 'browser.json' },
];

/**
 * How a command runs at the lowest priority here: `chrt --idle 0` where Linux lets this process set it (a container
 * may refuse it), else `nice -n 19`, else as it is.
 */
const works = (command) => existsSync(command[0]) && spawnSync(command[0], [...command.slice(1), 'true']).status === 0;
const idle =
  [
    ['/usr/bin/chrt', '--idle', '0'],
    ['/usr/bin/nice', '-n', '19'],
  ].find(works) ?? [];

/** Runs npm scripts one after another, their output kept; resolves to the first failure's status, or 0. */
function lane(scripts, prefix = []) {
  return new Promise((done) => {
    let out = '';
    const next = (i) => {
      if (i === scripts.length) return done({ status: 0, out });
      const [command, ...args] = [...prefix, 'npm', 'run', '-s', scripts[i]];
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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

/** Runs one npm script with its output on the terminal; resolves to its status. */
function run(script, extra, env) {
  const args = ['run', '-s', script, ...(extra.length ? ['--', ...extra] : [])];
  return new Promise((done) => {
    const child = spawn('npm', args, { stdio: 'inherit', env });
    child.on('close', (status, signal) => done(status ?? signal));
  });
}

/** A stage's JSON report (vitest's or Playwright's), or null when it wrote none. */
function read(report) {
  try {
    return JSON.parse(readFileSync(join(reports, report), 'utf8'));
  } catch {
    return null;
  }
}

/** Every test of a Playwright JSON report, as `{ file, spec, test }`. */
function* playwrightTests(suite, file) {
  for (const s of suite.suites ?? []) yield* playwrightTests(s, file ?? s.file);
  for (const spec of suite.specs ?? []) for (const test of spec.tests) yield { file, spec, test };
}

/**
 * The tests that failed in a stage's report, or passed only on a retry, as `file › test: the error's first line`, so
 * that the summary at the end of the output (what a CI log shows last) names them, whatever was printed after the
 * stage itself.
 */
function failures(data) {
  const out = [];
  const line = (text) =>
    stripVTControlCharacters(String(text ?? ''))
      .split('\n')
      .find((l) => l.trim()) ?? '';
  if (Array.isArray(data?.testResults)) {
    for (const f of data.testResults) {
      let failed = 0;
      for (const a of f.assertionResults ?? []) {
        if (a.status === 'failed') failed++;
        // a test that passed on its retry keeps the first attempt's error (the timed project retries once)
        const retried = a.status === 'passed' && a.failureMessages?.length ? ' (passed on retry)' : '';
        if (a.status === 'failed' || retried)
          out.push(`${basename(f.name)} › ${a.fullName}${retried}: ${line(a.failureMessages?.[0])}`);
      }
      // a file that failed before any test ran (an import, a hook)
      if (!failed && f.status === 'failed') out.push(`${basename(f.name)}: ${line(f.message)}`);
    }
  } else if (data) {
    for (const { file, spec, test } of playwrightTests(data))
      if (test.status === 'unexpected' || test.status === 'flaky') {
        const retried = test.status === 'flaky' ? ' (passed on retry)' : '';
        out.push(`${file} › ${spec.title}${retried}: ${line(test.results.at(-1)?.error?.message)}`);
      }
  }
  return out;
}

/** The slowest files of a stage's report (vitest's or Playwright's JSON), as `name seconds`. */
function slowest(data, n = 5) {
  if (!data) return '';
  const files = new Map();
  if (Array.isArray(data.testResults)) {
    for (const f of data.testResults) files.set(basename(f.name), (f.endTime - f.startTime) / 1000);
  } else {
    // Playwright: test-seconds per spec file, retries included (three workers run at once in CI)
    for (const { file, test } of playwrightTests(data))
      for (const r of test.results) files.set(file, (files.get(file) ?? 0) + r.duration / 1000);
  }
  return [...files]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([f, s]) => `${f.replace(/\.(test|spec)\.ts$/, '')} ${s.toFixed(0)}`)
    .join(', ');
}

/**
 * Starts `beside`'s parts one after another at idle priority (a part starts once the one before it passed): each is
 * `{ part, done, settled }`, `done` resolving to its status and output once it has ended and its row is written.
 */
function besides(parts, rows) {
  let before = Promise.resolve({ status: 0 });
  return parts.map((part) => {
    const entry = { part, settled: false };
    // its row under its stage's, written when it ends (`status` null: not run, as the part before it failed)
    const row = { name: `  beside it: ${part.name}`, seconds: 0, status: null };
    rows.push(row);
    entry.done = before = before.then(async (prev) => {
      entry.settled = prev.status !== 0;
      if (entry.settled) return { status: 0, out: '' };
      const t0 = performance.now();
      const done = await Promise.all(part.lanes.map((scripts) => lane(scripts, idle)));
      row.status = done.find((l) => l.status !== 0)?.status ?? 0;
      row.seconds = (performance.now() - t0) / 1000;
      entry.settled = true;
      return { status: row.status, out: done.map((l) => l.out).join('') };
    });
    return entry;
  });
}

/** Waits for parts; prints the output of those that failed; resolves to the first failure's name, or null. */
async function ended(parts) {
  let first = null;
  for (const { part, done } of parts) {
    const r = await done;
    if (r.status === 0) continue;
    // what ran beside is printed only when it failed: the builds' tables would push a stage's own output out of sight
    process.stdout.write(r.out);
    first ??= part.name;
  }
  return first;
}

const rows = [];
let failed = null;
// Parts begun beside a stage: those the next stage needs (the builds, `needed`) end before it starts; the others
// (the static checks) may go on beside it, still at idle priority. One that failed stops `npm test` at the end of the
// stage it ran beside or, if it ran into the next, at the end of that one.
let going = [];
const started = performance.now();
for (const stage of STAGES) {
  const t0 = performance.now();
  const env =
    stage.report === 'browser.json'
      ? { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, stage.report) }
      : process.env;
  const row = { name: stage.name, report: stage.report };
  rows.push(row);
  going.push(...besides(stage.beside ?? [], rows));
  row.status = await run(stage.script, stage.extra ?? [], env);
  row.seconds = (performance.now() - t0) / 1000;
  if (row.status !== 0) failed = stage.name;
  else failed = await ended(going.filter((p) => p.part.needed || p.settled));
  going = going.filter((p) => !(p.part.needed || p.settled));
  if (failed) break;
}
// what is still going is waited for (after a failure too, so that its own failure is printed)
const late = await ended(going);
failed ??= late;
const total = (performance.now() - started) / 1000;
const width = Math.max(...rows.map((r) => r.name.length), 5);
console.log(
  `\nnpm test, stage by stage (slowest files in seconds; the browser's in test-seconds, three at once; ` +
    `beside: ${idle.length ? idle.map((a) => a.replace(/^.*\//, '')).join(' ') : 'at normal priority'}):`,
);
for (const { name, seconds, status, report } of rows) {
  const data = report ? read(report) : null;
  const files = slowest(data);
  const state = status === 0 ? 'ok' : status === null ? 'not run' : `failed (${status})`;
  console.log(`  ${name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s  ${state}${files ? `  ${files}` : ''}`);
  for (const f of failures(data)) console.log(`      ✗ ${f.slice(0, 300)}`);
}
console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(1).padStart(7)} s${failed ? `  (stopped at ${failed})` : ''}`);
rmSync(reports, { recursive: true, force: true });
// once the summary is out: process.exit() right after a write to a full pipe cuts it
process.stdout.write('', () => process.exit(failed ? 1 : 0));
