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
        p: 'Что внутри цикла asyncio? Объект с тремя контейнерами: очередь готовых колбэков, куча таймеров, упорядоченная по сроку, и селектор — в Linux это epoll. Задачи и футуры живут над ним и говорят с циклом всего двумя способами: выполни это скоро или выполни это позже. Это весь интерфейс, и всё на следующих слайдах идёт через него. По сути это тот же цикл вокруг epoll, что мы уже видели, только написанный на Python. На картинке пустая программа вот-вот запустится: первый шаг её главной задачи уже ждёт в очереди готовых.',
        shows: ['_ready', '_scheduled', 'selector: готовы'],
      },
      {
        p: 'Каждый оборот цикла — шесть шагов по этому кругу. Шаг третий, select, — единственное место, где поток может спать, и ровно столько, сколько позволяет ближайший таймер: нет ни таймеров, ни готовых колбэков — спит, пока его не разбудит сокет. Здесь очередь готовых не пуста, поэтому таймаут нулевой и поток не спит вовсе.',
        shows: ['select(timeout = 0): _ready не пуст, сна нет'],
      },
      {
        p: 'Шаг шестой и выполняет наш код. Сначала он считает, сколько колбэков в очереди готовых прямо сейчас, здесь один, и выполняет ровно столько: шаг главной задачи переходит на стек вызовов. Всё, что они запланируют, ждёт следующего оборота. Запомните этот снимок, он понадобится в конце.',
        shows: ['ntodo = 1: выполнит ровно 1', '__step (Task-1)'],
      },
      {
        p: 'Это настоящая запись, сверенная с CPython: пустая программа, main, которая ничего не делает. Первый оборот выполняет один шаг main, и main закончилась. То, что этот шаг запланировал, — колбэк, который останавливает цикл, — ждёт в очереди готовых второго оборота.',
        shows: ['Оборот 1 из 6', '_run_until_complete_cb'],
      },
      {
        p: 'И всё же оборотов всего шесть. Запуск программы — это три запуска цикла: main, потом закрытие асинхронных генераторов, потом закрытие пула потоков по умолчанию, по два оборота на каждый. Последний оборот выполняет колбэк, который останавливает последний из них.',
        shows: ['shutdown_asyncgens', 'shutdown_default_executor', 'оборотов: 6'],
      },
      {
        p: 'Gather из тысячи корутин, каждая спит ноль: те же десять оборотов, что у gather из десяти. В третьем обороте тысяча шагов задач выполняется в одном шестом шаге, а тысяча колбэков завершения ждёт в очереди готовых следующего. Число оборотов следует глубине ожидания, а не числу задач.',
        shows: ['__step ×1000', 'gather._done_callback ×1000', 'Оборотов столько же, сколько с 10.'],
      },
      {
        p: 'Задача, которая вечно ставит себя обратно, снова и снова засыпая на ноль, а рядом таймер со сроком сразу. Поскольку шестой шаг выполняет только снимок, следующий шаг задачи ждёт в очереди готовых следующего оборота, и таймер срабатывает в ближайшем же обороте: во втором обороте он на стеке вызовов.',
        shows: ['ring выполнен в обороте 2.', '__step (Task-2)'],
      },
      {
        p: 'Теперь выключим снимок. Это мысленный эксперимент, не CPython: шестой шаг выполняется, пока очередь не опустеет, задача всё время её пополняет, очередь не пустеет, и шаг шестой не кончается. Таймер остаётся в куче и не срабатывает никогда. Именно эта одна посчитанная длина делает цикл честным.',
        shows: ['_ready не пустеет: таймер не сработает никогда.', 'ring · 0'],
      },
    ],
    appendix: [
      {
        p: 'Три режима, как вкладки статьи об asyncio. «Состав»: `self._ready = collections.deque()` (base_events.py:393), `self._scheduled = []` (:394, с ним работают через heapq), `self._selector = selector` (selector_events.py:55; по умолчанию `selectors.DefaultSelector()`, :53, — epoll в Linux). Задачи и футуры живут над циклом и говорят с ним только через `call_soon` (`self._ready.append(handle)`, base_events.py:784) и `call_later`/`call_at` (`heapq.heappush(self._scheduled, timer)`, :747). Для цикла всё — колбэки.',
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
        p: 'What is inside asyncio’s loop? An object with three containers: the ready queue of callbacks, a heap of timers ordered by deadline, and the selector, which on Linux is epoll. Tasks and futures live above it and talk to the loop in only two ways: run this soon, or run this later. That is the whole interface, and everything on the next slides goes through it. On the picture, the empty program beside it is about to run: the first step of its main task already waits in the ready queue.',
        shows: ['_ready', '_scheduled', 'selector: ready'],
      },
      {
        p: 'Every turn of the loop has six steps, around this ring. Step three, the select, is the only place where the thread can sleep, and for exactly as long as the nearest timer allows: no timers and nothing ready, and it sleeps until a socket wakes it. Here the ready queue is not empty, so the timeout is zero and it does not sleep at all.',
        shows: ['select(timeout = 0): _ready is not empty, no sleep'],
      },
      {
        p: 'Step six is the one that runs our code. It first counts how many callbacks are in the ready queue at that moment, here one, and then runs exactly that many: the main task’s step moves onto the call stack. Whatever they schedule waits for the next turn. Remember this snapshot; it comes back at the end.',
        shows: ['ntodo = 1: it runs exactly 1', '__step (Task-1)'],
      },
      {
        p: 'This is a real recording, checked against CPython: an empty program, a main that does nothing. The first turn runs one step of main, and main is done. What that step scheduled, the callback that stops the loop, waits in the ready queue for the second turn.',
        shows: ['Turn 1 of 6', '_run_until_complete_cb'],
      },
      {
        p: 'And yet there are six turns in all. Running a program is three runs of the loop: main, then shutting down the async generators, then shutting down the default thread pool, two turns each. The last turn runs the callback that stops the last of them.',
        shows: ['shutdown_asyncgens', 'shutdown_default_executor', '6 turns'],
      },
      {
        p: 'A gather of a thousand coroutines, each sleeping zero: the same ten turns as a gather of ten. In the third turn a thousand task steps run in one step six, and a thousand completion callbacks wait in the ready queue for the next. The number of turns follows how deep the waiting goes, not how many tasks there are.',
        shows: ['__step ×1000', 'gather._done_callback ×1000', 'The same turns as with 10.'],
      },
      {
        p: 'A task that reschedules itself forever, sleeping zero again and again, next to a timer due at once. Because step six runs only the snapshot, the task’s next step waits in the ready queue for the next turn, and the timer still fires in the very next turn: in the second turn it is on the call stack.',
        shows: ['ring ran in turn 2.', '__step (Task-2)'],
      },
      {
        p: 'Now switch the snapshot off. This is a thought experiment, not CPython: step six runs until the queue is empty, the task keeps refilling it, so the queue is never empty and step six never ends. The timer stays in the heap and never fires. That one counted length is what keeps the loop fair.',
        shows: ['_ready is never empty: the timer never fires.', 'ring · 0'],
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
