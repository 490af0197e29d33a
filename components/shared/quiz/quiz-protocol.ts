/**
 * What a quiz element and the deck's quiz-presenter plugin (src/plugins/quiz-presenter.ts) say to each other. The
 * element never asks the page where it is: the plugin finds it when it connects and sets `presenter` on it, the
 * way the lifecycle sets `active` and `step`, and passes on the keys it owns (R reveals, 1–9 choose). Plain names
 * and types only, so the shell can import this without loading any quiz.
 */

/** Dispatched by a quiz element (bubbling, composed) when it connects: the plugin then sets its `presenter`. */
export const QUIZ_CONNECTED_EVENT = 'hsw-quiz-connected';

/**
 * Dispatched by a quiz element (bubbling, composed) when the person turns presenter mode on or off with its
 * checkbox: `detail.presenter`. The plugin makes it page-wide (every quiz, and the deck the speaker view belongs
 * to). Without the plugin (the embed page) the element switches alone.
 */
export const PRESENTER_CHANGED_EVENT = 'hsw-quiz-presenter-changed';

export interface PresenterChangedDetail {
  readonly presenter: boolean;
}

/** A quiz element as the plugin sees it. */
export interface QuizHost extends HTMLElement {
  /** Presenter mode: the answer stays hidden until it is revealed; the room's vote may be marked. */
  presenter: boolean;
  /** Reveal the answer (presenter mode; nothing otherwise). */
  requestReveal(): void;
  /** Choose a choice, 0-based (out of range: nothing). */
  requestChoice(choice: number): void;
}
