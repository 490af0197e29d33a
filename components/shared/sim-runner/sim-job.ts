/**
 * One simulation job, as the Web Worker (sim-worker.ts), `npm run predict` (scripts/predict-worker.ts) and the
 * page-thread fallback all run it: `runJob` calls `simulate()` and measures what came back (its size, so that a
 * cache can be bounded by bytes; the time it took). Pure but for the clock it reads; no DOM.
 */
// the one module outside js-sim that imports the simulator itself: it runs it (.dependency-cruiser.cjs)
import { Overrun, simulateSlices, type Runtime, type SimResult, type Snapshot } from '../js-sim/simulator.ts';

export interface SimJob {
  id: number;
  source: string;
  runtime: Runtime;
  /** past this estimated size the reply is 'tooLarge' (default: no limit) */
  maxBytes?: number;
  /** false: the reply's result has no steps (the command line prints only the output) */
  steps?: boolean;
}

export type SimReply =
  | { id: number; kind: 'result'; result: SimResult; size: number; ms: number }
  /** the recording is larger than the job's maxBytes: not sent */
  | { id: number; kind: 'tooLarge'; size: number; ms: number }
  /** the job's `interrupt` stopped it inside a task (the page-thread fallback): the operations made, the line */
  | { id: number; kind: 'overrun'; ops: number; line: number | null; ms: number }
  /** simulate() threw (a defect of the simulator, not of the snippet): its message */
  | { id: number; kind: 'crashed'; message: string };

export function runJob(job: SimJob, now: () => number = () => performance.now()): SimReply {
  const slices = jobSlices(job, undefined, now);
  for (;;) {
    const r = slices.next();
    if (r.done) return r.value;
  }
}

/**
 * The job as a generator that yields between the simulation's tasks and while the result is measured (the
 * page-thread fallback drives it in slices, sim-runner.ts). `interrupt` is asked inside a task every 1,024
 * operations: true stops the job ('overrun').
 */
export function* jobSlices(
  job: SimJob,
  interrupt?: () => boolean,
  now: () => number = () => performance.now(),
): Generator<void, SimReply, void> {
  const start = now();
  try {
    const full = yield* simulateSlices(job.source, job.runtime, interrupt ? { interrupt } : {});
    const result = job.steps === false && full.ok ? { ...full, steps: [] } : full;
    const size = yield* resultSizeSlices(result);
    if (job.maxBytes !== undefined && size > job.maxBytes)
      return { id: job.id, kind: 'tooLarge', size, ms: now() - start };
    return { id: job.id, kind: 'result', result, size, ms: now() - start };
  } catch (e) {
    if (e instanceof Overrun) return { id: job.id, kind: 'overrun', ops: e.ops, line: e.line, ms: now() - start };
    return { id: job.id, kind: 'crashed', message: e instanceof Error ? e.message : String(e) };
  }
}

/** Whether a snippet has nothing to run (sim-limits.ts: without the parser). */
export { isBlankSnippet } from './sim-limits.ts';

// --------------------------------------------------------------------------------------------------------------
// Size: an estimate of the bytes a result holds in a JavaScript heap (UTF-16 strings, ~16 bytes an object slot).
// An array or object met twice (snapshots that share an unchanged queue) is counted once.

const OBJECT = 64;
const FIELD = 16;

export function resultSize(result: SimResult): number {
  const slices = resultSizeSlices(result);
  for (;;) {
    const r = slices.next();
    if (r.done) return r.value;
  }
}

/** resultSize, yielding every 64 snapshots (a recording of thousands of queued timers takes a while to measure) */
function* resultSizeSlices(result: SimResult): Generator<void, number, void> {
  if (!result.ok) return OBJECT * 2 + JSON.stringify(result.error).length * 2;
  const seen = new Set<object>();
  let bytes = OBJECT;
  for (const step of result.steps) {
    bytes += snapshotSize(step, seen);
    if (step.index % 64 === 63) yield;
  }
  for (const o of result.output) bytes += OBJECT + 3 * FIELD + o.text.length * 2;
  if (result.timing) bytes += JSON.stringify(result.timing).length * 2;
  return bytes;
}

function snapshotSize(s: Snapshot, seen: Set<object>): number {
  let bytes = OBJECT + 12 * FIELD + paramsSize(s.event.params);
  if (!seen.has(s.stack)) {
    seen.add(s.stack);
    bytes += OBJECT + s.stack.length * FIELD;
    for (const frame of s.stack) bytes += viewSize(frame, seen);
  }
  for (const q of [s.microtasks, s.ticks, s.timers, s.immediates, s.io]) {
    if (seen.has(q)) continue;
    seen.add(q);
    bytes += 2 * OBJECT + 3 * FIELD + q.runs.length * FIELD;
    // the list the runs index into is shared by the run's snapshots: counted once, as it stands at the end
    if (seen.has(q.pool)) continue;
    seen.add(q.pool);
    bytes += OBJECT + q.pool.length * FIELD;
    for (const item of q.pool) bytes += viewSize(item, seen);
  }
  return bytes;
}

function viewSize(item: { name: string }, seen: Set<object>): number {
  if (seen.has(item)) return 0;
  seen.add(item);
  return OBJECT + 5 * FIELD + item.name.length * 2;
}

function paramsSize(params: Record<string, string | number>): number {
  let bytes = OBJECT;
  for (const [k, v] of Object.entries(params))
    bytes += FIELD + k.length * 2 + (typeof v === 'string' ? v.length * 2 : 8);
  return bytes;
}
