/**
 * The speaker sequence of asyncio-responsiveness, one entry per clicker step, step 0 included (seed 000's story,
 * on its experiment: a 10 ms heartbeat, ten portions of 100 ms):
 * - the worker blocks inside each portion: 4 ticks, about 300 ms apart;
 * - why 300 and not 100: the first long gap selected, its three turns read from the trace;
 * - the worker waits cooperatively: 99 ticks, about 10 ms apart;
 * - debug mode on, `slow_callback_duration` at its default 100 ms: the warnings the real loop prints;
 * - the threshold at 150 ms: the same blocking, no warning (the two knobs are separate).
 * Plain data; each step sets what it names and resets the rest to seed 000's experiment.
 */
export const SPEAKER_SEQUENCE = [
  { worker: 'blocking', gap: null, debug: false, slowMs: 100 },
  { worker: 'blocking', gap: 0, debug: false, slowMs: 100 },
  { worker: 'cooperative', gap: null, debug: false, slowMs: 100 },
  { worker: 'blocking', gap: null, debug: true, slowMs: 100 },
  { worker: 'blocking', gap: null, debug: true, slowMs: 150 },
] as const;
