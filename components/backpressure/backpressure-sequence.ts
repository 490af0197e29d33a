/**
 * The backpressure demo's speaker sequence, one entry per clicker step, step 0 included: the queue between a producer
 * and a consumer, and the rates (items a second) and limit (items) each step sets.
 * - an unbounded queue, a producer twice as fast as its consumer: memory grows without end;
 * - a Node stream whose producer stops when write() returns false and resumes on 'drain': capped at highWaterMark;
 * - asyncio.Queue(maxsize): put() waits while the queue is full;
 * - a consumer faster than the producer: nothing builds up, nobody waits.
 * Plain data: the slide imports it without loading the demo, and its length is the number of steps.
 */
export const SPEAKER_SEQUENCE = [
  { mode: 'unbounded', producerRate: 200, consumerRate: 100, limit: 16 },
  { mode: 'drain', producerRate: 200, consumerRate: 100, limit: 16 },
  { mode: 'bounded', producerRate: 200, consumerRate: 100, limit: 16 },
  { mode: 'bounded', producerRate: 200, consumerRate: 250, limit: 16 },
] as const;
