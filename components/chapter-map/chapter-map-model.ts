/**
 * The chapter map's model: a trivial one (the map shows what the shell gives it and has no state of its own), so
 * that it keeps the one demo contract like every other demo. Pure: no DOM.
 */
import { SPEAKER_SEQUENCE } from './chapter-map-sequence.ts';

export { SPEAKER_SEQUENCE };

/** One slide of a chapter, its title already in the current language. */
export interface ChapterSlide {
  readonly id: string;
  readonly title: string;
}

/** One chapter of the deck as the shell passes it in (`.chapters`), in the current language. */
export interface Chapter {
  /** The chapter's id (e.g. `io`). */
  readonly chapter: string;
  /** The chapter's name. */
  readonly title: string;
  /** The id of its first slide: where the chapter's link goes. */
  readonly firstSlide: string;
  readonly slides: readonly ChapterSlide[];
}

/** Nothing changes on the map: its state is empty. */
export type ChapterMapState = Readonly<Record<string, never>>;

export function initialState(): ChapterMapState {
  return {};
}

export function stateForStep(_step: number, _current: ChapterMapState): ChapterMapState {
  return initialState();
}
