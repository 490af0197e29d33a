import type { QuizAnswer } from '../shared/quiz/quiz-answer.ts';

/**
 * The FastAPI question's answer: the second choice (about 10 s), and why: the first paragraph short (the presented
 * reveal shows only it; the rest is spoken, slides/text/quiz-fastapi.ts). The phones' build replaces this module
 * with a withheld one (vite.config.ts); the three handler kinds are checked against CPython in
 * tests/unit/quiz-fastapi-real.test.ts.
 */
export const ANSWER: QuizAnswer = {
  correct: 1,
  explanation: {
    en: [
      '`requests.get` blocks the loop’s thread: 50 × 200 ms, one after another.',
      'While one handler waits for the rates API inside `requests.get`, the loop takes neither new connections nor answers: the last request waits 10 s.',
      'The paradox: drop `async` and declare a plain `def`, and FastAPI runs the handler in its thread pool itself (40 threads by default) — it would be fast: two rounds, about 400 ms.',
      'The right fix is an asynchronous client: `await httpx.AsyncClient().get(...)`. The loop then waits for all 50 at once: about 200 ms.',
    ],
    ru: [
      '`requests.get` блокирует поток цикла: 50 × 200 мс строго подряд.',
      'Пока один обработчик ждёт API курсов внутри `requests.get`, цикл не принимает ни новых соединений, ни ответов: последний запрос ждёт 10 с.',
      'Парадокс: если убрать `async` и объявить обычный `def`, FastAPI сам запустит обработчик в пуле потоков (40 по умолчанию), и стало бы быстро: два круга, около 400 мс.',
      'Правильно — асинхронный клиент: `await httpx.AsyncClient().get(...)`. Тогда цикл ждёт все 50 запросов разом: около 200 мс.',
    ],
  },
};
