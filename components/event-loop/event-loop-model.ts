/**
 * The event loop, step by step: a pure model (no DOM, no timers, no randomness).
 *
 * Two views of the same machine:
 * - `simple`: the simplified loop of seed 004 (`while (true) { timeout = …; ready = epoll_wait(…); for timers …;
 *   for ready … }`), one step per executed line (and one per microtask while the queue drains);
 * - `node`: libuv's `uv_run(UV_RUN_DEFAULT)` as of libuv ≥ 1.45 (timers once before the loop, then per
 *   iteration pending → poll → check → close → timers), which is what Node 20 runs.
 *
 * Time is virtual (ms). It only moves while the loop sleeps in epoll_wait: callbacks take no virtual time here.
 * The person acts from outside: "add a timer" (as if the running code called setTimeout) and "data arrives on a
 * socket" (the network delivers bytes `delay` ms from now). Every state is a plain value; `Session` keeps the
 * history so every step can be undone.
 */

import { back, clampIndex, reset } from '../../lib/stepping.ts';
import { NODE_LISTING, SIMPLE_LISTING, lineNumbers, type NodeLine, type SimpleLine } from './event-loop-code.ts';
import { SPEAKER_SEQUENCE } from './event-loop-sequence.ts';
import { heapPop, heapPush, type Timer } from './event-loop-heap.ts';

export { heapPop, heapPush, isHeap, type Timer } from './event-loop-heap.ts';

export { SPEAKER_SEQUENCE };
export type { NodeLine, SimpleLine };

export type Mode = 'simple' | 'node';
export type SocketName = 'A' | 'B' | 'C';
export const SOCKETS: readonly SocketName[] = ['A', 'B', 'C'];

/** A queued callback (a microtask or a setImmediate callback) and the rest of its promise chain. */
export interface Job {
  readonly label: string;
  readonly chain: readonly string[];
}

/** Data the network will deliver later. */
export interface Arrival {
  readonly socket: SocketName;
  readonly at: number;
  readonly seq: number;
}

export type Line = SimpleLine | NodeLine;

/** 1-based line numbers of each step in the listings (event-loop-code.ts), from the listings' markers. */
export const SIMPLE_LINE_NUMBERS: Record<SimpleLine, number> = lineNumbers(SIMPLE_LISTING, [
  'while',
  'timeout',
  'wait',
  'forTimers',
  'timerCb',
  'timerDrain',
  'forReady',
  'ioCb',
  'ioDrain',
]);
export const NODE_LINE_NUMBERS: Record<NodeLine, number> = lineNumbers(NODE_LISTING, [
  'preTimers',
  'loop',
  'pending',
  'nodeTimeout',
  'poll',
  'check',
  'close',
  'updateTime',
  'timers',
]);
export const SIMPLE_CODE_LINES = SIMPLE_LISTING.length;
export const NODE_CODE_LINES = NODE_LISTING.length;

export type NodePhase = 'timers' | 'pending' | 'poll' | 'check' | 'close';
export const NODE_PHASES: readonly NodePhase[] = ['timers', 'pending', 'poll', 'check', 'close'];

export type WakeReason =
  /** data was already waiting in the kernel: epoll_wait returned at once */
  | 'already'
  /** the timeout was 0 (a timer already due, or setImmediate callbacks waiting) */
  | 'zero'
  /** the nearest deadline came first */
  | 'timer'
  /** data arrived before the deadline */
  | 'socket'
  /** data arrived exactly at the deadline */
  | 'both';

