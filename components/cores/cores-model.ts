/**
 * All the cores: how a server spreads its connections over N cores, and what one blocking handler does to the
 * others' latency. Pure: no DOM, no timers; the client ports come from a fixed list, the hash is `hashString`.
 *
 * Requests arrive one every `GAP_MS`, one connection each, from the same client to the same server port (so the
 * connections differ only in their source port). Each request needs `WORK_MS` of CPU; with `blocking`, the first
 * one blocks its thread for `BLOCK_MS` (a synchronous call inside an async handler). A worker (a loop, a thread)
 * runs its requests one at a time, in the order they reached it. Four strategies:
 * - `one-loop`: one process, one event loop: every request on worker 0, whatever the number of cores;
 * - `reuseport`: one loop per core, each with its own listening socket bound with SO_REUSEPORT; the kernel picks a
 *   socket by a hash of the connection's 4-tuple (net/core/sock_reuseport.c, `reuseport_select_sock`), blind to load;
 * - `cluster`: Node's cluster module on Linux (SCHED_RR, lib/internal/cluster/round_robin_handle.js): the primary
 *   accepts and hands each connection to the first worker on its free list; a worker goes back on the list, at the
 *   end, when its loop has taken the connection and acknowledged it. A worker whose loop is blocked acknowledges
 *   nothing, so it gets one connection more at most; with no worker free the connection waits in the primary;
 * - `stealing`: one runtime, one worker thread per core (Tokio's multi-threaded scheduler); a worker with nothing
 *   to do steals queued tasks from the others, so a request waits only for the first free worker.
 */

import { hashString } from '../../lib/random.ts';
import { clampIndex } from '../../lib/stepping.ts';
import { SPEAKER_SEQUENCE } from './cores-sequence.ts';

export { SPEAKER_SEQUENCE };

