/**
 * A deterministic model of libuv's thread pool (src/threadpool.c, libuv 1.x as shipped with Node 20).
 *
 * Pure: no DOM, no timers, no randomness. Parameters in, a schedule out.
 *
 * What the model reproduces from libuv's `worker()` and `post()`:
 * - one global FIFO work queue `wq`, served by `nthreads` threads; a free thread takes the head;
 * - `nthreads` comes from `UV_THREADPOOL_SIZE` (`atoi`, 0 → 1, more than 1024 → 1024, default 4), read once
 *   when the pool is first used;
 * - "slow I/O" (`getaddrinfo`, i.e. `dns.lookup`, and `getnameinfo`) waits in a separate queue
 *   `slow_io_pending_wq`, represented in `wq` by a single marker (`run_slow_work_message`). At most
 *   `(nthreads + 1) / 2` threads run slow I/O at once (since 2018: libuv PR #1845, the fix for nodejs/node#8436). A thread that meets the marker while
 *   that many already run DNS puts the marker back at the tail of `wq` and takes the next item; when it does run
 *   a lookup and more lookups wait, it puts the marker back at the tail. So lookups take turns with the rest of
 *   the queue instead of filling the pool. `slowIoCap: false` models libuv before that change, where a lookup was an
 *   ordinary queue item (the classic incident: slow DNS fills every thread).
 * - file operations (`fs.*`, UV__WORK_FAST_IO) and `crypto.pbkdf2` (`uv_queue_work`, UV__WORK_CPU) are
 *   ordinary queue items.
 *
 * Simplifications (stated on the slide's notes):
 * - every request is submitted at t = 0, in the order `params.order` gives (by default all DNS lookups first,
 *   then the file reads, then the pbkdf2 calls — the incident: the lookups were first in the queue); an idle
 *   thread takes a request as soon as it is posted (see `Wake` for the race this hides);
 * - a "file read" is one pool request (one `fs.read` on an open file; `fs.readFile` is four: open, fstat, read,
 *   close);
 * - a request's service time is fixed (a DNS lookup's latency, a read's duration, a pbkdf2's CPU time). The model
 *   assumes enough cores: pbkdf2 calls running on more threads than there are cores would each take longer.
 * - when several threads are free at the same instant, the lowest-numbered one takes work first (in libuv it is
 *   whichever thread the condition variable wakes; only the thread labels differ, not the times).
 */

import * as stepping from '../../lib/stepping.ts';
import { axisFor, holdAxis } from '../../lib/ticks.ts';
import { SPEAKER_SEQUENCE, type PoolPreset } from './libuv-pool-sequence.ts';

export { SPEAKER_SEQUENCE };

export type WorkKind = 'dns' | 'file' | 'pbkdf2';

export const WORK_KINDS: readonly WorkKind[] = ['dns', 'file', 'pbkdf2'];

/** libuv's default pool size. */
export const DEFAULT_POOL_SIZE = 4;
/** libuv's MAX_THREADPOOL_SIZE since 1.30.0 (128 before). */
export const MAX_POOL_SIZE = 1024;

export interface PoolParams {
  /** UV_THREADPOOL_SIZE: 1 … 1024. */
  readonly poolSize: number;
  readonly dnsCount: number;
  /** Latency of one `dns.lookup` (time a thread spends blocked in getaddrinfo), ms. */
  readonly dnsMs: number;
  readonly fileCount: number;
  /** Service time of one file read, ms. */
  readonly fileMs: number;
  readonly pbkdf2Count: number;
  /** CPU time of one `crypto.pbkdf2`, ms. */
  readonly pbkdf2Ms: number;
  /** Submission order of the three groups. Each kind must appear exactly once. */
  readonly order: readonly WorkKind[];
  /** libuv since 2018 (PR #1845): DNS lookups use at most (n + 1) / 2 threads. */
  readonly slowIoCap: boolean;
}

export const DEFAULT_PARAMS: PoolParams = {
  poolSize: DEFAULT_POOL_SIZE,
  dnsCount: 8,
  dnsMs: 2000,
  fileCount: 6,
  fileMs: 20,
  pbkdf2Count: 4,
  pbkdf2Ms: 100,
  order: ['dns', 'file', 'pbkdf2'],
  slowIoCap: true,
};