/** What the last step did: the text module turns it into words. */
export type LoopEvent =
  | { readonly k: 'start' }
  | {
      readonly k: 'added-timer';
      readonly id: number;
      readonly due: number;
      readonly delay: number;
      readonly clamped: boolean;
    }
  | { readonly k: 'scheduled-arrival'; readonly socket: SocketName; readonly at: number }
  | { readonly k: 'arrived-now'; readonly socket: SocketName }
  | { readonly k: 'loop-top' }
  | {
      readonly k: 'timeout';
      readonly timeout: number | null;
      readonly nearest: number | null;
      readonly immediates: number;
    }
  | {
      readonly k: 'woke';
      readonly from: number;
      readonly to: number;
      readonly slept: number;
      readonly reason: WakeReason;
      readonly sockets: readonly SocketName[];
    }
  | { readonly k: 'expired'; readonly labels: readonly string[]; readonly now: number }
  | {
      readonly k: 'timer-callback';
      readonly label: string;
      readonly queued: readonly string[];
      readonly scheduled: readonly string[];
    }
  | {
      readonly k: 'io-callback';
      readonly socket: SocketName;
      readonly queued: readonly string[];
      readonly scheduled: readonly string[];
    }
  | { readonly k: 'immediate-callback'; readonly label: string; readonly queued: readonly string[] }
  | { readonly k: 'microtask'; readonly label: string; readonly queued: string | null; readonly left: number }
  | { readonly k: 'drained' }
  | { readonly k: 'nothing-to-drain' }
  | { readonly k: 'for-done'; readonly what: 'timers' | 'ready' }
  | { readonly k: 'phase-empty'; readonly phase: NodePhase | 'pre' }
  | { readonly k: 'check-start'; readonly count: number }
  | { readonly k: 'update-time'; readonly now: number };

export interface LoopState {
  readonly mode: Mode;
  readonly now: number;
  readonly line: Line;
  /** min-heap by (due, seq), stored as an array (children of i at 2i+1, 2i+2). */
  readonly heap: readonly Timer[];
  /** Sockets with data waiting in the kernel (in arrival order). */
  readonly readyData: readonly SocketName[];
  /** Data the network will deliver, sorted by (at, seq). */
  readonly arrivals: readonly Arrival[];
  /** The timeout computed for the next epoll_wait (ms), null = wait forever (-1). */
  readonly timeout: number | null;
  /** What `timers.expired()` returned, being iterated (simple) or the due timers of the timers phase (node). */
  readonly expired: readonly Timer[];
  /** What epoll_wait returned, being iterated. */
  readonly returned: readonly SocketName[];
  /** The node mode's check-phase batch (immediates queued before the phase began). */
  readonly checkBatch: readonly Job[];
  /** Index into `expired`, `returned` or `checkBatch`, whichever the current line iterates. */
  readonly cursor: number;
  /** Whether the current line's item has run its callback (and is now draining microtasks). */
  readonly inCallback: boolean;
  /** Node mode: whether the current timers phase has taken its due timers already. */
  readonly entered: boolean;
  readonly microtasks: readonly Job[];
  /** setImmediate queue (node mode). */
  readonly immediates: readonly Job[];
  /** Console output so far. */
  readonly output: readonly string[];
  /** Completed loop iterations. */
  readonly turns: number;
  readonly event: LoopEvent;
  readonly nextId: number;
  readonly seq: number;
}

