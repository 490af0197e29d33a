/**
 * The speaker sequence of callbacks-promises-await: step 0 is the start (callbacks, everything succeeds, nothing
 * run yet); then callbacks → promises → async/await, each run to its end; then the failure cases, each at its end.
 * Plain data: the slide imports it without loading the demo.
 */
export const SPEAKER_SEQUENCE = [
  { style: 'callbacks', failure: 'ok', at: 'start' },
  { style: 'callbacks', failure: 'ok', at: 'end' },
  { style: 'promises', failure: 'ok', at: 'end' },
  { style: 'await', failure: 'ok', at: 'end' },
  { style: 'callbacks', failure: 'db-error', at: 'end' },
  { style: 'callbacks', failure: 'throw', at: 'end' },
  { style: 'promises', failure: 'db-error', at: 'end' },
  { style: 'await', failure: 'db-error', at: 'end' },
] as const;
