/**
 * How a future wakes a task: a pure model over the shared asyncio model (components/shared/asyncio-sim). The
 * program is a handler awaiting fetch, which awaits `loop.sock_recv` on a socket whose peer answers 50 ms later
 * (or whose answer is already there). Its run gives the turns; the wake-up is read off them in the six steps of
 * seed 000 (with the call before them), each with the CPython lines at work (await-future-code.ts), the loop's
 * containers and the frame chain handler → fetch → sock_recv.
 */
import { clampIndex, back, forward, reset, toEnd } from '../../lib/stepping.ts';
import { run, type Program, type RunResult } from '../shared/asyncio-sim/index.ts';
import type { Turn } from '../shared/asyncio-sim/trace.ts';
import { SPEAKER_SEQUENCE } from './await-future-sequence.ts';
import type { ExcerptId } from './await-future-code.ts';

export { SPEAKER_SEQUENCE };

/** The peer answers this long after the call, ms. */
export const LATENCY_MS = 50;

/** The program as the model's data: `handler()` awaits `fetch()`, which awaits `loop.sock_recv(sock, 65536)`. */
export function programOf(alreadyThere: boolean): Program {
  return {
    main: 'handler',
    coroutines: [
      { name: 'fetch', steps: [{ op: 'recv', ms: alreadyThere ? 0 : LATENCY_MS }], returns: 'data' },
      { name: 'handler', steps: [{ op: 'await', coro: 'fetch' }] },
    ],
  };
}

const runs = new Map<boolean, RunResult>();
export function recordingOf(alreadyThere: boolean): RunResult {
  let r = runs.get(alreadyThere);
  if (!r) {
    r = run(programOf(alreadyThere));
    runs.set(alreadyThere, r);
  }
  return r;
}

export const FRAMES = ['handler', 'fetch', 'sock_recv'] as const;
export type FrameName = (typeof FRAMES)[number];
/** A frame of the chain: running, frozen at its await, resumed after it, or returned. */
export type FrameState = 'running' | 'frozen' | 'resumed' | 'returned';

export interface WakeStep {
  /** The CPython lines at work. */
  readonly code: ExcerptId;
  /** Which text explains it (the same ids). */
  readonly text: ExcerptId;
  /** The turn (1-based) and the step of `_run_once` it happens in. */
  readonly turn: number;
  readonly loopStep: number;
  readonly frames: Readonly<Record<FrameName, FrameState>>;
  /** What `_ready` holds at this moment (callback names, in order). */
  readonly ready: readonly string[];
  /** The readers registered with the selector. */
  readonly selector: readonly string[];
  /** The future sock_recv awaits: none yet, pending, finished. */
  readonly future: 'none' | 'pending' | 'finished';
  /** Its done-callbacks. */
  readonly callbacks: readonly string[];
  /** Task-1's `_fut_waiter`. */
  readonly waiter: boolean;
  /** How long the thread slept in select() in this turn, ms. */
  readonly sleptMs: number;
}

const all = (s: FrameState): Record<FrameName, FrameState> => ({ handler: s, fetch: s, sock_recv: s });
const names = (t: Turn | undefined, which: 'readyAtStart' | 'readyAtEnd') => (t ? t[which].map((h) => h.callback) : []);
export const READER = 'BaseSelectorEventLoop._sock_recv';
export const READ_DONE = 'BaseSelectorEventLoop._sock_read_done';
export const WAKEUP = 'Task.task_wakeup';

function findTurn(r: RunResult, pred: (t: Turn) => boolean): Turn {
  const t = r.turns.find(pred);
  if (!t) throw new Error('await-future: the run has no such turn');
  return t;
}

