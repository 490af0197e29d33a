/**
 * The cost of one wait: select, poll, epoll and kqueue with N registered descriptors of which K are ready.
 *
 * Pure: no DOM, no timers, no randomness. Every figure is exact for the case it names, and each constant says
 * where it comes from; tests/unit/select-epoll-real.test.ts checks the ones this machine can show (struct sizes,
 * FD_SETSIZE, the errors, the syscalls strace sees).
 *
 * The program modelled: a server with stdin, stdout and stderr open (descriptors 0, 1, 2) whose N sockets are
 * descriptors 3 … N + 2, waiting for any of them to become readable.
 * - `select(nfds, &readfds, NULL, NULL, &timeout)`: only the read set is passed (CPython's `select.select(r, [], [])`
 *   passes NULL for empty lists, as strace shows). The kernel copies ⌈nfds / 64⌉ × 8 bytes of each set it is given
 *   (`FDS_BYTES` in fs/select.c), walks the bitmap up to `nfds`, asks each descriptor whose bit is set whether it
 *   is ready, and copies as many bytes back. The program's `fd_set` itself is always 128 bytes (1024 bits).
 * - `poll(fds, N, timeout)`: N `struct pollfd` of 8 bytes go in; the kernel asks each of the N descriptors and writes
 *   `revents` (2 bytes) back into every one of the N entries (`do_sys_poll`).
 * - `epoll_wait(ep, events, maxevents, timeout)`: nothing about the descriptors goes in (they were registered once
 *   with `epoll_ctl`); the kernel walks its ready list and copies back one `struct epoll_event` per ready descriptor:
 *   12 bytes on x86-64, where the struct is packed (16 on other 64-bit architectures).
 * - `kevent(kq, NULL, 0, events, nevents, timeout)`: the same shape; a `struct kevent` is 32 bytes on 64-bit macOS
 *   and OpenBSD (FreeBSD 12+ added `ext[4]`, making it 64). Registration is one `kevent()` call with a change list of
 *   N entries (it can also ride along on the first wait).
 * When K = 0 the call sleeps until its timeout: select and poll check every descriptor before sleeping and once
 * more after waking (two passes, `do_select` / `do_poll`); epoll and kqueue find their ready list empty, sleep,
 * and check nothing.
 */

import { clampIndex } from '../../lib/stepping.ts';
import { SPEAKER_SEQUENCE } from './select-epoll-sequence.ts';

export type Mechanism = 'select' | 'poll' | 'epoll' | 'kqueue';
export const MECHANISMS: readonly Mechanism[] = ['select', 'poll', 'epoll', 'kqueue'];

/** glibc's `FD_SETSIZE`: an `fd_set` holds descriptors 0 … 1023. */
export const FD_SETSIZE = 1024;
/** `sizeof(fd_set)` in glibc: 1024 bits. */
export const FD_SET_BYTES = FD_SETSIZE / 8;
/** The kernel copies bitmaps in whole `long`s (x86-64: 8 bytes, 64 bits). */
export const LONG_BYTES = 8;
/** `sizeof(struct pollfd)`: int fd, short events, short revents. */
export const POLLFD_BYTES = 8;
/** `revents` is a short: what the kernel writes back into every pollfd. */
export const REVENTS_BYTES = 2;
/** `sizeof(struct epoll_event)` on x86-64 (packed). */
export const EPOLL_EVENT_BYTES = 12;
/** `sizeof(struct kevent)` on 64-bit macOS and OpenBSD. */
export const KEVENT_BYTES = 32;
/** Descriptors 0, 1, 2 are stdin, stdout, stderr; the sockets start at 3. */
export const FIRST_FD = 3;
/** The largest N for which `select` still works: descriptors 3 … 1023. */
export const SELECT_MAX_N = FD_SETSIZE - FIRST_FD;

export const N_MIN = 1;
export const N_MAX = 100_000;
/** Descriptors drawn in the grid; the rest are counted. */
export const GRID_MAX = 300;

