/**
 * One thread, three sockets, three ways to wait. A pure model: no DOM, no timers, no randomness.
 *
 * Time is in microseconds of model time. Each system call costs the thread `syscallCost` µs of CPU (1 µs by
 * default: a deliberately round figure, so that every count in the demo can be checked by hand). A call that
 * has to wait first sleeps (no CPU) until the data arrives, then spends its `syscallCost`.
 *
 * Each socket receives one message, at its arrival time. A socket is "served" when a read() returns its data.
 * The run ends when all three are served. Setting up (fcntl(O_NONBLOCK), epoll_create1, epoll_ctl) happens once,
 * when the connections open, before t = 0, and is not part of the trace.
 *
 * Rules, the same for every strategy:
 * - data is visible to a call if it arrived at or before the moment the call looks (its start, or the moment it
 *   wakes up from sleep);
 * - blocking: read(A), read(B), read(C) in that order; a read with no data sleeps until the data arrives
 *   (read(2): "If no data is available, read blocks");
 * - polling: non-blocking reads round-robin A, B, C, A, B, C, … over all three sockets (a server does not know
 *   that no more data will come on a socket it has served); a read with no data returns EAGAIN at once
 *   (read(2), EAGAIN: "The file descriptor fd refers to a file other than a socket and has been marked
 *   nonblocking (O_NONBLOCK), and the read would block"; for sockets the same errno, see socket(7));
 * - multiplexer: epoll_wait on all three (level-triggered, epoll(7)); it sleeps until at least one unserved
 *   socket has data and returns all unserved sockets that have data at that moment (in order of arrival), then
 *   the thread reads exactly those, one read each.
 */

import { clampIndex } from '../../lib/stepping.ts';
import * as stepping from '../../lib/stepping.ts';
import { SPEAKER_SEQUENCE } from './nonblocking-sequence.ts';

export type SocketId = 'A' | 'B' | 'C';
export const SOCKETS: readonly SocketId[] = ['A', 'B', 'C'];
export type Strategy = 'blocking' | 'polling' | 'multiplexer';
export const STRATEGIES: readonly Strategy[] = ['blocking', 'polling', 'multiplexer'];

export type Arrivals = Record<SocketId, number>;

export interface Params {
  /** When the data arrives on each socket, µs. */
  arrivals: Arrivals;
  /** CPU time of one system call, µs. */
  syscallCost: number;
}

/** Data arrives on B, then C, then A (seed 004). */
export const DEFAULT_ARRIVALS: Arrivals = { A: 12, B: 3, C: 7 };
export const DEFAULT_SYSCALL_COST = 1;
export const ARRIVAL_MIN = 0;
export const ARRIVAL_MAX = 30;
export const DEFAULT_PARAMS: Params = { arrivals: DEFAULT_ARRIVALS, syscallCost: DEFAULT_SYSCALL_COST };

export type CallResult =
  { kind: 'data'; socket: SocketId } | { kind: 'EAGAIN' } | { kind: 'ready'; sockets: SocketId[] };

export interface TraceEvent {
  /** 0-based position in the trace. */
  index: number;
  call: 'read' | 'epoll_wait';
  /** The socket read (for read). */
  socket?: SocketId;
  /** The thread enters the call. */
  start: number;
  /** The thread stops sleeping inside the call (= start when it did not sleep). */
  wake: number;
  /** The call returns: wake + syscallCost. */
  end: number;
  result: CallResult;
}

export interface Figures {
  /** When read() returned each socket's data. */
  servedAt: Record<SocketId, number>;
  /** servedAt - arrival, per socket. */
  latency: Record<SocketId, number>;
  syscalls: number;
  reads: number;
  waits: number;
  eagain: number;
  /** Time the thread spent running (on the CPU), µs. */
  busy: number;
  /** Time the thread slept inside calls, µs. */
  asleep: number;
  /** End of the last call, µs. */
  total: number;
  /** busy / total, 0..1. */
  busyShare: number;
  /** The longest time a socket's data waited to be returned by read(), µs, and which socket. */
  longestWait: number;
  longestWaitSocket: SocketId;
}

/** Hard cap on trace length, so a pathological input cannot hang the page. */
export const MAX_EVENTS = 100_000;

