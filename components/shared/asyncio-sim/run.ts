/**
 * asyncio.run (Lib/asyncio/runners.py, Runner.run then Runner.close): a new loop, the main coroutine wrapped in
 * Task-1 and run with `run_until_complete`; then, whatever happened, `_cancel_all_tasks` (tasks still pending are
 * cancelled and gathered: more turns), `run_until_complete(loop.shutdown_asyncgens())` and
 * `run_until_complete(loop.shutdown_default_executor())`, and `loop.close()`. An empty program is therefore six
 * turns: two for main (its step; `_run_until_complete_cb` calling `stop()`), two for each shutdown coroutine.
 */
import { PyException } from './exceptions.ts';
import { BaseEventLoop, LoopStarved, type LogRecord, type LoopOptions, type Mark } from './loop.ts';
import type { Span } from './machine.ts';
import { Interpreter, type Program, type PythonListing } from './program.ts';
import { SOURCE } from './debug.ts';
import type { RunPhase, Turn } from './trace.ts';

export type RunOptions = LoopOptions;

export interface RunResult {
  /** Every `_run_once` of the run, in order (trace.ts). */
  readonly turns: readonly Turn[];
  /** How many turns each run_until_complete took. */
  readonly turnsByPhase: Readonly<Record<RunPhase, number>>;
  /** What main returned, or the exception asyncio.run raised. */
  readonly result: unknown;
  readonly error: PyException | null;
  /** Without the ntodo snapshot: the turn whose step 6 never ended (the run stops there). */
  readonly starvedAt: number | null;
  readonly marks: readonly Mark[];
  /** Debug-mode warnings, errors the loop logged, RuntimeWarnings. */
  readonly log: readonly LogRecord[];
  /** What every thread and process did when (timelines). */
  readonly spans: readonly Span[];
  /** When the loop's thread waited for the GIL after a sleep (only with `gilSwitchIntervalMs`). */
  readonly gilWaits: readonly { readonly start: number; readonly end: number }[];
  /** The virtual time asyncio.run returned at (ns). */
  readonly end: number;
  readonly start: number;
  readonly listing: PythonListing;
}

export function run(program: Program, options: RunOptions = {}): RunResult {
  const loop = new BaseEventLoop(options);
  const interp = new Interpreter(loop, program);
  const start = loop.now();
  let result: unknown;
  let error: PyException | null = null;
  let starvedAt: number | null = null;
  const guard = (f: () => void) => {
    if (starvedAt !== null) return;
    try {
      f();
    } catch (e) {
      if (e instanceof LoopStarved) starvedAt = e.turn;
      else if (e instanceof PyException) error ??= e;
      else throw e;
    }
  };
  // Runner.run
  loop.phase = 'main';
  const task = loop.create_task(interp.coroutine(program.main), SOURCE.runner_create_task);
  guard(() => {
    result = loop.run_until_complete(task);
  });
  // Runner.close
  loop.phase = 'cancel_all_tasks';
  guard(() => loop._cancel_all_tasks());
  loop.phase = 'shutdown_asyncgens';
  guard(() => loop.run_until_complete(loop.shutdown_asyncgens()));
  loop.phase = 'shutdown_default_executor';
  guard(() => loop.run_until_complete(loop.shutdown_default_executor()));
  loop.close();

  const turnsByPhase: Record<RunPhase, number> = {
    main: 0,
    cancel_all_tasks: 0,
    shutdown_asyncgens: 0,
    shutdown_default_executor: 0,
    loop: 0,
  };
  for (const t of loop.turns) turnsByPhase[t.phase] += 1;
  return {
    turns: loop.turns,
    turnsByPhase,
    result,
    error,
    starvedAt,
    marks: loop.marks,
    log: loop.log,
    spans: loop.machine.spans,
    gilWaits: loop.machine.gilWaits,
    start,
    end: loop.now(),
    listing: interp.listing,
  };
}
