/**
 * Task vs coroutine (seed 003): three calls made one after another, as tasks, with gather (with and without
 * return_exceptions) or in a TaskGroup, the second one failing or not. Pure: the asyncio model
 * (components/shared/asyncio-sim) runs the program of tasks-gather-programs.ts, and this module reads its recording:
 * when each call started and ended and how (a result, the exception, cancelled, never started), in which order
 * things ended, when the caller resumed and what it received, as Python prints it. Checked against CPython by
 * tests/unit/tasks-gather-real.test.ts.
 */
import { run, type RunResult } from '../shared/asyncio-sim/index.ts';
import { axisFor, holdAxis } from '../../lib/ticks.ts';
import { SPEAKER_SEQUENCE } from './tasks-gather-sequence.ts';
import {
  CALLS,
  FAILING,
  STRATEGIES,
  simProgram,
  type CallName,
  type Latencies,
  type Strategy,
} from './tasks-gather-programs.ts';

export { SPEAKER_SEQUENCE };

export interface TasksGatherState {
  readonly latencies: Latencies;
  readonly strategy: Strategy;
  /** The switch: the second call (b) raises ValueError('b failed') after its latency. */
  readonly fail: boolean;
}

export const DEFAULT_LATENCIES: Latencies = [200, 100, 300];
export const LATENCY = { min: 10, max: 1000, step: 10 } as const;

export function initialState(): TasksGatherState {
  return { latencies: DEFAULT_LATENCIES, strategy: 'sequential', fail: false };
}

export function stateForStep(step: number, current: TasksGatherState): TasksGatherState {
  void current;
  const s = SPEAKER_SEQUENCE[Math.max(0, Math.min(SPEAKER_SEQUENCE.length - 1, Math.trunc(step) || 0))]!;
  return { latencies: DEFAULT_LATENCIES, strategy: s.strategy, fail: s.fail };
}

export function setStrategy(state: TasksGatherState, strategy: Strategy): TasksGatherState {
  return STRATEGIES.includes(strategy) && strategy !== state.strategy ? { ...state, strategy } : state;
}

export function setFail(state: TasksGatherState, fail: boolean): TasksGatherState {
  return fail === state.fail ? state : { ...state, fail };
}

/** A latency, clamped to the slider's range and its 10 ms steps. */
export function setLatency(state: TasksGatherState, call: CallName, ms: number): TasksGatherState {
  const i = CALLS.indexOf(call);
  if (i < 0 || !Number.isFinite(ms)) return state;
  const v = Math.max(LATENCY.min, Math.min(LATENCY.max, Math.round(ms / LATENCY.step) * LATENCY.step));
  if (state.latencies[i] === v) return state;
  const next = [...state.latencies] as [number, number, number];
  next[i] = v;
  return { ...state, latencies: next };
}

/** How a call ended: its result, its exception, cancelled (CancelledError thrown into it), or never started. */
export type CallEnd = 'result' | 'exception' | 'cancelled' | 'not_started';

export interface CallOutcome {
  readonly name: CallName;
  /** ms of the run; null: never started. */
  readonly start: number | null;
  readonly end: number | null;
  readonly how: CallEnd;
  /** Ran on after the failure reached the caller, with nobody awaiting it any more. */
  readonly unattended: boolean;
}

/** Something that ended, in the order the loop did it: a call, or the caller resuming. */
export interface EndEvent {
  readonly who: CallName | 'caller';
  readonly how: 'result' | 'exception' | 'cancelled';
  readonly time: number;
}

export interface Outcome {
  readonly calls: readonly CallOutcome[];
  readonly caller: {
    /** When the handler returned or raised (ms): when its caller resumes. */
    readonly end: number;
    readonly raised: boolean;
    /** What the caller receives, as Python's repr prints it. */
    readonly receives: string;
  };
  /** When the failing call raised (ms), if it did. */
  readonly failureAt: number | null;
  /** Ends in the order they happened (turn by turn, callback by callback). */
  readonly order: readonly EndEvent[];
  /** The sum and the maximum of the latencies (ms). */
  readonly sum: number;
  readonly max: number;
  readonly run: RunResult;
}

const ms = (ns: number) => Math.round(ns / 1e4) / 100;

/** Python's repr of a str (the calls return their one-letter names). */
const pyStr = (s: string) => `'${s}'`;

/** `ValueError('b failed')` */
export function failureRepr(name: CallName): string {
  return `ValueError('${name} failed')`;
}