/** Limits of the slide's sliders (the model accepts any non-negative numbers). */
export const LIMITS = {
  poolSize: { min: 1, max: MAX_POOL_SIZE },
  count: { min: 0, max: 64 },
  dnsMs: { min: 1, max: 5000 },
  fileMs: { min: 1, max: 1000 },
  pbkdf2Ms: { min: 1, max: 2000 },
} as const;

export interface PoolTask {
  /** e.g. "dns-3". */
  readonly id: string;
  readonly kind: WorkKind;
  /** 1-based index within its kind. */
  readonly index: number;
  /** 0-based position in submission order. */
  readonly seq: number;
  readonly submitAt: number;
  readonly start: number;
  readonly end: number;
  /** 0-based pool thread that ran it. */
  readonly thread: number;
}

export interface QueueStep {
  /** From this time on … */
  readonly t: number;
  /** … this many requests wait in the queue (submitted, not started). */
  readonly length: number;
}

export interface PoolSchedule {
  readonly params: PoolParams;
  /** Effective number of threads (UV_THREADPOOL_SIZE after libuv's clamping). */
  readonly threads: number;
  /** Max threads running DNS at once. */
  readonly dnsThreadLimit: number;
  /** In submission order. */
  readonly tasks: readonly PoolTask[];
  /** Time the last request ends (0 when there is none). */
  readonly makespan: number;
  /** Queue length as a step function, starting at t = 0. */
  readonly queue: readonly QueueStep[];
  /** Number of distinct threads that ran at least one request. */
  readonly threadsUsed: number;
}

/** What libuv does with the string in UV_THREADPOOL_SIZE (`atoi` into an unsigned int, then clamp). */
export function poolSizeFromEnv(value: string | undefined): number {
  if (value === undefined) return DEFAULT_POOL_SIZE;
  const m = /^[\t\n\v\f\r ]*([+-]?)(\d+)/.exec(value);
  if (!m) return 1; // atoi → 0 → 1
  const digits = m[2] ?? '0';
  const negative = m[1] === '-';
  const n = Number(digits.length > 12 ? '999999999999' : digits);
  if (n === 0) return 1;
  // A negative int stored in an unsigned int is huge, so it is clamped to the maximum.
  if (negative) return MAX_POOL_SIZE;
  return Math.min(n, MAX_POOL_SIZE);
}

/** Clamp a slider value to a valid pool size (integer 1 … 1024). */
export function clampPoolSize(n: number): number {
  if (!Number.isFinite(n)) return DEFAULT_POOL_SIZE;
  return Math.min(MAX_POOL_SIZE, Math.max(1, Math.round(n)));
}

/** libuv's slow_work_thread_threshold(). */
export function dnsThreadLimit(threads: number, slowIoCap: boolean): number {
  return slowIoCap ? Math.floor((threads + 1) / 2) : threads;
}

function durationOf(p: PoolParams, kind: WorkKind): number {
  const ms = kind === 'dns' ? p.dnsMs : kind === 'file' ? p.fileMs : p.pbkdf2Ms;
  return Math.max(0, ms);
}

function countOf(p: PoolParams, kind: WorkKind): number {
  const n = kind === 'dns' ? p.dnsCount : kind === 'file' ? p.fileCount : p.pbkdf2Count;
  return Math.max(0, Math.floor(n));
}

function normalisedOrder(order: readonly WorkKind[]): WorkKind[] {
  const seen: WorkKind[] = [];
  for (const k of order) if (WORK_KINDS.includes(k) && !seen.includes(k)) seen.push(k);
  for (const k of WORK_KINDS) if (!seen.includes(k)) seen.push(k);
  return seen;
}

interface Pending {
  readonly id: string;
  readonly kind: WorkKind;
  readonly index: number;
  readonly seq: number;
  readonly ms: number;
}

const MARKER = 'run_slow_work_message' as const;
type QueueItem = Pending | typeof MARKER;

