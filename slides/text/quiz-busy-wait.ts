import { slideText } from '../types.ts';

/** The words of the slide `quiz-busy-wait` (its title is in `slides/quiz-busy-wait.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'Node.js: The Node.js Event Loop, process.nextTick() and setImmediate()',
      'https://nodejs.org/en/learn/asynchronous-work/event-loop-timers-and-nexttick',
    ],
    [
      'Node.js: lib/internal/process/task_queues.js (processTicksAndRejections, runMicrotasks)',
      'https://github.com/nodejs/node/blob/main/lib/internal/process/task_queues.js',
    ],
    [
      'HTML Standard: perform a microtask checkpoint',
      'https://html.spec.whatwg.org/multipage/webappapis.html#perform-a-microtask-checkpoint',
    ],
  ],
  ru: {
    // The question, its code and its choices are the demo's own words (components/quiz-busy-wait/).
    body: [],
    notes: [
      {
        p: 'Вопрос: кто-то «асинхронно» ждёт флаг в Node-сервере. Подумайте минуту и поднимите руки: какой ответ?',
      },
      {
        p: 'Ответ — третий: сервер зависает. `await` отдаёт управление только до следующей микрозадачи, а пока очередь микрозадач не пуста, цикл не берёт ни таймер, ни сетевое событие.',
      },
      {
        p: 'Процесс не падает и память не растёт — он просто крутится. Уступить по-настоящему — `setImmediate` или `setTimeout`.',
      },
    ],
    appendix: [
      {
        p: 'Ведущий: `?present` (или подключённое окно докладчика) включает режим ведущего сам; иначе `?quiz=presenter` или клавиша Q. Первое нажатие открывает голосование, второе показывает ответ; R показывает сразу.',
      },
      {
        p: 'Ответ: сервер зависнет. `await` отдаёт управление только до следующей микрозадачи. Каждый оборот ставит новую микрозадачу, а цикл событий не берёт макрозадачи, пока очередь микрозадач не пуста. Сетевой обработчик, который выставит `ready`, никогда не запустится.',
      },
      {
        p: 'То же с рекурсивным `process.nextTick`: очередь nextTick Node опустошает раньше промисов, и тоже до конца. Отдать управление по-настоящему — `await new Promise(r => setImmediate(r))` или `setTimeout`.',
      },
      {
        p: 'Почему не падает: после `await` функция продолжается из очереди микрозадач с пустым стеком, а старые промисы собирает сборщик мусора. Проверено в Node 20: за 20 миллионов оборотов таймер на 10 мс так и не сработал, входящее соединение не обработано, куча осталась около 4 МБ; с `setImmediate` и `setTimeout` цикл завершается (проба: tests/unit/quiz.test.ts).',
      },
      {
        p: 'После ответа симулятор очередей выполняет ту же программу (сетевой запрос изображает таймер) и останавливается через 3000 шагов с объяснением. Оба исправления — `setImmediate` и `setTimeout` — там же завершаются: настоящий оборот цикла длится несколько микросекунд, поэтому за сотни оборотов наступает срок таймера; одинаковые обороты симулятор пропускает.',
      },
    ],
  },
  en: {
    body: [],
    notes: [
      {
        p: 'A question: someone waits “asynchronously” for a flag in a Node server. Take a minute, then hands up: which answer?',
      },
      {
        p: 'The answer is three: the server hangs. `await` yields only until the next microtask, and while the microtask queue is not empty the loop takes no timer and no network event.',
      },
      {
        p: 'The process does not crash and memory does not grow: it just spins. To yield for real: `setImmediate` or `setTimeout`.',
      },
    ],
    appendix: [
      {
        p: 'Presenting: `?present` (or a connected speaker view) turns presenter mode on by itself; otherwise `?quiz=presenter` or the Q key. The first press opens the vote, the second reveals; R reveals at once.',
      },
      {
        p: 'The answer: the server hangs. `await` gives control away only until the next microtask. Each turn of the loop queues a new microtask, and the event loop takes no macrotask while the microtask queue is not empty. The network handler that would set `ready` never runs.',
      },
      {
        p: 'The same with a recursive `process.nextTick`: Node drains the nextTick queue before the promise queue, and drains it completely too. To yield for real: `await new Promise(r => setImmediate(r))` or `setTimeout`.',
      },
      {
        p: 'Why it does not crash: after `await` the function continues from the microtask queue on an empty stack, and the old promises are garbage-collected. Checked in Node 20: in 20 million turns a 10 ms timer never fired, an incoming connection was never handled, and the heap stayed near 4 MB; with `setImmediate` or `setTimeout` the loop finishes (the probe: tests/unit/quiz.test.ts).',
      },
      {
        p: 'After the answer, the task-queue simulator runs the same program (a timer stands in for the network request) and stops after 3,000 steps with an explanation. Both fixes, `setImmediate` and `setTimeout`, finish there: a real turn of the loop takes a few microseconds, so within hundreds of turns the timer falls due; the simulator skips the identical turns.',
      },
    ],
  },
});