function validate(p: Params): void {
  if (!(p.syscallCost > 0) || !Number.isFinite(p.syscallCost)) throw new RangeError('syscallCost must be > 0');
  for (const s of SOCKETS) {
    const t = p.arrivals[s];
    if (!Number.isFinite(t) || t < 0) throw new RangeError(`arrival of ${s} must be a finite number >= 0`);
  }
}

function traceBlocking(p: Params): TraceEvent[] {
  const out: TraceEvent[] = [];
  let t = 0;
  for (const s of SOCKETS) {
    const wake = Math.max(t, p.arrivals[s]);
    const end = wake + p.syscallCost;
    out.push({ index: out.length, call: 'read', socket: s, start: t, wake, end, result: { kind: 'data', socket: s } });
    t = end;
  }
  return out;
}

function tracePolling(p: Params): TraceEvent[] {
  const out: TraceEvent[] = [];
  const served = new Set<SocketId>();
  let t = 0;
  let i = 0;
  while (served.size < SOCKETS.length) {
    if (out.length >= MAX_EVENTS) throw new RangeError('trace too long');
    const s = SOCKETS[i % SOCKETS.length] as SocketId;
    const hasData = !served.has(s) && p.arrivals[s] <= t;
    const end = t + p.syscallCost;
    out.push({
      index: out.length,
      call: 'read',
      socket: s,
      start: t,
      wake: t,
      end,
      result: hasData ? { kind: 'data', socket: s } : { kind: 'EAGAIN' },
    });
    if (hasData) served.add(s);
    t = end;
    i += 1;
  }
  return out;
}

/** Unserved sockets with data at time t, in order of arrival (ties: A, B, C). */
function readyAt(p: Params, served: Set<SocketId>, t: number): SocketId[] {
  return SOCKETS.filter((s) => !served.has(s) && p.arrivals[s] <= t).sort(
    (x, y) => p.arrivals[x] - p.arrivals[y] || SOCKETS.indexOf(x) - SOCKETS.indexOf(y),
  );
}

function traceMultiplexer(p: Params): TraceEvent[] {
  const out: TraceEvent[] = [];
  const served = new Set<SocketId>();
  let t = 0;
  while (served.size < SOCKETS.length) {
    const pending = SOCKETS.filter((s) => !served.has(s));
    const first = Math.min(...pending.map((s) => p.arrivals[s]));
    const wake = Math.max(t, first);
    const ready = readyAt(p, served, wake);
    const end = wake + p.syscallCost;
    out.push({ index: out.length, call: 'epoll_wait', start: t, wake, end, result: { kind: 'ready', sockets: ready } });
    t = end;
    for (const s of ready) {
      const rEnd = t + p.syscallCost;
      out.push({
        index: out.length,
        call: 'read',
        socket: s,
        start: t,
        wake: t,
        end: rEnd,
        result: { kind: 'data', socket: s },
      });
      served.add(s);
      t = rEnd;
    }
  }
  return out;
}

export function trace(strategy: Strategy, p: Params): TraceEvent[] {
  validate(p);
  switch (strategy) {
    case 'blocking':
      return traceBlocking(p);
    case 'polling':
      return tracePolling(p);
    case 'multiplexer':
      return traceMultiplexer(p);
  }
}

export function figures(events: readonly TraceEvent[], p: Params): Figures {
  const servedAt = {} as Record<SocketId, number>;
  let busy = 0;
  let asleep = 0;
  let eagain = 0;
  let reads = 0;
  let waits = 0;
  for (const e of events) {
    busy += e.end - e.wake;
    asleep += e.wake - e.start;
    if (e.call === 'read') reads += 1;
    else waits += 1;
    if (e.result.kind === 'EAGAIN') eagain += 1;
    if (e.result.kind === 'data') servedAt[e.result.socket] = e.end;
  }
  const total = events.length ? (events[events.length - 1] as TraceEvent).end : 0;
  const latency = {} as Record<SocketId, number>;
  let longestWait = -Infinity;
  let longestWaitSocket: SocketId = 'A';
  for (const s of SOCKETS) {
    const served = servedAt[s];
    if (served === undefined) throw new Error(`socket ${s} was never served`);
    latency[s] = served - p.arrivals[s];
    if (latency[s] > longestWait) {
      longestWait = latency[s];
      longestWaitSocket = s;
    }
  }
  return {
    servedAt,
    latency,
    syscalls: events.length,
    reads,
    waits,
    eagain,
    busy,
    asleep,
    total,
    busyShare: total > 0 ? busy / total : 0,
    longestWait,
    longestWaitSocket,
  };
}

