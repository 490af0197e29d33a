// The heavy-task model's shape, checked against real Node (tests/probes/heavy-probe.cjs).
//
// The machine that runs this is shared (2 cores, many processes), so nothing here asserts a tight
// duration: only the shape the model predicts, with wide margins.
// - Figures in CPU time (the longest stretch of CPU between two answered requests, whether anyone was
//   answered during the task) do not depend on the load, and are always asserted.
// - Wall-clock figures (monitorEventLoopDelay, request latency) grow when the process waits for a core.
//   Bounds from below (inline ≳ 250 ms) only get easier under load and are asserted as they are. A bound
//   from above (chunked, worker: under 100 ms) gets up to three runs; if none is under 100 ms, the best
//   run must be under 100 ms plus the time the main thread was measured to wait for a core meanwhile
//   (Linux's /proc/self/task/<tid>/schedstat): load can add that much delay, the heavy task cannot hide
//   in it. On an idle machine the wait is ~0 and the bound is the plain 100 ms.
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PARAMS, simulate } from '../../components/heavy-task/heavy-task-model.ts';

const PROBE = fileURLToPath(new URL('../probes/heavy-probe.cjs', import.meta.url));
const HAS_ELD = (() => {
  const r = spawnSync(process.execPath, [
    '-e',
    "process.exit(typeof require('node:perf_hooks').monitorEventLoopDelay === 'function' ? 0 : 1)",
  ]);
  return r.status === 0;
})();
const SKIP_REASON = 'this Node has no perf_hooks.monitorEventLoopDelay';

interface ProbeResult {
  mode: string;
  maxMs: number;
  p50Ms: number;
  p99Ms: number;
  elapsedMs: number;
  pieces: number;
  requests: number;
  answeredDuring: number;
  reqP50Ms: number;
  reqP99Ms: number;
  reqMaxMs: number;
  cpuGapMaxMs: number;
  mainStretch: number;
  runqueueWaitMs: number | null;
}

function probe(mode: 'inline' | 'chunked' | 'worker', heavyMs = 300, chunkMs = 10): ProbeResult {
  const r = spawnSync(process.execPath, [PROBE, mode, String(heavyMs), String(chunkMs)], {
    encoding: 'utf8',
    timeout: 50_000,
  });
  if (r.status !== 0) throw new Error(`probe ${mode} failed: ${r.stderr || r.error}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as ProbeResult;
}

const describeRuns = (runs: ProbeResult[]) =>
  runs
    .map(
      (r) =>
        `loop delay max ${r.maxMs.toFixed(0)} ms, latency max ${r.reqMaxMs.toFixed(0)} ms, ` +
        `waited for a core ${r.runqueueWaitMs === null ? '?' : r.runqueueWaitMs.toFixed(0)} ms`,
    )
    .join('; ');

/** Loop delay and latency under 100 ms, plus whatever the scheduler measurably took from the process. */
function wallClockBound(mode: 'chunked' | 'worker', first: ProbeResult): void {
  const ok = (x: ProbeResult) => x.maxMs < 100 && x.reqMaxMs < 100;
  const runs = [first];
  while (!runs.some(ok) && runs.length < 3) runs.push(probe(mode));
  const allowance = (x: ProbeResult) => 100 + (x.runqueueWaitMs ?? 0);
  const best = runs.find(ok) ?? runs.reduce((a, b) => (b.maxMs - allowance(b) < a.maxMs - allowance(a) ? b : a));
  expect(best.maxMs, describeRuns(runs)).toBeLessThan(allowance(best));
  expect(best.reqMaxMs, describeRuns(runs)).toBeLessThan(allowance(best));
}

// What the model says for the same server (200 requests/s of 2 ms, a 300 ms task, 10 ms pieces).
const model = {
  inline: simulate({ ...DEFAULT_PARAMS, mode: 'inline' }),
  chunked: simulate({ ...DEFAULT_PARAMS, mode: 'chunked', chunkMs: 10 }),
  worker: simulate({ ...DEFAULT_PARAMS, mode: 'worker' }),
};
const answeredDuring = (r: ReturnType<typeof simulate>) =>
  r.requests.filter((q) => q.end > r.heavy.start && q.end < r.heavy.end).length;

describe('heavy-task: the model predicts this shape', () => {
  it('inline: worst latency ≳ 250 ms and nobody is answered during the task', () => {
    expect(model.inline.stats.max).toBeGreaterThanOrEqual(250);
    expect(answeredDuring(model.inline)).toBe(0);
  });
  it('chunked, 10 ms: worst latency well under 100 ms, requests answered between pieces', () => {
    expect(model.chunked.stats.max).toBeLessThan(100);
    expect(answeredDuring(model.chunked)).toBeGreaterThan(0);
  });
  it('worker: latency stays at the 2 ms of work', () => {
    expect(model.worker.stats.max).toBe(2);
  });
});

describe('heavy-task: real Node (monitorEventLoopDelay + a 200 requests/s load)', () => {
  it.skipIf(!HAS_ELD)(
    `inline 300 ms of CPU: nobody answered meanwhile, a 300 ms gap, loop delay ≳ 250 ms (skip if ${SKIP_REASON})`,
    () => {
      const r = probe('inline');
      // Load-independent.
      expect(r.answeredDuring).toBe(0);
      expect(r.cpuGapMaxMs).toBeGreaterThanOrEqual(250);
      expect(r.requests).toBeGreaterThan(20);
      // Wall clock, bounded from below: load only makes these larger.
      expect(r.elapsedMs).toBeGreaterThanOrEqual(290);
      expect(r.maxMs).toBeGreaterThanOrEqual(250);
      expect(r.reqMaxMs).toBeGreaterThanOrEqual(250);
    },
  );

  it.skipIf(!HAS_ELD)(
    `chunked 10 ms + setImmediate: requests run between pieces; loop delay well under 100 ms (skip if ${SKIP_REASON})`,
    () => {
      const r = probe('chunked');
      // Load-independent.
      expect(r.pieces).toBe(30);
      expect(r.answeredDuring).toBeGreaterThan(0);
      expect(r.cpuGapMaxMs).toBeLessThan(100);
      expect(r.cpuGapMaxMs).toBeLessThan(model.inline.stats.max / 2);
      // Wall clock, bounded from above.
      wallClockBound('chunked', r);
    },
  );

  it.skipIf(!HAS_ELD)(
    `worker: the main loop keeps answering while the task runs on another thread (skip if ${SKIP_REASON})`,
    () => {
      const r = probe('worker');
      expect(r.answeredDuring).toBeGreaterThan(0);
      expect(r.elapsedMs).toBeGreaterThanOrEqual(290);
      wallClockBound('worker', r);
    },
  );
});
