/** The title slide's chapter map has no clicker steps: one state, the map itself. */
export const SPEAKER_SEQUENCE = [{}] as const;