/** What a program that puts descriptor 1024 or above into an `fd_set` gets, on this machine (see the real tests). */
export const SELECT_ERRORS = {
  /** gcc -O2 -D_FORTIFY_SOURCE=2, glibc 2.36: FD_SET(1024, &set) aborts (SIGABRT) before select is called. */
  fortify: '*** bit out of range 0 - FD_SETSIZE on fd_set ***: terminated',
  /** CPython's select.select refuses before calling the kernel. */
  python: 'ValueError: filedescriptor out of range in select()',
} as const;

export interface Registration {
  /** System calls paid once, before the first wait: one `epoll_ctl` per descriptor; one `kevent` for all. */
  calls: number;
  /** Descriptors registered. */
  entries: number;
  /** Bytes passed into the kernel for the registration. */
  bytesIn: number;
}

export interface WaitCall {
  mechanism: Mechanism;
  n: number;
  k: number;
  /** Highest descriptor number among the N. */
  maxFd: number;
  /** False only for select with maxFd ≥ FD_SETSIZE: the call is never made. */
  ok: boolean;
  /** The first argument the program passes: select's nfds = maxFd + 1; poll's nfds = N; epoll/kqueue: the capacity of the events array. */
  countArg: number;
  /** Bytes copied into the kernel by this call (descriptor data only; the timeout is left out). */
  bytesIn: number;
  /** Bytes copied back to the program. */
  bytesOut: number;
  /** Full passes over the registered descriptors (select/poll: 1, or 2 when nothing is ready; epoll/kqueue: 0). */
  passes: number;
  /** Bitmap bits the kernel walks (select only: nfds per pass), 0 otherwise. */
  bitsWalked: number;
  /** Descriptors whose readiness the kernel checks during this call (the driver's poll callback is called). */
  kernelChecks: number;
  /** Descriptors reported ready. */
  returned: number;
  /** Ready descriptors that did not fit into the events array: the next call returns them. */
  leftForNextCall: number;
  /** Entries the program must look at afterwards to find the ready ones (FD_ISSET / revents / the events). */
  userChecks: number;
  /** Paid once per descriptor, not per call (epoll, kqueue); null for select and poll. */
  registration: Registration | null;
}

export interface WaitOptions {
  /** epoll_wait's maxevents / kevent's nevents. Default: room for every ready descriptor. */
  maxEvents?: number;
}

function checkCounts(n: number, k: number): void {
  if (!Number.isInteger(n) || n < N_MIN) throw new RangeError(`N must be an integer ≥ ${N_MIN}, got ${n}`);
  if (!Number.isInteger(k) || k < 0 || k > n) throw new RangeError(`K must be an integer in 0 … N, got ${k}`);
}

/** Bytes of one bitmap the kernel copies for a given nfds (fs/select.c FDS_BYTES: whole longs). */
export function fdsBytes(nfds: number): number {
  return Math.ceil(nfds / (LONG_BYTES * 8)) * LONG_BYTES;
}

export function maxFdFor(n: number): number {
  return FIRST_FD + n - 1;
}

/** select fails exactly when some descriptor does not fit into an fd_set. */
export function selectFails(maxFd: number): boolean {
  return maxFd >= FD_SETSIZE;
}

