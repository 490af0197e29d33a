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
  /** Workshop mode, set by the workshop plugin (null: none). */
  live: QuizLive | null;
}

/**
 * Workshop mode (src/plugins/workshop.ts): what the deck's workshop plugin tells a quiz, as its `live` property.
 * The poll is the server's view of the question; the correct answer and the explanation are in it only once the
 * presenter has revealed it (lib/workshop-protocol.ts). null: not in a workshop (the quiz is as it always was).
 */
export interface QuizLive {
  /** The projected deck (counts, never what was chosen, until the reveal) or a participant's phone (votes). */
  readonly role: 'presenter' | 'participant';
  /** The question's poll as the server last described it; null: not known yet. */
  readonly poll: LivePoll | null;
  /** Participant: a vote was sent and is not acknowledged yet. */
  readonly sending: boolean;
  /** Participant: why the server refused the last vote, if it did (`not-saved`: it could not write it; try again). */
  readonly refused: 'already-voted' | 'not-open' | 'not-saved' | 'other' | null;
}

/** The poll's shape (lib/workshop-protocol.ts's PollView), repeated here so that a quiz needs no protocol code. */
export interface LivePoll {
  readonly qid: string;
  readonly status: 'idle' | 'open' | 'closed' | 'revealed';
  readonly choiceCount: number;
  readonly answered: number;
  readonly counts?: readonly number[] | undefined;
  readonly correct?: number | undefined;
  readonly explanation?: { readonly ru: readonly string[]; readonly en: readonly string[] } | undefined;
  readonly yours?: number | null | undefined;
  readonly right?: boolean | undefined;
}

/**
 * Dispatched by a quiz in workshop mode (bubbling, composed): a participant chose (`detail.choice`), or the
 * presenter asked to reveal (R, the button: `detail.choice` is null). The workshop plugin sends it to the server.
 */
export const QUIZ_LIVE_EVENT = 'hsw-quiz-live';

export interface QuizLiveDetail {
  readonly action: 'vote' | 'reveal';
  readonly choice: number | null;
}