export interface Comparison {
  strategy: Strategy;
  figures: Figures;
}

/** The three strategies on the same arrivals (the small table). */
export function compare(p: Params): Comparison[] {
  return STRATEGIES.map((strategy) => ({ strategy, figures: figures(trace(strategy, p), p) }));
}

// ---------------------------------------------------------------------------------------------------------
// Playback: what the timeline shows at a moment. The demo's state is a plain value.

export interface PlayState {
  strategy: Strategy;
  arrivals: Arrivals;
  /** Model time shown, µs (0 .. total). */
  time: number;
  /** Whether "Run" is animating (the element owns the clock; the model only advances when told). */
  playing: boolean;
}

/** A fresh run, not yet started (Reset's state, and where a speaker step starts playing from). */
export function freshRun(strategy: Strategy = 'blocking', arrivals: Arrivals = DEFAULT_ARRIVALS): PlayState {
  return { strategy, arrivals: { ...arrivals }, time: 0, playing: false };
}

/**
 * The demo's initial state, its step 0: the blocking run on the default arrivals already drawn whole (the thread asleep
 * in read(A) while B and C wait), so the slide opens on the picture it asks about, with nothing to press.
 */
export function initialState(): PlayState {
  return finish(freshRun('blocking'));
}

export function paramsOf(s: PlayState): Params {
  return { arrivals: s.arrivals, syscallCost: DEFAULT_SYSCALL_COST };
}

export function traceOf(s: PlayState): TraceEvent[] {
  return trace(s.strategy, paramsOf(s));
}

export function totalTime(s: PlayState): number {
  const ev = traceOf(s);
  return ev.length ? (ev[ev.length - 1] as TraceEvent).end : 0;
}

/** Number of events finished at the shown time. */
export function doneCount(events: readonly TraceEvent[], time: number): number {
  let n = 0;
  for (const e of events) if (e.end <= time) n += 1;
  return n;
}

// Step, Back, Reset and the jump to the end walk a recording (lib/stepping.ts) whose frames are the moments a call
// returns: t = 0, then the end of each call in turn. The cursor is the frame last passed: the number of calls
// finished by the time shown (during a run the time lies between two frames).

/** The recording: t = 0 and the end of every call. */
function frames(s: PlayState): number[] {
  return [0, ...traceOf(s).map((e) => e.end)];
}

function cursor(s: PlayState): stepping.Cursor {
  return { index: doneCount(traceOf(s), s.time) };
}

function atFrame(s: PlayState, at: stepping.Cursor, times: readonly number[]): PlayState {
  return { ...s, time: times[at.index] ?? 0, playing: false };
}

/** "Step": to the end of the next call. */
export function step(s: PlayState): PlayState {
  const times = frames(s);
  return atFrame(s, stepping.forward(cursor(s), times.length), times);
}

/** "Back": to the end of the previous call (or 0); in the middle of a call, to its start. Exactly undoes "Step". */
export function back(s: PlayState): PlayState {
  const times = frames(s);
  const at = cursor(s);
  return atFrame(s, (times[at.index] ?? 0) < s.time ? at : stepping.back(at), times);
}

export function reset(s: PlayState): PlayState {
  return atFrame(s, stepping.reset(cursor(s)), frames(s));
}

export function atEnd(s: PlayState): boolean {
  return s.time >= totalTime(s);
}

/** Advance the animation clock by dt µs of model time; stops at the end. */
export function advance(s: PlayState, dt: number): PlayState {
  const total = totalTime(s);
  const time = Math.min(total, s.time + Math.max(0, dt));
  return { ...s, time, playing: s.playing && time < total };
}

export function play(s: PlayState): PlayState {
  return { ...(atEnd(s) ? reset(s) : s), playing: true };
}

export function pause(s: PlayState): PlayState {
  return { ...s, playing: false };
}

/** Jump to the end state (reduced motion). */
export function finish(s: PlayState): PlayState {
  const times = frames(s);
  return atFrame(s, stepping.toEnd(cursor(s), times.length), times);
}

export function setStrategy(s: PlayState, strategy: Strategy): PlayState {
  return { ...s, strategy, time: 0, playing: false };
}

