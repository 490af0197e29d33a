/**
 * io_uring: readiness vs completion. A pure model: no DOM, no timers, no randomness.
 *
 * Part 1, syscalls to answer a batch of B requests (each: read the request, write the response):
 * - epoll (readiness, level-triggered): one epoll_wait returns the B ready sockets, then one read and one write
 *   per request: 2B + 1 (epoll(7); read(2), write(2)).
 * - io_uring (completion): per request one read SQE and one write SQE are queued in the submission ring (SQ),
 *   which is shared memory, so queuing costs no syscall. One io_uring_enter submits everything queued and waits
 *   for the completions, which the app then takes from the completion ring (CQ), again without a syscall. The SQ
 *   holds `sqEntries` SQEs, so while 2B <= sqEntries the whole batch is one io_uring_enter; above that the app
 *   must enter each time the ring is full: ceil(2B / sqEntries) (io_uring_setup(2), io_uring_enter(2)).
 * - io_uring with SQPOLL: a kernel thread polls the SQ and submits by itself; completions are read from the CQ.
 *   While that thread is awake: 0 syscalls, whatever B. After sq_thread_idle ms with nothing to do it sleeps and
 *   sets IORING_SQ_NEED_WAKEUP; then the app makes one io_uring_enter(IORING_ENTER_SQ_WAKEUP) to wake it.
 *
 * Part 2, the two rings, step by step (Submit / Kernel completes / Reap), with head and tail as free-running
 * 32-bit counters and slots at `counter & (entries - 1)`, as in the kernel's struct io_rings.
 *
 * Part 3, reading a regular file: who waits for the disk.
 */

import * as stepping from '../../lib/stepping.ts';
import { SPEAKER_SEQUENCE } from './io-uring-sequence.ts';

export { SPEAKER_SEQUENCE };

// ---------------------------------------------------------------------------------------------------------
// Part 1: syscalls per batch

export const BATCH_MIN = 1;
export const BATCH_MAX = 128;
export const DEFAULT_BATCH = 16;
/** SQ size used by the counts (a power of two, as io_uring_setup rounds it up to). */
export const DEFAULT_SQ_ENTRIES = 64;
/** The largest SQ io_uring_setup accepts (IORING_MAX_ENTRIES). */
export const IORING_MAX_ENTRIES = 32768;
/** SQEs per request: one read of the request, one write of the response. */
export const SQES_PER_REQUEST = 2;

export type Mode = 'epoll' | 'io_uring' | 'sqpoll';
export const MODES: readonly Mode[] = ['epoll', 'io_uring', 'sqpoll'];

export interface BatchCounts {
  batch: number;
  sqEntries: number;
  epoll: number;
  /** epoll's parts: 1 wait + B reads + B writes. */
  epollWaits: number;
  epollReads: number;
  epollWrites: number;
  ioUring: number;
  /** SQEs the batch needs (2B). */
  sqes: number;
  /** Whether the batch fits the SQ in one go. */
  fits: boolean;
  /** SQPOLL while the kernel thread is awake. */
  sqpoll: number;
  /** SQPOLL when the kernel thread has gone to sleep: one wake-up. */
  sqpollAsleep: number;
}

