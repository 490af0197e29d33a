/**
 * The speaker sequence of heavy-task: the same run with the heavy task inline (step 0, the initial state), then in
 * chunks, then in a worker. Each step sets only the mode; the person's other settings stay. Plain data.
 */
export const SPEAKER_SEQUENCE = [{ mode: 'inline' }, { mode: 'chunked' }, { mode: 'worker' }] as const;