/**
 * When do idle threads notice new work? Every request is submitted at t = 0, one after another, and `post()`
 * signals an idle thread each time. Whether that thread wakes before the next request is posted is a race
 * (tens of microseconds either way); on this machine Node shows both outcomes.
 * - 'immediate' (the slide's model): an idle thread takes a request as soon as it is posted;
 * - 'after-submit': threads wake only after everything is posted.
 * The two differ only in how DNS lookups interleave with the rest while the pool is short of threads.
 */
export type Wake = 'immediate' | 'after-submit';

export interface SimulateOptions {
  readonly wake?: Wake;
}

/** Run the model. */
export function simulatePool(params: PoolParams, options: SimulateOptions = {}): PoolSchedule {
  const wake = options.wake ?? 'immediate';
  const threads = clampPoolSize(params.poolSize);
  const limit = dnsThreadLimit(threads, params.slowIoCap);

  // --- the workers ---
  const wq: QueueItem[] = [];
  const slowPending: Pending[] = [];
  let markerQueued = false;
  const busyUntil: (number | null)[] = new Array<number | null>(threads).fill(null);
  const running: (Pending | null)[] = new Array<Pending | null>(threads).fill(null);
  let slowRunning = 0;
  const started = new Map<string, { start: number; thread: number }>();
  const results: PoolTask[] = [];

  /** One pass of worker()'s loop for a free thread; returns the job it runs, or null if it waits. */
  const pick = (): { job: Pending; slow: boolean } | null => {
    for (;;) {
      if (wq.length === 0) return null;
      const head = wq[0];
      if (head === MARKER && wq.length === 1 && slowRunning >= limit) return null;
      wq.shift();
      if (head === undefined) return null;
      if (head === MARKER) {
        markerQueued = false;
        if (slowRunning >= limit) {
          wq.push(MARKER);
          markerQueued = true;
          continue;
        }
        const job = slowPending.shift();
        if (job === undefined) continue; // cancelled: start over
        slowRunning++;
        if (slowPending.length > 0) {
          wq.push(MARKER);
          markerQueued = true;
        }
        return { job, slow: true };
      }
      return { job: head, slow: false };
    }
  };
  const slowFlags: boolean[] = new Array<boolean>(threads).fill(false);

  const assignFree = (now: number): void => {
    for (let t = 0; t < threads; t++) {
      if (busyUntil[t] !== null) continue;
      const got = pick();
      if (got === null) return; // nothing a free thread may take now
      busyUntil[t] = now + got.job.ms;
      running[t] = got.job;
      slowFlags[t] = got.slow;
      started.set(got.job.id, { start: now, thread: t });
    }
  };

  // --- submission (post() for each request, in order, at t = 0) ---
  let seq = 0;
  for (const kind of normalisedOrder(params.order)) {
    const n = countOf(params, kind);
    for (let i = 1; i <= n; i++) {
      const job: Pending = { id: `${kind}-${i}`, kind, index: i, seq: seq++, ms: durationOf(params, kind) };
      if (kind === 'dns' && params.slowIoCap) {
        slowPending.push(job);
        if (!markerQueued) {
          wq.push(MARKER);
          markerQueued = true;
        }
      } else {
        wq.push(job);
      }
      if (wake === 'immediate') assignFree(0);
    }
  }

  let now = 0;
  assignFree(now);
  for (;;) {
    let next = Infinity;
    for (const b of busyUntil) if (b !== null && b < next) next = b;
    if (next === Infinity) break;
    now = next;
    for (let t = 0; t < threads; t++) {
      if (busyUntil[t] !== now) continue;
      const job = running[t];
      const s = job ? started.get(job.id) : undefined;
      if (job && s) {
        results.push({
          id: job.id,
          kind: job.kind,
          index: job.index,
          seq: job.seq,
          submitAt: 0,
          start: s.start,
          end: now,
          thread: t,
        });
      }
      if (slowFlags[t]) slowRunning--;
      slowFlags[t] = false;
      busyUntil[t] = null;
      running[t] = null;
    }
    assignFree(now);
  }

  const tasks = results.slice().sort((a, b) => a.seq - b.seq);
  const makespan = tasks.reduce((m, x) => Math.max(m, x.end), 0);
  const threadsUsed = new Set(tasks.map((x) => x.thread)).size;
  return {
    params,
    threads,
    dnsThreadLimit: limit,
    tasks,
    makespan,
    threadsUsed,
    queue: queueSteps(tasks),
  };
}

