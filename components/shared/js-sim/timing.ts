/**
 * Timing: whether the order a run prints depends on how fast the real machine is.
 *
 * The loop meets *decision points* — a timer nearly due while setImmediate callbacks (or I/O) wait, two timers set
 * by different callbacks falling due close together — and flags them (`TimingChoices.flag`). At each one the real
 * loop may find the timer not yet due ('n', the nominal choice), due ('a': the loop is late, every timer with that
 * due time runs) or only that one timer due ('o': Node takes each timer's start from the current millisecond, so
 * timers set one after another can straddle a millisecond boundary). When a run is flagged, `explore` re-runs it
 * with perturbed clocks (the Variants) and explores these choices breadth-first, up to MAX_TIMING_RUNS runs (fewer
 * for a long program: TIMING_COST_RUNS), to list
 * the outputs a real run may print. A run where a spin of the loop was skipped (spin.ts) is re-run with the spin
 * skipped late and never.
 */
import type { Slices } from './engine-types.ts';
import { logLines } from './recorder.ts';
import type { Decision, SimOptions, SimResult, TimingCode, TimingNote, Variant } from './types.ts';

/** how close (ms) two timers set by different callbacks may be due (a callback can run several ms late, more so at start-up) before their order is called timing-dependent */
export const TIMER_SLACK = 5;

/** the perturbations of the clock tried when a run is flagged */
const VARIANTS: Variant[] = ['ioEarly', 'ioLate', 'callbackTimersLate'];
/**
 * How a spin of the loop (see spin.ts) is skipped: 'nominal' after SPIN_TURNS identical turns; 'spinLate'
 * only once half the step budget is used (many more turns before the timer); 'spinNever' never (every turn costs no
 * time at all: a possible output only if the program then finishes by itself).
 */
const SPIN_VARIANTS: Variant[] = ['spinLate', 'spinNever'];
/** the most re-runs that explore the decision points */
const MAX_TIMING_RUNS = 60;
/**
 * The exploration also stops once its re-runs have cost this much, counted as the queue entries their snapshots
 * hold (a long program with hundreds of timers costs a few hundred thousand a run): at least TIMING_COST_FLOOR
 * (enough for every run of a short snippet), at most TIMING_COST_RUNS times the nominal run's cost.
 */
const TIMING_COST_FLOOR = 200_000;
const TIMING_COST_RUNS = 4;

/** what a run's snapshots hold: a step and the entries of its queues (yielding every 256 steps: it can be long) */
function* cost(r: SimResult): Slices<number> {
  if (!r.ok) return 0;
  let n = 0;
  for (const s of r.steps) {
    n += 1 + s.microtasks.length + s.ticks.length + s.timers.length + s.immediates.length + s.io.length;
    if (s.index % 256 === 255) yield;
  }
  return n;
}

/** One run's timing: the perturbation it runs under, its choices at the decision points, and what it flagged. */
export class TimingChoices {
  /** the first timing dependence met, if any */
  note: TimingNote | null = null;
  /** timing decision points met so far */
  seen = 0;

  constructor(
    readonly variant: Variant,
    private readonly decisions: readonly Decision[],
  ) {}

  flag(code: TimingCode, params: Record<string, string | number>): void {
    // a possible clock tick (runtime-node.ts) is named only if nothing more telling is met
    if (!this.note || (this.note.code === 'clockTicks' && code !== 'clockTicks'))
      this.note = { code, params, affectsOutput: false, alternative: null, alternatives: [] };
  }

  /** the choice at the next decision point: 'n' beyond the list */
  decide(): Decision {
    return this.decisions[this.seen++] ?? 'n';
  }
}

/** One run of a snippet, as the exploration sees it. */
export interface Run {
  result: SimResult;
  decisionsSeen: number;
  /** the first skipped spin's parameters, or null if the loop never spun */
  spinParams: Record<string, string | number> | null;
}

/**
 * Completes the nominal run's result with the outputs other plausible timings print (`rerun` runs the same snippet
 * with other options). Only a nominal run that finished is explored.
 */
export function* explore(
  first: Run,
  options: SimOptions,
  rerun: (options: SimOptions) => Slices<Run>,
): Slices<SimResult> {
  const result = first.result;
  if (!result.ok || options.exploreTiming === false || result.end.code !== 'done') return result;
  if ((options.variant ?? 'nominal') !== 'nominal' || options.decisions !== undefined) return result;
  const seen = new Set([JSON.stringify(logLines(result))]);
  if (first.spinParams) {
    // a spin was skipped: the output must not depend on how many turns the loop really makes before the timer
    const spun: string[][] = [];
    for (const variant of SPIN_VARIANTS) {
      const r = (yield* rerun({ ...options, variant, exploreTiming: false })).result;
      // a run that never finishes with free turns is no real possibility: real turns take time
      if (!r.ok || r.end.code !== 'done') continue;
      const lines = logLines(r);
      const key = JSON.stringify(lines);
      if (seen.has(key)) continue;
      seen.add(key);
      spun.push(lines);
    }
    if (spun.length > 0) {
      result.timing = {
        code: 'loopSpin',
        params: first.spinParams,
        affectsOutput: true,
        alternative: spun[0]!,
        alternatives: spun,
      };
    }
  }
  if (!result.timing) return result;
  // the order depends on timing: list the outputs other plausible timings print
  const add = (r: SimResult): void => {
    if (!r.ok || !result.timing) return;
    const lines = logLines(r);
    const key = JSON.stringify(lines);
    if (seen.has(key)) return;
    seen.add(key);
    result.timing.affectsOutput = true;
    result.timing.alternative ??= lines;
    result.timing.alternatives.push(lines);
  };
  for (const variant of VARIANTS) add((yield* rerun({ ...options, variant, exploreTiming: false })).result);
  const queue: { decisions: Decision[]; seen: number }[] = [{ decisions: [], seen: first.decisionsSeen }];
  let runs = 0;
  let spent = 0;
  const budget = Math.max(TIMING_COST_FLOOR, TIMING_COST_RUNS * (yield* cost(result)));
  const more = (): boolean => runs < MAX_TIMING_RUNS && spent < budget;
  while (queue.length > 0 && more()) {
    const { decisions, seen: points } = queue.shift()!;
    for (let i = decisions.length; i < points && more(); i++) {
      for (const choice of ['a', 'o'] as const) {
        const next: Decision[] = [...decisions, ...(Array(i - decisions.length).fill('n') as Decision[]), choice];
        const run = yield* rerun({ ...options, decisions: next, exploreTiming: false });
        runs++;
        spent += yield* cost(run.result);
        add(run.result);
        queue.push({ decisions: next, seen: run.decisionsSeen });
      }
    }
  }
  // a clock tick that changes nothing is not worth a note: most programs that set timers have one
  if (!result.timing.affectsOutput && result.timing.code === 'clockTicks') result.timing = null;
  return result;
}
