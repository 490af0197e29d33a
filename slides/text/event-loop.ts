import { slideText } from '../types.ts';

/** The words of the slide `event-loop` (its title is in `slides/event-loop.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'libuv ChangeLog, 1.45.0: “win,unix: change execution order of timers” (Trevor Norris)',
      'https://github.com/libuv/libuv/blob/v1.x/ChangeLog',
    ],
    ['libuv PR #3927: win,unix: change execution order of timers', 'https://github.com/libuv/libuv/pull/3927'],
    [
      'libuv issue #3686: UV_RUN_ONCE breaks the usual order of timers / poll in the event loop',
      'https://github.com/libuv/libuv/issues/3686',
    ],
    ['libuv src/unix/core.c: uv_run()', 'https://github.com/libuv/libuv/blob/v1.x/src/unix/core.c'],
    ['libuv docs: Design overview, the I/O loop', 'https://docs.libuv.org/en/v1.x/design.html'],
    ['Node.js: The Node.js Event Loop', 'https://nodejs.org/en/learn/asynchronous-work/event-loop-timers-and-nexttick'],
    [
      'nodejs/learn PR #99: clarify timer execution order after libuv 1.45.0',
      'https://github.com/nodejs/learn/pull/99',
    ],
    [
      'nodejs/node issue #48512: event loop regression after libuv v1.45.0 update',
      'https://github.com/nodejs/node/issues/48512',
    ],
    [
      'Node.js lib/internal/timers.js: a delay below 1 ms becomes 1 ms',
      'https://github.com/nodejs/node/blob/main/lib/internal/timers.js',
    ],
  ],
  ru: {
    body: [
      // Presented, this line and the demo; the rest one click away (open when browsing and in print).
      { p: 'Бесконечный цикл вокруг `epoll_wait`.' },
      {
        details: [
          {
            p: 'Он засыпает до ближайшего таймера или готового сокета и по очереди вызывает колбэки. Пока колбэк работает, цикл стоит.',
          },
          {
            ul: [
              'Node.js — libuv, фазы: таймеры → отложенные → poll (сокеты) → `setImmediate` → закрытия.',
              'Python — asyncio: `_run_once()` вокруг `selectors`, uvloop — на libuv.',
              'То же самое внутри nginx, Redis, Netty, Tokio.',
            ],
          },
          {
            p: 'Между любыми двумя колбэками Node и браузер выполняют **все микрозадачи** — колбэки промисов и продолжения после `await`.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Так кто же вызывает мой колбэк? Цикл событий — обычный бесконечный цикл вокруг epoll wait. Он считает, сколько можно спать — до ближайшего таймера, — засыпает до этого таймера или до готового сокета и потом по одному вызывает колбэки. Вот и всё; такой цикл есть внутри nginx, Redis, Node и asyncio в Python. Никакой магии в нём нет: всё, что мы увидим дальше, — подробности этого цикла. Прогоним его на маленьком сценарии: два таймера и данные, которые придут в один сокет.',
        shows: ['epoll_wait', 'Таймеры'],
      },
      {
        p: 'Делать пока нечего, и цикл спит: 50 миллисекунд, ровно до срока таймера t1. Пока он спит, поток не тратит процессор, а таймаут сна — это ближайший срок в куче таймеров. Никакого активного опроса, никакого «а теперь пора?».',
        shows: ['Спали 50 мс — до ближайшего срока.', 't1 · 50'],
      },
      {
        p: 't1 выполняется — колбэк таймера, то, что называют макрозадачей. Он выполняет промис, и тот ставит микрозадачу p1. А p1 выполняется сразу, сразу после t1 и раньше всего, что есть у цикла: микрозадачи всегда проходят без очереди.',
        shows: ['Выполняется p1', 'Микрозадачи'],
      },
      {
        p: 'Цикл снова засыпает — до t2, у которого срок 120. Но в 80 в сокет B приходят данные и будят его раньше. Сон заканчивают только две вещи: сокет и таймер. Срок t2 никуда не делся: цикл вспомнит о нём на следующем обороте.',
        shows: ['Спали 30 мс: данные в B разбудили раньше.', 't2 · 120'],
      },
      {
        p: 'Выполняется колбэк B, а за ним вся цепочка колбэков промисов, которая на нём висит: очередь микрозадач опустошается до самого конца, и только потом цикл идёт дальше. Длинная цепочка микрозадач задерживает таймеры и сокеты так же, как один долгий колбэк.',
        shows: ['B.then(reply)', 'Микрозадачи'],
      },
      {
        p: 'Node — тот же цикл, разбитый на фазы: таймеры, отложенные колбэки, poll для сокетов, check для setImmediate и закрытия. Здесь, в фазе poll, колбэк сокета планирует две вещи: setImmediate и таймер с нулевой задержкой.',
        shows: ['setImmediate', 'setTimeout 0 · 11', 'poll'],
      },
      {
        p: 'Фаза check идёт сразу после poll, поэтому immediate выполняется первым, в этом же обороте. Внутри колбэка ввода-вывода этот порядок гарантирован, а вот из основного скрипта — нет. Там всё зависит от того, успела ли истечь задержка таймера к началу первого оборота.',
        shows: ['check: выполняется setImmediate'],
      },
      {
        p: 'Таймер с нулём ждёт фазы таймеров следующего оборота. И главное правило: пока работает любой колбэк, цикл стоит. Никто больше не выполняется, ни один сокет не читается, ни один таймер не срабатывает. Из этого правила следует всё, что будет дальше в этой главе.',
        shows: ['Выполняется setTimeout 0.', 'таймеры'],
      },
    ],
    appendix: [
      {
        p: 'Упрощённый цикл — код из доклада: посчитать таймаут по ближайшему таймеру, заснуть в `epoll_wait`, выполнить истёкшие таймеры, потом готовые сокеты, и после каждого колбэка опустошить очередь микрозадач. Пока колбэк работает, больше ничего не выполняется. Добавьте таймер или пришлите данные в сокет и посмотрите, сколько цикл спит и почему просыпается. Время виртуальное: колбэки в модели выполняются мгновенно, часы идут только во сне.',
      },
      {
        p: 'По шагам докладчика: цикл спит 50 мс до таймера t1; t1 ставит микрозадачу p1, и она выполняется сразу, до всего остального; данные в B будят цикл раньше срока t2; после колбэка B выполняется вся цепочка `.then`. Дальше вид Node: колбэк сокета в фазе poll ставит `setImmediate` и `setTimeout(…, 0)`; check выполняет `setImmediate` раньше таймера; таймер — только в фазе таймеров после следующего poll (в Node задержка 0 — это 1 мс).',
      },
      {
        p: 'Вид Node — `uv_run` из libuv (src/unix/core.c), упрощённо: handles idle и prepare опущены. Что изменила libuv 1.45: до 1.44 каждая итерация начиналась с `uv__update_time` и `uv__run_timers` — до pending и poll. libuv 1.45.0 (2023; запись в ChangeLog «win,unix: change execution order of timers», автор Trevor Norris, PR libuv/libuv#3927 вслед за issue libuv/libuv#3686) перенесла запуск таймеров в конец итерации — после poll, check и close; в режиме `UV_RUN_DEFAULT` истёкшие таймеры для совместимости один раз запускаются до входа в цикл.',
      },
      {
        p: 'Для главного цикла Node круговой порядок таймеры → pending → poll → check → close не изменился: сдвинулось место, где итерация начинается и кончается, а в режимах `UV_RUN_ONCE` и `UV_RUN_NOWAIT` таймеры теперь запускаются не больше одного раза за `uv_run`. В руководстве Node.js «The Node.js Event Loop» это сказано так: таймеры выполняются только после фазы poll; nodejs/learn#99 уточняет эту формулировку. nodejs/node#48512 — регрессия, найденная сразу после перехода Node на libuv 1.45. На машине, где проверялась модель: Node 20.20.2 с libuv 1.46.0 (`process.versions.uv`).',
      },
      {
        p: 'Проверено на настоящем Node: tests/unit/event-loop.test.ts запускает те же сценарии в `node` (таймеры и настоящие TCP-сокеты на 127.0.0.1) и сравнивает вывод построчно: t1 p1 t2 для двух таймеров с одним сроком; внутри колбэка ввода-вывода `setImmediate` раньше `setTimeout(…, 0)`.',
      },
      {
        p: 'Презентуя, слайд — общая картинка цикла (components/shared/loop-picture/, та же, что у глав о цикле событий и asyncio): стек вызовов, кольцо фаз, таймеры по сроку, очереди макро- и микрозадач, ядро с сокетами и списком готовых epoll; под ней одна фраза о шаге. Листинг без комментариев, кучу таймеров, очереди и кнопки открывает одна раскрывашка («Код и управление»).',
      },
    ],
  },
  en: {
    body: [
      // Presented, this line and the demo; the rest one click away (open when browsing and in print).
      { p: 'An endless loop around `epoll_wait`.' },
      {
        details: [
          {
            p: 'It sleeps until the nearest timer or a ready socket and calls the callbacks one by one. While a callback runs, the loop stands still.',
          },
          {
            ul: [
              'Node.js: libuv, phases: timers → pending → poll (sockets) → `setImmediate` → close.',
              'Python: asyncio, `_run_once()` around `selectors`; uvloop runs on libuv.',
              'The same thing inside nginx, Redis, Netty, Tokio.',
            ],
          },
          {
            p: 'Between any two callbacks Node and the browser run **all microtasks**: promise callbacks and continuations after `await`.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'So who runs my callback? An event loop is an ordinary infinite loop around epoll wait. It works out how long it may sleep, until the nearest timer, sleeps until that timer or a ready socket, and then calls the callbacks one by one. That is all there is to it; nginx, Redis, Node and Python’s asyncio all have this loop inside. Let’s run it on a tiny scenario: two timers, and data arriving on one socket.',
        shows: ['epoll_wait', 'Timers'],
      },
      {
        p: 'Nothing to do yet, so it sleeps: 50 milliseconds, exactly until timer t1 is due. While it sleeps the thread uses no CPU, and the timeout of the sleep is the nearest deadline in the timer heap.',
        shows: ['Slept 50 ms, until the nearest deadline.', 't1 · 50'],
      },
      {
        p: 't1 runs: a timer callback, what we call a macrotask. It resolves a promise, which queues a microtask, p1. And p1 runs at once, right after t1 and before anything else the loop has: microtasks always jump the queue.',
        shows: ['p1 runs', 'Microtasks'],
      },
      {
        p: 'The loop goes back to sleep until t2, due at 120. But data arrives on socket B at 80 and wakes it early. A socket and a timer are the only two things that end the sleep.',
        shows: ['Slept 30 ms: data on B woke it early.', 't2 · 120'],
      },
      {
        p: 'B’s callback runs, and then the whole chain of promise callbacks that hangs on it: the microtask queue is drained to the very end before the loop moves on. A long chain of microtasks delays timers and sockets just like one long callback.',
        shows: ['B.then(reply)', 'Microtasks'],
      },
      {
        p: 'Node is the same loop, split into phases: timers, pending callbacks, poll for the sockets, check for setImmediate, and close. Here, in the poll phase, a socket’s callback schedules two things: setImmediate, and a timer with a delay of zero.',
        shows: ['setImmediate', 'setTimeout 0 · 11', 'poll'],
      },
      {
        p: 'The check phase comes right after poll, so the immediate runs first, in this same turn. Inside an I/O callback that order is guaranteed; from the main script it is not.',
        shows: ['check: setImmediate runs.'],
      },
      {
        p: 'The zero-delay timer waits for the timers phase of the next turn. And the rule to take away: while any callback runs, the loop stands still. Nobody else runs, no socket is read, no timer fires. Everything else in this chapter follows from that rule.',
        shows: ['setTimeout 0 runs.', 'timers'],
      },
    ],
    appendix: [
      {
        p: 'The simplified loop is the code from the talk: compute the timeout from the nearest timer, sleep in `epoll_wait`, run the expired timers, then the ready sockets, and drain the microtask queue after every callback. While a callback runs, nothing else does. Add a timer or make data arrive and watch how long the loop sleeps and why it wakes. Time is virtual: callbacks take no time in the model, the clock moves only while the loop sleeps.',
      },
      {
        p: 'The speaker steps: the loop sleeps 50 ms until timer t1; t1 queues the microtask p1, which runs at once, before anything else; data on B wakes the loop before t2 is due; after B’s callback the whole `.then` chain runs. Then the Node view: the socket callback in the poll phase calls `setImmediate` and `setTimeout(…, 0)`; check runs the immediate before the timer; the timer runs only in the timers phase after the next poll (in Node a delay of 0 is 1 ms).',
      },
      {
        p: 'The Node view is libuv’s `uv_run` (src/unix/core.c), simplified: idle and prepare handles are left out. What libuv 1.45 changed: up to 1.44 every iteration began with `uv__update_time` and `uv__run_timers`, before pending and poll. libuv 1.45.0 (2023; ChangeLog entry “win,unix: change execution order of timers” by Trevor Norris, PR libuv/libuv#3927, following issue libuv/libuv#3686) moved the per-iteration timers run to the end of the iteration, after poll, check and close; with `UV_RUN_DEFAULT` it runs due timers once before entering the loop, for compatibility.',
      },
      {
        p: 'For Node’s main loop the cyclic order timers → pending → poll → check → close stays the same: what moved is where an iteration starts and ends, and with `UV_RUN_ONCE` and `UV_RUN_NOWAIT` timers now run at most once per `uv_run`. The Node.js guide “The Node.js Event Loop” puts it as: timers run only after the poll phase; nodejs/learn#99 clarifies that wording. nodejs/node#48512 is a regression found right after Node moved to libuv 1.45. The machine the model was checked on: Node 20.20.2 with libuv 1.46.0 (`process.versions.uv`).',
      },
      {
        p: 'Checked against real Node: tests/unit/event-loop.test.ts runs the same scenarios in `node` (timers and real TCP sockets on 127.0.0.1) and compares the output line by line: t1 p1 t2 for two timers due together; inside an I/O callback `setImmediate` before `setTimeout(…, 0)`.',
      },
      {
        p: 'Presented, the slide is the shared picture of the loop (components/shared/loop-picture/, the same for the event-loop and asyncio chapters): the call stack, the ring of phases, the timers by deadline, the macrotask and microtask queues, the kernel with its sockets and epoll’s ready list; under it one sentence on the step. The listing without its comments, the timer heap, the queues and the buttons are one disclosure away (“Code and controls”).',
      },
    ],
  },
});
