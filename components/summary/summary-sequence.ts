/** The summary has no clicker steps: one state, the takeaways and the person's score. */
export const SPEAKER_SEQUENCE = [{}] as const;
