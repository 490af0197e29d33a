/**
 * Backpressure: a producer faster than its consumer, and what the queue between them does to memory. Pure: no DOM,
 * no timers, no randomness.
 *
 * Three queues:
 * - `unbounded`: an array (or a Node stream whose producer ignores write()'s answer): it holds whatever the producer
 *   outruns the consumer by, and memory grows as long as that lasts;
 * - `drain`: a Node Writable. `write()` adds the chunk and returns false once the buffered length reaches
 *   highWaterMark (`length < highWaterMark`, lib/internal/streams/writable.js); a well-behaved producer stops there
 *   and resumes on 'drain', emitted when the buffer has emptied (length 0) after a false;
 * - `bounded`: asyncio.Queue(maxsize): `put()` waits while the queue holds maxsize items, and resumes when a `get()`
 *   frees a slot (Lib/asyncio/queues.py).
 * `streamWrite`/`streamComplete` and `queuePut`/`queueGet` are those rules as reducers; the simulation uses them, and
 * tests/unit/backpressure-real.test.ts drives a real Node Writable and a real asyncio.Queue with the same ops.
 */
import { clampIndex } from '../../lib/stepping.ts';
import { axisFor, holdAxis } from '../../lib/ticks.ts';
import { SPEAKER_SEQUENCE } from './backpressure-sequence.ts';

export { SPEAKER_SEQUENCE };

export const MODES = ['unbounded', 'drain', 'bounded'] as const;
export type Mode = (typeof MODES)[number];

export const LIMITS = {
  producerRate: { min: 10, max: 500, step: 10 },
  consumerRate: { min: 10, max: 500, step: 10 },
  limit: { min: 1, max: 100, step: 1 },
} as const;

/** What one item weighs in memory (a 64 KB chunk, as a file stream reads), and how long the run is. */
export const ITEM_KB = 64;
export const DURATION_MS = 10_000;
/** The chart's resolution. */
export const SAMPLE_MS = 20;

// ---------------------------------------------------------------- a Node Writable's buffer

export interface StreamState {
  /** Chunks written and not yet completed (writableLength, in objectMode), the one being written included. */
  readonly length: number;
  readonly needDrain: boolean;
}

export const emptyStream: StreamState = { length: 0, needDrain: false };

/** `write(chunk)`: the chunk is buffered (always), and the answer is whether the buffer is still under the mark. */
export function streamWrite(s: StreamState, highWaterMark: number): { state: StreamState; ok: boolean } {
  const length = s.length + 1;
  const ok = length < highWaterMark;
  return { state: { length, needDrain: s.needDrain || !ok }, ok };
}

/** The oldest chunk is written (its callback runs): 'drain' fires when that empties a buffer that answered false. */
export function streamComplete(s: StreamState): { state: StreamState; drain: boolean } {
  if (s.length === 0) return { state: s, drain: false };
  const length = s.length - 1;
  const drain = s.needDrain && length === 0;
  return { state: { length, needDrain: s.needDrain && !drain }, drain };
}

// ---------------------------------------------------------------- asyncio.Queue(maxsize)

export interface QueueState {
  /** Items in the queue (qsize()). */
  readonly size: number;
  /** Producers waiting in put() for a free slot (each holds one item). */
  readonly waiting: number;
}

export const emptyQueue: QueueState = { size: 0, waiting: 0 };

/** `await put(item)`: in at once while there is room (maxsize 0 or less: no limit), otherwise the caller waits. */
export function queuePut(s: QueueState, maxsize: number): { state: QueueState; waited: boolean } {
  if (maxsize <= 0 || (s.size < maxsize && s.waiting === 0))
    return { state: { ...s, size: s.size + 1 }, waited: false };
  return { state: { ...s, waiting: s.waiting + 1 }, waited: true };
}

/** `get_nowait()` (the consumer takes an item when there is one): a waiting put() then puts its item in. */
export function queueGet(s: QueueState): { state: QueueState; got: boolean } {
  if (s.size === 0) return { state: s, got: false };
  if (s.waiting > 0) return { state: { size: s.size, waiting: s.waiting - 1 }, got: true };
  return { state: { ...s, size: s.size - 1 }, got: true };
}

// ---------------------------------------------------------------- the run

