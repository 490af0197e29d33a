/**
 * callbacks-promises-await as the deck's one picture of the loop (components/shared/loop-picture/), Node's flavour:
 * any step of the model (callbacks-promises-await-model.ts) in, a `Scene` out, read off the step's fields.
 *  - the call stack: the step's frames, the running one on top (lit);
 *  - the loop: not started while the script runs, asleep in poll while nothing runs, in poll once a reply came (the
 *    replies are I/O: db.get's and api.posts's sockets in the kernel band, on their way while their query is out);
 *  - the waiting region (`futures`, named by the slide): what each registered continuation waits on — db.get holding
 *    the callback, a promise holding its reaction (after "then"), a promise holding a suspended async frame;
 *  - the microtask lane: the reactions and the async resumptions queued; those that ran (a rejection passed along
 *    the chain, a resumption whose await threw) under "Ran" in the stack's region.
 * A continuation keeps its chip id wherever it is: `cb-db` is the callback held by db.get and then running on the
 * stack; `then-p1` the reaction on p1, then queued, then running; `load` the frame of load, suspended on p1, its
 * resumption queued, then back on the stack.
 * Pure: no DOM, no words but the region's name (the chips show code, the same in both languages).
 */
import {
  scene,
  type Chip,
  type FutureView,
  type Region,
  type Scene,
} from '../shared/loop-picture/loop-picture-model.ts';
import { stepsOf, type CbState, type CbStep, type Continuation, type Style } from './callbacks-promises-await-model.ts';

/** The picture's words (callbacks-promises-await-text.ts's `picture`). */
export interface SceneWords {
  /** The waiting region's name: what the continuations wait on. */
  readonly waiting: string;
}

/** A callback handed to a service: its chip's id and its label (the frame's name on the stack). */
const CALLBACKS: Record<string, { id: string; label: string }> = {
  'db.get': { id: 'cb-db', label: '(err, user) => …' },
  'api.posts': { id: 'cb-api', label: '(err, posts) => …' },
};

/** The promise each reaction of the chain waits on, by the handler's name (the frame's name once it runs). */
const REACTIONS: Record<string, string> = {
  'user => api.posts(user)': 'p1',
  'posts => posts.length': 'p2',
  show: 'p3',
  handle: 'p4',
};

/** A frame of the stack: its chip (a reaction of the chain keeps its promise's id, a callback its service's). */
function frameChip(style: Style, frame: string, lit: boolean): Chip {
  const cb = Object.values(CALLBACKS).find((c) => c.label === frame);
  if (cb) return { id: cb.id, label: frame, actor: 'task', lit };
  const on = style === 'promises' ? REACTIONS[frame] : undefined;
  if (on) return { id: `then-${on}`, label: frame, actor: 'microtask', lit };
  return { id: frame, label: frame, actor: 'task', lit };
}

/**
 * A queued microtask's chip: a reaction of the chain (also when it only passes a rejection on, `p1 → p2`), or the
 * resumption of an async function (its frame's id).
 */
function microtaskChip(job: string): Chip {
  const resume = /^resume (\w+)$/.exec(job);
  if (resume) return { id: resume[1]!, label: job, actor: 'task' };
  const pass = /^(p\d) → /.exec(job);
  const on = pass?.[1] ?? REACTIONS[job.replace(/\(err\)$/, '')];
  if (!on) throw new Error(`callbacks-promises-await: no chip for the microtask “${job}”`);
  return { id: `then-${on}`, label: job, actor: 'microtask' };
}

/** A reaction's label: its handler (`.then(show)` → `show`), or the promise it resolves. */
const reactionLabel = (code: string): string => /^\.(?:then|catch)\((.*)\)$/.exec(code)?.[1] ?? code.split(' (')[0]!;

/** The registered continuations, grouped by what holds them, in the order they were registered. */
function waitingOn(step: CbStep, queued: ReadonlySet<string>, lit: boolean): FutureView[] {
  const out = new Map<string, { future: FutureView; waiters: Chip[]; callbacks: Chip[] }>();
  const sorted = [...step.waiting].sort((a, b) => order(a) - order(b));
  for (const c of sorted) {
    const chip = continuationChip(c, lit);
    // the model lets a reaction still wait one step after its job is queued: it is in the queue, not on the promise
    if (queued.has(chip.id)) continue;
    let entry = out.get(c.holder);
    if (!entry) {
      entry = {
        future: { id: c.holder, label: c.holder, actor: 'io', done: false },
        waiters: [],
        callbacks: [],
      };
      out.set(c.holder, entry);
    }
    (c.kind === 'reaction' ? entry.callbacks : entry.waiters).push(chip);
  }
  return [...out.values()].map((e) => ({
    ...e.future,
    ...(e.waiters.length ? { waiters: e.waiters } : {}),
    ...(e.callbacks.length ? { callbacks: e.callbacks } : {}),
  }));
}

