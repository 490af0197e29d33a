/**
 * The one contract every demo's model module exports (see CONTRIBUTING.md). A demo element takes these three from
 * its model (`import * as model from './x-model.ts'`, then `super(model)`), so a model that lacks one does not
 * type-check.
 */
export interface DemoModel<S, Step = unknown> {
  /** The state a fresh demo shows: step 0 of the speaker sequence. */
  initialState(): S;
  /**
   * The speaker sequence as plain data, step 0 (the initial state) included: the clicker walks steps
   * 1..length-1 before the deck moves on. Its length is the number of speaker steps, written nowhere else; it
   * lives in the demo's `<demo>-sequence.ts` (which the slide imports without loading the model) and the model
   * re-exports it.
   */
  readonly SPEAKER_SEQUENCE: readonly Step[];
  /** The state for a speaker step (clamped into the sequence); `current` is what the person has now. */
  stateForStep(step: number, current: S): S;
}

/**
 * Where a demo is shown, decided once by the shell (`src/page-mode.ts`) and passed down as a property:
 * - `deck`: a slide of the full deck (projector or a person browsing);
 * - `speaker`: a copy of the deck inside reveal's speaker view (no side effects: no storage, no scoring);
 * - `embed`: alone in `embed.html`.
 */
export type DemoMode = 'deck' | 'speaker' | 'embed';