function queueSteps(tasks: readonly PoolTask[]): QueueStep[] {
  const starts = tasks.map((x) => x.start).sort((a, b) => a - b);
  const steps: QueueStep[] = [];
  let waiting = tasks.length;
  let i = 0;
  // t = 0: everything submitted; requests starting at 0 leave at once.
  const times = [...new Set(starts)];
  if (times[0] !== 0) times.unshift(0);
  for (const t of times) {
    while (i < starts.length && starts[i] === t) {
      waiting--;
      i++;
    }
    const last = steps[steps.length - 1];
    if (!last || last.length !== waiting) steps.push({ t, length: waiting });
  }
  return steps;
}

export interface KindStats {
  readonly count: number;
  /** Wait in the queue of the first request of this kind (in submission order), ms. */
  readonly firstWait: number;
  readonly maxWait: number;
  readonly meanWait: number;
  /** When the last request of this kind completes. */
  readonly lastEnd: number;
  /** Service time of one request. */
  readonly service: number;
}

/** One lane of the drawn timeline: a run of consecutive threads that did the same kinds of work at the same times. */
export interface ThreadLane {
  /** The threads of the lane, 0-based, consecutive. */
  readonly threads: readonly number[];
  /** The work of each of its threads, in order: one entry per task, with the request numbers it spans across them. */
  readonly work: readonly {
    readonly kind: WorkKind;
    readonly start: number;
    readonly end: number;
    /** The lowest and highest request number (`PoolTask.index`) of this task across the lane's threads. */
    readonly indexes: readonly [number, number];
  }[];
}

/**
 * The threads that did any work, as lanes: a lane per thread, or with `group`, consecutive threads whose work was
 * the same (kinds, starts and ends) share one lane. Sixteen threads with 8 lookups, 6 reads and 4 pbkdf2 calls become
 * four lanes (threads 1–8: DNS; 9–10: a read then a pbkdf2; 11–14: a read; 15–16: a pbkdf2) instead of six lanes of
 * lookups and "10 more threads".
 */
export function threadLanes(s: PoolSchedule, group: boolean): ThreadLane[] {
  const byThread = new Map<number, PoolTask[]>();
  for (const task of [...s.tasks].sort((a, b) => a.start - b.start || a.seq - b.seq)) {
    const list = byThread.get(task.thread) ?? [];
    list.push(task);
    byThread.set(task.thread, list);
  }
  const shape = (tasks: readonly PoolTask[]) => tasks.map((x) => `${x.kind}@${x.start}-${x.end}`).join(',');
  const lanes: { threads: number[]; tasks: PoolTask[][] }[] = [];
  for (const thread of [...byThread.keys()].sort((a, b) => a - b)) {
    const tasks = byThread.get(thread) ?? [];
    const last = lanes[lanes.length - 1];
    const prev = last?.threads[last.threads.length - 1];
    if (group && last && prev === thread - 1 && shape(last.tasks[0] ?? []) === shape(tasks)) {
      last.threads.push(thread);
      last.tasks.push(tasks);
    } else lanes.push({ threads: [thread], tasks: [tasks] });
  }
  return lanes.map(({ threads, tasks }) => ({
    threads,
    work: (tasks[0] ?? []).map((x, i) => {
      const indexes = tasks.map((list) => list[i]?.index ?? x.index);
      return {
        kind: x.kind,
        start: x.start,
        end: x.end,
        indexes: [Math.min(...indexes), Math.max(...indexes)] as const,
      };
    }),
  }));
}

export function kindStats(s: PoolSchedule, kind: WorkKind): KindStats {
  const xs = s.tasks.filter((x) => x.kind === kind);
  const service = durationOf(s.params, kind);
  if (xs.length === 0) return { count: 0, firstWait: 0, maxWait: 0, meanWait: 0, lastEnd: 0, service };
  const waits = xs.map((x) => x.start - x.submitAt);
  return {
    count: xs.length,
    firstWait: waits[0] ?? 0,
    maxWait: Math.max(...waits),
    meanWait: waits.reduce((a, b) => a + b, 0) / waits.length,
    lastEnd: Math.max(...xs.map((x) => x.end)),
    service,
  };
}

