/**
 * The event loop's speaker sequence, one entry per clicker step, step 0 included. Each step runs a view's default
 * scenario (`mode`) and stops at the first step whose event has every field of `until` (step 0: the fresh
 * simplified loop, nothing run yet).
 */
export const SPEAKER_SEQUENCE = [
  // the fresh simplified loop
  { mode: 'simple' },
  // slept 50 ms until t1's deadline
  { mode: 'simple', until: { k: 'woke' } },
  // t1 ran, then its microtask p1 drained before anything else
  { mode: 'simple', until: { k: 'microtask', label: 'p1' } },
  // woke early: data on B
  { mode: 'simple', until: { k: 'woke', reason: 'socket' } },
  // the drain after B's callback runs the whole chain
  { mode: 'simple', until: { k: 'microtask', label: 'B.then(reply)' } },
  // Node: the I/O callback in poll queues setImmediate and setTimeout 0
  { mode: 'node', until: { k: 'io-callback' } },
  // check runs the immediate before the timer
  { mode: 'node', until: { k: 'immediate-callback' } },
  // the timer runs only in the next turn's timers phase, after poll
  { mode: 'node', until: { k: 'timer-callback', label: 'A: setTimeout 0' } },
] as const;
