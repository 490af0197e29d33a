import type { Bilingual } from '../../lib/i18n.ts';
import type { QuizWords } from '../shared/quiz/quiz-model.ts';
import type { HandlerKind } from './quiz-fastapi-model.ts';

/**
 * Seed 004's FastAPI question: the question (its code is QUESTION_CODE in the model) and the choices. The right answer
 * and the explanation are in quiz-fastapi-answer.ts (withheld from the phones' build). The three handler kinds are
 * checked against CPython in tests/unit/quiz-fastapi-real.test.ts.
 */
export const fastapiQuizText: Bilingual<QuizWords> = {
  en: {
    ask: 'FastAPI, one uvicorn process. 50 requests arrive at once. How long does the last one wait?',
    choices: [
      'About 200 ms: the handler is `async def`, so the 50 requests are served concurrently.',
      'About 10 s: `requests.get` blocks the event loop’s thread, and 50 × 200 ms run strictly one after another.',
      'About 400 ms: FastAPI runs every handler in its pool of 40 threads: two rounds of 200 ms.',
      'It depends on the CPU: uvicorn runs one event loop per core and spreads the requests over them.',
    ],
    presented: {
      ask: 'One uvicorn process, 50 requests at once. How long does the last wait?',
      choices: [
        '200 ms: `async def` runs all 50 at once',
        '10 s: `requests.get` blocks the loop',
        '400 ms: 40 threads, two rounds',
        'Depends on the cores: a loop per core',
      ],
    },
  },
  ru: {
    ask: 'FastAPI, один процесс uvicorn. Одновременно пришло 50 запросов. Сколько ждёт последний?',
    choices: [
      'Около 200 мс: обработчик объявлен `async def`, значит, 50 запросов обслуживаются одновременно.',
      'Около 10 с: `requests.get` блокирует поток цикла событий, и 50 × 200 мс выполняются строго подряд.',
      'Около 400 мс: FastAPI запускает любой обработчик в своём пуле из 40 потоков — два круга по 200 мс.',
      'Зависит от процессора: uvicorn запускает по циклу событий на ядро и раскладывает запросы по ним.',
    ],
    presented: {
      ask: '50 запросов разом, один процесс uvicorn. Сколько ждёт последний?',
      choices: [
        '200 мс: `async def` обслужит все 50 разом',
        '10 с: `requests.get` блокирует цикл',
        '400 мс: 40 потоков, два круга',
        'Зависит от ядер: по циклу на ядро',
      ],
    },
  },
};

const en = {
  extraTitle: 'Three handlers, side by side',
  intro: 'The requests arrive together, and each handler waits for the rates API. When is the last one answered?',
  requests: 'Requests at once',
  latency: 'Latency of the rates API',
  count: (v: string) => v,
  ms: (v: string) => `${v} ms`,
  s: (v: string) => `${v} s`,
  kinds: {
    async_blocking: { def: 'async def', call: 'requests.get', how: 'one after another: the loop’s thread is blocked' },
    def_pool: { def: 'def', call: 'requests.get', how: 'in the thread pool, 40 at a time' },
    async_client: { def: 'async def', call: 'await client.get', how: 'all at once: the loop waits on every socket' },
  } satisfies Record<HandlerKind, { def: string; call: string; how: string }>,
  last: (t: string) => `last answered at ${t}`,
  chartLabel: (a: string, b: string, c: string) =>
    `When the last request is answered: async def with requests.get at ${a}, def with requests.get at ${b}, async def with an async client at ${c}.`,
  note: 'Only the waiting is counted. The three kinds were run under CPython with a real requests.get against a loopback server: see the notes.',
};

const ru: typeof en = {
  extraTitle: 'Три обработчика рядом',
  intro: 'Запросы приходят разом, каждый обработчик ждёт API курсов. Когда ответят последнему?',
  requests: 'Запросов разом',
  latency: 'Задержка API курсов',
  count: (v: string) => v,
  ms: (v: string) => `${v} мс`,
  s: (v: string) => `${v} с`,
  kinds: {
    async_blocking: { def: 'async def', call: 'requests.get', how: 'строго подряд: поток цикла заблокирован' },
    def_pool: { def: 'def', call: 'requests.get', how: 'в пуле потоков, по 40 за раз' },
    async_client: { def: 'async def', call: 'await client.get', how: 'все разом: цикл ждёт на всех сокетах' },
  },
  last: (t: string) => `последний ответ в ${t}`,
  chartLabel: (a: string, b: string, c: string) =>
    `Когда ответят последнему запросу: async def с requests.get — в ${a}, def с requests.get — в ${b}, async def с асинхронным клиентом — в ${c}.`,
  note: 'Считается только ожидание. Все три варианта прогнаны в CPython с настоящим requests.get против локального сервера — см. заметки.',
};

export const fastapiText: Bilingual<typeof en> = { en, ru };
