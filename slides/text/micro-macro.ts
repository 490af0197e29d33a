import { slideText } from '../types.ts';

/** The words of the slide `micro-macro` (its title is in `slides/micro-macro.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'ECMA-262, §27.2 Promise Objects: PromiseResolveThenableJob, PromiseReactionJob; §27.7.5.3 Await',
      'https://tc39.es/ecma262/#sec-promise-objects',
    ],
    [
      'HTML Living Standard, 8.1.7 Event loops: perform a microtask checkpoint; timer initialisation steps',
      'https://html.spec.whatwg.org/multipage/webappapis.html#event-loops',
    ],
    [
      'V8 blog, “Faster async functions and promises” (await costs one tick since V8 7.2)',
      'https://v8.dev/blog/fast-async',
    ],
    [
      'Node.js: The Node.js Event Loop, process.nextTick() and setImmediate()',
      'https://nodejs.org/en/learn/asynchronous-work/event-loop-timers-and-nexttick',
    ],
    [
      'Node.js lib/internal/process/task_queues.js: processTicksAndRejections()',
      'https://github.com/nodejs/node/blob/main/lib/internal/process/task_queues.js',
    ],
    [
      'Node.js lib/internal/timers.js: listOnTimeout(), runNextTicks() between timers',
      'https://github.com/nodejs/node/blob/main/lib/internal/timers.js',
    ],
    [
      'Node.js v11.0.0 changelog: timers and immediates run microtasks between callbacks',
      'https://github.com/nodejs/node/blob/main/doc/changelogs/CHANGELOG_V11.md',
    ],
    ['libuv src/unix/core.c: uv_run() phases', 'https://github.com/libuv/libuv/blob/v1.x/src/unix/core.c'],
  ],
  ru: {
    body: [
      // Presented, the listing and the queues say it: the words are one click away (open when browsing and in print).
      {
        details: [
          {
            p: 'Макрозадача — колбэк таймера или ввода-вывода; микрозадача — колбэк промиса или продолжение после `await`. Макрозадачи выполняются по одной; после каждой очередь микрозадач опустошается — до последней, вместе с добавленными по ходу.',
          },
          {
            p: 'Выберите пример и проходите его по шагам. Сначала попробуйте угадать, в каком порядке появится вывод.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Пример из доклада: несколько строк, шесть букв. Прежде чем идти по шагам, подумайте и угадайте, в каком порядке напечатаются буквы. Запишите или просто запомните — потом посмотрим, кто был прав. Здесь важны три места: стек вызовов, очередь микрозадач и очередь таймеров. Каждая строка либо печатает сразу, либо ставит что-то в одну из очередей.',
        shows: ['Стек вызовов', 'Микрозадачи', 'Таймеры'],
      },
      {
        p: 'Скрипт выполняется сверху вниз. A печатается сразу. Потом setTimeout ставит B в очередь таймеров: это макрозадача, даже с задержкой ноль миллисекунд. Ноль здесь значит не «сейчас», а «при первой возможности».',
        shows: ["log('B') · 0", 'Таймеры'],
      },
      {
        p: 'queueMicrotask ставит C в очередь микрозадач. Пока ничего не выполняется: скрипт ещё на стеке. Микрозадача подождёт, пока стек не опустеет.',
        shows: ["log('C')", 'Микрозадачи'],
      },
      {
        p: 'Async-функция начинается как любая функция: синхронно печатает D и останавливается на await. Её продолжение — остаток функции, который напечатает E, — встаёт в очередь микрозадач за C. Заметьте: D напечаталась сразу, до F, — тело async-функции до первого await выполняется синхронно. А сам await отдаёт управление, даже если ждать ему нечего.',
        shows: ["log('E')", 'Микрозадачи'],
      },
      {
        p: 'Печатается F, скрипт закончился, стек пуст. Теперь первой идёт очередь микрозадач, раньше любого таймера: C. Правило простое: как только стек пуст, выполняются микрозадачи, все до одной. Таймер B стоит в своей очереди, но ему придётся подождать.',
        shows: ["log('C')", 'Стек вызовов'],
      },
      {
        p: 'Потом E — продолжение после await. Очередь микрозадач наконец пуста. Если бы E поставила новую микрозадачу, та тоже выполнилась бы раньше таймера.',
        shows: ["log('E')", 'Стек вызовов'],
      },
      {
        p: 'Только теперь цикл берёт следующую макрозадачу — таймер, B. Его ноль миллисекунд означал «как можно скорее», а это после всех микрозадач. Таймер с нулевой задержкой — способ выполнить код не раньше, а позже всего остального.',
        shows: ["log('B')", 'Макрозадачи'],
      },
      {
        p: 'Итог: A, D, F, C, E, B. Макрозадачи выполняются по одной; после каждой очередь микрозадач опустошается до конца. Сначала весь синхронный код, потом все микрозадачи, потом одна макрозадача — и снова все микрозадачи. Кто угадал? Запомните эту картинку: она объясняет вопрос в конце главы.',
        shows: ['Макрозадачи', 'Микрозадачи'],
      },
    ],
    appendix: [
      {
        p: 'Первый пример — из доклада. Синхронно: A, тело async-функции до `await` — D, затем F. В очереди микрозадач к этому моменту C, а за ней продолжение после `await` — E: они выполняются в порядке постановки. Таймер — макрозадача, поэтому B последний, хотя задержка 0.',
      },
      {
        p: 'Симулятор не исполняет код: он разбирает его парсером acorn и интерпретирует по шагам, с промисами по спецификации ECMAScript (§27.2): `await` нативного промиса стоит один такт (так с V8 7.2), а `return` промиса из async-функции — на два такта больше, чем `return` значения: сначала задача PromiseResolveThenableJob вызывает `then`, потом реакция выполняет внешний промис.',
      },
      {
        p: 'Node: после скрипта и после каждого колбэка таймера или `setImmediate` сначала опустошается очередь `process.nextTick`, потом микрозадачи (processTicksAndRejections в task_queues.js; между таймерами — с Node 11). В колбэке ввода-вывода `setImmediate` всегда раньше `setTimeout(…, 0)`: фаза check идёт сразу после poll. А на верхнем уровне порядок `setTimeout(…, 0)` и `setImmediate` зависит от того, успела ли пройти 1 мс, — симулятор так и говорит.',
      },
      {
        p: 'Время в симуляторе: код выполняется за нулевое виртуальное время, часы идут, когда цикл спит до таймера. Настоящий оборот цикла длится несколько микросекунд (оборот с `setImmediate` на тестовой машине — 2,5–8 мкс: до таймера на 5 мс их примерно 600–1200). Поэтому, когда цикл снова и снова делает один и тот же оборот — те же колбэки, ничего не выводится, — а таймер ждёт, симулятор пропускает одинаковые обороты и переводит часы на срок таймера (при опросе через `setTimeout` пропускаются целые обороты по 1 мс, а во вложенных таймерах браузера — по 4 мс). Если вывод зависит от того, сколько оборотов успеет пройти (например, печатается счётчик), симулятор говорит, что вывод зависит от времени. В браузере `setTimeout` после `await` в цепочке таймеров тоже считается вложенным: начиная с шестого уровня он ждёт не меньше 4 мс (шаги инициализации таймера в HTML; проверено в Chromium).',
      },
      {
        p: 'Каждый пример и ещё около шестидесяти фрагментов в tests/snippets проверяются в настоящем Node (как CommonJS) и в настоящем Chromium: вывод симулятора сравнивается построчно. Команда `npm run -s predict -- --runtime node файл.js` печатает предсказанный вывод.',
      },
      {
        p: 'Последний пример — вопрос из квиза: `while (!ready) await Promise.resolve()` никогда не отдаёт управление циклу, таймер не запускается. Симулятор останавливается по лимиту шагов и объясняет голодание.',
      },
      {
        p: 'Кликер: шаг 0 — догадка, и она остаётся вашей (кликер её не проверяет и не отправляет); каждый следующий шаг — одно изменение очередей (B, C, продолжение E встают в очередь; C, E, B выполняются), последний — конец прогона с объяснением (tests/unit/sim-ui-model.test.ts и tests/e2e/micro-macro.spec.ts). Среда: для примеров, которые идут только в Node, выбрана Node.js, а браузер в списке недоступен (там же).',
      },
      {
        p: '«Макрозадачи выполняются по одной; после каждой очередь микрозадач опустошается» — как в HTML (perform a microtask checkpoint после каждой задачи) и в Node с версии 11 (микрозадачи между колбэками таймеров и `setImmediate`); за один оборот цикл может выполнить много макрозадач — все наступившие таймеры, все готовые сокеты (слайд «Цикл событий»). Пример «Активное ожидание флага» остановлен по лимиту шагов, и строка шага говорит «остановлен, не завершён», а не «завершён».',
      },
    ],
  },
  en: {
    body: [
      // Presented, the listing and the queues say it: the words are one click away (open when browsing and in print).
      {
        details: [
          {
            p: 'A macrotask is a timer or I/O callback; a microtask is a promise callback or the continuation after `await`. Macrotasks run one at a time; after each, the microtask queue is drained, down to the last one, including those queued meanwhile.',
          },
          { p: 'Pick an example and step through it. First try to guess the order in which the output appears.' },
        ],
      },
    ],
    notes: [
      {
        p: 'The talk’s example: a few lines, six letters. Before we step through it, take a moment and guess the order in which the letters are printed. Write it down, or just remember it; we will see who was right. Three places matter here: the call stack, the microtask queue and the timer queue.',
        shows: ['Call stack', 'Microtasks', 'Timers'],
      },
      {
        p: 'The script runs top to bottom. A is printed at once. Then setTimeout puts B in the timer queue: a macrotask, even with a delay of zero milliseconds.',
        shows: ["log('B') · 0", 'Timers'],
      },
      {
        p: 'queueMicrotask puts C in the microtask queue. Nothing runs yet: the script is still on the stack.',
        shows: ["log('C')", 'Microtasks'],
      },
      {
        p: 'The async function starts like any function: it prints D synchronously and stops at its await. Its continuation, the rest of the function that prints E, queues behind C in the microtask queue. Note that D came before F: an async function runs synchronously up to its first await.',
        shows: ["log('E')", 'Microtasks'],
      },
      {
        p: 'F is printed, the script is done, and the stack is empty. Now the microtask queue goes first, before any timer: C. The rule: as soon as the stack is empty, microtasks run, every one of them.',
        shows: ["log('C')", 'Call stack'],
      },
      {
        p: 'Then E, the continuation after await. The microtask queue is empty at last. Had E queued another microtask, that one too would run before the timer.',
        shows: ["log('E')", 'Call stack'],
      },
      {
        p: 'Only now does the loop take its next macrotask: the timer, B. Its zero milliseconds meant “as soon as possible”, and that is after every microtask.',
        shows: ["log('B')", 'Macrotasks'],
      },
      {
        p: 'The result: A, D, F, C, E, B. Macrotasks run one at a time; after each one, the microtask queue is drained to the end. Who guessed it? Keep this picture in mind: it explains the question at the end of this chapter.',
        shows: ['Macrotasks', 'Microtasks'],
      },
    ],
    appendix: [
      {
        p: 'The first example is the talk’s. Synchronously: A, the async function’s body up to `await` — D, then F. By then the microtask queue holds C, and after it the continuation after `await` — E: they run in the order they were queued. The timer is a macrotask, so B is last even with a 0 delay.',
      },
      {
        p: 'The simulator does not run the code: it parses it with acorn and interprets it step by step, with promises as the ECMAScript specification has them (§27.2): `await` of a native promise costs one tick (since V8 7.2), and `return` of a promise from an async function costs two ticks more than `return` of a value: first a PromiseResolveThenableJob calls `then`, then a reaction settles the outer promise.',
      },
      {
        p: 'Node: after the script and after every timer or `setImmediate` callback, the `process.nextTick` queue is emptied first, then the microtasks (processTicksAndRejections in task_queues.js; between timers since Node 11). Inside an I/O callback `setImmediate` always comes before `setTimeout(…, 0)`: the check phase follows poll. At top level the order of `setTimeout(…, 0)` and `setImmediate` depends on whether 1 ms has passed, and the simulator says so.',
      },
      {
        p: 'Time in the simulator: code runs in zero virtual time, and the clock moves when the loop sleeps until a timer. A real turn of the loop takes a few microseconds (a `setImmediate` turn on the test machine: 2.5–8 µs, about 600–1,200 turns before a 5 ms timer). So when the loop makes the same turn again and again — the same callbacks, nothing printed — while a timer waits, the simulator skips the identical turns and moves the clock to the timer (with `setTimeout` polling it skips whole turns of 1 ms, or of 4 ms for nested timers in a browser). If the output depends on how many turns fit (a printed counter, say), the simulator says the output depends on timing. In a browser a `setTimeout` called after `await` in a timer chain counts as nested too: from the sixth level on it waits at least 4 ms (HTML timer initialisation steps; checked in Chromium).',
      },
      {
        p: 'Every example and some sixty more snippets in tests/snippets are checked in real Node (as CommonJS) and in real Chromium: the simulator’s output is compared line by line. `npm run -s predict -- --runtime node file.js` prints the predicted output.',
      },
      {
        p: 'The last example is the quiz question: `while (!ready) await Promise.resolve()` never gives the loop a turn, and the timer never runs. The simulator stops at its step cap and explains the starvation.',
      },
      {
        p: 'The clicker: step 0 is the guess, and it stays the person’s (the clicker neither checks nor submits it); each step after it is one change of the queues (B, C and the continuation E queued; C, E and B run), the last the end of the run with its explanation (tests/unit/sim-ui-model.test.ts and tests/e2e/micro-macro.spec.ts). The runtime: an example that runs only in Node selects Node.js, and the browser is not offered (same tests).',
      },
      {
        p: '“Macrotasks run one at a time; after each, the microtask queue is drained”: as in HTML (perform a microtask checkpoint after each task) and in Node since 11 (microtasks between timer and `setImmediate` callbacks); one turn of the loop may run many macrotasks — every due timer, every ready socket (the event-loop slide). The “Busy wait on a flag” example is stopped at the step cap, and its step line says “stopped, not finished”, not “finished”.',
      },
    ],
  },
});
