/**
 * One picture of the event loop (docs/stage.md, "One picture of the loop"), as a pure value: a
 * scene says what is where — the call stack's frames, the loop's phase ring with the current phase lit, the timers
 * ordered by deadline, the macrotask (or `_ready`) lane, the microtask lane, the kernel band (sockets, the epoll ready
 * list) and optionally a thread pool — and the `flavour` says whose names the regions carry: the simplified loop of
 * the talk and Node (macrotasks, microtasks, epoll) or CPython's asyncio (`_scheduled`, `_ready`, the selector).
 * No DOM: `loop-picture-element.ts` draws a scene; a slide's model maps each of its states to one (`scene(…)`).
 * A chip keeps its `id` from region to region, so that the element can move it (the same id is the same callback).
 */
import type { Lang } from '../../../lib/i18n.ts';
import { loopPictureText } from './loop-picture-text.ts';

/** Whose loop: the talk's simplified loop (and the browser's names), Node's libuv phases, or CPython's asyncio. */
export type Flavour = 'simple' | 'node' | 'cpython';
export const FLAVOURS: readonly Flavour[] = ['simple', 'node', 'cpython'];

/** The deck's actors (STAGE.md, "Colour per actor"): one colour each, on every slide. */
export type Actor = 'kernel' | 'thread' | 'loop' | 'task' | 'timer' | 'io' | 'microtask';

/**
 * Every actor, in the order STAGE.md lists them. Their colours are the deck's own tokens, `--hsw-actor-<name>` and
 * `--hsw-actor-<name>-text` for text on it (assets/theme.css; tests/unit/theme-colors.test.ts).
 */
export const ACTORS: readonly Actor[] = ['kernel', 'thread', 'loop', 'task', 'timer', 'io', 'microtask'];

/** The loop's steps around its ring, in the order one turn takes them. */
export const PHASES = {
  /** The talk's simplified loop: compute the timeout, sleep in epoll_wait, run due timers, run ready sockets. */
  simple: ['timeout', 'wait', 'timers', 'ready'],
  /** libuv's uv_run as Node runs it. */
  node: ['timers', 'pending', 'poll', 'check', 'close'],
  /** BaseEventLoop._run_once (CPython 3.11, asyncio/base_events.py), in its six steps. */
  cpython: ['cancelled', 'timeout', 'select', 'events', 'due', 'run'],
} as const satisfies Record<Flavour, readonly string[]>;

/** The regions of the picture: a step may light one. */
export type Region =
  'stack' | 'loop' | 'timers' | 'macrotasks' | 'microtasks' | 'kernel' | 'pool' | 'poolQueue' | 'futures';

/** The actor each region stands for (its outline's colour; `data-actor` on it, tests/e2e/actor-colours.spec.ts). */
export const REGION_ACTOR: Readonly<Record<Region, Actor>> = {
  stack: 'thread',
  loop: 'loop',
  timers: 'timer',
  macrotasks: 'task',
  microtasks: 'microtask',
  kernel: 'kernel',
  pool: 'thread',
  poolQueue: 'thread',
  futures: 'task',
};

/** A callback, timer, socket or thread in the picture. */
export interface Chip {
  /** The same thing keeps its id as it moves between regions (a timer from the timers row to the stack). */
  readonly id: string;
  readonly label: string;
  readonly actor: Actor;
  /** Lit: the one this step is about. */
  readonly lit?: boolean;
  /** A coroutine frozen at its `await` (drawn hollow, dashed): it keeps its place but does not run. */
  readonly suspended?: boolean;
}

export interface TimerChip extends Chip {
  /** The deadline, in the scene's clock (ms). */
  readonly due: number;
}

/** A socket in the kernel band: no data, data on its way, bytes in its buffer, or reported ready by epoll. */
export type SocketState = 'idle' | 'coming' | 'data' | 'ready';

/**
 * A future (a promise): an empty box while pending, holding its result once done, with what waits on it — the frozen
 * frames of the coroutine that awaits it (`waiters`, drawn attached to it) and its done-callbacks (a task's
 * `__wakeup`), which go to the ready queue when its result is set. Its `label` names it and, once done, its result.
 */
export interface FutureView extends Chip {
  readonly done: boolean;
  readonly waiters?: readonly Chip[];
  readonly callbacks?: readonly Chip[];
}

export interface SocketView {
  readonly id: string;
  readonly label: string;
  readonly state: SocketState;
}

