import { slideText } from '../types.ts';

/** The words of the slide `asyncio-loop` (its title is in `slides/asyncio-loop.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'CPython 3.11 Lib/asyncio/base_events.py: BaseEventLoop.__init__, call_soon, call_at, run_forever, _run_once',
      'https://github.com/python/cpython/blob/v3.11.7/Lib/asyncio/base_events.py',
    ],
    [
      'CPython 3.11 Lib/asyncio/selector_events.py: BaseSelectorEventLoop, _process_events',
      'https://github.com/python/cpython/blob/v3.11.7/Lib/asyncio/selector_events.py',
    ],
    [
      'CPython 3.11 Lib/asyncio/runners.py: asyncio.run (Runner.run, Runner.close)',
      'https://github.com/python/cpython/blob/v3.11.7/Lib/asyncio/runners.py',
    ],
    [
      'Python 3.11 documentation: Event Loop (call_soon, call_later, run_forever)',
      'https://docs.python.org/3.11/library/asyncio-eventloop.html',
    ],
  ],
  ru: {
    body: [
      // Presented, the drawing says it: the words are one click away (open in the self-paced view and in print).
      {
        details: [
          {
            p: 'Цикл — объект с тремя контейнерами: `_ready` (deque — единственный вход в исполнение), `_scheduled` (куча таймеров) и `_selector` (epoll — единственное место, где процесс спит). `_run_once` делает шесть шагов; шаг 6 выполняет только то, что было в `_ready` в его начале: `ntodo = len(self._ready)`.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Цикл — объект с тремя контейнерами: `_ready` — очередь колбэков, `_scheduled` — куча таймеров, и селектор, epoll. Задачи и футуры живут выше и говорят с циклом только через `call_soon` и `call_later`.',
      },
      {
        p: 'Каждый оборот `_run_once` — шесть шагов. Шаг 3, `select()`, — единственное место, где поток спит, и ровно столько, сколько позволяет ближайший таймер.',
      },
      {
        p: 'Шаг 6 считает `ntodo` — длину `_ready` в этот момент — и выполняет ровно столько колбэков. То, что они запланируют, ждёт следующего оборота.',
      },
      {
        p: 'Настоящая запись: пустая программа. Первый оборот выполняет один шаг `main`.',
      },
      {
        p: 'А всего оборотов шесть: `asyncio.run` — это три `run_until_complete`: main, затем закрытие асинхронных генераторов и пула потоков, по два оборота.',
      },
      {
        p: '`gather` из тысячи корутин занимает столько же оборотов, сколько из десяти: тысяча колбэков в одном шаге 6. Обороты следуют глубине ожидания, а не числу задач.',
      },
      {
        p: 'Задача, которая вечно ставит себя обратно через `sleep(0)`: благодаря снимку таймер всё равно срабатывает в следующем же обороте.',
      },
      {
        p: 'Выключим снимок — это мысленный эксперимент, не CPython: шаг 6 не кончается, таймер не срабатывает никогда. Одна строка, `ntodo = len(self._ready)`, делает цикл честным.',
      },
    ],
    appendix: [
      {
        p: 'Три режима, как вкладки статьи об asyncio. «Из чего состоит»: `self._ready = collections.deque()` (base_events.py:393), `self._scheduled = []` (:394, с ним работают через heapq), `self._selector = selector` (selector_events.py:55; по умолчанию `selectors.DefaultSelector()`, :53, — epoll в Linux). Задачи и футуры живут над циклом и говорят с ним только через `call_soon` (`self._ready.append(handle)`, base_events.py:784) и `call_later`/`call_at` (`heapq.heappush(self._scheduled, timer)`, :747). Для цикла всё — колбэки.',
      },
      {
        p: '«Схема оборота»: `run_forever` вызывает `_run_once` в цикле (base_events.py:606–608). Шаги `_run_once` (base_events.py:1845–1923, CPython 3.11.7): 1 — убрать отменённые таймеры (1853–1874; если отменённых больше половины из более чем 100 — пересобрать кучу); 2 — таймаут (1876–1882): 0, если `_ready` не пуст или цикл останавливается, иначе до ближайшего таймера, иначе `None`; 3 — `self._selector.select(timeout)` (1884), единственное место, где поток спит; 4 — `_process_events` (1885; selector_events.py:733–740) кладёт колбэки готовых дескрипторов в `_ready`; 5 — таймеры с `when < time() + clock_resolution` переезжают в `_ready` (1890–1897); 6 — `ntodo = len(self._ready)` и ровно столько `popleft()` и `_run()` (1905–1922). Комментарий в исходнике: «This is the only place where callbacks are actually *called*».',
      },
      {
        p: '«Запись прогона»: настоящие программы, обороты — из модели цикла (components/shared/asyncio-sim). Пустая программа делает 6 оборотов: `asyncio.run` — это три `run_until_complete` (runners.py): ваш `main`, `shutdown_asyncgens` и `shutdown_default_executor`, по два оборота каждый; их видно поимённо в конце записи. Три вложенных `await` — тоже 6: `await` сам цикла не касается. `gather` из 1000 корутин — столько же оборотов, сколько из 10 (10): число оборотов определяется глубиной приостановок, а не числом задач. Каждый `sleep(0)` — ровно один оборот. Если задачи остались незавершёнными, `asyncio.run` отменяет их в `_cancel_all_tasks` — ещё обороты.',
      },
      {
        p: 'Переключатель ntodo — мысленный эксперимент, не CPython: без снимка шаг 6 выполнял бы `_ready` до пустоты. Задача `while True: await asyncio.sleep(0)` на каждый шаг ставит себя обратно через `call_soon(self.__step)` (голый `yield` в `Task.__step`), и шаг 6 не кончается никогда: таймер `call_later(0, ring)` так и не доходит до шага 5. Со снимком он срабатывает в следующем обороте. Модель сдаётся после 1000 колбэков одного шага 6.',
      },
      {
        p: 'Проверено на CPython: tests/unit/asyncio-loop-real.test.ts запускает под python3 ровно тот листинг, что на слайде, для каждого пресета и для 30 программ, собранных из меню (fast-check), и сравнивает каждый оборот: к какому `run_until_complete` он относится и какие колбэки выполнил его шаг 6 — по именам, по порядку. Имена — как в C-реализации задач: `TaskStepMethWrapper` (на слайде `__step`) и `Task.task_wakeup` (`__wakeup`).',
      },
    ],
  },
  en: {
    body: [
      // Presented, the drawing says it: the words are one click away (open in the self-paced view and in print).
      {
        details: [
          {
            p: 'The loop is an object with three containers: `_ready` (a deque: the only way into execution), `_scheduled` (a heap of timers) and `_selector` (epoll: the only place the process sleeps). `_run_once` takes six steps; step 6 runs only what was in `_ready` when it began: `ntodo = len(self._ready)`.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'The loop is an object with three containers: `_ready`, a queue of callbacks; `_scheduled`, a heap of timers; and the selector, epoll. Tasks and futures sit above and speak to it only through `call_soon` and `call_later`.',
      },
      {
        p: 'Each turn of `_run_once` has six steps. Step 3, `select()`, is the only place the thread sleeps, for as long as the nearest timer allows.',
      },
      {
        p: 'Step 6 counts `ntodo`, the length of `_ready` at that moment, and runs exactly that many callbacks. What they schedule waits for the next turn.',
      },
      {
        p: 'A real recording: an empty program. The first turn runs one step of `main`.',
      },
      {
        p: 'And six turns in all: `asyncio.run` is three `run_until_complete`s, main, then the async generators’ and the executor’s shutdown, two turns each.',
      },
      {
        p: 'A `gather` of a thousand coroutines takes as few turns as one of ten: a thousand callbacks in one step 6. Turns follow the depth of waiting, not the number of tasks.',
      },
      {
        p: 'A task that re-schedules itself with `sleep(0)` for ever: thanks to the snapshot, a timer still fires in the very next turn.',
      },
      {
        p: 'Switch the snapshot off, a thought experiment, not CPython: step 6 never ends, and the timer never fires. That one line, `ntodo = len(self._ready)`, keeps the loop fair.',
      },
    ],
    appendix: [
      {
        p: 'Three modes, like the asyncio article’s tabs. “Composition”: `self._ready = collections.deque()` (base_events.py:393), `self._scheduled = []` (:394, used through heapq), `self._selector = selector` (selector_events.py:55; by default `selectors.DefaultSelector()`, :53, which is epoll on Linux). Tasks and futures live above the loop and talk to it only through `call_soon` (`self._ready.append(handle)`, base_events.py:784) and `call_later`/`call_at` (`heapq.heappush(self._scheduled, timer)`, :747). To the loop everything is a callback.',
      },
      {
        p: '“Turn scheme”: `run_forever` calls `_run_once` in a loop (base_events.py:606–608). The steps of `_run_once` (base_events.py:1845–1923, CPython 3.11.7): 1, drop cancelled timers (1853–1874; when more than half of over 100 are cancelled, rebuild the heap); 2, the timeout (1876–1882): 0 if `_ready` is not empty or the loop is stopping, else until the nearest timer, else `None`; 3, `self._selector.select(timeout)` (1884), the only place the thread sleeps; 4, `_process_events` (1885; selector_events.py:733–740) appends the callbacks of ready descriptors to `_ready`; 5, timers with `when < time() + clock_resolution` move to `_ready` (1890–1897); 6, `ntodo = len(self._ready)` and exactly that many `popleft()` and `_run()` (1905–1922). The comment in the source: “This is the only place where callbacks are actually *called*”.',
      },
      {
        p: '“Run recording”: real programs, their turns from the model of the loop (components/shared/asyncio-sim). An empty program takes 6 turns: `asyncio.run` is three `run_until_complete`s (runners.py): your `main`, `shutdown_asyncgens` and `shutdown_default_executor`, two turns each; they are named at the end of the recording. Three nested `await`s also take 6: `await` by itself does not touch the loop. A `gather` of 1000 coroutines takes as many turns as one of 10 (10): the number of turns follows the depth of suspensions, not the number of tasks. Each `sleep(0)` is exactly one turn. Tasks left unfinished are cancelled by `asyncio.run` in `_cancel_all_tasks`: more turns.',
      },
      {
        p: 'The ntodo switch is a thought experiment, not CPython: without the snapshot step 6 would run `_ready` until it is empty. The task `while True: await asyncio.sleep(0)` puts itself back with `call_soon(self.__step)` at every step (a bare `yield` in `Task.__step`), and step 6 never ends: the timer `call_later(0, ring)` never reaches step 5. With the snapshot it fires in the next turn. The model gives up after 1000 callbacks in one step 6.',
      },
      {
        p: 'Checked against CPython: tests/unit/asyncio-loop-real.test.ts runs under python3 exactly the listing the slide shows, for every preset and for 30 programs composed from the menu (fast-check), and compares every turn: which `run_until_complete` it belongs to and which callbacks its step 6 ran, by name, in order. The names are those of the C implementation of tasks: `TaskStepMethWrapper` (`__step` on the slide) and `Task.task_wakeup` (`__wakeup`).',
      },
    ],
  },
});