export const STRATEGIES = ['one-loop', 'reuseport', 'cluster', 'stealing'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export const LIMITS = { cores: { min: 1, max: 8 } } as const;
/** Requests in the burst. */
export const REQUESTS = 12;
/** Between two arrivals, ms. */
export const GAP_MS = 5;
/** CPU per request, ms. */
export const WORK_MS = 10;
/** How long the blocking handler holds its thread, ms. */
export const BLOCK_MS = 200;
/** The client's ephemeral source ports, one per connection, in arrival order. */
export const CLIENT_PORTS: readonly number[] = Array.from({ length: REQUESTS }, (_, i) => 40_021 + i);
/** The rest of the 4-tuple. */
export const CLIENT_ADDR = '10.0.0.7';
export const SERVER_ADDR = '10.0.0.1';
export const SERVER_PORT = 8000;

export interface CoresState {
  readonly cores: number;
  readonly strategy: Strategy;
  readonly blocking: boolean;
}

export interface Slot {
  /** The request, 1-based, in arrival order. */
  readonly request: number;
  readonly start: number;
  readonly end: number;
  readonly blocks: boolean;
}

export interface Schedule {
  /** Each worker's requests in the order it ran them (one lane per core; `one-loop` uses lane 0 only). */
  readonly lanes: readonly (readonly Slot[])[];
  /** How long each request waited for its answer, from its arrival (index 0: request 1), ms. */
  readonly latency: readonly number[];
  /** The slowest answer, ms. */
  readonly last: number;
  /** Requests that waited behind the blocking one: after it on its worker. */
  readonly delayed: number;
  /** Cores that ran nothing. */
  readonly idle: number;
}

/**
 * The stand-in for the kernel's choice among N SO_REUSEPORT sockets: a hash of the 4-tuple scaled to N. The
 * kernel's hash is seeded per boot, so which socket gets which connection differs from machine to machine; what
 * holds everywhere is that it depends on the 4-tuple only, never on how busy a socket's process is.
 */
export function reuseportSocket(clientPort: number, n: number): number {
  const h = hashString(`${CLIENT_ADDR}:${clientPort}>${SERVER_ADDR}:${SERVER_PORT}`);
  return Math.floor((h / 2 ** 32) * n);
}

/** Which worker each request goes to when the choice ignores load (index 0: request 1). */
export function assign(strategy: 'one-loop' | 'reuseport', cores: number): number[] {
  return CLIENT_PORTS.map((port) => (strategy === 'one-loop' ? 0 : reuseportSocket(port, cores)));
}

const duration = (i: number, blocking: boolean): number => (blocking && i === 0 ? BLOCK_MS : WORK_MS);
/** When request `i` (0-based) arrives, ms. */
export const arrival = (i: number): number => i * GAP_MS;
/** Every schedule ends by then: the last arrival, then every request's work one after another. */
export const HORIZON_MS = arrival(REQUESTS - 1) + BLOCK_MS + REQUESTS * WORK_MS;

function run(strategy: Strategy, cores: number, blocking: boolean): Slot[][] {
  const lanes: Slot[][] = Array.from({ length: cores }, () => []);
  /** When each worker's loop is free again. */
  const end = new Array<number>(cores).fill(0);
  const place = (w: number, i: number, at: number) => {
    const start = Math.max(at, end[w] ?? 0);
    const slot = { request: i + 1, start, end: start + duration(i, blocking), blocks: blocking && i === 0 };
    lanes[w]?.push(slot);
    end[w] = slot.end;
    return slot;
  };
  if (strategy === 'stealing') {
    // Whichever worker is free first (the lowest-numbered on a tie) runs or steals the next request.
    for (let i = 0; i < REQUESTS; i++) {
      let w = 0;
      for (let k = 1; k < cores; k++) if (Math.max(arrival(i), end[k] ?? 0) < Math.max(arrival(i), end[w] ?? 0)) w = k;
      place(w, i, arrival(i));
    }
    return lanes;
  }
  if (strategy === 'cluster') {
    // The primary's free list: [worker, when it acknowledged, order]; at first every worker, in order.
    const free = Array.from({ length: cores }, (_, w) => ({ w, at: 0, order: w - cores }));
    for (let i = 0; i < REQUESTS; i++) {
      free.sort((x, y) => x.at - y.at || x.order - y.order);
      const first = free[0] ?? { w: 0, at: 0, order: 0 };
      const handoff = Math.max(arrival(i), first.at);
      const slot = place(first.w, i, handoff);
      // The worker's loop takes the connection (and acknowledges it) when it is free: then it is on the list again.
      first.at = slot.start;
      first.order = i;
    }
    return lanes;
  }
  const to = assign(strategy, cores);
  to.forEach((w, i) => place(w, i, arrival(i)));
  return lanes;
}

export function schedule(s: CoresState): Schedule {
  const lanes = run(s.strategy, s.cores, s.blocking);
  const ends = (ls: Slot[][]) => {
    const out = new Array<number>(REQUESTS).fill(0);
    for (const lane of ls) for (const slot of lane) out[slot.request - 1] = slot.end - arrival(slot.request - 1);
    return out;
  };
  const latency = ends(lanes);
  const blocked = lanes.find((l) => l.some((slot) => slot.blocks)) ?? [];
  const delayed = blocked.filter((slot) => !slot.blocks).length;
  return {
    lanes,
    latency,
    last: Math.max(...latency),
    delayed,
    idle: lanes.filter((l) => l.length === 0).length,
  };
}

/** How many requests each worker got. */
export function perWorker(sched: Schedule): number[] {
  return sched.lanes.map((l) => l.length);
}

// ------------------------------------------------------------------------------------------ the demo's state

export function initialState(): CoresState {
  return stateForStep(0, { cores: 4, strategy: 'one-loop', blocking: false });
}

/** Speaker step `step` (clamped): its strategy and handler, on the person's number of cores (4 at first). */
export function stateForStep(step: number, current: CoresState): CoresState {
  const e = SPEAKER_SEQUENCE[clampIndex(step, SPEAKER_SEQUENCE.length)] ?? SPEAKER_SEQUENCE[0];
  return { cores: current.cores, strategy: e.strategy, blocking: e.blocking };
}

export function setStrategy(s: CoresState, strategy: Strategy): CoresState {
  return s.strategy === strategy ? s : { ...s, strategy };
}

export function setBlocking(s: CoresState, blocking: boolean): CoresState {
  return s.blocking === blocking ? s : { ...s, blocking };
}

export function setCores(s: CoresState, cores: number): CoresState {
  const n = Math.min(LIMITS.cores.max, Math.max(LIMITS.cores.min, Math.round(Number.isFinite(cores) ? cores : 4)));
  return n === s.cores ? s : { ...s, cores: n };
}
