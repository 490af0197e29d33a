/**
 * The pitfalls demo's speaker sequence, one entry per clicker step, step 0 included: the preset each step shows
 * (pitfalls-model.ts `PRESETS`). 10,000 calls fired at once against an API that serves 100 at a time:
 * - `noLimit`: `gather` / `Promise.all` with no limit of your own: 9,900 calls rejected with 429;
 * - `atApiLimit`: your limit set to the API's, 100: nothing rejected;
 * - `hung`: one socket hangs and there is no timeout: its task, and one of the 100 slots, never come back;
 * - `timeout`: the same with a 2-second timeout: the hung call fails and its slot is freed.
 */
export const SPEAKER_SEQUENCE = ['noLimit', 'atApiLimit', 'hung', 'timeout'] as const;

export type PitfallsPreset = (typeof SPEAKER_SEQUENCE)[number];
