import type { Bilingual } from '../../lib/i18n.ts';
import type { QuizWords } from '../shared/quiz/quiz-model.ts';
import type { SimVariant } from './quiz-busy-wait-model.ts';

/**
 * Seed 004's question: the lead, the question (its code is QUESTION_CODE in the model) and the choices. The right
 * answer and the explanation are in quiz-busy-wait-answer.ts (withheld from the phones' build). Each claim is checked
 * against real Node in tests/unit/quiz.test.ts: the loop starves a due timer and a pending connection, so does a
 * recursive process.nextTick, the heap stays flat, and yielding with setImmediate or setTimeout lets the handler run.
 */
export const busyWaitQuizText: Bilingual<QuizWords> = {
  en: {
    lead: 'In a Node server, someone wrote an “asynchronous” wait for a flag:',
    ask: 'The `ready` flag is set by a network request handler. What happens to the server?',
    choices: [
      'Nothing bad: each `await` gives control back to the event loop, the request handler runs, sets `ready`, and the loop ends.',
      'The server keeps answering other requests; only this function spins and burns CPU until `ready` is set.',
      'The server hangs: every turn queues a new microtask, so the queue never empties and no timer or network callback runs — `ready` is never set, and one core sits at 100%.',
      'After a while the process crashes with a stack overflow or out of memory, because every `await` goes one level deeper.',
    ],
    presented: {
      ask: 'A network handler sets `ready`. What happens to the server?',
      choices: [
        'Fine: each `await` yields to the event loop',
        'Only this function spins; the rest is served',
        'The whole server hangs, one core at 100%',
        'It crashes: stack overflow or out of memory',
      ],
    },
  },
  ru: {
    lead: 'В Node-сервере кто-то написал «асинхронное» ожидание флага:',
    ask: 'Флаг `ready` выставляет обработчик сетевого запроса. Что будет с сервером?',
    choices: [
      'Ничего страшного: каждый `await` отдаёт управление циклу событий, обработчик запроса выполнится, выставит `ready`, и цикл закончится.',
      'Сервер продолжит отвечать на другие запросы; только эта функция будет крутиться и жечь процессор, пока `ready` не выставят.',
      'Сервер зависнет: каждый оборот ставит новую микрозадачу, очередь никогда не пустеет, и ни таймер, ни сетевой колбэк не запустятся — `ready` не выставится никогда, одно ядро загружено на 100%.',
      'Через какое-то время процесс упадёт с переполнением стека или нехваткой памяти: каждый `await` уходит на уровень глубже.',
    ],
    presented: {
      ask: 'Флаг `ready` выставляет сетевой обработчик. Что будет с сервером?',
      choices: [
        'Ничего: каждый `await` отдаёт управление циклу',
        'Крутится только эта функция, остальных обслужат',
        'Зависнет весь сервер, одно ядро — на 100%',
        'Упадёт: переполнение стека или памяти',
      ],
    },
  },
};

const en = {
  simComment: 'stands in for the network handler',
  simTitle: 'Watch it in the simulator',
  simIntro: 'A timer due at 5 ms stands in for the network request. Run a version and see where it stops.',
  simVariants: {
    promise: 'Run: await Promise.resolve()',
    nextTick: 'Run: recursive process.nextTick',
    immediate: 'Run: yield with setImmediate',
    timeout: 'Run: yield with setTimeout',
  } satisfies Record<SimVariant, string>,
  simCode: 'Program run in the simulator',
  simSteps: (n: number) => `Steps taken: ${n}`,
  simClock: (ms: number) => `Virtual clock: ${ms} ms`,
  simQueues: (micro: number, ticks: number, timers: number) =>
    `Left in the queues: ${micro} microtask(s), ${ticks} nextTick callback(s), ${timers} timer(s)`,
  simOutput: (lines: string) => `Output: ${lines}`,
  simNone: '(nothing)',
  simEnd: {
    starvedMicrotasks:
      'Stopped after 3,000 steps: the microtask queue never empties, so the timer that would set ready never runs. Microtask starvation.',
    starvedTicks:
      'Stopped after 3,000 steps: process.nextTick keeps queueing itself ahead of everything else. The timer never runs.',
    done: 'Finished: each setTimeout hands the loop a turn, the timer fires at 5 ms and sets ready.',
    doneImmediate:
      'Finished: each setImmediate gives the loop a turn. A turn takes microseconds; after hundreds of them (the simulator skips them) the 5 ms timer sets ready.',
    other: 'The simulator stopped this run.',
  },
  simUnavailable: 'The simulator could not run this program.',
  simRunning: 'Simulating…',
};

const ru: typeof en = {
  simComment: 'изображает сетевой обработчик',
  simTitle: 'Посмотреть в симуляторе',
  simIntro: 'Сетевой запрос изображает таймер на 5 мс. Запустите вариант и посмотрите, где он остановится.',
  simVariants: {
    promise: 'Запустить: await Promise.resolve()',
    nextTick: 'Запустить: рекурсивный process.nextTick',
    immediate: 'Запустить: уступать через setImmediate',
    timeout: 'Запустить: уступать через setTimeout',
  },
  simCode: 'Программа, которую выполняет симулятор',
  simSteps: (n: number) => `Сделано шагов: ${n}`,
  simClock: (ms: number) => `Виртуальные часы: ${ms} мс`,
  simQueues: (micro: number, ticks: number, timers: number) =>
    `Осталось в очередях: микрозадач — ${micro}, колбэков nextTick — ${ticks}, таймеров — ${timers}`,
  simOutput: (lines: string) => `Вывод: ${lines}`,
  simNone: '(ничего)',
  simEnd: {
    starvedMicrotasks:
      'Остановлено после 3000 шагов: очередь микрозадач не пустеет, и таймер, который выставил бы ready, так и не запускается. Голодание макрозадач из-за микрозадач.',
    starvedTicks:
      'Остановлено после 3000 шагов: process.nextTick снова и снова ставит себя впереди всех. Таймер не запускается.',
    done: 'Завершено: каждый setTimeout даёт циклу сделать оборот, таймер срабатывает на 5 мс и выставляет ready.',
    doneImmediate:
      'Завершено: каждый setImmediate даёт циклу оборот. Оборот — это микросекунды; после сотен оборотов (симулятор их пропускает) таймер на 5 мс выставляет ready.',
    other: 'Симулятор остановил этот запуск.',
  },
  simUnavailable: 'Симулятор не смог выполнить эту программу.',
  simRunning: 'Симуляция…',
};

export const busyWaitText: Bilingual<typeof en> = { en, ru };
