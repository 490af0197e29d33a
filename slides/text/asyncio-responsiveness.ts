import { slideText } from '../types.ts';

/** The words of the slide `asyncio-responsiveness` (its title is in `slides/asyncio-responsiveness.ts`). */
export default slideText({
  sources: [
    [
      'CPython 3.11: Lib/asyncio/base_events.py, BaseEventLoop._run_once',
      'https://github.com/python/cpython/blob/v3.11.7/Lib/asyncio/base_events.py',
    ],
    [
      'CPython 3.11: Lib/asyncio/tasks.py, sleep',
      'https://github.com/python/cpython/blob/v3.11.7/Lib/asyncio/tasks.py',
    ],
    [
      'Python docs: Developing with asyncio — debug mode, slow callbacks',
      'https://docs.python.org/3/library/asyncio-dev.html#debug-mode',
    ],
    [
      'Python docs: loop.slow_callback_duration',
      'https://docs.python.org/3/library/asyncio-eventloop.html#asyncio.loop.slow_callback_duration',
    ],
  ],
  ru: {
    body: [
      // Presented, the slide says what is asked; the demo shows what is got, the figures are one click away.
      { p: 'Пульс просит тик каждые 10 мс.' },
      {
        details: [
          {
            p: 'Работник делает десять порций по 100 мс и уступает управление между ними.',
          },
          {
            ul: [
              'Блокирует внутри порции: **4 тика** за секунду, медиана **300,9 мс** (измерено; в модели демо — 300,6).',
              'Уступает (`await asyncio.sleep`): **99 тиков**, медиана **10,2 мс** (измерено и в модели).',
              'Почему 300, а не 100: истёкший таймер снимается на шаге 5 следующего оборота, а его колбэк будит пульс ещё оборотом позже — из-за `ntodo`.',
            ],
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Пульс просит будить его каждые 10 миллисекунд; работник делает десять порций по 100 миллисекунд и внутри каждой блокирует поток обычным сном. За целую секунду пульс тикает 4 раза, примерно через 300 миллисекунд.',
        shows: ['пульс', 'блокирует: time.sleep', 'тиков: 4, медиана интервала 300,6 мс'],
      },
      {
        p: 'Почему 300, а не 100? Истёкший таймер пульса попадает в очередь готовых только на следующем обороте, а его пробуждение встаёт за снимком очереди этого оборота — и ждёт три оборота по 100 миллисекунд.',
        shows: ['Интервал 1 из 3', 'оборотов: 3'],
      },
      {
        p: 'Теперь работник ждёт кооперативно, асинхронным сном через await: 99 тиков через 10 миллисекунд. Пока работник ждёт, цикл свободен.',
        shows: ['ждёт: await asyncio.sleep', 'тиков: 99, медиана интервала 10,2 мс'],
      },
      {
        p: 'Снова блокировка, но с режимом отладки: цикл замеряет каждый колбэк и предупреждает о каждом дольше 100 миллисекунд. Здесь это задача main, десять раз.',
        shows: ['took 0.100 seconds', '×10'],
      },
      {
        p: 'Поднимем порог медленного колбэка до 150 миллисекунд: та же блокировка — и тишина. Режим отладки и его порог — две разные ручки; тихий лог ещё не доказывает, что ничего не блокирует.',
        shows: ['ни один колбэк не занял 150 мс или больше'],
      },
    ],
    appendix: [
      {
        p: 'Эксперимент из статьи о цикле asyncio: пульс — `while True: ticks.append(loop.time()); await asyncio.sleep(T)`, работник — N порций по P мс, внутри порции `time.sleep(P)` или `await asyncio.sleep(P)`, между порциями `await asyncio.sleep(0)`. Уступают оба варианта; разница только в том, блокирует ли работник внутри порции. Измерено на CPython 3.13.7: 4 тика с медианой 300,9 мс против 99 тиков с медианой 10,2 мс. Модель на той же машине (поток просыпается на 0,2 мс позже) даёт 4 тика по 300,6 мс и 99 по 10,2: на слайде — измеренные 300,9, в демо — модельные 300,6 (демо так и подписано: «модель»); разница — неровное пробуждение настоящего потока, которое модель берёт постоянным.',
      },
      {
        p: 'Почему три оборота. Оборот 1: пульс ставит таймер, работник блокирует 100 мс — таймер истекает во время блокировки. Оборот 2: шаг 5 (base_events.py:1890–1893 в 3.11: `end_time = self.time() + self._clock_resolution`) снимает истёкший таймер в `_ready`, но в `_ready` он стоит после шага работника: шаг 6 сначала блокирует ещё 100 мс, потом вызывает `_set_result_unless_cancelled`, и тот через `call_soon` кладёт `Task.task_wakeup` пульса в `_ready` — уже после того, как посчитано `ntodo = len(self._ready)` (строка 1905). Оборот 3: снова 100 мс работника, и только потом пульс тикает. Три оборота по 100 мс — 300.',
      },
      {
        p: 'Одна уступка на 100 мс работы не спасает: пульс потерял 95 тиков из 99. На временной шкале работа (шаг 6) и сон в `select()` нарисованы по-разному: в кооперативном варианте тоже есть обороты по 100 мс, но поток в них спит и проснётся от любого события.',
      },
      {
        p: "Режим отладки и порог — две разные ручки. Режим включается `PYTHONASYNCIODEBUG=1`, `python -X dev` или `asyncio.run(main(), debug=True)`; порог — атрибут `loop.slow_callback_duration`, по умолчанию 0,1 с (base_events.py:405), и читается только в режиме отладки (строки 1910–1917: `if dt >= self.slow_callback_duration: logger.warning('Executing %s took %.3f seconds', …)`). Здесь блокирует шаг задачи main (работник — корутина внутри неё), поэтому строка называет `<Task pending name='Task-1' coro=<main() running at …>>`.",
      },
      {
        p: 'Проверено на настоящем CPython (tests/unit/asyncio-responsiveness-real.test.ts): для набора положений ползунков число тиков совпадает точно, медиана — в пределах 5 %; в режиме отладки — те же строки предупреждений с теми же задачами и в том же количестве, при порогах ниже и выше длины порции.',
      },
    ],
  },
  en: {
    body: [
      // Presented, the slide says what is asked; the demo shows what is got, the figures are one click away.
      { p: 'A heartbeat asks for a tick every 10 ms.' },
      {
        details: [
          {
            p: 'A worker does ten portions of 100 ms and yields between them.',
          },
          {
            ul: [
              'Blocking inside a portion: **4 ticks** in a second, median **300.9 ms** (measured; the demo’s model: 300.6).',
              'Yielding (`await asyncio.sleep`): **99 ticks**, median **10.2 ms** (measured and modelled alike).',
              'Why 300 and not 100: an expired timer is moved at step 5 of the next turn, and its callback wakes the heartbeat one turn later still — because of `ntodo`.',
            ],
          },
        ],
      },
    ],
    notes: [
      {
        p: 'A heartbeat asks to be woken every 10 milliseconds; a worker does ten portions of 100 milliseconds and blocks inside each one with a blocking sleep. In a whole second the heartbeat ticks 4 times, about 300 milliseconds apart.',
        shows: ['heartbeat', 'blocks: time.sleep', '4 ticks, median interval 300.6 ms'],
      },
      {
        p: 'Why 300 and not 100? The heartbeat’s expired timer moves to the ready queue only in the next turn, and its wake-up lands behind that turn’s snapshot of the queue, so it waits three turns of 100 milliseconds each.',
        shows: ['Gap 1 of 3', '3 turns'],
      },
      {
        p: 'Now the worker waits cooperatively, with an awaited asyncio sleep: 99 ticks, 10 milliseconds apart. While the worker waits, the loop is free.',
        shows: ['waits: await asyncio.sleep', '99 ticks, median interval 10.2 ms'],
      },
      {
        p: 'Back to blocking, with debug mode on: the loop now times every callback and warns about each one that took over 100 milliseconds. Here that is main’s task, ten times.',
        shows: ['took 0.100 seconds', '×10'],
      },
      {
        p: 'Raise the slow-callback threshold to 150 milliseconds: the same blocking, and silence. Debug mode and its threshold are two separate knobs; a quiet log is not proof that nothing blocks.',
        shows: ['no callback took 150 ms or more'],
      },
    ],
    appendix: [
      {
        p: 'The experiment of the article on asyncio’s loop: the heartbeat is `while True: ticks.append(loop.time()); await asyncio.sleep(T)`, the worker does N portions of P ms, inside each `time.sleep(P)` or `await asyncio.sleep(P)`, between them `await asyncio.sleep(0)`. Both yield; the only difference is whether the worker blocks inside a portion. Measured on CPython 3.13.7: 4 ticks with a median of 300.9 ms against 99 ticks with a median of 10.2 ms. The model on the same machine (a thread wakes 0.2 ms late) gives 4 ticks 300.6 ms apart and 99 at 10.2: the slide quotes the measured 300.9, the demo the model’s 300.6 (labelled “the model”); the difference is the real thread’s uneven waking, which the model takes as constant.',
      },
      {
        p: 'Why three turns. Turn 1: the heartbeat sets its timer, the worker blocks for 100 ms — the timer expires during the block. Turn 2: step 5 (base_events.py:1890–1893 in 3.11: `end_time = self.time() + self._clock_resolution`) moves the expired timer into `_ready`, but behind the worker’s step: step 6 first blocks for another 100 ms, then calls `_set_result_unless_cancelled`, which with `call_soon` puts the heartbeat’s `Task.task_wakeup` into `_ready` — after `ntodo = len(self._ready)` was counted (line 1905). Turn 3: another 100 ms of the worker, and only then the heartbeat ticks. Three turns of 100 ms — 300.',
      },
      {
        p: 'Yielding once per 100 ms of work does not help: the heartbeat lost 95 of its 99 ticks. On the timeline, work (step 6) and sleep in `select()` are drawn differently: the cooperative run has 100 ms turns too, but in them the thread sleeps and wakes for any event.',
      },
      {
        p: "Debug mode and the threshold are two knobs. Debug mode is `PYTHONASYNCIODEBUG=1`, `python -X dev` or `asyncio.run(main(), debug=True)`; the threshold is the attribute `loop.slow_callback_duration`, 0.1 s by default (base_events.py:405), read only in debug mode (lines 1910–1917: `if dt >= self.slow_callback_duration: logger.warning('Executing %s took %.3f seconds', …)`). Here the blocking step is main’s task’s (the worker is a coroutine inside it), so the line names `<Task pending name='Task-1' coro=<main() running at …>>`.",
      },
      {
        p: 'Checked against the real CPython (tests/unit/asyncio-responsiveness-real.test.ts): over a spread of slider settings, the tick count exactly and the median within 5 %; in debug mode, the same warning lines naming the same tasks, as many of them, with thresholds below and above a portion’s length.',
      },
    ],
  },
});
