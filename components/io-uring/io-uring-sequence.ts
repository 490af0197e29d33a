/** io_uring has no clicker steps: one state, the demo as a fresh person finds it (batch of 16, empty rings). */
export const SPEAKER_SEQUENCE = [{}] as const;
