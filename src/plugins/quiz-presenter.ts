import type { RevealApi, RevealPlugin } from 'reveal.js';
import type { QuizMode } from '../../components/shared/quiz/quiz-model.ts';
import {
  PRESENTER_CHANGED_EVENT,
  QUIZ_CONNECTED_EVENT,
  type PresenterChangedDetail,
  type QuizHost,
} from '../../components/shared/quiz/quiz-protocol.ts';
import { PRESENTING_EVENT, deckPageMode, workshopRole } from '../page-mode.ts';
import { slideById } from '../../slides/index.ts';
import { votingStep } from '../../slides/types.ts';
import { acceptsOrigin, targetOrigin } from '../speaker-protocol.ts';

/** `?quiz=presenter` in the page's query string turns presenter mode on. */
export function modeFromSearch(search: string): QuizMode {
  const q = search.startsWith('?') ? search.slice(1) : search;
  for (const part of q.split('&')) {
    const [k, v] = part.split('=');
    if (k === 'quiz' && v === 'presenter') return 'presenter';
  }
  return 'browse';
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
 * Pure, for tests: what a forward press to `step` of a quiz slide asks for. 'reveal' at the step the sequence calls
 * `revealed` (the quiz reveals only what it would on R: nothing before voting, never a choice for anyone). Opening the
 * vote ('voting') is the workshop's: its projector opens the question when the deck reaches that step
 * (src/workshop-start.ts).
 */
export function pressAction(sequence: readonly unknown[], step: number): 'reveal' | null {
  return sequence[step] === 'revealed' ? 'reveal' : null;
}

/**
 * A slide whose clicker steps are a quiz's (question, voting, revealed): the two quiz slides. A demo that also asks
 * a question for the score (green-threads) keeps its own steps, always.
 */
function hasQuizSteps(id: string): boolean {
  return votingStep(slideById(id)) >= 0;
}

/** The step a fragment shown carries: a demo step's index + 1, or null for anything else. */
function stepOf(fragment: Element): number | null {
  if (!fragment.classList.contains('demo-step')) return null;
  const i = Number(fragment.getAttribute('data-fragment-index'));
  return Number.isInteger(i) && i >= 0 ? i + 1 : null;
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
export const QuizPresenter = (): RevealPlugin => ({
  id: 'quiz-presenter',
  init(deck: RevealApi) {
    /** Shown to a hall: the projected deck and the speaker view's copies of it. */
    const projecting = (): boolean => deckPageMode(deck).presenting;
    let presenter = modeFromSearch(window.location.search) === 'presenter' || projecting();
    const quizzes = new Set<QuizHost>();
    const live = (): QuizHost[] => {
      for (const q of quizzes) if (!q.isConnected) quizzes.delete(q);
      return [...quizzes];
    };
    /** The current slide's quiz, if it has one. */
    const current = (): QuizHost | null => {
      const slide = deck.getCurrentSlide();
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

    const adopt = (quiz: QuizHost): void => {
      quizzes.add(quiz);
      quiz.presenter = presenter;
    };
    document.addEventListener(QUIZ_CONNECTED_EVENT, (event) => {
      const quiz = event.target as QuizHost | null;
      if (quiz) adopt(quiz);
    });
    // The first slide's demo is loaded before the deck starts (src/main.ts): a quiz may have connected, and said so,
    // before this listener existed.
    for (const el of document.querySelectorAll('.reveal .slides .demo')) {
      if (typeof (el as Partial<QuizHost>).requestReveal === 'function') adopt(el as QuizHost);
    }
    document.addEventListener(PRESENTER_CHANGED_EVENT, (event) => {
      const detail = (event as CustomEvent<PresenterChangedDetail>).detail;
      act(detail.presenter ? 'presenter-on' : 'presenter-off');
    });
    window.addEventListener('message', (event: MessageEvent) => {
      if (!acceptsOrigin(window.location.origin, event.origin)) return;
      const action = actionOf(event.data);
      if (action) apply(action);
    });

    // Presenting starts (a speaker view connects): the room votes by hand from now on. It stopping changes nothing.
    window.addEventListener(PRESENTING_EVENT, () => {
      if (projecting() && !presenter) setPresenter(true);
    });

    syncSteps();
    deck.on('ready', syncSteps);
    // A press forward (one step shown; arriving back at a slide shows its steps all at once and acts on none).
    deck.on('fragmentshown', (event) => {
      const shown = (event as Event & { fragments?: Element[] }).fragments ?? [];
      const fragment = shown.length === 1 ? shown[0] : undefined;
      const step = fragment ? stepOf(fragment) : null;
      const section = fragment?.closest('section');
      const slide = section && hasQuizSteps(section.id) ? slideById(section.id) : undefined;
      if (step === null || !slide?.demo) return;
      if (pressAction(slide.demo.sequence, step) === 'reveal') current()?.requestReveal();
    });

    deck.addKeyBinding({ keyCode: KEY_Q, key: 'Q', description: 'Quiz: presenter mode on/off' }, () => {
      if (current()) act(presenter ? 'presenter-off' : 'presenter-on');
    });
    deck.addKeyBinding({ keyCode: KEY_R, key: 'R', description: 'Quiz: reveal the answer' }, () => {
      if (current()) act('reveal');
    });
    for (const keyCode of DIGIT_KEYS) {
      const choice = keyCode >= 97 ? keyCode - 97 : keyCode - 49;
      deck.addKeyBinding(keyCode, () => current()?.requestChoice(choice));
    }
    deck.registerKeyboardShortcut('1 … 9', 'Quiz: choose an answer');
  },
});
