import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RevealApi } from 'reveal.js';
import { QUIZ_CONNECTED_EVENT, type QuizLive } from '../../components/shared/quiz/quiz-protocol.ts';
import { ConnectedQuizzes } from '../../src/connected-quizzes.ts';
import { DeckPosition } from '../../src/deck-position.ts';
import { QuizPresenter } from '../../src/plugins/quiz-presenter.ts';
import { watchQuizzes } from '../../src/workshop-quizzes.ts';
import { Owned } from '../../src/owned.ts';

/** A quiz element as the registry sees it: on the quiz-busy-wait slide, connected until told otherwise. */
const quiz = () => ({
  isConnected: true,
  presenter: false,
  live: null as QuizLive | null,
  requestReveal: () => undefined,
  requestChoice: () => undefined,
  closest: () => ({ id: 'quiz-busy-wait' }),
});

describe('ConnectedQuizzes: the deck’s one registry of connected quizzes', () => {
  let onPage: ReturnType<typeof quiz>[];
  let listeners: Map<string, number>;
  beforeEach(() => {
    onPage = [quiz()];
    listeners = new Map();
    const doc = new EventTarget();
    const add = doc.addEventListener.bind(doc);
    vi.stubGlobal(
      'document',
      Object.assign(doc, {
        addEventListener: (type: string, fn: EventListener) => {
          listeners.set(type, (listeners.get(type) ?? 0) + 1);
          add(type, fn);
        },
        querySelectorAll: () => onPage,
      }),
    );
    vi.stubGlobal('window', Object.assign(new EventTarget(), { location: { search: '?quiz=presenter' } }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('the quiz presenter and the workshop hear of quizzes from one listener, and forget the same gone ones', () => {
    const quizzes = new ConnectedQuizzes();
    quizzes.bind();
    const deck = {
      on: () => undefined,
      isSpeakerNotes: () => false,
      isPrintView: () => false,
      getHorizontalSlides: () => [],
      addKeyBinding: () => undefined,
      registerKeyboardShortcut: () => undefined,
    } as unknown as RevealApi;
    void QuizPresenter(new DeckPosition({ getLang: () => 'en' }), quizzes).init?.(deck);
    const view = { kind: 'open' } as unknown as QuizLive;
    const paint = watchQuizzes(
      new Owned(),
      quizzes,
      () => view,
      () => undefined,
    );
    // One listener for quizzes connecting, whoever wants them.
    expect(listeners.get(QUIZ_CONNECTED_EVENT)).toBe(1);
    // The one already on the page got both.
    expect([onPage[0]?.presenter, onPage[0]?.live]).toEqual([true, view]);
    // One that connects later gets both too.
    const late = quiz();
    const connected = new Event(QUIZ_CONNECTED_EVENT);
    Object.defineProperty(connected, 'target', { value: late });
    document.dispatchEvent(connected);
    expect([late.presenter, late.live]).toEqual([true, view]);
    expect(quizzes.connected()).toHaveLength(2);
    // Gone from the page: forgotten.
    late.isConnected = false;
    paint();
    expect(quizzes.connected()).toHaveLength(1);
    quizzes.unbind();
  });
});