export function waitCall(mechanism: Mechanism, n: number, k: number, options: WaitOptions = {}): WaitCall {
  checkCounts(n, k);
  const maxFd = maxFdFor(n);
  const base = { mechanism, n, k, maxFd };
  switch (mechanism) {
    case 'select': {
      const nfds = maxFd + 1;
      if (selectFails(maxFd)) {
        return {
          ...base,
          ok: false,
          countArg: nfds,
          bytesIn: 0,
          bytesOut: 0,
          passes: 0,
          bitsWalked: 0,
          kernelChecks: 0,
          returned: 0,
          leftForNextCall: 0,
          userChecks: 0,
          registration: null,
        };
      }
      const passes = k === 0 ? 2 : 1;
      return {
        ...base,
        ok: true,
        countArg: nfds,
        bytesIn: fdsBytes(nfds),
        bytesOut: fdsBytes(nfds),
        passes,
        bitsWalked: passes * nfds,
        kernelChecks: passes * n,
        returned: k,
        leftForNextCall: 0,
        userChecks: n,
        registration: null,
      };
    }
    case 'poll': {
      const passes = k === 0 ? 2 : 1;
      return {
        ...base,
        ok: true,
        countArg: n,
        bytesIn: n * POLLFD_BYTES,
        bytesOut: n * REVENTS_BYTES,
        passes,
        bitsWalked: 0,
        kernelChecks: passes * n,
        returned: k,
        leftForNextCall: 0,
        userChecks: n,
        registration: null,
      };
    }
    case 'epoll':
    case 'kqueue': {
      const capacity = options.maxEvents ?? Math.max(1, k);
      if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`maxEvents must be ≥ 1, got ${capacity}`);
      const returned = Math.min(k, capacity);
      const eventBytes = mechanism === 'epoll' ? EPOLL_EVENT_BYTES : KEVENT_BYTES;
      return {
        ...base,
        ok: true,
        countArg: capacity,
        bytesIn: 0,
        bytesOut: returned * eventBytes,
        passes: 0,
        bitsWalked: 0,
        kernelChecks: returned,
        returned,
        leftForNextCall: k - returned,
        userChecks: returned,
        registration: registrationFor(mechanism, n),
      };
    }
  }
}

export function registrationFor(mechanism: 'epoll' | 'kqueue', n: number): Registration {
  return mechanism === 'epoll'
    ? { calls: n, entries: n, bytesIn: n * EPOLL_EVENT_BYTES }
    : { calls: 1, entries: n, bytesIn: n * KEVENT_BYTES };
}

// ---------------------------------------------------------------------------------------------------------------
// Which descriptors are ready: K of N, spread evenly (deterministic, no randomness).

/** True when the i-th registered descriptor (0-based) is one of the K ready ones. Exactly K of 0 … N-1 are. */
export function isReady(i: number, n: number, k: number): boolean {
  if (k <= 0 || i < 0 || i >= n) return false;
  // Bresenham-style spread, shifted by half a step so the first ready one is not always descriptor 3.
  const before = Math.floor((i * k + Math.floor(n / 2)) / n);
  const after = Math.floor(((i + 1) * k + Math.floor(n / 2)) / n);
  return after > before;
}

/** Ready descriptors among the first `count` registered ones (exact, O(1)). */
export function readyAmongFirst(count: number, n: number, k: number): number {
  const c = Math.max(0, Math.min(count, n));
  return Math.floor((c * k + Math.floor(n / 2)) / n) - Math.floor(Math.floor(n / 2) / n);
}

export interface GridCell {
  fd: number;
  ready: boolean;
}

export interface Grid {
  cells: readonly GridCell[];
  /** Registered descriptors not drawn. */
  more: number;
  /** Ready descriptors among those not drawn. */
  moreReady: number;
}

export function grid(n: number, k: number): Grid {
  checkCounts(n, k);
  const drawn = Math.min(n, GRID_MAX);
  const cells: GridCell[] = [];
  for (let i = 0; i < drawn; i++) cells.push({ fd: FIRST_FD + i, ready: isReady(i, n, k) });
  return { cells, more: n - drawn, moreReady: k - readyAmongFirst(drawn, n, k) };
}

// ---------------------------------------------------------------------------------------------------------------
// The animation of one call, as a pure function of its progress p ∈ [0, 1].

export type Phase = 'copy-in' | 'scan' | 'sleep' | 'copy-out' | 'done' | 'refused';

export interface Frame {
  phase: Phase;
  /**
   * select/poll: the first `drawnChecked` drawn cells have been checked (the scan goes in descriptor order).
   * epoll/kqueue: the first `drawnChecked` of the drawn *ready* cells have been handed back (no other cell is touched).
   */
  drawnChecked: number;
  /** Descriptors beyond the drawn ones checked so far (counted, not drawn). */
  moreChecked: number;
  /** Ready descriptors found so far. */
  found: number;
}