/** Services first, then the promises by number (p1 … p6): the order of the chain. */
const order = (c: Continuation): number => (c.holder.startsWith('p') ? Number(c.holder.slice(1)) : 0);

function continuationChip(c: Continuation, lit: boolean): Chip {
  switch (c.kind) {
    case 'callback': {
      const cb = CALLBACKS[c.holder];
      if (!cb) throw new Error(`callbacks-promises-await: no chip for a callback held by ${c.holder}`);
      return { ...cb, actor: 'task', lit };
    }
    case 'reaction':
      return { id: `then-${c.holder}`, label: reactionLabel(c.code), actor: 'microtask', lit };
    case 'frame':
      return { id: c.code, label: c.code, actor: 'task', suspended: true, lit };
  }
}

/** A service's socket: quiet, its query out and the reply on its way, or the reply just read (the step after the wait). */
function socketState(steps: readonly CbStep[], index: number, service: 'db' | 'api') {
  const sent = steps.findIndex((s) => s.event.k === (service === 'db' ? 'db-call' : 'api-call'));
  const wait = steps.findIndex((s) => s.event.k === 'idle' && s.event.waitingFor === service);
  if (sent < 0 || index < sent || wait < 0) return 'idle' as const;
  if (index <= wait) return 'coming' as const;
  return index === wait + 1 ? ('ready' as const) : ('idle' as const);
}

/** The region each kind of step is about. */
function litOf(step: CbStep): Region[] {
  switch (step.event.k) {
    case 'idle':
    case 'suspend':
    case 'adopt':
    case 'then-register':
      return ['futures'];
    case 'settle':
    case 'skip':
      return ['microtasks'];
    case 'outcome':
      // an uncaught exception falls through the callback to the only thing below it: the loop
      return step.event.outcome.k === 'uncaught' ? ['stack', 'loop'] : ['stack'];
    default:
      return ['stack'];
  }
}

/** The picture of a state of the slide: the step `index` of its style's run under its failure mode. */
export function sceneOf(state: CbState, words: SceneWords): Scene {
  const steps = stepsOf(state);
  const index = Math.max(0, Math.min(steps.length - 1, state.index));
  const step = steps[index]!;
  const e = step.event;
  const firstWait = steps.findIndex((s) => s.event.k === 'idle');
  const looping = index >= firstWait;
  // before the first step the caller is about to run (its line is marked); an uncaught exception is pictured as it
  // is thrown: the callback alone on the stack, nothing of the caller's try below it
  const frames =
    e.k === 'start'
      ? ['main']
      : e.k === 'outcome' && e.outcome.k === 'uncaught'
        ? (steps[index - 1]?.stack ?? [])
        : step.stack;
  const lit = litOf(step);
  const stack = frames.map((f, i) => frameChip(state.style, f, i === frames.length - 1 && lit.includes('stack')));
  const microtasks = step.microtasks.map(microtaskChip);
  const queued = new Set(microtasks.map((c) => c.id));
  // the microtasks that ran so far (queued at an earlier step, gone from the queue and not the frame running now):
  // a rejection's way along the chain, the resumption whose await threw
  const running = new Set(stack.map((c) => c.id));
  const ran = [...new Set(steps.slice(0, index + 1).flatMap((s) => s.microtasks))].filter(
    (job) => !step.microtasks.includes(job) && !running.has(microtaskChip(job).id),
  );
  return scene({
    flavour: 'node',
    stack,
    phase: looping ? 'poll' : null,
    asleep: e.k === 'idle',
    now: e.k === 'idle' ? e.from : step.t,
    microtasks,
    sockets: [
      { id: 'db', label: 'db', state: socketState(steps, index, 'db') },
      { id: 'api', label: 'api', state: socketState(steps, index, 'api') },
    ],
    futures: waitingOn(step, queued, e.k === 'idle'),
    futuresName: words.waiting,
    ran,
    lit,
  });
}