/** What the model makes of a state: runs the program and reads the recording. */
export function outcome(state: TasksGatherState): Outcome {
  const { strategy, latencies, fail } = state;
  const r = run(simProgram(strategy, latencies, fail));
  // Where each callback ran: (turn, position in step 6), so ends at the same virtual moment keep the loop's order.
  const position = (turn: number, task: string | null) =>
    Math.max(0, r.turns[turn]?.step6.ran.findIndex((x) => !x.skipped && x.handle.task === task) ?? 0);
  type Keyed = EndEvent & { readonly key: readonly [number, number, number] };
  const ends: Keyed[] = [];
  const starts = new Map<CallName, number>();
  const endOf = new Map<CallName, Keyed>();
  const taskOf = new Map<CallName, string | null>();
  r.marks.forEach((m, seq) => {
    const [name, what] = m.label.split(':') as [CallName, string];
    if (what === 'start') {
      starts.set(name, ms(m.time));
      taskOf.set(name, m.task);
      return;
    }
    const e: Keyed = {
      who: name,
      how: what as 'result' | 'exception',
      time: ms(m.time),
      key: [m.turn, position(m.turn, m.task), seq],
    };
    ends.push(e);
    endOf.set(name, e);
  });
  /** The last callback a task ran: where a cancelled call ended, where the handler returned or raised. */
  const lastRun = (task: string): { time: number; key: [number, number, number] } | null => {
    for (let t = r.turns.length - 1; t >= 0; t--) {
      const ran = r.turns[t]!.step6.ran;
      for (let i = ran.length - 1; i >= 0; i--) {
        const x = ran[i]!;
        if (!x.skipped && x.handle.task === task) return { time: ms(x.start), key: [t, i, Number.MAX_SAFE_INTEGER] };
      }
    }
    return null;
  };
  for (const name of CALLS) {
    const task = taskOf.get(name);
    // A call with a task of its own (not the handler's, Task-2) that started and never ended was cancelled.
    if (!starts.has(name) || endOf.has(name) || !task || task === 'Task-2') continue;
    const last = lastRun(task);
    if (!last) continue;
    const e: Keyed = { who: name, how: 'cancelled', time: last.time, key: last.key };
    ends.push(e);
    endOf.set(name, e);
  }
  const handlerEnd = lastRun('Task-2')!;
  const raised = r.error !== null;
  ends.push({ who: 'caller', how: raised ? 'exception' : 'result', time: handlerEnd.time, key: handlerEnd.key });
  ends.sort((x, y) => x.key[0] - y.key[0] || x.key[1] - y.key[1] || x.key[2] - y.key[2]);

  const failed = endOf.get(FAILING);
  const failureAt = failed?.how === 'exception' ? failed.time : null;
  const calls: CallOutcome[] = CALLS.map((name) => {
    const e = endOf.get(name);
    const how: CallEnd = e ? e.how : 'not_started';
    return {
      name,
      start: starts.get(name) ?? null,
      end: e?.time ?? null,
      how,
      unattended: raised && how === 'result' && e !== undefined && e.time > handlerEnd.time,
    };
  });
  let receives: string;
  if (r.error === null) {
    receives = `[${calls.map((c) => (c.how === 'exception' ? failureRepr(c.name) : pyStr(c.name))).join(', ')}]`;
  } else if (r.error.type === 'ExceptionGroup') {
    const subs = ends
      .filter((e) => e.how === 'exception' && e.who !== 'caller')
      .map((e) => failureRepr(e.who as CallName));
    receives = `ExceptionGroup('unhandled errors in a TaskGroup', [${subs.join(', ')}])`;
  } else {
    receives = r.error.repr();
  }
  return {
    calls,
    caller: { end: handlerEnd.time, raised, receives },
    failureAt,
    order: ends.map(({ who, how, time }) => ({ who, how, time })),
    sum: latencies.reduce((a, b) => a + b, 0),
    max: Math.max(...latencies),
    run: r,
  };
}

/** Why the caller resumed when it did. */
export type ResumeReason =
  /** One call after another: the sum of the latencies. */
  | 'sum'
  /** The calls overlapped: as long as the slowest. */
  | 'max'
  /** The failure reached the caller at once. */
  | 'at_failure'
  /** The failure waited until the handler got to it (create_task: it was awaiting a first). */
  | 'after_failure';

export function resumeReason(o: Outcome): ResumeReason {
  if (o.caller.raised) return o.failureAt !== null && o.caller.end > o.failureAt ? 'after_failure' : 'at_failure';
  return o.caller.end >= o.sum ? 'sum' : 'max';
}

/** What the caller received: a list in argument order, with exceptions among the values, an exception, a group. */
export type Received = 'list' | 'list_with_exception' | 'exception' | 'exception_group';

export function received(o: Outcome): Received {
  if (!o.caller.raised) return o.calls.some((c) => c.how === 'exception') ? 'list_with_exception' : 'list';
  return o.run.error?.type === 'ExceptionGroup' ? 'exception_group' : 'exception';
}

// ---------------------------------------------------------------- the timeline's fixed time axis

/** The time an outcome's timeline must hold (ms): until the last thing ended, the caller or a call. */
export function spanOf(o: Outcome): number {
  return Math.max(o.caller.end, ...o.calls.map((c) => c.end ?? 0), 1);
}

/** The speaker steps' strategies and switch, on the given latencies. */
function speakerStates(latencies: Latencies): TasksGatherState[] {
  return SPEAKER_SEQUENCE.map((s) => ({ latencies, strategy: s.strategy, fail: s.fail }));
}

/** The longest of the speaker steps' timelines on these latencies (ms). */
function stepsSpan(latencies: Latencies): number {
  return axisFor(speakerStates(latencies).map((s) => spanOf(outcome(s))));
}

/** The slide's time axis (ms): the span that holds every speaker step (the sequential 600 ms on the defaults). */
export function speakerSpan(): number {
  return stepsSpan(DEFAULT_LATENCIES);
}

/**
 * The time axis a state is drawn on (ms). It depends on the latencies only, never on the strategy or the switch, so
 * no click moves it: the speaker steps' axis, unless the person's latencies need more (the longest of the steps on
 * them), then that rounded up to a tick (lib/ticks.ts `holdAxis`), growing in a few jumps as a latency rises.
 */
export function axisSpan(state: TasksGatherState): number {
  return holdAxis(speakerSpan(), stepsSpan(state.latencies));
}