export function clampArrival(t: number): number {
  if (!Number.isFinite(t)) return ARRIVAL_MIN;
  return Math.min(ARRIVAL_MAX, Math.max(ARRIVAL_MIN, Math.round(t)));
}

export function setArrival(s: PlayState, socket: SocketId, t: number): PlayState {
  return { ...s, arrivals: { ...s.arrivals, [socket]: clampArrival(t) }, time: 0, playing: false };
}

export type ThreadStatus = 'idle' | 'running' | 'sleeping' | 'done';
export type SocketStatus = 'empty' | 'data' | 'served';

export interface View {
  time: number;
  total: number;
  events: TraceEvent[];
  /** Calls finished by `time`. */
  done: number;
  /** The call in progress at `time` (start <= time < end), if any. */
  current: TraceEvent | undefined;
  thread: ThreadStatus;
  sockets: Record<SocketId, SocketStatus>;
  /** Figures counted over the finished calls only (what the person has seen so far). */
  syscallsSoFar: number;
  eagainSoFar: number;
  /** CPU time used up to `time` (parts of calls after their wake-up), µs. */
  busySoFar: number;
  /** When each socket was served, if it has been by `time`. */
  servedSoFar: Partial<Record<SocketId, number>>;
  /** Figures of the whole run. */
  figures: Figures;
}

export function view(s: PlayState): View {
  const p = paramsOf(s);
  const events = trace(s.strategy, p);
  const total = events.length ? (events[events.length - 1] as TraceEvent).end : 0;
  const time = Math.min(Math.max(0, s.time), total);
  const finished = events.filter((e) => e.end <= time);
  const current = events.find((e) => e.start <= time && time < e.end);
  const servedSet = new Set<SocketId>();
  for (const e of finished) if (e.result.kind === 'data') servedSet.add(e.result.socket);
  const sockets = {} as Record<SocketId, SocketStatus>;
  for (const sk of SOCKETS) sockets[sk] = servedSet.has(sk) ? 'served' : p.arrivals[sk] <= time ? 'data' : 'empty';
  let thread: ThreadStatus = 'idle';
  if (time >= total && total > 0) thread = 'done';
  else if (current) thread = time < current.wake ? 'sleeping' : 'running';
  let busySoFar = 0;
  for (const e of events) busySoFar += Math.max(0, Math.min(e.end, time) - e.wake);
  const servedSoFar: Partial<Record<SocketId, number>> = {};
  for (const e of finished) if (e.result.kind === 'data') servedSoFar[e.result.socket] = e.end;
  return {
    time,
    total,
    events,
    done: finished.length,
    busySoFar,
    servedSoFar,
    current,
    thread,
    sockets,
    syscallsSoFar: finished.length,
    eagainSoFar: finished.filter((e) => e.result.kind === 'EAGAIN').length,
    figures: figures(events, p),
  };
}

/**
 * The polling strategy in closed form, for the notes and the tests: with cost c and integer multiples, socket i
 * (A = 0, B = 1, C = 2) is read at times c·k with k ≡ i (mod 3); its data is taken by the first such read at or
 * after its arrival. The run makes one read per c µs until the last socket is served.
 */
export function pollingServedStart(arrival: number, socketIndex: number, cost: number): number {
  let k = Math.ceil(arrival / cost - 1e-9);
  while (((k % 3) + 3) % 3 !== socketIndex) k += 1;
  return k * cost;
}

/** The largest total of the three strategies: one time scale for all, so switching keeps the axis. */
export function commonScale(arrivals: Arrivals): number {
  const p: Params = { arrivals, syscallCost: DEFAULT_SYSCALL_COST };
  return Math.max(...STRATEGIES.map((st) => figures(trace(st, p), p).total));
}

// ---------------------------------------------------------------------------------------------------------------
// The demo contract (lib/demo-contract.ts).

export { SPEAKER_SEQUENCE };

/**
 * The speaker sequence: blocking → polling → multiplexer, on the default arrivals. Step 0 is the initial state (the
 * blocking run drawn whole); steps 1 and 2 start running from t = 0 (the element jumps to the end under
 * prefers-reduced-motion).
 */
export function stateForStep(step: number): PlayState {
  const i = clampIndex(step, SPEAKER_SEQUENCE.length);
  return i === 0 ? initialState() : { ...freshRun(SPEAKER_SEQUENCE[i]), playing: true };
}
