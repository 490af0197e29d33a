import { Owned } from '../owned.ts';
import type { RevealApi, RevealPlugin } from 'reveal.js';
import type { QuizMode } from '../../components/shared/quiz/quiz-model.ts';
import {
  PRESENTER_CHANGED_EVENT,
  type PresenterChangedDetail,
  type QuizHost,
} from '../../components/shared/quiz/quiz-protocol.ts';
import type { ConnectedQuizzes } from '../connected-quizzes.ts';
import { PRESENTING_EVENT, addressOf, deckPageMode, workshopRole } from '../page-mode.ts';
import { slideById } from '../../slides/index.ts';
import { votingStep } from '../../slides/types.ts';
import type { DeckPosition, PositionChange } from '../deck-position.ts';
import { acceptsOrigin, targetOrigin } from '../speaker-protocol.ts';

/** `?quiz=presenter` in the page's query string turns presenter mode on. */
export function modeFromSearch(search: string): QuizMode {
  return addressOf(search).quizPresenter ? 'presenter' : 'browse';
}

/** What travels from the speaker view to the deck it belongs to: an action's name, never an answer. */
export type QuizAction = 'presenter-on' | 'presenter-off' | 'reveal';
export const QUIZ_MESSAGE_TYPE = 'hsw:quiz';

/** Pure, for tests: the action a message carries, if it is one of ours (anything else: null). */
export function actionOf(data: unknown): QuizAction | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as { type?: unknown; action?: unknown };
  if (d.type !== QUIZ_MESSAGE_TYPE) return null;
  return d.action === 'presenter-on' || d.action === 'presenter-off' || d.action === 'reveal' ? d.action : null;
}

/**
 * Pure, for tests: do a quiz slide's clicker steps (its sequence: the question, voting, revealed) count? Only where
 * someone presents the question to a room: presenter mode, or a workshop (the projector, and the phones that follow
 * its steps). A person browsing answers by clicking: their press leaves the slide, and reveals nothing.
 */
export function quizStepsLive(presenter: boolean, workshop: 'presenter' | 'participant' | null): boolean {
  return presenter || workshop !== null;
}

/**
 * Pure, for tests: what a change of the deck's position (src/deck-position.ts) asks of a quiz slide. 'reveal' when a
 * press forward (one step shown, on the same slide) reaches the step its sequence calls `revealed` (the quiz reveals
 * only what it would on R: nothing before voting, never a choice for anyone); arriving at a slide shows its steps all
 * at once and acts on none. Opening the vote ('voting') is the workshop's: its projector opens the question when the
 * deck reaches that step (src/workshop-start.ts).
 */
export function pressAction(change: Pick<PositionChange, 'now' | 'previous' | 'cause'>): 'reveal' | null {
  const { now, previous, cause } = change;
  if (cause !== 'fragmentshown' || !previous || previous.slideId !== now.slideId) return null;
  if (now.step !== previous.step + 1 || !hasQuizSteps(now.slideId)) return null;
  return now.phase === 'revealed' ? 'reveal' : null;
}

/**
 * A slide whose clicker steps are a quiz's (question, voting, revealed): the two quiz slides. A demo that also asks
 * a question for the score (green-threads) keeps its own steps, always.
 */
function hasQuizSteps(id: string): boolean {
  return votingStep(slideById(id)) >= 0;
}

const KEY_Q = 81;
const KEY_R = 82;
/** 1–9 on the main keys and on the keypad. */
const DIGIT_KEYS = [...Array.from({ length: 9 }, (_, i) => 49 + i), ...Array.from({ length: 9 }, (_, i) => 97 + i)];

/**
 * Presenter mode for the deck's quizzes (the room votes by hand; the answer stays hidden until it is revealed), in
 * the style of reveal's own plugins. It owns the quiz keys: Q turns presenter mode on and off (on a quiz slide), R
 * reveals the current slide's answer, 1–9 choose on it. `?quiz=presenter` starts in presenter mode, and so does
 * presenting (`?present`, a connected speaker view and the speaker view's own copies: src/page-mode.ts), so that the
 * clicker's next press opens the vote and the one after reveals. Presenter mode
 * is page-wide: every quiz gets it as its `presenter` property (components/shared/quiz/quiz-protocol.ts), set when
 * the quiz connects, the way the lifecycle sets `active` and `step`.
 *
 * A key pressed in reveal's speaker view reaches the deck copy inside the speaker window, not the projected deck:
 * that copy passes presenter on/off and reveal on to the window that opened the speaker view. Only the action's
 * name travels, never an answer, and only between windows of the same origin.
 */