/** What a slide says its picture shows at one step; `scene()` fills in the rest. */
export interface SceneInput {
  readonly flavour: Flavour;
  /** Frames, the bottom one first: the running one is the last. */
  readonly stack?: readonly Chip[];
  /** The lit phase of the ring; null for none (the loop between phases, or not started). */
  readonly phase?: string | null;
  /** The loop sleeps in epoll_wait (select, in CPython): the ring is drawn asleep. */
  readonly asleep?: boolean;
  /** The loop's clock (ms), shown in the ring's centre; null for none. */
  readonly now?: number | null;
  readonly timers?: readonly TimerChip[];
  readonly macrotasks?: readonly Chip[];
  readonly microtasks?: readonly Chip[];
  readonly sockets?: readonly SocketView[];
  /** What epoll_wait (or select) reported ready. */
  readonly readyList?: readonly Chip[];
  /** A thread pool's lanes (libuv's, or an executor's): a chip for a busy thread, null for an idle one. */
  readonly pool?: readonly (Chip | null)[];
  /** The work waiting for a thread of the pool, the next one first (libuv's `wq`, an executor's queue): needs a pool. */
  readonly poolQueue?: readonly Chip[];
  /** The pool's name when it is not the flavour's thread pool (a worker thread, a process pool): the slide's words. */
  readonly poolName?: string;
  /** What ran so far, the most recent last (the picture shows the last few). */
  readonly ran?: readonly string[];
  /** The regions this step lights. */
  readonly lit?: readonly Region[];
  /** Futures (promises) and what waits on them; absent: the picture has no futures region. */
  readonly futures?: readonly FutureView[];
  /**
   * The futures region's name when it holds more than the flavour's futures (what a callback or a promise waits on):
   * the slide's words.
   */
  readonly futuresName?: string;
}

export interface Scene {
  readonly flavour: Flavour;
  readonly stack: readonly Chip[];
  readonly phase: string | null;
  readonly asleep: boolean;
  readonly now: number | null;
  /** Ordered by deadline, the nearest first (ties keep the order given: the order they were set). */
  readonly timers: readonly TimerChip[];
  readonly macrotasks: readonly Chip[];
  /** Empty, and not drawn, in the CPython flavour: asyncio has no microtask queue (a future's callbacks go to `_ready`). */
  readonly microtasks: readonly Chip[];
  readonly sockets: readonly SocketView[];
  readonly readyList: readonly Chip[];
  /** null: the picture has no thread pool. */
  readonly pool: readonly (Chip | null)[] | null;
  /** The pool's queue, the next one first (empty without a pool). */
  readonly poolQueue: readonly Chip[];
  /** null: the flavour's own name for its pool (sceneLabels' `pool`). */
  readonly poolName: string | null;
  readonly ran: readonly string[];
  readonly lit: readonly Region[];
  /** null: the picture has no futures region. */
  readonly futures: readonly FutureView[] | null;
  /** null: the flavour's own name for its futures (sceneLabels' `futures`). */
  readonly futuresName: string | null;
}

/** Whether a flavour's loop has a microtask lane (Node and the browser do; asyncio does not). */
export function hasMicrotasks(flavour: Flavour): boolean {
  return flavour !== 'cpython';
}

