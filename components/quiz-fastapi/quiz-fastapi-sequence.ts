/** The quiz has no clicker steps: one state, the question (the room votes, the presenter reveals with R). */
export const SPEAKER_SEQUENCE = ['question'] as const;
