import { slideText } from '../types.ts';

/** The words of the slide `heavy-task` (its title is in `slides/heavy-task.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'Node.js, “Don’t Block the Event Loop (or the Worker Pool)”',
      'https://nodejs.org/en/learn/asynchronous-work/dont-block-the-event-loop',
    ],
    [
      'Node.js, “The Node.js Event Loop”: phases, poll and check (setImmediate)',
      'https://nodejs.org/en/learn/asynchronous-work/event-loop-timers-and-nexttick',
    ],
    [
      'Node.js API: perf_hooks.monitorEventLoopDelay()',
      'https://nodejs.org/api/perf_hooks.html#perf_hooksmonitoreventloopdelayoptions',
    ],
    ['Node.js API: worker_threads', 'https://nodejs.org/api/worker_threads.html'],
    ['piscina: a worker-thread pool for Node.js', 'https://github.com/piscinajs/piscina'],
    [
      'Python: concurrent.futures.ProcessPoolExecutor',
      'https://docs.python.org/3/library/concurrent.futures.html#processpoolexecutor',
    ],
    ['Percentile, the nearest-rank method', 'https://en.wikipedia.org/wiki/Percentile#The_nearest-rank_method'],
  ],
  ru: {
    body: [
      {
        p: 'Колбэк не прервать: одна задача на 300 мс — и ждут все запросы.',
      },
      {
        details: [
          {
            p: 'Цикл событий кооперативный. Разбор большого JSON, bcrypt, синхронное сжатие, регулярка с катастрофическим откатом — и остальные запросы ждут, хотя другие ядра свободны. Что делать:',
          },
          {
            ul: [
              'разбить работу на куски и отдавать управление: `await new Promise(setImmediate)`;',
              'вынести её в `worker_threads` (или пул piscina), а в Python — в `ProcessPoolExecutor`.',
            ],
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Цикл событий кооперативный: колбэк не прервать. Наш сервер обслуживает 200 запросов в секунду, по 2 миллисекунды, и тут приходит задача на 300 миллисекунд счёта: разобрать большой JSON, посчитать хеш пароля. Если выполнить её сразу, цикл 300 миллисекунд никого не обслуживает, а за ней копятся шестьдесят запросов — хотя остальные ядра машины свободны. Это не ошибка в коде, а свойство модели: пока колбэк считает, цикл ждёт. На картинке: тяжёлый колбэк занимает стек вызовов, запросы копятся в списке готовых, а поток воркера внизу простаивает; худший из них ждёт триста миллисекунд.',
        shows: ['тяжёлая · 300 мс', 'Поток воркера', 'худший ждёт 299 мс'],
      },
      {
        p: 'Первое лечение: разрезать работу на куски и после каждого куска отдавать цикл через setImmediate. Следующий кусок ждёт в очереди check за запросами, и они проходят между кусками; худшая задержка — пара кусков. Цена: сама тяжёлая задача заканчивается позже, и её надо уметь разрезать. Это та же кооперативность, только честная: мы сами уступаем цикл.',
        shows: ['кусок 3/30', 'худший ждёт 19 мс'],
      },
      {
        p: 'Второе лечение: рабочий поток. Задача уходит со стека в поток воркера на другом ядре, а главный цикл свободен; задержка остальных не меняется вовсе. Оценивая такое лечение, смотрите на девяносто девятый перцентиль и на максимум, а не на среднее: среднее прячет те шестьдесят запросов, которые ждали. В Python то же самое делают пулом процессов.',
        shows: ['Поток воркера', 'худший запрос занимает 2 мс'],
      },
    ],
    appendix: [
      {
        p: 'Модель: запросы приходят ровно каждые 5 мс (200 в секунду; ползунок разброса сдвигает приход на случайную, но воспроизводимую величину), каждому нужно 2 мс процессора главного потока. В выбранный момент приходит запрос, который запускает тяжёлую задачу на 300 мс. Цикл устроен как в libuv: фаза poll выполняет колбэки всего, что пришло к её началу; фаза check — колбэки `setImmediate`.',
      },
      {
        p: '«Сразу»: 300 мс цикл никого не обслуживает. Запрос, пришедший через 3 мс после начала, ждёт почти все 300 мс, а очередь из 60 запросов потом ещё разгребается. Медиана при этом остаётся 2 мс: в секунде больше половины запросов не задеты. Поэтому смотрят на p99 и максимум, а не на среднее.',
      },
      {
        p: '«Кусками»: после каждого куска `await new Promise(setImmediate)` отдаёт управление, и между кусками проходят запросы, пришедшие за это время. Худшая задержка — около двух кусков (в первом обороте кусок в обработчике и следующий в фазе check идут подряд). Плата: задача делит процессор с запросами и заканчивается позже. Если отдавать управление через `Promise.resolve()`, это не поможет: микрозадачи выполняются до ввода-вывода.',
      },
      {
        p: '«В воркере»: главный поток только отправляет задачу и получает ответ, задача считается на другом ядре. Задержка остальных не меняется. Цена — копирование данных в воркер и обратно (в модели не учтено) и свободное ядро.',
      },
      {
        p: 'Перцентили — по ближайшему рангу: p-й перцентиль из N отсортированных значений — значение с номером ⌈p/100 · N⌉. Считаются по всем обычным запросам, пришедшим за секунду.',
      },
      {
        p: 'Проверка на настоящем Node (tests/probes/heavy-probe.cjs): сервер с нагрузкой 200 запросов/с по 2 мс, задержка цикла через `perf_hooks.monitorEventLoopDelay`. Синхронный цикл на 300 мс: задержка ≈ 300 мс, и за это время не обслужен ни один запрос. Куски по 10 мс через `setImmediate`: задержка — десятки миллисекунд. В воркере главный цикл отзывчив. Тест проверяет форму, а не точные числа: машина общая.',
      },
    ],
  },
  en: {
    body: [
      {
        p: 'A callback cannot be interrupted: one 300 ms task, and every request waits.',
      },
      {
        details: [
          {
            p: 'The event loop is cooperative. Parsing a big JSON, bcrypt, synchronous compression, a regex with catastrophic backtracking — and every other request waits, even though the other cores are idle. What to do:',
          },
          {
            ul: [
              'cut the work into pieces and yield control: `await new Promise(setImmediate)`;',
              'move it to `worker_threads` (or a piscina pool); in Python, to a `ProcessPoolExecutor`.',
            ],
          },
        ],
      },
    ],
    notes: [
      {
        p: 'The event loop is cooperative: a callback cannot be interrupted. Our server handles 200 requests a second, 2 milliseconds each, and then a task with 300 milliseconds of computing arrives: a big JSON to parse, a password hash. Run inline, the loop serves no one for 300 milliseconds, and sixty requests queue up behind it, though the other cores of the machine are idle. On the picture: the heavy callback fills the call stack, the requests pile up in the ready list, and the worker thread below sits idle; the worst of them waits three hundred milliseconds.',
        shows: ['heavy · 300 ms', 'Worker thread', 'the worst waits 299 ms'],
      },
      {
        p: 'First fix: cut the work into chunks, and after each chunk give the loop back with setImmediate. The next chunk waits in the check queue behind the requests, which now run between the chunks; the worst latency is a couple of chunks. The price: the heavy task itself finishes later, and you must be able to cut it.',
        shows: ['slice 3/30', 'the worst waits 19 ms'],
      },
      {
        p: 'Second fix: a worker thread. The task leaves the call stack for a worker thread on another core, and the main loop stays free; the others’ latency does not change at all. When you judge a fix like this, look at the 99th percentile and the maximum, not the average: the average hides the sixty requests that waited.',
        shows: ['Worker thread', 'the worst request takes 2 ms'],
      },
    ],
    appendix: [
      {
        p: 'The model: requests arrive exactly every 5 ms (200 a second; the jitter slider moves each arrival by a random but reproducible amount), and each needs 2 ms of the main thread’s CPU. At the chosen moment a request arrives that starts a 300 ms heavy task. The loop works like libuv’s: the poll phase runs the callbacks of everything that had arrived when it began; the check phase runs `setImmediate` callbacks.',
      },
      {
        p: 'Inline: for 300 ms the loop serves nobody. A request that arrives 3 ms after the start waits almost all 300 ms, and the queue of 60 requests then takes a while to drain. The median stays at 2 ms: more than half of the second’s requests are untouched. That is why you look at p99 and the maximum, not the average.',
      },
      {
        p: 'In chunks: after each chunk `await new Promise(setImmediate)` yields, and the requests that arrived meanwhile run between chunks. The worst latency is about two chunks (in the first turn, the chunk in the handler and the next one in the check phase run back to back). The price: the task shares the CPU with the requests and ends later. Yielding with `Promise.resolve()` would not help: microtasks run before I/O.',
      },
      {
        p: 'In a worker: the main thread only sends the task and receives the answer; the task is computed on another core. The others’ latency does not change. The price is copying data to the worker and back (not in the model) and a free core.',
      },
      {
        p: 'Percentiles use the nearest rank: the p-th percentile of N sorted values is the value at rank ⌈p/100 · N⌉. They are taken over all the ordinary requests that arrive within the second.',
      },
      {
        p: 'Checked against real Node (tests/probes/heavy-probe.cjs): a server under 200 requests/s of 2 ms, loop delay from `perf_hooks.monitorEventLoopDelay`. A 300 ms synchronous loop: a delay of ≈ 300 ms, and not one request served meanwhile. 10 ms chunks with `setImmediate`: a delay of tens of milliseconds. With a worker the main loop stays responsive. The test checks the shape, not exact numbers: the machine is shared.',
      },
    ],
  },
});
