/**
 * A model of CPython's asyncio event loop (3.11; `_run_once` is the same to 3.14), in pure TypeScript: no DOM,
 * no timers, no randomness, virtual time. See loop.ts for the six steps, tasks.ts for Task.__step/__wakeup,
 * futures.ts for Future, run.ts for asyncio.run, trace.ts for the recording a demo steps through, debug.ts for
 * debug mode's warnings.
 */
import { run, type RunOptions, type RunResult } from './run.ts';
import {
  fiftyProgram,
  heartbeatProgram,
  turnsProgram,
  type FiftyParams,
  type HeartbeatParams,
  type TurnsProgram,
} from './programs.ts';

export { run, type RunOptions, type RunResult } from './run.ts';
export { BaseEventLoop } from './loop.ts';
export { Future } from './futures.ts';
export { PyException } from './exceptions.ts';
export { toPython, type Program, type Step, type CoroutineDef } from './program.ts';
export { turnsRunning, type HandleInfo } from './trace.ts';
export { SOURCE, SOURCE_TEXT } from './debug.ts';
export * from './programs.ts';

/** The number of `_run_once` calls of asyncio.run for one of the command line's programs. */
export function countTurns(p: TurnsProgram, options: RunOptions = {}): number {
  return run(turnsProgram(p), options).turns.length;
}

/** Python's statistics.median. */
export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export interface HeartbeatResult {
  readonly ticks: number;
  /** The median interval between ticks, ms (null with fewer than two ticks). */
  readonly median_ms: number | null;
  readonly tickTimes: readonly number[];
  readonly run: RunResult;
}

export function heartbeat(p: HeartbeatParams, options: RunOptions = {}): HeartbeatResult {
  const r = run(heartbeatProgram(p), options);
  const tickTimes = r.marks.filter((m) => m.label === 'ticks').map((m) => m.time);
  const gaps = tickTimes.slice(1).map((t, i) => (t - tickTimes[i]!) / 1e6);
  const m = median(gaps);
  return { ticks: tickTimes.length, median_ms: m === null ? null : Math.round(m * 1000) / 1000, tickTimes, run: r };
}

export interface FiftyResult {
  /** Turns of main's run_until_complete. */
  readonly turns: number;
  readonly total_ms: number;
  readonly longest_turn_ms: number;
  readonly run: RunResult;
}

export function fifty(p: FiftyParams, options: RunOptions = {}): FiftyResult {
  const r = run(fiftyProgram(p), options);
  const main = r.turns.filter((t) => t.phase === 'main');
  const longest = Math.max(...main.map((t) => t.end - t.start));
  return { turns: main.length, total_ms: (r.end - r.start) / 1e6, longest_turn_ms: longest / 1e6, run: r };
}