export function nearestDeadline(s: LoopState): number | null {
  return s.heap[0]?.due ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Construction and the person's actions

/** Node clamps setTimeout delays below 1 ms to 1 ms (lib/internal/timers.js); the simplified loop does not. */
export function effectiveDelay(mode: Mode, delay: number): number {
  const d = Math.max(0, Math.round(delay));
  return mode === 'node' && d < 1 ? 1 : d;
}

function blank(mode: Mode): LoopState {
  return {
    mode,
    now: 0,
    line: mode === 'simple' ? 'while' : 'preTimers',
    heap: [],
    readyData: [],
    arrivals: [],
    timeout: null,
    expired: [],
    returned: [],
    checkBatch: [],
    cursor: 0,
    inCallback: false,
    entered: false,
    microtasks: [],
    immediates: [],
    output: [],
    turns: 0,
    event: { k: 'start' },
    nextId: 1,
    seq: 0,
  };
}

export interface Scenario {
  readonly timers: readonly number[];
  readonly arrivals: readonly { readonly socket: SocketName; readonly at: number }[];
}

/** The scenarios each view starts with (chosen so that a few steps show a timer, a socket and the drain). */
export const DEFAULT_SCENARIO: Record<Mode, Scenario> = {
  simple: { timers: [50, 120], arrivals: [{ socket: 'B', at: 80 }] },
  node: { timers: [30], arrivals: [{ socket: 'A', at: 10 }] },
};

export function createState(mode: Mode, scenario: Scenario = DEFAULT_SCENARIO[mode]): LoopState {
  let s = blank(mode);
  for (const d of scenario.timers) s = addTimer(s, d);
  for (const a of scenario.arrivals) s = dataArrives(s, a.socket, a.at);
  return { ...s, event: { k: 'start' } };
}

function insertTimer(s: LoopState, label: string, delay: number, chain: readonly string[], id: number): LoopState {
  const t: Timer = { id, label, due: s.now + delay, seq: s.seq, chain };
  return { ...s, heap: heapPush(s.heap, t), seq: s.seq + 1 };
}

/** The running code calls setTimeout(cb, delay); cb logs `t<id>` and queues one reaction that logs `p<id>`. */
export function addTimer(s: LoopState, delay: number): LoopState {
  const d = effectiveDelay(s.mode, delay);
  const id = s.nextId;
  let next = insertTimer({ ...s, nextId: id + 1 }, `t${id}`, d, [`p${id}`], id);
  // No code can run between computing the timeout and entering epoll_wait: a timer set "now" is one set just
  // before the timeout was computed.
  if (isAboutToWait(next)) next = { ...next, timeout: computeTimeout(next) };
  return {
    ...next,
    event: { k: 'added-timer', id, due: s.now + d, delay: d, clamped: d !== Math.max(0, Math.round(delay)) },
  };
}

/** The network delivers data to `socket` in `delay` ms (0: it is in the kernel's buffer right now). */
export function dataArrives(s: LoopState, socket: SocketName, delay: number): LoopState {
  const d = Math.max(0, Math.round(delay));
  if (d === 0) {
    const readyData = s.readyData.includes(socket) ? s.readyData : [...s.readyData, socket];
    return { ...s, readyData, event: { k: 'arrived-now', socket } };
  }
  const a: Arrival = { socket, at: s.now + d, seq: s.seq };
  const arrivals = [...s.arrivals, a].sort((x, y) => x.at - y.at || x.seq - y.seq);
  return { ...s, arrivals, seq: s.seq + 1, event: { k: 'scheduled-arrival', socket, at: a.at } };
}

// ---------------------------------------------------------------------------------------------------------------
// Stepping. Each step performs the action of one line; the state's `line` is the line whose action it was.

function computeTimeout(s: LoopState): number | null {
  if (s.mode === 'node' && s.immediates.length > 0) return 0;
  const nearest = nearestDeadline(s);
  return nearest === null ? null : Math.max(0, nearest - s.now);
}

/** True when the next step is the sleep in epoll_wait (the timeout has just been computed). */
export function isAboutToWait(s: LoopState): boolean {
  return s.line === 'timeout' || s.line === 'nodeTimeout';
}

/** Whether `step` would change anything (false only when the loop sleeps with nothing that could wake it). */
export function canStep(s: LoopState): boolean {
  if (!isAboutToWait(s)) return true;
  return !(s.timeout === null && s.readyData.length === 0 && s.arrivals.length === 0);
}

/** Sleep in epoll_wait: until the timeout, or the first arrival, or not at all when data is waiting. */
function sleep(s: LoopState): LoopState {
  const from = s.now;
  if (s.readyData.length > 0) {
    return {
      ...s,
      returned: s.readyData,
      readyData: [],
      event: { k: 'woke', from, to: from, slept: 0, reason: 'already', sockets: s.readyData },
    };
  }
  const deadline = s.timeout === null ? null : from + s.timeout;
  const firstArrival = s.arrivals[0]?.at ?? null;
  const to = Math.min(deadline ?? Infinity, firstArrival ?? Infinity);
  const landed = s.arrivals.filter((a) => a.at <= to);
  const sockets: SocketName[] = [];
  for (const a of landed) if (!sockets.includes(a.socket)) sockets.push(a.socket);
  const reason: WakeReason =
    s.timeout === 0 && sockets.length === 0
      ? 'zero'
      : sockets.length === 0
        ? 'timer'
        : deadline !== null && to === deadline
          ? 'both'
          : 'socket';
  return {
    ...s,
    now: to,
    arrivals: s.arrivals.filter((a) => a.at > to),
    returned: sockets,
    event: { k: 'woke', from, to, slept: to - from, reason, sockets },
  };
}

/** Pop every timer due at `now`, in (due, seq) order. */
function takeExpired(s: LoopState): { expired: Timer[]; heap: Timer[] } {
  let heap = [...s.heap];
  const expired: Timer[] = [];
  while (heap[0] && heap[0].due <= s.now) {
    const r = heapPop(heap);
    expired.push(r.top!);
    heap = r.heap;
  }
  return { expired, heap };
}

function firstOfChain(chain: readonly string[]): Job[] {
  const [head, ...rest] = chain;
  return head === undefined ? [] : [{ label: head, chain: rest }];
}

/** Run one microtask; it may queue the next reaction of its chain. */
function runMicrotask(s: LoopState): LoopState {
  const [job, ...rest] = s.microtasks;
  if (!job) return s;
  const queued = firstOfChain(job.chain);
  const microtasks = [...rest, ...queued];
  return {
    ...s,
    microtasks,
    output: [...s.output, job.label],
    event: { k: 'microtask', label: job.label, queued: queued[0]?.label ?? null, left: microtasks.length },
  };
}

export function socketChain(socket: SocketName): string[] {
  return [`${socket}.then(parse)`, `${socket}.then(reply)`];
}

/** Run a timer's callback: log its label, queue its promise chain. */
function runTimer(s: LoopState, t: Timer): LoopState {
  const queued = firstOfChain(t.chain);
  return {
    ...s,
    inCallback: true,
    output: [...s.output, t.label],
    microtasks: [...s.microtasks, ...queued],
    event: { k: 'timer-callback', label: t.label, queued: queued.map((j) => j.label), scheduled: [] },
  };
}

/** Run a socket's callback: read, queue a promise chain; in Node also setImmediate and setTimeout(…, 0). */
function runSocket(s: LoopState, socket: SocketName): LoopState {
  const queued = firstOfChain(socketChain(socket));
  let next: LoopState = {
    ...s,
    inCallback: true,
    output: [...s.output, `read ${socket}`],
    microtasks: [...s.microtasks, ...queued],
  };
  const scheduled: string[] = [];
  if (s.mode === 'node') {
    const imm = `${socket}: setImmediate`;
    const tmo = `${socket}: setTimeout 0`;
    next = { ...next, immediates: [...next.immediates, { label: imm, chain: [] }] };
    next = insertTimer({ ...next, nextId: next.nextId + 1 }, tmo, effectiveDelay('node', 0), [], next.nextId);
    scheduled.push(imm, tmo);
  }
  return { ...next, event: { k: 'io-callback', socket, queued: queued.map((j) => j.label), scheduled } };
}

function runImmediate(s: LoopState, job: Job): LoopState {
  const queued = firstOfChain(job.chain);
  return {
    ...s,
    inCallback: true,
    output: [...s.output, job.label],
    microtasks: [...s.microtasks, ...queued],
    event: { k: 'immediate-callback', label: job.label, queued: queued.map((j) => j.label) },
  };
}

/**
 * One step of a loop over `items`: after a callback, drain the microtask queue one microtask per step; then run
 * the next item's callback; when none is left, perform `after` (the next line's action).
 */
function iterate<T>(
  s: LoopState,
  items: readonly T[],
  run: (s: LoopState, item: T) => LoopState,
  after: (s: LoopState) => LoopState,
): LoopState {
  if (s.inCallback && s.microtasks.length > 0) return runMicrotask(s);
  const cursor = s.inCallback ? s.cursor + 1 : s.cursor;
  const base = { ...s, inCallback: false, cursor };
  const item = items[cursor];
  return item === undefined ? after(base) : run(base, item);
}

// --- the simplified loop of seed 004 --------------------------------------------------------------------------

function nextTimerSimple(s: LoopState): LoopState {
  const t = s.expired[s.cursor];
  if (t !== undefined) return { ...runTimer(s, t), line: 'timerCb' };
  return {
    ...s,
    line: 'forReady',
    expired: [],
    cursor: 0,
    inCallback: false,
    event: { k: 'for-done', what: 'timers' },
  };
}

function nextSocketSimple(s: LoopState): LoopState {
  const sock = s.returned[s.cursor];
  if (sock !== undefined) return { ...runSocket(s, sock), line: 'ioCb' };
  return {
    ...s,
    line: 'while',
    returned: [],
    cursor: 0,
    inCallback: false,
    turns: s.turns + 1,
    event: { k: 'for-done', what: 'ready' },
  };
}

function stepSimple(s: LoopState): LoopState {
  switch (s.line as SimpleLine) {
    case 'while':
      return { ...s, line: 'timeout', ...timeoutStep(s) };
    case 'timeout':
      return { ...sleep(s), line: 'wait' };
    case 'wait': {
      const { expired, heap } = takeExpired(s);
      return {
        ...s,
        line: 'forTimers',
        expired,
        heap,
        cursor: 0,
        inCallback: false,
        event: { k: 'expired', labels: expired.map((t) => t.label), now: s.now },
      };
    }
    case 'forTimers':
      return nextTimerSimple(s);
    case 'timerCb':
    case 'timerDrain':
      if (s.microtasks.length > 0) return { ...runMicrotask(s), line: 'timerDrain' };
      if (s.line === 'timerCb') return { ...s, line: 'timerDrain', event: { k: 'nothing-to-drain' } };
      return nextTimerSimple({ ...s, cursor: s.cursor + 1, inCallback: false });
    case 'forReady':
      return nextSocketSimple(s);
    case 'ioCb':
    case 'ioDrain':
      if (s.microtasks.length > 0) return { ...runMicrotask(s), line: 'ioDrain' };
      if (s.line === 'ioCb') return { ...s, line: 'ioDrain', event: { k: 'nothing-to-drain' } };
      return nextSocketSimple({ ...s, cursor: s.cursor + 1, inCallback: false });
  }
  return s;
}

function timeoutStep(s: LoopState): Pick<LoopState, 'timeout' | 'event'> {
  const timeout = computeTimeout(s);
  return {
    timeout,
    event: {
      k: 'timeout',
      timeout,
      nearest: nearestDeadline(s),
      immediates: s.mode === 'node' ? s.immediates.length : 0,
    },
  };
}

// --- libuv >= 1.45, uv_run(UV_RUN_DEFAULT) --------------------------------------------------------------------

function enterTimersPhase(s: LoopState, line: 'preTimers' | 'timers'): LoopState {
  const { expired, heap } = takeExpired(s);
  return {
    ...s,
    line,
    expired,
    heap,
    cursor: 0,
    inCallback: false,
    entered: true,
    event:
      expired.length === 0
        ? { k: 'phase-empty', phase: line === 'preTimers' ? 'pre' : 'timers' }
        : { k: 'expired', labels: expired.map((t) => t.label), now: s.now },
  };
}

function enterCheck(s: LoopState): LoopState {
  // Node runs the immediates queued before the phase began; ones queued during it wait for the next turn.
  const batch = s.immediates;
  return {
    ...s,
    line: 'check',
    returned: [],
    cursor: 0,
    inCallback: false,
    checkBatch: batch,
    immediates: [],
    event: batch.length === 0 ? { k: 'phase-empty', phase: 'check' } : { k: 'check-start', count: batch.length },
  };
}

function stepNode(s: LoopState): LoopState {
  switch (s.line as NodeLine) {
    case 'preTimers':
    case 'timers':
      if (!s.entered) return enterTimersPhase(s, s.line as 'preTimers' | 'timers');
      return iterate(s, s.expired, runTimer, (x) => ({
        ...x,
        line: 'loop',
        expired: [],
        cursor: 0,
        entered: false,
        turns: x.line === 'timers' ? x.turns + 1 : x.turns,
        event: { k: 'loop-top' },
      }));
    case 'loop':
      // Deferred I/O callbacks (some write completions, errors) would run here; none in this model.
      return { ...s, line: 'pending', event: { k: 'phase-empty', phase: 'pending' } };
    case 'pending':
      return { ...s, line: 'nodeTimeout', ...timeoutStep(s) };
    case 'nodeTimeout':
      return { ...sleep(s), line: 'poll', cursor: 0, inCallback: false, entered: true };
    case 'poll':
      return iterate(s, s.returned, runSocket, enterCheck);
    case 'check':
      return iterate(s, s.checkBatch, runImmediate, (x) => ({
        ...x,
        line: 'close',
        checkBatch: [],
        cursor: 0,
        // 'close' callbacks (socket.on('close')) would run here; none in this model.
        event: { k: 'phase-empty', phase: 'close' },
      }));
    case 'close':
      return { ...s, line: 'updateTime', event: { k: 'update-time', now: s.now } };
    case 'updateTime':
      return enterTimersPhase(s, 'timers');
  }
  return s;
}

export function step(s: LoopState): LoopState {
  if (!canStep(s)) return s;
  return s.mode === 'simple' ? stepSimple(s) : stepNode(s);
}

/** The 1-based line of the listing that the current step is on. */
export function currentLine(s: LoopState): number {
  return s.mode === 'simple' ? SIMPLE_LINE_NUMBERS[s.line as SimpleLine] : NODE_LINE_NUMBERS[s.line as NodeLine];
}

/** The Node phase the current line belongs to (null outside a phase). */
export function currentPhase(s: LoopState): NodePhase | null {
  switch (s.line) {
    case 'preTimers':
    case 'timers':
      return 'timers';
    case 'pending':
      return 'pending';
    case 'nodeTimeout':
    case 'poll':
      return 'poll';
    case 'check':
      return 'check';
    case 'close':
      return 'close';
    default:
      return null;
  }
}

/** Step until nothing can change (the loop sleeps forever), at most `cap` steps. */
export function runToIdle(s: LoopState, cap = 10_000): LoopState[] {
  const out: LoopState[] = [s];
  let cur = s;
  for (let i = 0; i < cap && canStep(cur); i++) {
    cur = step(cur);
    out.push(cur);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// History: every step and action can be undone.

export interface Session {
  readonly states: readonly LoopState[];
  readonly index: number;
}

export function createSession(mode: Mode = 'simple', scenario?: Scenario): Session {
  return { states: [createState(mode, scenario)], index: 0 };
}

export function current(session: Session): LoopState {
  return session.states[session.index]!;
}

function push(session: Session, next: LoopState): Session {
  return { states: [...session.states.slice(0, session.index + 1), next], index: session.index + 1 };
}

export type Action =
  | { readonly type: 'step' }
  | { readonly type: 'back' }
  | { readonly type: 'reset' }
  | { readonly type: 'mode'; readonly mode: Mode }
  | { readonly type: 'add-timer'; readonly delay: number }
  | { readonly type: 'arrive'; readonly socket: SocketName; readonly delay: number };

export function apply(session: Session, action: Action): Session {
  const s = current(session);
  switch (action.type) {
    case 'step':
      return canStep(s) ? push(session, step(s)) : session;
    case 'back':
      return back(session);
    case 'reset':
      // states[0] is always the view's fresh loop: what the person added since was pushed after it
      return reset(session);
    case 'mode':
      return action.mode === s.mode ? session : createSession(action.mode);
    case 'add-timer':
      return push(session, addTimer(s, action.delay));
    case 'arrive':
      return push(session, dataArrives(s, action.socket, action.delay));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The speaker sequence (event-loop-sequence.ts): the default scenarios, stopped at the moments worth talking about.

/** A step of the speaker sequence: a view, and (after step 0) the first event to stop at. */
export interface SpeakerStop {
  readonly mode: Mode;
  /** Stop at the first state whose event has every one of these fields. */
  readonly until?: Partial<Record<string, unknown>> & { readonly k: LoopEvent['k'] };
}

const stops: readonly SpeakerStop[] = SPEAKER_SEQUENCE;

/** Whether an event is the one a speaker step stops at (step 0 stops at none). */
export function matchesStop(stop: SpeakerStop, e: LoopEvent): boolean {
  const until = stop.until;
  if (!until) return false;
  const fields = e as unknown as Record<string, unknown>;
  return Object.entries(until).every(([key, value]) => fields[key] === value);
}

/** Speaker step 0 is the fresh simplified loop; step n runs its view's scenario up to its stop. */
export function sessionForStep(step: number): Session {
  const stop = stops[clampIndex(step, stops.length)];
  if (!stop?.until) return createSession(stop?.mode ?? 'simple');
  const states = runToIdle(createState(stop.mode));
  const i = states.findIndex((s) => matchesStop(stop, s.event));
  const index = i < 0 ? states.length - 1 : i;
  return { states: states.slice(0, index + 1), index };
}

// ---------------------------------------------------------------------------------------------------------------
// The demo's whole state: the session and the person's inputs for the next action.

export interface EventLoopState {
  readonly session: Session;
  /** Delay for the next timer or arrival, ms. */
  readonly delay: number;
  readonly socket: SocketName;
}

export const DEFAULT_DELAY = 40;

export function initialState(): EventLoopState {
  return { session: createSession('simple'), delay: DEFAULT_DELAY, socket: 'A' };
}

/** A speaker step replaces the session and keeps the person's delay and socket. */
export function stateForStep(step: number, current: EventLoopState): EventLoopState {
  return { ...current, session: sessionForStep(step) };
}