export interface Snapshot {
  readonly t: number;
  /** Per thread: the request running at t, or null if the thread is idle. */
  readonly threads: readonly (PoolTask | null)[];
  /** Requests waiting at t, in the order they will leave the queue. */
  readonly queued: readonly PoolTask[];
  readonly done: readonly PoolTask[];
}

/** State of the pool at time t (a request is running on [start, end)). */
export function snapshotAt(s: PoolSchedule, t: number): Snapshot {
  const threads: (PoolTask | null)[] = new Array<PoolTask | null>(s.threads).fill(null);
  const queued: PoolTask[] = [];
  const done: PoolTask[] = [];
  for (const x of s.tasks) {
    if (x.start <= t && t < x.end) threads[x.thread] = x;
    else if (x.start > t) queued.push(x);
    else done.push(x);
  }
  queued.sort((a, b) => a.start - b.start || a.seq - b.seq);
  return { t, threads, queued, done };
}

/** Distinct instants at which something starts or ends: the stops of the step-through. */
export function eventTimes(s: PoolSchedule): number[] {
  const set = new Set<number>([0]);
  for (const x of s.tasks) {
    set.add(x.start);
    set.add(x.end);
  }
  return [...set].sort((a, b) => a - b);
}

/**
 * Group sorted completion times into "waves": a new wave starts where the gap to the previous completion is
 * larger than minGap. Used to compare the model with real Node, where absolute times vary.
 */
export function groupByGaps(times: readonly number[], minGap: number): number[][] {
  const sorted = times.slice().sort((a, b) => a - b);
  const waves: number[][] = [];
  let prev = -Infinity;
  for (const t of sorted) {
    const cur = waves[waves.length - 1];
    if (cur && t - prev <= minGap) cur.push(t);
    else waves.push([t]);
    prev = t;
  }
  return waves;
}

/** Sizes of the waves in which the model's requests of one kind complete. */
export function completionWaves(s: PoolSchedule, kind: WorkKind, minGap: number): number[] {
  return groupByGaps(
    s.tasks.filter((x) => x.kind === kind).map((x) => x.end),
    minGap,
  ).map((w) => w.length);
}

// ---------------------------------------------------------------- the demo's state, with history

export interface PoolState {
  readonly params: PoolParams;
  /** Index into eventTimes(simulatePool(params)): the instant the step-through shows (lib/stepping's cursor). */
  readonly index: number;
  readonly past: readonly PoolState[];
}

function stateOf(params: PoolParams): PoolState {
  return { params, index: 0, past: [] };
}

const HISTORY_LIMIT = 200;

function push(prev: PoolState, next: Omit<PoolState, 'past'>): PoolState {
  const past = [...prev.past, { ...prev, past: [] }].slice(-HISTORY_LIMIT);
  return { params: next.params, index: next.index, past };
}

export type NumericParam = 'poolSize' | 'dnsCount' | 'dnsMs' | 'fileCount' | 'fileMs' | 'pbkdf2Count' | 'pbkdf2Ms';

export function setParam(state: PoolState, key: NumericParam, value: number): PoolState {
  if (!Number.isFinite(value)) return state;
  let v: number;
  if (key === 'poolSize') v = clampPoolSize(value);
  else if (key.endsWith('Count')) v = Math.min(LIMITS.count.max, Math.max(LIMITS.count.min, Math.round(value)));
  else {
    const lim = LIMITS[key as 'dnsMs' | 'fileMs' | 'pbkdf2Ms'];
    v = Math.min(lim.max, Math.max(lim.min, Math.round(value)));
  }
  if (state.params[key] === v) return state;
  return push(state, { params: { ...state.params, [key]: v }, index: 0 });
}

export function setSlowIoCap(state: PoolState, on: boolean): PoolState {
  if (state.params.slowIoCap === on) return state;
  return push(state, { params: { ...state.params, slowIoCap: on }, index: 0 });
}

export function applyPreset(state: PoolState, params: PoolParams): PoolState {
  return push(state, { params, index: 0 });
}

/** Frames of the step-through: the distinct instants of the schedule. */
export function timelineLength(state: PoolState): number {
  return eventTimes(simulatePool(state.params)).length;
}

