/**
 * heavy-task: one heavy task on a Node server's event loop, and what it does to everyone else.
 *
 * Pure model: no DOM, no timers; the optional jitter comes from a seeded generator.
 *
 * The server: requests arrive every `intervalMs` (5 ms = 200 requests/s), each needs `serviceMs` (2 ms)
 * of the main thread. At `startMs` a request arrives that starts a heavy task of `heavyMs` (300 ms) of CPU:
 *  - inline:  the handler runs all of it at once; the loop stands still for 300 ms;
 *  - chunked: the handler runs `chunkMs` of it, then `await new Promise(setImmediate)`; the rest runs in
 *             pieces in the check phase, and the requests that arrived meanwhile run between pieces;
 *  - worker:  the handler posts the job to a worker thread (another core); the main loop stays free and
 *             gets a message when the worker is done.
 *
 * The loop, after libuv: each turn has a poll phase (run the callbacks of everything that has arrived by
 * the time the poll starts, in arrival order; what arrives while they run waits for the next poll) and a
 * check phase (run `setImmediate` callbacks queued before the phase began: here, the next piece). If nothing
 * is ready the loop sleeps until the next arrival. Times are kept in whole microseconds, so runs are exact.
 *
 * Latency of a request = the end of its 2 ms of work − its arrival. Percentiles use the nearest-rank
 * definition: the p-th percentile of N sorted values is the value at rank ⌈p/100 · N⌉ (1-based).
 */

import * as stepping from '../../lib/stepping.ts';
import { mulberry32 } from '../../lib/random.ts';
import { SPEAKER_SEQUENCE } from './heavy-task-sequence.ts';

export { mulberry32, SPEAKER_SEQUENCE };

export type Mode = 'inline' | 'chunked' | 'worker';
export const MODES: readonly Mode[] = ['inline', 'chunked', 'worker'];

// The sequence is plain data without imports; typed here, so its entries are checked against the model's types.
const SEQUENCE: readonly { readonly mode: Mode }[] = SPEAKER_SEQUENCE;

export interface HeavyParams {
  readonly mode: Mode;
  /** When the request that starts the heavy task arrives, ms. */
  readonly startMs: number;
  /** CPU time of the heavy task, ms. */
  readonly heavyMs: number;
  /** CPU time of one piece in chunked mode, ms. */
  readonly chunkMs: number;
  /** Time between two ordinary requests, ms (5 ms = 200 requests/s). */
  readonly intervalMs: number;
  /** CPU time of one ordinary request, ms. */
  readonly serviceMs: number;
  /** Ordinary requests arrive in [0, durationMs). */
  readonly durationMs: number;
  /** Each arrival moves later by a uniform random amount in [0, jitterMs); 0 = exactly periodic. */
  readonly jitterMs: number;
  /** Seed of the jitter. */
  readonly seed: number;
}

export const DEFAULT_PARAMS: HeavyParams = {
  mode: 'inline',
  startMs: 200,
  heavyMs: 300,
  chunkMs: 10,
  intervalMs: 5,
  serviceMs: 2,
  durationMs: 1000,
  jitterMs: 0,
  seed: 1,
};

/** Slider ranges for the view (and the clamp below). */
export const LIMITS = {
  startMs: { min: 0, max: 600, step: 10 },
  chunkMs: { min: 1, max: 100, step: 1 },
  jitterMs: { min: 0, max: 10, step: 1 },
  heavyMs: { min: 10, max: 1000, step: 10 },
} as const;

export interface RequestRecord {
  readonly id: number;
  readonly arrival: number;
  readonly start: number;
  readonly end: number;
  /** end − arrival, ms. */
  readonly latency: number;
}

export interface Segment {
  readonly kind: 'request' | 'heavy' | 'message';
  readonly start: number;
  readonly end: number;
}

