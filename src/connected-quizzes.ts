import { QUIZ_CONNECTED_EVENT, type QuizHost } from '../components/shared/quiz/quiz-protocol.ts';

type Watcher = (quiz: QuizHost) => void;

/**
 * The deck's one registry of connected quizzes, in the style of reveal's own controllers (`bind`, `unbind`): every
 * quiz element found as it connects (QUIZ_CONNECTED_EVENT), or already on the page when it binds. The quiz presenter
 * gives each its `presenter` mode and the workshop its `live` view from here (src/plugins/quiz-presenter.ts,
 * src/workshop-quizzes.ts).
 */
export class ConnectedQuizzes {
  #quizzes = new Set<QuizHost>();
  #watchers = new Set<Watcher>();
  #bound = false;

  /** Starts listening for quizzes that connect, and takes in the ones the slides already hold. */
  bind(): void {
    if (this.#bound) return;
    this.#bound = true;
    document.addEventListener(QUIZ_CONNECTED_EVENT, this.#onConnected);
    // A demo loaded before this bound (the first slide's, src/main.ts) may have connected, and said so, already.
    for (const el of document.querySelectorAll('.reveal .slides .demo')) {
      if (typeof (el as Partial<QuizHost>).requestReveal === 'function') this.#adopt(el as QuizHost);
    }
  }

  /** Stops listening (the quizzes known stay known). */
  unbind(): void {
    document.removeEventListener(QUIZ_CONNECTED_EVENT, this.#onConnected);
    this.#bound = false;
  }

  /** The quizzes connected now (the ones gone from the page are forgotten). */
  connected(): QuizHost[] {
    for (const q of this.#quizzes) if (!q.isConnected) this.#quizzes.delete(q);
    return [...this.#quizzes];
  }

  /** Calls `fn` with every quiz known now and with each that connects from now on; returns the function that ends it. */
  watch(fn: Watcher): () => void {
    this.#watchers.add(fn);
    for (const q of this.connected()) fn(q);
    return () => this.#watchers.delete(fn);
  }

  readonly #onConnected = (event: Event): void => {
    const quiz = event.target as QuizHost | null;
    if (quiz) this.#adopt(quiz);
  };

  #adopt(quiz: QuizHost): void {
    this.#quizzes.add(quiz);
    for (const fn of this.#watchers) fn(quiz);
  }
}