/** The scene for a slide's input: timers by deadline, every field present; a clear error for a phase or id that cannot be. */
export function scene(input: SceneInput): Scene {
  const phases: readonly string[] = PHASES[input.flavour];
  const phase = input.phase ?? null;
  if (phase !== null && !phases.includes(phase))
    throw new Error(`loop picture: ${input.flavour} has no phase “${phase}” (its phases: ${phases.join(', ')})`);
  const microtasks = input.microtasks ?? [];
  if (!hasMicrotasks(input.flavour) && microtasks.length > 0)
    throw new Error('loop picture: asyncio has no microtask queue; a callback it runs goes to _ready');
  if (input.poolName !== undefined && input.pool === undefined)
    throw new Error(`loop picture: the scene names a pool it does not draw (“${input.poolName}”): give it \`pool\``);
  const timers = [...(input.timers ?? [])].sort((a, b) => a.due - b.due);
  const poolQueue = input.poolQueue ?? [];
  if (input.futuresName !== undefined && input.futures === undefined)
    throw new Error(`loop picture: the scene names a futures region it does not draw (“${input.futuresName}”)`);
  if (poolQueue.length > 0 && !input.pool)
    throw new Error('loop picture: work queued for a thread pool needs a pool (give `pool` its threads)');
  const out: Scene = {
    flavour: input.flavour,
    stack: input.stack ?? [],
    phase,
    asleep: input.asleep ?? false,
    now: input.now ?? null,
    timers,
    macrotasks: input.macrotasks ?? [],
    microtasks,
    sockets: input.sockets ?? [],
    readyList: input.readyList ?? [],
    pool: input.pool ?? null,
    poolQueue,
    poolName: input.poolName ?? null,
    ran: input.ran ?? [],
    lit: input.lit ?? [],
    futures: input.futures ?? null,
    futuresName: input.futuresName ?? null,
  };
  const ids = chips(out).map((c) => c.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw new Error(`loop picture: the chip “${twice}” is in two places at once`);
  return out;
}

/** Every chip of a scene (the sockets are not chips: they stay where they are). */
export function chips(s: Scene): Chip[] {
  return [
    ...s.stack,
    ...s.timers,
    ...s.macrotasks,
    ...s.microtasks,
    ...s.readyList,
    ...(s.pool ?? []).filter((c): c is Chip => c !== null),
    ...s.poolQueue,
    ...(s.futures ?? []).flatMap((f) => [f, ...(f.waiters ?? []), ...(f.callbacks ?? [])]),
  ];
}

/** Where each chip is: its id → the region it is in. What moved between two scenes is what the element animates. */
export function placeOf(s: Scene): Map<string, Region> {
  const at = new Map<string, Region>();
  const put = (list: readonly (Chip | null)[], region: Region) => {
    for (const c of list) if (c) at.set(c.id, region);
  };
  put(s.stack, 'stack');
  put(s.timers, 'timers');
  put(s.macrotasks, 'macrotasks');
  put(s.microtasks, 'microtasks');
  put(s.readyList, 'kernel');
  put(s.pool ?? [], 'pool');
  put(s.poolQueue, 'poolQueue');
  for (const f of s.futures ?? []) put([f, ...(f.waiters ?? []), ...(f.callbacks ?? [])], 'futures');
  return at;
}

/** The ids of the chips that are in another region than before, or new, or gone: what one step changed. */
export function moved(before: Scene, after: Scene): string[] {
  const a = placeOf(before);
  const b = placeOf(after);
  const ids = new Set([...a.keys(), ...b.keys()]);
  return [...ids].filter((id) => a.get(id) !== b.get(id));
}

/** The pool's queue shows at most this many chips, the next ones; a count says how many more wait. */
export const POOL_QUEUE_SHOWN = 4;

/** The chips of a long queue the picture draws (the first `max`), and how many more wait behind them. */
export function shownQueue(list: readonly Chip[], max = POOL_QUEUE_SHOWN): { shown: readonly Chip[]; more: number } {
  return { shown: list.slice(0, max), more: Math.max(0, list.length - max) };
}

/** The position of a phase on its ring (0 at the top, clockwise), or -1 for none. */
export function phaseIndex(s: Scene): number {
  return s.phase === null ? -1 : (PHASES[s.flavour] as readonly string[]).indexOf(s.phase);
}

/** The words of a picture in a flavour and language: the regions' names and the ring's phases. */
export interface SceneLabels {
  readonly stack: string;
  readonly loop: string;
  readonly timers: string;
  readonly macrotasks: string;
  /** null: the flavour has no microtask lane. */
  readonly microtasks: string | null;
  readonly kernel: string;
  readonly readyList: string;
  readonly pool: string;
  /** The pool's queue. */
  readonly poolQueue: string;
  /** The futures region (Futures in asyncio, Promises elsewhere) and the word before a future's done-callbacks. */
  readonly futures: string;
  readonly callbacks: string;
  readonly ran: string;
  /** The phases, in ring order. */
  readonly phases: readonly string[];
  /** Under the clock while the loop sleeps. */
  readonly asleep: string;
}

export function sceneLabels(flavour: Flavour, lang: Lang): SceneLabels {
  const t = loopPictureText[lang];
  const names = t.flavours[flavour];
  return {
    stack: t.stack,
    loop: names.loop,
    timers: names.timers,
    macrotasks: names.macrotasks,
    microtasks: hasMicrotasks(flavour) ? t.microtasks : null,
    kernel: t.kernel,
    readyList: names.readyList,
    pool: names.pool,
    poolQueue: t.poolQueue,
    futures: names.futures,
    callbacks: names.callbacks,
    ran: t.ran,
    phases: PHASES[flavour].map((p) => (names.phases as Record<string, string>)[p]!),
    asleep: names.asleep,
  };
}