export const QuizPresenter = (position: DeckPosition, quizzes: ConnectedQuizzes): RevealPlugin => {
  const owned = new Owned();
  return {
    id: 'quiz-presenter',
    init: (deck: RevealApi) => initQuizPresenter(deck, position, quizzes, owned),
    /** reveal's plugin exit: every listener and key it added goes. */
    destroy: () => owned.release(),
  };
};

/** Gives every quiz the page's presenter mode and binds the quiz keys. */
function initQuizPresenter(deck: RevealApi, position: DeckPosition, quizzes: ConnectedQuizzes, owned: Owned): void {
  /** Shown to a hall: the projected deck and the speaker view's copies of it. */
  const projecting = (): boolean => deckPageMode(deck).presenting;
  let presenter = modeFromSearch(window.location.search) === 'presenter' || projecting();
  const live = (): QuizHost[] => quizzes.connected();
  /** The current slide's quiz, if it has one. */
  const current = (): QuizHost | null => {
    const slide = position.current()?.slide;
    return live().find((q) => slide?.contains(q)) ?? null;
  };
  const inSpeakerView = (): boolean => deckPageMode(deck).mode === 'speaker';

  const workshop = workshopRole(window.location.search);
  /** The quiz slides' step fragments count only while the question is presented (quizStepsLive). */
  const syncSteps = (): void => {
    const on = quizStepsLive(presenter, workshop);
    for (const section of deck.getHorizontalSlides()) {
      if (!hasQuizSteps(section.id)) continue;
      for (const f of section.querySelectorAll('.fragment.demo-step')) f.classList.toggle('disabled', !on);
    }
  };

  const setPresenter = (on: boolean): void => {
    presenter = on;
    for (const q of live()) q.presenter = on;
    syncSteps();
  };
  const apply = (action: QuizAction): void => {
    if (action === 'reveal') current()?.requestReveal();
    else setPresenter(action === 'presenter-on');
  };
  /** Here, and from the speaker view also in the deck it belongs to. */
  const act = (action: QuizAction): void => {
    apply(action);
    if (!inSpeakerView()) return;
    try {
      // lib.dom types `opener` as `any`: it is the window that opened this one, or null
      const main = window.parent.opener as Window | null;
      main?.postMessage({ type: QUIZ_MESSAGE_TYPE, action }, targetOrigin());
    } catch {
      /* no opener: the speaker view was not opened by a deck */
    }
  };

  // Every quiz takes the page's presenter mode as it connects (src/connected-quizzes.ts: the deck's one registry).
  owned.add(
    quizzes.watch((quiz) => {
      quiz.presenter = presenter;
    }),
  );
  owned.listen(document, PRESENTER_CHANGED_EVENT, (event) => {
    const detail = (event as CustomEvent<PresenterChangedDetail>).detail;
    act(detail.presenter ? 'presenter-on' : 'presenter-off');
  });
  owned.listen(window, 'message', (e) => {
    const event = e as MessageEvent;
    if (!acceptsOrigin(window.location.origin, event.origin)) return;
    const action = actionOf(event.data);
    if (action) apply(action);
  });

  // Presenting starts (a speaker view connects): the room votes by hand from now on. It stopping changes nothing.
  owned.listen(window, PRESENTING_EVENT, () => {
    if (projecting() && !presenter) setPresenter(true);
  });

  syncSteps();
  owned.on(deck, 'ready', syncSteps);
  // A press forward to the revealed step (pressAction).
  owned.add(
    position.subscribe((change) => {
      if (pressAction(change) === 'reveal') current()?.requestReveal();
    }),
  );

  owned.key(deck, { keyCode: KEY_Q, key: 'Q', description: 'Quiz: presenter mode on/off' }, () => {
    if (current()) act(presenter ? 'presenter-off' : 'presenter-on');
  });
  owned.key(deck, { keyCode: KEY_R, key: 'R', description: 'Quiz: reveal the answer' }, () => {
    if (current()) act('reveal');
  });
  for (const keyCode of DIGIT_KEYS) {
    const choice = keyCode >= 97 ? keyCode - 97 : keyCode - 49;
    owned.key(deck, keyCode, () => current()?.requestChoice(choice));
  }
  deck.registerKeyboardShortcut('1 … 9', 'Quiz: choose an answer');
}
