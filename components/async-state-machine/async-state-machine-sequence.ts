/**
 * The speaker sequence of async-state-machine: one clicker step per step of `load(7)` with both calls succeeding,
 * step 0 (the call) included. Each entry names the step: what happens and, for a piece or a pause, its state.
 * Plain data: the slide imports it without loading the demo; a unit test checks it against the model's trace.
 */
export const SPEAKER_SEQUENCE = [
  { kind: 'call' },
  { kind: 'piece', state: 0 },
  { kind: 'suspend', state: 1 },
  { kind: 'piece', state: 1 },
  { kind: 'suspend', state: 2 },
  { kind: 'piece', state: 2 },
  { kind: 'done' },
] as const;
