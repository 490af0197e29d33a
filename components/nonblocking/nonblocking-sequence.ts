/**
 * The nonblocking demo's speaker sequence: the strategy each clicker step shows, on the default arrivals. Step 0 is
 * the initial state (the blocking run, drawn whole); the later steps start running from t = 0 (nonblocking-model.ts,
 * `stateForStep`). Plain data: the slide imports it without loading the demo, and its length is the number of steps.
 */
export const SPEAKER_SEQUENCE = ['blocking', 'polling', 'multiplexer'] as const;