/** Smallest power of two >= n (io_uring_setup rounds the entries up like this). */
export function roundUpPow2(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

export function batchCounts(batch: number, sqEntries: number = DEFAULT_SQ_ENTRIES): BatchCounts {
  if (!Number.isInteger(batch) || batch < 0) throw new RangeError('batch must be an integer >= 0');
  if (!Number.isInteger(sqEntries) || sqEntries < 1 || sqEntries > IORING_MAX_ENTRIES)
    throw new RangeError('sqEntries must be 1..32768');
  const sq = roundUpPow2(sqEntries);
  const sqes = SQES_PER_REQUEST * batch;
  return {
    batch,
    sqEntries: sq,
    epoll: batch === 0 ? 0 : 1 + 2 * batch,
    epollWaits: batch === 0 ? 0 : 1,
    epollReads: batch,
    epollWrites: batch,
    ioUring: Math.ceil(sqes / sq),
    sqes,
    fits: sqes <= sq,
    sqpoll: 0,
    sqpollAsleep: batch === 0 ? 0 : 1,
  };
}

/** The largest batch answered with a single io_uring_enter. */
export function largestSingleEnterBatch(sqEntries: number = DEFAULT_SQ_ENTRIES): number {
  return Math.floor(roundUpPow2(sqEntries) / SQES_PER_REQUEST);
}

/** Points for the chart: syscalls against batch size, B = 1..max. */
export function series(max: number = BATCH_MAX, sqEntries: number = DEFAULT_SQ_ENTRIES): Record<Mode, number[]> {
  const out: Record<Mode, number[]> = { epoll: [], io_uring: [], sqpoll: [] };
  for (let b = 1; b <= max; b += 1) {
    const c = batchCounts(b, sqEntries);
    out.epoll.push(c.epoll);
    out.io_uring.push(c.ioUring);
    out.sqpoll.push(c.sqpoll);
  }
  return out;
}

export function clampBatch(b: number): number {
  if (!Number.isFinite(b)) return DEFAULT_BATCH;
  return Math.min(BATCH_MAX, Math.max(BATCH_MIN, Math.round(b)));
}

// ---------------------------------------------------------------------------------------------------------
// Part 2: the rings

export type Op = 'read' | 'write';

export interface Sqe {
  /** user_data: the app's tag, copied into the CQE. */
  id: number;
  op: Op;
}

export interface Cqe {
  id: number;
  op: Op;
  /** res: bytes transferred (the model's requests and responses are all 64 bytes). */
  res: number;
}

export interface Rings {
  /** SQ slots (a power of two); the CQ has twice as many, the kernel's default (io_uring_setup(2)). */
  sqEntries: number;
  cqEntries: number;
  /** Free-running counters. The app writes the SQ tail and the CQ head; the kernel the SQ head and CQ tail. */
  sqHead: number;
  sqTail: number;
  cqHead: number;
  cqTail: number;
  /** Slot contents (what was last written there; an entry is live between head and tail). */
  sq: (Sqe | null)[];
  cq: (Cqe | null)[];
  /** Operations the kernel took from the SQ and has not completed yet, oldest first. */
  inFlight: Sqe[];
  /** Completions the app has reaped, oldest first. */
  reaped: Cqe[];
  nextId: number;
  /** io_uring_enter calls made. */
  syscalls: number;
  /** What the last action did, for the element's live text. */
  last: RingEvent | null;
}

export type RingEvent =
  | { kind: 'queued'; sqe: Sqe; slot: number }
  | { kind: 'submitted'; count: number }
  | { kind: 'completed'; cqe: Cqe; slot: number }
  | { kind: 'reaped'; cqe: Cqe; slot: number };

/**
 * The rings as the person has stepped them: every state so far (`frames`), and the one shown (`index`, moved by
 * lib/stepping). A new step drops the frames after the shown one and appends its result.
 */
export interface RingsState {
  readonly frames: readonly Rings[];
  readonly index: number;
}

/** The rings' size when none is given (the demo's own follow the submission ring size chosen). */
export const DEMO_SQ_ENTRIES = 8;
export const REQUEST_BYTES = 64;

function emptyRings(sqEntries: number): Rings {
  const sq = roundUpPow2(sqEntries);
  return {
    sqEntries: sq,
    cqEntries: 2 * sq,
    sqHead: 0,
    sqTail: 0,
    cqHead: 0,
    cqTail: 0,
    sq: Array.from({ length: sq }, () => null),
    cq: Array.from({ length: 2 * sq }, () => null),
    inFlight: [],
    reaped: [],
    nextId: 1,
    syscalls: 0,
    last: null,
  };
}

/** Empty rings of `sqEntries` SQ slots (rounded up to a power of two) and twice as many CQ slots. */
export function freshRings(sqEntries: number = DEMO_SQ_ENTRIES): RingsState {
  return { frames: [emptyRings(sqEntries)], index: 0 };
}

/** Ring positions drawn at most: the SQ's and the CQ's (a larger ring is drawn as a window of it and a gap). */
export const DRAWN_SQ_MAX = 8;
export const DRAWN_CQ_MAX = 16;

/** One drawn position of a ring: a slot, or the gap standing for `hidden` slots not drawn. */
export type DrawnSlot = { kind: 'slot'; slot: number } | { kind: 'gap'; hidden: number };

/**
 * The positions to draw for a ring of `entries` slots whose live entries run from `head` for `pending` slots (the
 * tail is at head + pending), at most `cap` of them. A ring that fits is drawn whole, slot 0 at the top. A larger
 * one is drawn as `cap - 1` consecutive slots and one gap: slots 0.. while the head, the live entries and the tail
 * fit there, otherwise from the head's slot on; live entries past the window (and a tail beyond it) fall in the gap.
 */
export function drawnSlots(entries: number, head: number, pending: number, cap: number): DrawnSlot[] {
  if (entries <= cap) return Array.from({ length: entries }, (_, slot) => ({ kind: 'slot', slot }));
  const shown = Math.max(1, cap - 1);
  const headSlot = head & (entries - 1);
  const start = headSlot + pending <= shown - 1 ? 0 : headSlot;
  return [
    ...Array.from({ length: shown }, (_, i): DrawnSlot => ({ kind: 'slot', slot: (start + i) & (entries - 1) })),
    { kind: 'gap', hidden: entries - shown },
  ];
}

/** Where slot `slot` is drawn: its position, or the gap's when it is not drawn. */
export function drawnIndex(drawn: readonly DrawnSlot[], slot: number): number {
  const i = drawn.findIndex((d) => d.kind === 'slot' && d.slot === slot);
  return i >= 0 ? i : drawn.findIndex((d) => d.kind === 'gap');
}

/** The rings shown now. */
export function currentRings(s: RingsState): Rings {
  return s.frames[s.index] ?? s.frames[0] ?? emptyRings(DEMO_SQ_ENTRIES);
}

/** Whether Back has a step to undo. */
export const canBack = (s: RingsState): boolean => stepping.canBack(s);

export const sqPending = (r: Rings): number => r.sqTail - r.sqHead;
export const cqPending = (r: Rings): number => r.cqTail - r.cqHead;
export const sqSlot = (r: Rings, counter: number): number => counter & (r.sqEntries - 1);
export const cqSlot = (r: Rings, counter: number): number => counter & (r.cqEntries - 1);

/** The app may queue an SQE while the SQ has a free slot. */
export const canQueue = (r: Rings): boolean => sqPending(r) < r.sqEntries;
/** io_uring_enter has something to submit. */
export const canSubmit = (r: Rings): boolean => sqPending(r) > 0;
/**
 * The kernel can post a completion when an operation is in flight and the CQ has room. (A real kernel with
 * IORING_FEAT_NODROP keeps an overflowing CQE on a backlog list and sets IORING_SQ_CQ_OVERFLOW; the model
 * waits for the app to reap instead.)
 */
export const canComplete = (r: Rings): boolean => r.inFlight.length > 0 && cqPending(r) < r.cqEntries;
export const canReap = (r: Rings): boolean => cqPending(r) > 0;

function push(s: RingsState, next: Rings): RingsState {
  return { frames: [...s.frames.slice(0, s.index + 1), next], index: s.index + 1 };
}

/** The app writes an SQE at the SQ tail and moves the tail: shared memory, no syscall. Requests alternate read, write. */
export function queue(s: RingsState, op?: Op): RingsState {
  const r = currentRings(s);
  if (!canQueue(r)) return s;
  const o: Op = op ?? ((r.nextId - 1) % 2 === 0 ? 'read' : 'write');
  const sqe: Sqe = { id: r.nextId, op: o };
  const slot = sqSlot(r, r.sqTail);
  const sq = r.sq.slice();
  sq[slot] = sqe;
  return push(s, { ...r, sq, sqTail: r.sqTail + 1, nextId: r.nextId + 1, last: { kind: 'queued', sqe, slot } });
}

/** io_uring_enter: the kernel consumes every SQE between head and tail (one syscall), they are now in flight. */
export function submit(s: RingsState): RingsState {
  const r = currentRings(s);
  if (!canSubmit(r)) return s;
  const taken: Sqe[] = [];
  for (let c = r.sqHead; c < r.sqTail; c += 1) {
    const e = r.sq[sqSlot(r, c)];
    if (e) taken.push(e);
  }
  return push(s, {
    ...r,
    sqHead: r.sqTail,
    inFlight: [...r.inFlight, ...taken],
    syscalls: r.syscalls + 1,
    last: { kind: 'submitted', count: taken.length },
  });
}

/** The kernel finishes the oldest operation in flight and writes its CQE at the CQ tail. */
export function complete(s: RingsState): RingsState {
  const r = currentRings(s);
  if (!canComplete(r)) return s;
  const [op, ...rest] = r.inFlight;
  if (!op) return s;
  const cqe: Cqe = { id: op.id, op: op.op, res: REQUEST_BYTES };
  const slot = cqSlot(r, r.cqTail);
  const cq = r.cq.slice();
  cq[slot] = cqe;
  return push(s, { ...r, cq, cqTail: r.cqTail + 1, inFlight: rest, last: { kind: 'completed', cqe, slot } });
}

/** The app reads the CQE at the CQ head and moves the head: shared memory, no syscall. */
export function reap(s: RingsState): RingsState {
  const r = currentRings(s);
  if (!canReap(r)) return s;
  const slot = cqSlot(r, r.cqHead);
  const cqe = r.cq[slot];
  if (!cqe) return s;
  return push(s, { ...r, cqHead: r.cqHead + 1, reaped: [...r.reaped, cqe], last: { kind: 'reaped', cqe, slot } });
}

/** Undo the last ring step: the previous frame (lib/stepping). */
export function back(s: RingsState): RingsState {
  return stepping.back(s);
}

/** Empty both rings: a fresh recording. */
export function resetRings(s: RingsState): RingsState {
  return freshRings(currentRings(s).sqEntries);
}

/** Live entries of the SQ (head..tail) and the CQ (head..tail), as [slot, entry] pairs. */
export function liveSq(r: Rings): { slot: number; sqe: Sqe }[] {
  const out: { slot: number; sqe: Sqe }[] = [];
  for (let c = r.sqHead; c < r.sqTail; c += 1) {
    const slot = sqSlot(r, c);
    const sqe = r.sq[slot];
    if (sqe) out.push({ slot, sqe });
  }
  return out;
}

export function liveCq(r: Rings): { slot: number; cqe: Cqe }[] {
  const out: { slot: number; cqe: Cqe }[] = [];
  for (let c = r.cqHead; c < r.cqTail; c += 1) {
    const slot = cqSlot(r, c);
    const cqe = r.cq[slot];
    if (cqe) out.push({ slot, cqe });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Part 3: a regular file

export type FileMode = 'readiness' | 'threadpool' | 'io_uring';
export const FILE_MODES: readonly FileMode[] = ['readiness', 'threadpool', 'io_uring'];

export interface FileRead {
  mode: FileMode;
  /** How long the event-loop thread cannot serve anything else, µs. */
  loopBlocked: number;
  /** Threads asleep waiting for the disk during the read. */
  threadsWaiting: number;
  /** Who waits for the disk. */
  waiter: 'loop' | 'pool' | 'kernel';
}

/**
 * - readiness: select()/poll() report a regular file readable at once (poll(2): regular files always ready;
 *   epoll_ctl(2) refuses them with EPERM), so the loop calls read() itself and sleeps for the whole disk latency;
 * - threadpool (libuv): the loop hands the read to a pool thread, which sleeps in read() instead; the loop
 *   goes on (libuv design overview: "run blocking file I/O operations in a thread pool");
 * - io_uring: the read is queued as an SQE; the kernel does it and posts a CQE; no thread sleeps in read().
 */
export function fileRead(mode: FileMode, diskLatency: number): FileRead {
  if (!(diskLatency >= 0)) throw new RangeError('diskLatency must be >= 0');
  switch (mode) {
    case 'readiness':
      return { mode, loopBlocked: diskLatency, threadsWaiting: 1, waiter: 'loop' };
    case 'threadpool':
      return { mode, loopBlocked: 0, threadsWaiting: 1, waiter: 'pool' };
    case 'io_uring':
      return { mode, loopBlocked: 0, threadsWaiting: 0, waiter: 'kernel' };
  }
}

export const DISK_MIN_US = 0;
export const DISK_MAX_US = 10_000;
export const DEFAULT_DISK_US = 100;

// ---------------------------------------------------------------------------------------------------------
// The whole demo state

export type View = 'sockets' | 'file';

export interface IoUringState {
  view: View;
  batch: number;
  sqEntries: number;
  diskLatency: number;
  fileMode: FileMode;
  rings: RingsState;
}

export function initialState(): IoUringState {
  return {
    view: 'sockets',
    batch: DEFAULT_BATCH,
    sqEntries: DEFAULT_SQ_ENTRIES,
    diskLatency: DEFAULT_DISK_US,
    fileMode: 'readiness',
    rings: freshRings(DEFAULT_SQ_ENTRIES),
  };
}

/** SQ sizes offered by the demo (io_uring_setup accepts any power of two up to 32768). */
export const SQ_CHOICES: readonly number[] = [16, 32, 64, 128, 256];

/** A new submission ring size: the counts use it, and the rings are drawn at it, empty (CQ twice as large). */
export function setSqEntries(s: IoUringState, sqEntries: number): IoUringState {
  if (!SQ_CHOICES.includes(sqEntries) || sqEntries === s.sqEntries) return s;
  return { ...s, sqEntries, rings: freshRings(sqEntries) };
}

/** The one speaker step (SPEAKER_SEQUENCE has no other): the initial state. */
export function stateForStep(_step: number, _current: IoUringState): IoUringState {
  return initialState();
}

export function clampDisk(us: number): number {
  if (!Number.isFinite(us)) return DEFAULT_DISK_US;
  return Math.min(DISK_MAX_US, Math.max(DISK_MIN_US, Math.round(us)));
}