export interface Params {
  readonly mode: Mode;
  /** Items a second the producer makes while it is not held back. */
  readonly producerRate: number;
  /** Items a second the consumer finishes. */
  readonly consumerRate: number;
  /** highWaterMark (drain) or maxsize (bounded), in items; unused by the unbounded queue. */
  readonly limit: number;
}

export interface Run {
  /** Items held in memory (waiting, or being consumed), every SAMPLE_MS from 0 to DURATION_MS. */
  readonly held: readonly number[];
  /**
   * Per sample, the share (0 to 1) of the milliseconds since the sample before in which the producer was held back
   * (waiting for 'drain' or in put()): a producer that waits 5 ms of every 10 is drawn at half, whatever the phase.
   */
  readonly paused: readonly number[];
  /** The most items held at any millisecond. */
  readonly peakHeld: number;
  readonly finalHeld: number;
  /** Share of the run the producer spent held back, 0 … 1. */
  readonly pausedShare: number;
  readonly produced: number;
  readonly consumed: number;
  /** write() calls that returned false, and 'drain' events (drain mode). */
  readonly falseWrites: number;
  readonly drains: number;
}

export const clampParams = (p: Params): Params => ({
  mode: MODES.includes(p.mode) ? p.mode : 'unbounded',
  producerRate: clampTo(p.producerRate, LIMITS.producerRate),
  consumerRate: clampTo(p.consumerRate, LIMITS.consumerRate),
  limit: clampTo(p.limit, LIMITS.limit),
});

function clampTo(v: number, r: { readonly min: number; readonly max: number }): number {
  if (!Number.isFinite(v)) return r.min;
  return Math.max(r.min, Math.min(r.max, Math.round(v)));
}

/**
 * The run, a millisecond at a time: the consumer finishes an item every 1000/consumerRate ms while it has one; the
 * producer makes one every 1000/producerRate ms unless it is held back. Drain mode: a false from write() holds it
 * until 'drain'. Bounded: a put() into a full queue holds it (with its item) until a get() lets the item in; then it
 * makes the next, in the same 1000/producerRate ms (so it waits about as long as behind a drain at the same rates).
 */
export function simulate(params: Params): Run {
  const p = clampParams(params);
  const produceEvery = 1000 / p.producerRate;
  const consumeEvery = 1000 / p.consumerRate;
  let stream = emptyStream;
  let queue = emptyQueue;
  let waitingItems = 0; // unbounded: items waiting; (drain and bounded keep theirs in the reducers' states)
  let busy = false;
  let busyLeft = 0;
  let nextProduce = 0;
  let paused = false;
  let pausedMs = 0;
  let produced = 0;
  let consumed = 0;
  let falseWrites = 0;
  let drains = 0;
  let peakHeld = 0;
  const held: number[] = [];
  const pausedAt: number[] = [];
  let pausedInSample = 0;
  const heldNow = (): number =>
    p.mode === 'drain'
      ? stream.length
      : p.mode === 'bounded'
        ? queue.size + (busy ? 1 : 0)
        : waitingItems + (busy ? 1 : 0);
  const take = (t: number): boolean => {
    if (p.mode === 'unbounded') {
      if (waitingItems === 0) return false;
      waitingItems--;
      return true;
    }
    if (p.mode === 'bounded') {
      const r = queueGet(queue);
      // the waiting put() returns: the producer makes its next item, which takes it produceEvery
      if (r.got && queue.waiting > r.state.waiting) {
        paused = false;
        nextProduce = t + produceEvery;
      }
      queue = r.state;
      return r.got;
    }
    // drain: the stream's next buffered chunk goes to _write; its length counts it until completed
    return stream.length > (busy ? 1 : 0);
  };
  for (let t = 0; t <= DURATION_MS; t++) {
    if (busy) {
      busyLeft -= 1;
      if (busyLeft <= 1e-9) {
        busy = false;
        consumed++;
        if (p.mode === 'drain') {
          const r = streamComplete(stream);
          stream = r.state;
          if (r.drain) {
            drains++;
            paused = false;
            nextProduce = Math.max(nextProduce, t);
          }
        }
      }
    }
    if (!busy && take(t)) {
      busy = true;
      busyLeft += consumeEvery;
      if (busyLeft <= 0) busyLeft = consumeEvery;
    }
    if (!busy) busyLeft = 0;
    if (paused) nextProduce = t + 1;
    while (!paused && nextProduce <= t) {
      nextProduce += produceEvery;
      produced++;
      if (p.mode === 'unbounded') waitingItems++;
      else if (p.mode === 'drain') {
        const r = streamWrite(stream, p.limit);
        stream = r.state;
        if (!r.ok) {
          falseWrites++;
          paused = true;
        }
      } else {
        const r = queuePut(queue, p.limit);
        queue = r.state;
        if (r.waited) paused = true;
      }
      if (!busy && take(t)) {
        busy = true;
        busyLeft = consumeEvery;
      }
    }
    if (paused) {
      pausedMs++;
      pausedInSample++;
    }
    peakHeld = Math.max(peakHeld, heldNow());
    if (t % SAMPLE_MS === 0) {
      held.push(heldNow());
      pausedAt.push(t === 0 ? pausedInSample : pausedInSample / SAMPLE_MS);
      pausedInSample = 0;
    }
  }
  return {
    held,
    paused: pausedAt,
    peakHeld,
    finalHeld: held[held.length - 1] ?? 0,
    pausedShare: pausedMs / (DURATION_MS + 1),
    produced,
    consumed,
    falseWrites,
    drains,
  };
}

