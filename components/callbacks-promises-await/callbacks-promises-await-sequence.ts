/**
 * The speaker sequence of callbacks-promises-await: step 0 is the start (callbacks, everything succeeds, nothing
 * run yet); then callbacks → promises → async/await, each at its first wait (`waiting`: the stack is empty, the loop
 * asleep, and the slide shows where the continuation waits); then the failure cases, each at its end (where the
 * error went). Plain data: the slide imports it without loading the demo.
 */
export const SPEAKER_SEQUENCE = [
  { style: 'callbacks', failure: 'ok', at: 'start' },
  { style: 'callbacks', failure: 'ok', at: 'waiting' },
  { style: 'promises', failure: 'ok', at: 'waiting' },
  { style: 'await', failure: 'ok', at: 'waiting' },
  { style: 'callbacks', failure: 'db-error', at: 'end' },
  { style: 'callbacks', failure: 'throw', at: 'end' },
  { style: 'promises', failure: 'db-error', at: 'end' },
  { style: 'await', failure: 'db-error', at: 'end' },
] as const;
