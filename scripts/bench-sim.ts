/**
 * The simulator's part of `npm run bench` (alone: `npm run -s bench:sim`): how long `simulate()` takes for a loop of a
 * million turns (tests/snippets/141-million-iterations.js) and for a 200-line program (140-two-hundred-lines.js),
 * medians of 5 warm runs in Node; how long one step through a long recording takes as the micro-macro slide does it
 * (the model's goTo and everything the element reads for a step; no DOM), median and maximum over every step;
 * how long an endless loop runs before it is stopped; and the heap the result of 10,000 queued timers keeps. For a
 * person to read: no test asserts a duration.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { loadSimulator, queueViews, type Runtime } from '../components/shared/js-sim/index.ts';
import { ResultStore } from '../components/shared/sim-runner/result-store.ts';
import { runJob } from '../components/shared/sim-runner/sim-job.ts';
import {
  acceptedOrders,
  currentRun,
  editDraft,
  goTo,
  initialState,
  runDraft,
  runFinished,
  stepCount,
  wantedJob,
} from '../components/micro-macro/micro-macro-model.ts';

const { simulate } = await loadSimulator();

const snippets = join(import.meta.dirname, '../tests/snippets');
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * Wall-clock and CPU time (this process's, user + system) of simulate(): on a shared machine the wall clock also
 * counts the time other processes had the cores.
 */
function timeSimulate(
  source: string,
  runtime: Runtime,
  runs = 5,
): { median: number; cpu: number; steps: number; end: string } {
  simulate(source, runtime); // warm up
  const times: number[] = [];
  const cpus: number[] = [];
  let steps = 0;
  let end = '';
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    const r = simulate(source, runtime);
    const d = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpus.push((d.user + d.system) / 1000);
    steps = r.ok ? r.steps.length : 0;
    end = r.ok ? r.end.code : `refused: ${r.error.code}`;
  }
  return { median: median(times), cpu: median(cpus), steps, end };
}

/** 10,000 timers queued by the script, then run: a long recording whose timer list is long at every step */
const MANY_TIMERS = `let n = 0;
for (let i = 0; i < 10000; i++) setTimeout(() => { n++; }, i % 100);
console.log('queued');`;

/** the entries a queue's panel lists (micro-macro-element.ts), the rest counted */
const PANEL_ITEMS = 8;

/** one step as the slide takes it: the model moves the index, the element reads the step, its output, its queues */
function stepTimes(source: string): { median: number; max: number; steps: number } {
  // as the element does: the state asks for a job, the worker's job runs (here in-process), the store keeps it
  const runs = new ResultStore();
  let s = runDraft(editDraft(initialState(), source), runs);
  const job = wantedJob(s, runs);
  if (job) {
    const reply = runJob({ id: 1, ...job });
    if (reply.kind !== 'result') throw new Error(`the bench's program did not run: ${reply.kind}`);
    runs.put(job.source, job.runtime, reply.result, reply.size);
    s = runFinished(s, job.source, job.runtime, reply.result);
  }
  const total = stepCount(s, runs);
  if (total === 0) throw new Error('the bench walked no step');
  const times: number[] = [];
  let sink = 0;
  for (let i = 0; i < total; i++) {
    const t = performance.now();
    s = goTo(s, i, runs);
    const run = currentRun(s, runs);
    if (run?.ok) {
      const snap = run.steps[Math.min(s.index, run.steps.length - 1)]!;
      const output = run.output.slice(0, snap.outputLength);
      const io = snap.io.length > 0 || run.steps.some((x) => x.io.length > 0);
      const lists = [snap.ticks, snap.microtasks, snap.timers, snap.immediates].map((q) => queueViews(q, PANEL_ITEMS));
      sink += output.length + (io ? 1 : 0) + snap.stack.length + lists.reduce((a, l) => a + l.length, 0);
      sink += acceptedOrders(run).length;
    }
    times.push(performance.now() - t);
  }
  if (sink < 0) throw new Error('unreachable');
  return { median: median(times), max: Math.max(...times), steps: total };
}

function heapOfResult(source: string): number | null {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  if (!gc) return null;
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = simulate(source, 'node');
  gc();
  const after = process.memoryUsage().heapUsed;
  if (!kept.ok) return null;
  return after - before;
}

export function simulatorRows(): [string, string, string][] {
  const rows: [string, string, string][] = [];
  const million = readFileSync(join(snippets, '141-million-iterations.js'), 'utf8');
  const long = readFileSync(join(snippets, '140-two-hundred-lines.js'), 'utf8');
  for (const [name, src] of [
    ['a million-turn loop (141)', million],
    ['a 200-line program (140)', long],
  ] as const) {
    for (const rt of ['node', 'browser'] as const) {
      const r = timeSimulate(src, rt);
      rows.push([
        `simulate(): ${name}, ${rt}`,
        `${ms(r.median)} (CPU ${ms(r.cpu)})`,
        `median of 5; ${r.steps} steps, ${r.end}; goal < 1 s`,
      ]);
    }
  }
  const endless = timeSimulate('let x = 0;\nwhile (true) { x++; }', 'node', 3);
  rows.push([
    'simulate(): an endless loop until stopped',
    `${ms(endless.median)} (CPU ${ms(endless.cpu)})`,
    `median of 3; ${endless.end}`,
  ]);
  for (const [name, src] of [
    ['10,000 queued timers', MANY_TIMERS],
    ['the 200-line program', long],
  ] as const) {
    const st = stepTimes(src);
    rows.push([
      `one step of the slide through ${name}`,
      `${ms(st.median)} (max ${ms(st.max)})`,
      `median and max over ${st.steps} steps (model + what the element reads); goal < 16 ms`,
    ]);
  }
  const heap = heapOfResult(MANY_TIMERS);
  rows.push([
    'heap kept by the result of 10,000 queued timers',
    heap === null ? '—' : `${(heap / 1e6).toFixed(1)} MB`,
    'after GC; queues stored as runs of one shared list; goal ≤ 30 MB',
  ]);
  return rows;
}

if (process.argv[1] === import.meta.filename) {
  for (const [a, b, c] of simulatorRows()) console.log(`${a.padEnd(60)} ${b.padEnd(24)} ${c}`);
}
