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
        p: 'Вопрос к вам. В Node-сервере кто-то «асинхронно» ждёт флаг: пока флаг не выставлен, ждать уже выполненный промис. Флаг выставляет обработчик сетевого запроса. Код на JavaScript здесь выполняет один поток, как в любом сервере на Node. Что будет с сервером? Прочитайте четыре ответа и подумайте минуту. Код короткий и выглядит безобидно.',
        shows: ['Что будет с сервером?', 'await'],
      },
      {
        p: 'Теперь голосуем: на телефонах, если вы в комнате, или поднимите руки, пока я читаю ответы. Вспомните пример с буквами от A до F: куда await на выполненном промисе ставит остаток цикла? Не спешите, время есть.',
        shows: ['Поднимите руки: какой ответ?'],
      },
      {
        p: 'Ответ — третий: сервер зависает. Каждый await отдаёт управление только до следующей микрозадачи, а каждый оборот ставит новую, так что очередь микрозадач никогда не пустеет и цикл не доходит ни до таймера, ни до сетевого события. Обработчик, который выставил бы флаг, так и не запустится. Процесс не падает и память не растёт — он просто крутится на целом ядре. Снаружи это выглядит как сервер, который перестал отвечать, хотя процесс жив и занят. Уступить по-настоящему — дождаться setImmediate или таймера.',
        shows: ['Зависнет весь сервер, одно ядро — на 100%', 'правильный ответ', 'очередь не пустеет'],
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
        p: 'A question for you. In a Node server, someone waits “asynchronously” for a flag: while the flag is not set, await a resolved promise. The flag is set by the handler of a network request. What happens to the server? Read the four answers and take a minute.',
        shows: ['What happens to the server?', 'await'],
      },
      {
        p: 'Now vote: on your phones if you joined the room, or hands up for each answer as I read them. Think of the A to F example: where does an await on a resolved promise put the rest of the loop?',
        shows: ['Hands up: which one?'],
      },
      {
        p: 'The answer is three: the server hangs. Each await yields only until the next microtask, and every turn queues a new one, so the microtask queue is never empty, and the loop never gets to a timer or a network event. The handler that would set the flag never runs. The process does not crash and memory does not grow: it just spins at a full core. To yield for real, wait for setImmediate or a timer.',
        shows: ['The whole server hangs, one core at 100%', 'right answer', 'the queue never empties'],
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
