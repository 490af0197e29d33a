/**
 * The select-epoll demo's speaker sequence: the mechanism and the counts each clicker step sets (K = 10
 * throughout): select at 100 → at 1,000 → past 1,024 (refused) → epoll at 100,000. Every step, step 0 (the initial
 * state) included, makes the call at once (select-epoll-model.ts, `stateForStep`). Plain data: the slide
 * imports it without loading the demo, and its length is the number of steps.
 */
export const SPEAKER_SEQUENCE = [
  { mechanism: 'select', n: 100, k: 10 },
  { mechanism: 'select', n: 1000, k: 10 },
  { mechanism: 'select', n: 1100, k: 10 },
  { mechanism: 'epoll', n: 100_000, k: 10 },
] as const;