/** How long the animation of a call lasts, in milliseconds (a scan of everything takes longer to watch). */
export function animationMs(call: WaitCall): number {
  if (!call.ok) return 0;
  return call.passes > 0 ? 2400 : 1200;
}

interface Segment {
  phase: Exclude<Phase, 'done' | 'refused'>;
  share: number;
}

/** The phases of one call and their shares of the animation. */
export function segments(call: WaitCall): readonly Segment[] {
  if (!call.ok) return [];
  if (call.mechanism === 'select' || call.mechanism === 'poll') {
    return call.passes === 2
      ? [
          { phase: 'copy-in', share: 0.1 },
          { phase: 'scan', share: 0.3 },
          { phase: 'sleep', share: 0.2 },
          { phase: 'scan', share: 0.3 },
          { phase: 'copy-out', share: 0.1 },
        ]
      : [
          { phase: 'copy-in', share: 0.15 },
          { phase: 'scan', share: 0.7 },
          { phase: 'copy-out', share: 0.15 },
        ];
  }
  return call.returned === 0
    ? [
        { phase: 'sleep', share: 0.85 },
        { phase: 'copy-out', share: 0.15 },
      ]
    : [
        { phase: 'scan', share: 0.85 },
        { phase: 'copy-out', share: 0.15 },
      ];
}

export function frameAt(call: WaitCall, p: number): Frame {
  const t = Math.min(1, Math.max(0, Number.isFinite(p) ? p : 1));
  if (!call.ok) return { phase: 'refused', drawnChecked: 0, moreChecked: 0, found: 0 };
  if (t >= 1) return scannedFrame(call, 1, 'done');
  let start = 0;
  for (const seg of segments(call)) {
    if (t < start + seg.share) {
      const s = (t - start) / seg.share;
      if (seg.phase === 'scan') return scannedFrame(call, s, 'scan');
      if (seg.phase === 'copy-in') return { phase: 'copy-in', drawnChecked: 0, moreChecked: 0, found: 0 };
      if (seg.phase === 'sleep') {
        // select/poll sleep after a full pass that found nothing; epoll/kqueue before checking anything.
        return call.passes > 0
          ? { ...scannedFrame(call, 1, 'sleep'), found: 0 }
          : { phase: 'sleep', drawnChecked: 0, moreChecked: 0, found: 0 };
      }
      return scannedFrame(call, 1, 'copy-out');
    }
    start += seg.share;
  }
  return scannedFrame(call, 1, 'done');
}

/** The state of one pass over the descriptors (select/poll) or over the ready list (epoll/kqueue) at s ∈ [0, 1]. */
function scannedFrame(call: WaitCall, s: number, phase: Phase): Frame {
  const drawn = Math.min(call.n, GRID_MAX);
  if (call.mechanism === 'select' || call.mechanism === 'poll') {
    const checked = Math.min(call.n, Math.floor(s * call.n));
    return {
      phase,
      drawnChecked: Math.min(drawn, checked),
      moreChecked: Math.max(0, checked - drawn),
      found: readyAmongFirst(checked, call.n, call.k),
    };
  }
  // The ready list holds exactly the ready descriptors; the drawn ones among them light up in proportion.
  const readyDrawn = Math.min(call.returned, readyAmongFirst(drawn, call.n, call.k));
  const found = Math.min(call.returned, Math.floor(s * call.returned));
  const drawnChecked = Math.min(readyDrawn, Math.floor(s * readyDrawn));
  return { phase, drawnChecked, moreChecked: found - drawnChecked, found };
}

// ---------------------------------------------------------------------------------------------------------------
// The chart: work per call against N, for all four.

export type Metric = 'checks' | 'bytes';
export const METRICS: readonly Metric[] = ['checks', 'bytes'];

export function metricOf(call: WaitCall, metric: Metric): number {
  return metric === 'checks' ? call.kernelChecks : call.bytesIn + call.bytesOut;
}