export interface Stats {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export interface SimResult {
  readonly params: HeavyParams;
  /** Ordinary requests, in arrival order. */
  readonly requests: readonly RequestRecord[];
  /** What the main thread did, in time order (gaps are idle). */
  readonly main: readonly Segment[];
  /** What the worker thread did (worker mode only). */
  readonly worker: readonly Segment[];
  /** The heavy request: arrival, when its handler started, when its result was ready. */
  readonly heavy: { readonly arrival: number; readonly start: number; readonly end: number; readonly pieces: number };
  readonly stats: Stats;
  /** When the last work on the main thread ended, ms. */
  readonly endMs: number;
}

// ---------------------------------------------------------------------------------------------

/** Nearest-rank percentile: the value at rank ⌈p/100 · N⌉ of the sorted values (NaN for no values). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function stats(latencies: readonly number[]): Stats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/** Brings parameters into range (the view's sliders cannot go further). */
export function normalize(p: HeavyParams): HeavyParams {
  return {
    ...p,
    startMs: clamp(p.startMs, LIMITS.startMs.min, LIMITS.startMs.max),
    chunkMs: clamp(p.chunkMs, LIMITS.chunkMs.min, LIMITS.chunkMs.max),
    jitterMs: clamp(p.jitterMs, LIMITS.jitterMs.min, LIMITS.jitterMs.max),
    heavyMs: clamp(p.heavyMs, LIMITS.heavyMs.min, LIMITS.heavyMs.max),
    intervalMs: Math.max(0.1, p.intervalMs),
    serviceMs: Math.max(0, p.serviceMs),
    durationMs: Math.max(0, p.durationMs),
  };
}

const US = 1000; // microseconds per ms
const us = (ms: number) => Math.round(ms * US);
const ms = (u: number) => u / US;

type Event =
  | { readonly kind: 'request'; readonly at: number; readonly id: number }
  | { readonly kind: 'heavy'; readonly at: number }
  | { readonly kind: 'worker-done'; readonly at: number };

/** Arrival times of ordinary requests, µs, in order. */
export function arrivals(p: HeavyParams): number[] {
  const rnd = mulberry32(p.seed);
  const out: number[] = [];
  const step = us(p.intervalMs);
  const end = us(p.durationMs);
  for (let t = 0; t < end; t += step) out.push(t + (p.jitterMs > 0 ? Math.floor(rnd() * us(p.jitterMs)) : 0));
  return out.sort((a, b) => a - b);
}

/** Runs the server for the given parameters. Pure and deterministic. */
export function simulate(input: HeavyParams): SimResult {
  const p = normalize(input);
  const arr = arrivals(p);
  const service = us(p.serviceMs);
  const heavyWork = us(p.heavyMs);
  const chunk = us(p.chunkMs);
  const heavyAt = us(p.startMs);

  // Pending arrivals, in time order; at equal times ordinary requests come first, then the heavy one.
  const events: Event[] = arr.map((at, id) => ({ kind: 'request' as const, at, id }));
  events.push({ kind: 'heavy', at: heavyAt });
  const order = (e: Event) => (e.kind === 'request' ? 0 : e.kind === 'heavy' ? 1 : 2);
  const sortEvents = () =>
    events.sort(
      (a, b) => a.at - b.at || order(a) - order(b) || (a.kind === 'request' && b.kind === 'request' ? a.id - b.id : 0),
    );
  sortEvents();

  const requests: RequestRecord[] = [];
  const main: Segment[] = [];
  const worker: Segment[] = [];
  let heavyStart = -1;
  let heavyEnd = -1;
  let heavyLeft = heavyWork;
  let pieces = 0;
  let immediate = false; // a piece is queued with setImmediate
  let now = 0;

  const runPiece = () => {
    const d = Math.min(chunk, heavyLeft);
    main.push({ kind: 'heavy', start: ms(now), end: ms(now + d) });
    now += d;
    heavyLeft -= d;
    pieces++;
    if (heavyLeft > 0) immediate = true;
    else heavyEnd = now;
  };

  for (let guard = 0; guard < 1_000_000; guard++) {
    // Poll phase: everything that has arrived by now.
    const ready: Event[] = [];
    while (events.length && events[0]!.at <= now) ready.push(events.shift()!);
    if (ready.length === 0 && !immediate) {
      if (!events.length) break;
      now = events[0]!.at; // sleep in epoll_wait until the next arrival
      continue;
    }
    for (const e of ready) {
      if (e.kind === 'request') {
        const start = now;
        now += service;
        requests.push({ id: e.id, arrival: ms(e.at), start: ms(start), end: ms(now), latency: ms(now - e.at) });
        main.push({ kind: 'request', start: ms(start), end: ms(now) });
      } else if (e.kind === 'heavy') {
        heavyStart = now;
        if (p.mode === 'inline') {
          main.push({ kind: 'heavy', start: ms(now), end: ms(now + heavyWork) });
          now += heavyWork;
          heavyLeft = 0;
          pieces = 1;
          heavyEnd = now;
        } else if (p.mode === 'chunked') {
          runPiece();
        } else {
          // postMessage to a worker on another core; the worker starts at once.
          worker.push({ kind: 'heavy', start: ms(now), end: ms(now + heavyWork) });
          pieces = 1;
          heavyLeft = 0;
          events.push({ kind: 'worker-done', at: now + heavyWork });
          sortEvents();
        }
      } else {
        // The worker's message: its callback runs on the main thread (cost neglected).
        main.push({ kind: 'message', start: ms(now), end: ms(now) });
        heavyEnd = now;
      }
    }
    // Check phase: the piece queued by setImmediate (one per turn: a new setImmediate waits for the next turn).
    if (immediate) {
      immediate = false;
      runPiece();
    }
  }

  requests.sort((a, b) => a.arrival - b.arrival || a.id - b.id);
  const endMs = main.length ? main[main.length - 1]!.end : 0;
  return {
    params: p,
    requests,
    main,
    worker,
    heavy: { arrival: ms(heavyAt), start: ms(heavyStart), end: ms(heavyEnd), pieces },
    stats: stats(requests.map((r) => r.latency)),
    endMs,
  };
}

/** The same server under each of the three modes (for the table of p50/p99/max). */
export function compareModes(p: HeavyParams): Record<Mode, SimResult> {
  return {
    inline: simulate({ ...p, mode: 'inline' }),
    chunked: simulate({ ...p, mode: 'chunked' }),
    worker: simulate({ ...p, mode: 'worker' }),
  };
}

// ---------------------------------------------------------------------------------------------
// The slide's state: parameters with an undo history, and a playhead for the animation.

export interface HeavyState {
  readonly params: HeavyParams;
  /** Earlier parameters, most recent last: `undo` pops. */
  readonly history: readonly HeavyParams[];
  /** Simulated time shown so far, ms: the chart shows the requests answered by then. */
  readonly playheadMs: number;
  /** When the run's last answer is sent, ms: the end of the playhead's range. */
  readonly horizonMs: number;
}

/** The end of a run: the last answer sent, or the heavy task's end, whichever is later. */
export function horizonOf(r: SimResult): number {
  return Math.max(r.endMs, r.heavy.end, r.params.durationMs);
}

/**
 * The time axis the threads' lanes and the chart share (ms): the latest end of the three modes' runs, so that a click
 * from one mode to the next never rescales it (1,000 ms on the defaults).
 */
export function axisMs(runs: Readonly<Record<Mode, SimResult>>): number {
  return Math.max(...MODES.map((m) => horizonOf(runs[m])));
}

function withParams(p: HeavyParams, history: readonly HeavyParams[]): HeavyState {
  const horizonMs = horizonOf(simulate(p));
  return { params: p, history, playheadMs: horizonMs, horizonMs };
}

/** The state a fresh demo shows: the default run (inline), whole; `params` overrides some defaults. */
export function initialState(params: Partial<HeavyParams> = {}): HeavyState {
  return withParams(normalize({ ...DEFAULT_PARAMS, ...params }), []);
}

/**
 * The state for a speaker step (heavy-task-sequence.ts): step 0 is the initial state; a later step sets its mode
 * on what the person has now (their chunk size, start and jitter stay), kept in the history like any change.
 */
export function stateForStep(step: number, current: HeavyState): HeavyState {
  const i = stepping.clampIndex(step, SEQUENCE.length);
  return update(i === 0 ? initialState() : current, { mode: SEQUENCE[i]!.mode });
}

/** Changes parameters (kept in the history); the playhead shows the whole run. */
export function update(s: HeavyState, patch: Partial<HeavyParams>): HeavyState {
  const next = normalize({ ...s.params, ...patch });
  if (JSON.stringify(next) === JSON.stringify(s.params)) return s;
  return withParams(next, [...s.history, s.params]);
}

export function undo(s: HeavyState): HeavyState {
  const prev = s.history[s.history.length - 1];
  if (!prev) return s;
  return withParams(prev, s.history.slice(0, -1));
}

/** Starts a replay from time 0. */
export function reset(s: HeavyState): HeavyState {
  return { ...s, playheadMs: 0 };
}

/** Moves the playhead by `dtMs` of simulated time (negative goes back), within [0, horizon]. */
export function advance(s: HeavyState, dtMs: number): HeavyState {
  return { ...s, playheadMs: clamp(s.playheadMs + dtMs, 0, s.horizonMs) };
}

/** Jumps to the end of the run (what a reduced-motion "play" does). */
export function toEnd(s: HeavyState): HeavyState {
  return { ...s, playheadMs: s.horizonMs };
}

export function finished(s: HeavyState): boolean {
  return s.playheadMs >= s.horizonMs;
}

/** Requests answered by the playhead (a latency is known only once the answer is sent). */
export function visibleRequests(r: SimResult, playheadMs: number): RequestRecord[] {
  return r.requests.filter((q) => q.end <= playheadMs);
}
