/**
 * The wake-up as the deck's one picture of the loop (components/shared/loop-picture/, CPython's flavour): Task-1 and
 * its coroutine's frames on the call stack while they run; the future `fut` in the futures region, the frozen frames
 * attached to it and its done-callbacks (`_sock_read_done`, Task-1's `__wakeup`) hanging on it while the task waits;
 * those callbacks in `_ready` once its result is set; the socket in the kernel band, watched by the selector. Pure: a
 * step of the model (await-future-model.ts) in, a `Scene` out, read off the step's fields. A chip keeps its id as it
 * moves: `task-1` is Task-1's `__step` on the stack, then its `__wakeup` on the future, in `_ready`, on the stack.
 */
import {
  scene,
  type Chip,
  type FutureView,
  type Region,
  type Scene,
} from '../shared/loop-picture/loop-picture-model.ts';
import {
  FRAMES,
  READ_DONE,
  READER,
  WAKEUP,
  shortName,
  wakeSteps,
  type AwaitFutureState,
  type WakeStep,
} from './await-future-model.ts';
import type { ExcerptId } from './await-future-code.ts';

const TASK = 'task-1';
const frameChip = (f: string, suspended: boolean, lit = false): Chip => ({
  id: `frame-${f}`,
  label: f,
  actor: 'task',
  suspended,
  lit,
});
/** The callbacks the picture follows, by the model's names: the id each keeps from region to region. */
const CALLBACK_IDS: Record<string, string> = { [WAKEUP]: TASK, [READ_DONE]: 'read-done' };
const callbackChip = (name: string): Chip => ({
  id: CALLBACK_IDS[name] ?? `cb-${name}`,
  label: shortName(name),
  actor: name === WAKEUP ? 'task' : 'kernel',
});

/** The region each step is about (what its notes paragraph talks of). */
const LIT: Record<ExcerptId, Region> = {
  call: 'stack',
  yield: 'futures',
  park: 'futures',
  setResult: 'futures',
  schedule: 'macrotasks',
  wakeup: 'stack',
  resume: 'macrotasks',
  already: 'stack',
  alreadyDone: 'macrotasks',
};

/** The loop's clock at each step: the time select() slept in the turns so far. */
function clockAt(steps: readonly WakeStep[], index: number): number {
  const slept = new Map<number, number>();
  for (const w of steps.slice(0, index + 1)) slept.set(w.turn, w.sleptMs);
  return [...slept.values()].reduce((a, b) => a + b, 0);
}

/** The picture of one step of the wake-up (`alreadyThere`: the toggle's two steps). */
export function sceneAt(alreadyThere: boolean, index: number): Scene {
  const steps = wakeSteps(alreadyThere);
  const w = steps[index];
  if (!w) throw new Error(`await-future: no step ${index} (there are ${steps.length})`);
  const state = w.frames.handler;
  const onStack = state === 'running' || state === 'resumed';
  const stack: Chip[] = [];
  // Task-1's __step drives the coroutine: on the stack while the frames run, and until it has parked the task
  if (onStack || (state === 'frozen' && !w.waiter))
    stack.push({
      id: TASK,
      label: shortName(state === 'resumed' ? WAKEUP : 'TaskStepMethWrapper'),
      actor: 'task',
      lit: state === 'frozen',
    });
  if (onStack) FRAMES.forEach((f, i) => stack.push(frameChip(f, false, i === FRAMES.length - 1)));
  // set_result runs inside the socket's reader, called by step 6 of the turn select() woke in
  if (w.future === 'finished' && state === 'frozen')
    stack.push({ id: 'reader', label: shortName(READER), actor: 'io' });

  const futures: FutureView[] = [];
  if (w.future !== 'none' && state !== 'returned')
    futures.push({
      id: 'fut',
      label: w.future === 'finished' ? "fut = b'data'" : 'fut',
      actor: 'io',
      done: w.future === 'finished',
      lit: w.code === 'setResult' || w.code === 'call',
      waiters: state === 'frozen' ? FRAMES.map((f) => frameChip(f, true)) : [],
      callbacks: w.callbacks.map(callbackChip),
    });

  const ready = w.ready.map((name): Chip => {
    if (name in CALLBACK_IDS) return callbackChip(name);
    return { id: `done-${name}`, label: shortName(name), actor: 'loop' };
  });
  const returned = state === 'returned';
  return scene({
    flavour: 'cpython',
    stack,
    phase: 'run',
    now: clockAt(steps, index),
    timers: [],
    macrotasks: ready,
    sockets: [
      {
        id: 'sock',
        label: 'sock',
        state:
          alreadyThere && !returned
            ? 'data'
            : w.future === 'finished' && state === 'frozen'
              ? 'data'
              : w.future === 'pending'
                ? 'coming'
                : 'idle',
      },
    ],
    futures,
    // the frames return from the innermost up: what ran to its end
    ran: returned ? [...FRAMES].reverse() : [],
    lit: [LIT[w.code]],
  });
}

/** The picture of a state of the slide. */
export function sceneOf(s: AwaitFutureState): Scene {
  const n = wakeSteps(s.alreadyThere).length;
  return sceneAt(s.alreadyThere, Math.max(0, Math.min(n - 1, s.index)));
}