/** N values of the chart: 1-2-5 steps from 1 to 100,000, plus select's last working N. */
export function chartNs(): number[] {
  const ns: number[] = [];
  for (let decade = 1; decade <= N_MAX; decade *= 10) {
    for (const m of [1, 2, 5]) if (decade * m <= N_MAX) ns.push(decade * m);
  }
  ns.push(SELECT_MAX_N);
  return [...new Set(ns)].sort((a, b) => a - b);
}

export interface SeriesPoint {
  n: number;
  y: number;
}

/**
 * Work per call for one mechanism with K ready (K is capped at N at each point). Points where the call is refused
 * (select past FD_SETSIZE) are left out, and so are zeros, which a logarithmic axis cannot show.
 */
export function series(mechanism: Mechanism, metric: Metric, k: number): SeriesPoint[] {
  const points: SeriesPoint[] = [];
  for (const n of chartNs()) {
    const call = waitCall(mechanism, n, Math.min(k, n));
    if (!call.ok) continue;
    const y = metricOf(call, metric);
    if (y > 0) points.push({ n, y });
  }
  return points;
}

// ---------------------------------------------------------------------------------------------------------------
// The demo's state and its transitions (state in, state out).

export interface SelectEpollState {
  mechanism: Mechanism;
  n: number;
  k: number;
  metric: Metric;
  /** The last call made with "call wait", or null before the first one / after the inputs changed. */
  last: WaitCall | null;
  /** Calls made so far, for the live announcement. */
  calls: number;
}

/**
 * select at 100 descriptors, 10 of them ready, its call already made: the slide opens on a picture (the scanned grid and
 * what the call cost), not on a button the presenter would need the mouse for.
 */
export function initialState(): SelectEpollState {
  return callWait({ mechanism: 'select', n: 100, k: 10, metric: 'checks', last: null, calls: 0 });
}

export function clampN(n: number): number {
  if (!Number.isFinite(n)) return N_MIN;
  return Math.min(N_MAX, Math.max(N_MIN, Math.round(n)));
}

export function setMechanism(s: SelectEpollState, mechanism: Mechanism): SelectEpollState {
  return s.mechanism === mechanism ? s : { ...s, mechanism, last: null };
}

/** Changing N keeps K when it still fits, else K becomes N. */
export function setN(s: SelectEpollState, n: number): SelectEpollState {
  const next = clampN(n);
  return { ...s, n: next, k: Math.min(s.k, next), last: null };
}

export function setK(s: SelectEpollState, k: number): SelectEpollState {
  const next = Number.isFinite(k) ? Math.min(s.n, Math.max(0, Math.round(k))) : 0;
  return { ...s, k: next, last: null };
}

export function setMetric(s: SelectEpollState, metric: Metric): SelectEpollState {
  return { ...s, metric };
}

export function callWait(s: SelectEpollState): SelectEpollState {
  return { ...s, last: waitCall(s.mechanism, s.n, s.k), calls: s.calls + 1 };
}

/** The current inputs as a call (what "call wait" would do), for the figures shown before pressing it. */
export function preview(s: SelectEpollState): WaitCall {
  return waitCall(s.mechanism, s.n, s.k);
}

// ---------------------------------------------------------------------------------------------------------------
// The demo contract (lib/demo-contract.ts).

export { SPEAKER_SEQUENCE };

/** The speaker sequence, checked here against the state it sets. */
const STEPS: readonly Pick<SelectEpollState, 'mechanism' | 'n' | 'k'>[] = SPEAKER_SEQUENCE;

/**
 * Step 0 is the initial state (select at 100, its call made); steps 1 … 3 set the mechanism and the counts and
 * make the call at once, keeping what else the person chose (the chart's metric).
 */
export function stateForStep(step: number, current: SelectEpollState): SelectEpollState {
  const i = clampIndex(step, STEPS.length);
  const spec = STEPS[i];
  if (i === 0 || !spec) return initialState();
  return callWait({ ...current, mechanism: spec.mechanism, n: spec.n, k: spec.k, last: null });
}