/** A move of the step-through's index (lib/stepping), kept in the history so `undo` can return to it. */
function move(state: PoolState, next: PoolState): PoolState {
  return next === state ? state : push(state, next);
}

export function forward(state: PoolState): PoolState {
  return move(state, stepping.forward(state, timelineLength(state)));
}

export function back(state: PoolState): PoolState {
  return move(state, stepping.back(state));
}

/** Back to the first instant of the timeline. */
export function reset(state: PoolState): PoolState {
  return move(state, stepping.reset(state));
}

/** The index clamped into the current timeline (for a state restored from elsewhere). */
export function currentIndex(state: PoolState): number {
  return stepping.clampIndex(state.index, timelineLength(state));
}

export function undo(state: PoolState): PoolState {
  const prev = state.past[state.past.length - 1];
  if (!prev) return state;
  return { ...prev, past: state.past.slice(0, -1) };
}

/** The presets the speaker sequence names (libuv-pool-sequence.ts). */
export const PRESETS = {
  /** Default pool, no DNS trouble: reads wait for nothing. */
  calm: { ...DEFAULT_PARAMS, dnsCount: 0 },
  /** The incident as it happened before libuv PR #1845 (2018): slow lookups fill all four threads. */
  incident: { ...DEFAULT_PARAMS, slowIoCap: false },
  /** The same load on today's libuv: lookups get at most half the pool. */
  today: { ...DEFAULT_PARAMS },
  /** A bigger pool. */
  bigPool: { ...DEFAULT_PARAMS, poolSize: 16, slowIoCap: false },
} as const satisfies Record<PoolPreset, PoolParams>;

/** A fresh demo: step 0 of the speaker sequence (the calm pool). */
export function initialState(): PoolState {
  return stateOf(PRESETS.calm);
}

/**
 * The instant (ms) each speaker step shows, the one its notes talk about: the calm pool as the first four reads take the
 * four threads (0 ms, the first state); the incident once the first four lookups are back and the next four hold every thread (2 s); today's
 * libuv once every read is done while two lookups still hold their threads (60 ms); the big pool as the reads take free
 * threads beside the eight lookups (0 ms). Each is an instant of its schedule (`eventTimes`).
 */
export const STEP_AT: Readonly<Record<PoolPreset, number>> = { calm: 0, incident: 2000, today: 60, bigPool: 0 };

/** Speaker step `step` (clamped): its preset, at the instant the step shows (`STEP_AT`), with no history. */
export function stateForStep(step: number, _current: PoolState): PoolState {
  const name = SPEAKER_SEQUENCE[stepping.clampIndex(step, SPEAKER_SEQUENCE.length)] ?? 'calm';
  const params = PRESETS[name];
  const index = Math.max(0, eventTimes(simulatePool(params)).indexOf(STEP_AT[name]));
  return { ...stateOf(params), index };
}

// ---------------------------------------------------------------- the timeline's fixed axes

/** What a schedule's timeline must hold: its time (ms, at least 1) and the longest queue (requests, at least 1). */
export interface PoolAxes {
  readonly span: number;
  readonly queue: number;
}

export function axesOf(s: PoolSchedule): PoolAxes {
  return { span: Math.max(s.makespan, 1), queue: Math.max(1, ...s.queue.map((q) => q.length)) };
}

/** The slide's axes: the longest time and queue of all its speaker steps (the incident's). */
export function speakerAxes(): PoolAxes {
  const all = SPEAKER_SEQUENCE.map((name) => axesOf(simulatePool(PRESETS[name])));
  return { span: axisFor(all.map((a) => a.span)), queue: axisFor(all.map((a) => a.queue)) };
}

/**
 * The axes a schedule is drawn on: the speaker steps' own, so that no click rescales time or the queue; settings that
 * need more (the self-paced view's sliders) grow them to the next tick (lib/ticks.ts `holdAxis`), in a few jumps.
 */
export function axesFor(s: PoolSchedule): PoolAxes {
  const fixed = speakerAxes();
  const own = axesOf(s);
  return { span: holdAxis(fixed.span, own.span), queue: holdAxis(fixed.queue, own.queue) };
}
