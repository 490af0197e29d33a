/**
 * The speaker sequence, on the talk's example (A … F): what each clicker step shows.
 * 0 the guess, in the order of the source; 1 that guess checked against the answer; 2 the script has run and its
 * microtasks have drained, the timer's callback is next; 3 the end.
 */
export const SPEAKER_SEQUENCE = [
  { show: 'guess' },
  { show: 'checked' },
  { show: 'before-timer' },
  { show: 'end' },
] as const;

export type MicroMacroStep = (typeof SPEAKER_SEQUENCE)[number];
