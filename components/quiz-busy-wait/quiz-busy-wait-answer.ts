import type { QuizAnswer } from '../shared/quiz/quiz-answer.ts';

/**
 * The busy-wait question's answer: the third choice (the server hangs), and why: the first paragraph short (the
 * presented reveal shows only it; the rest is spoken, slides/text/quiz-busy-wait.ts). The phones' build replaces this
 * module with a withheld one (vite.config.ts); tests/unit/quiz.test.ts checks each claim against real Node.
 */
export const ANSWER: QuizAnswer = {
  correct: 2,
  explanation: {
    en: [
      'Each `await` queues the next microtask: the queue never empties, and no timer runs.',
      '`await` gives control away only until the next microtask. Each turn of the loop queues a new microtask, and the event loop takes no macrotask while the microtask queue is not empty. The network handler that would set `ready` never runs.',
      'The same happens with a recursive `process.nextTick`. To yield for real: `await new Promise(r => setImmediate(r))` or `setTimeout`.',
      'Nothing grows: each continuation starts on an empty stack and the old promises are collected, so the process neither crashes nor frees itself — it just spins.',
    ],
    ru: [
      'Каждый `await` ставит следующую микрозадачу: очередь не пустеет, таймер не запустится.',
      '`await` отдаёт управление только до следующей микрозадачи. Каждый оборот ставит новую микрозадачу, а цикл событий не берёт макрозадачи, пока очередь микрозадач не пуста. Сетевой обработчик, который выставит `ready`, никогда не запустится.',
      'То же с рекурсивным `process.nextTick`. Отдать управление по-настоящему — `await new Promise(r => setImmediate(r))` или `setTimeout`.',
      'Ничего не растёт: каждое продолжение начинается с пустого стека, старые промисы собирает сборщик мусора, поэтому процесс не падает и не освобождается сам — он просто крутится.',
    ],
  },
};