/**
 * What the run comes to: the consumer keeps up (nothing piles up beyond the item in hand, the producer hardly waits),
 * memory grows (the queue holds more at the end than any limit would allow: only the unbounded queue), or the
 * queue is capped and the producer waits.
 */
export function verdictOf(p: Params, run: Run): { kind: 'keepsUp' | 'grows' | 'capped' } {
  if (run.peakHeld <= 2 && run.pausedShare < 0.05) return { kind: 'keepsUp' };
  if (p.mode === 'unbounded') return { kind: run.finalHeld > 2 ? 'grows' : 'keepsUp' };
  return { kind: 'capped' };
}

/**
 * The items a run's chart must hold: its peak, and for a capped queue its limit with a quarter of headroom above (and
 * the item in hand), so that the limit's line stays clear of the top.
 */
export function rangeOf(p: Params, run: Run): number {
  return Math.max(run.peakHeld, 1, p.mode === 'unbounded' ? 0 : Math.ceil((p.limit + 1) * 1.25));
}

/** The chart's fixed height in items: what every speaker step needs (the unbounded queue's ten seconds). */
export function speakerRange(): number {
  return axisFor(
    SPEAKER_SEQUENCE.map((_, i) => {
      const s = stateForStep(i, null);
      return rangeOf(s, simulate(s));
    }),
  );
}

/**
 * The chart's height in items for a state: the speaker steps' fixed one, so that a click never rescales it (the
 * capped queue's 1 MB stays a flat line beside the unbounded 63 MB); settings that hold more grow it to the next
 * tick (lib/ticks.ts `holdAxis`), in a few jumps rather than with every notch of a slider. `fixed`: speakerRange(),
 * which the element works out once.
 */
export function axisItems(p: Params, run: Run, fixed: number = speakerRange()): number {
  return holdAxis(fixed, rangeOf(p, run));
}

/** Items to megabytes at ITEM_KB each. */
export const megabytes = (items: number): number => (items * ITEM_KB) / 1024;

// ---------------------------------------------------------------- the demo's state

export type BackpressureState = Params;

export function initialState(): BackpressureState {
  return stateForStep(0, null);
}

export function stateForStep(step: number, _current: BackpressureState | null): BackpressureState {
  const s = SPEAKER_SEQUENCE[clampIndex(step, SPEAKER_SEQUENCE.length)] ?? SPEAKER_SEQUENCE[0];
  return { mode: s.mode, producerRate: s.producerRate, consumerRate: s.consumerRate, limit: s.limit };
}

export function setMode(s: BackpressureState, mode: Mode): BackpressureState {
  return mode === s.mode || !MODES.includes(mode) ? s : { ...s, mode };
}

export function setNumber(
  s: BackpressureState,
  key: 'producerRate' | 'consumerRate' | 'limit',
  value: number,
): BackpressureState {
  const next = clampParams({ ...s, [key]: value });
  return next[key] === s[key] ? s : next;
}