/** The steps of the wake-up, read off the model's run. */
export function wakeSteps(alreadyThere: boolean): WakeStep[] {
  const r = recordingOf(alreadyThere);
  const first = r.turns[0]!;
  const base = { turn: first.index + 1, loopStep: 6, sleptMs: 0, waiter: false };
  if (alreadyThere) {
    return [
      {
        ...base,
        code: 'already',
        text: 'already',
        frames: all('running'),
        ready: [],
        selector: [],
        future: 'none',
        callbacks: [],
      },
      {
        ...base,
        code: 'alreadyDone',
        text: 'alreadyDone',
        frames: all('returned'),
        ready: names(first, 'readyAtEnd'),
        selector: [],
        future: 'none',
        callbacks: [],
      },
    ];
  }
  const io = findTurn(r, (t) => t.step4.added.some((h) => h.callback === READER));
  const wake = findTurn(r, (t) => t.step6.ran.some((x) => x.handle.callback === WAKEUP));
  const parked = { frames: all('frozen'), selector: [READER], future: 'pending' as const, callbacks: [READ_DONE] };
  const atIo = { turn: io.index + 1, loopStep: 6, sleptMs: (io.step3.end - io.step3.start) / 1e6 };
  const atWake = { turn: wake.index + 1, loopStep: 6, sleptMs: (wake.step3.end - wake.step3.start) / 1e6 };
  return [
    {
      ...base,
      code: 'call',
      text: 'call',
      frames: all('running'),
      ready: [],
      selector: [READER],
      future: 'pending',
      callbacks: [READ_DONE],
    },
    { ...base, ...parked, code: 'yield', text: 'yield', ready: [] },
    {
      ...base,
      ...parked,
      code: 'park',
      text: 'park',
      ready: names(first, 'readyAtEnd'),
      callbacks: [READ_DONE, WAKEUP],
      waiter: true,
    },
    {
      ...atIo,
      ...parked,
      code: 'setResult',
      text: 'setResult',
      ready: [],
      future: 'finished',
      // lines 261–262: the result is stored; the callbacks still hang on the future until line 263 schedules them
      callbacks: [READ_DONE, WAKEUP],
      waiter: true,
    },
    {
      ...atIo,
      ...parked,
      code: 'schedule',
      text: 'schedule',
      ready: names(io, 'readyAtEnd'),
      future: 'finished',
      callbacks: [],
      waiter: true,
    },
    {
      ...atWake,
      code: 'wakeup',
      text: 'wakeup',
      frames: all('resumed'),
      ready: [],
      selector: [],
      future: 'finished',
      callbacks: [],
      waiter: false,
    },
    {
      ...atWake,
      code: 'resume',
      text: 'resume',
      frames: all('returned'),
      ready: names(wake, 'readyAtEnd'),
      selector: [],
      future: 'finished',
      callbacks: [],
      waiter: false,
    },
  ];
}

export interface AwaitFutureState {
  /** The toggle "result already there": the peer's answer is in the socket before the call. */
  readonly alreadyThere: boolean;
  /** The step shown, an index into `wakeSteps(alreadyThere)`. */
  readonly index: number;
}

export function initialState(): AwaitFutureState {
  return { alreadyThere: false, index: 0 };
}

export function current(s: AwaitFutureState): WakeStep {
  const steps = wakeSteps(s.alreadyThere);
  return steps[clampIndex(s.index, steps.length)]!;
}

export function stepCount(s: AwaitFutureState): number {
  return wakeSteps(s.alreadyThere).length;
}

export function move(s: AwaitFutureState, how: 'forward' | 'back' | 'reset' | 'end'): AwaitFutureState {
  const n = stepCount(s);
  return how === 'forward' ? forward(s, n) : how === 'back' ? back(s) : how === 'reset' ? reset(s) : toEnd(s, n);
}

export function setAlreadyThere(s: AwaitFutureState, alreadyThere: boolean): AwaitFutureState {
  return { alreadyThere, index: 0 };
}

/** How many turns the whole asyncio.run takes. */
export function totalTurns(alreadyThere: boolean): number {
  return recordingOf(alreadyThere).turns.length;
}

export function stateForStep(step: number, _current: AwaitFutureState): AwaitFutureState {
  const entry = SPEAKER_SEQUENCE[clampIndex(step, SPEAKER_SEQUENCE.length)]!;
  return { alreadyThere: false, index: entry.index };
}

/** The name a chip shows for a callback (`Task.task_wakeup` is the C Task's `__wakeup`). */
export function shortName(callback: string): string {
  if (callback === 'Task.task_wakeup') return 'Task-1.__wakeup';
  if (callback === 'TaskStepMethWrapper') return 'Task-1.__step';
  return callback.replace(/^BaseSelectorEventLoop\./, '');
}
