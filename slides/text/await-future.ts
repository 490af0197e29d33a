import { slideText } from '../types.ts';

/** The words of the slide `await-future` (its title is in `slides/await-future.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'CPython 3.11 Lib/asyncio/futures.py: Future.__await__, set_result, __schedule_callbacks',
      'https://github.com/python/cpython/blob/v3.11.7/Lib/asyncio/futures.py',
    ],
    [
      'CPython 3.11 Lib/asyncio/tasks.py: Task.__step, Task.__wakeup',
      'https://github.com/python/cpython/blob/v3.11.7/Lib/asyncio/tasks.py',
    ],
    [
      'CPython 3.11 Lib/asyncio/selector_events.py: sock_recv, _sock_recv',
      'https://github.com/python/cpython/blob/v3.11.7/Lib/asyncio/selector_events.py',
    ],
    [
      'CPython 3.11 Modules/_asynciomodule.c: the C Future and Task (task_step_impl, task_wakeup)',
      'https://github.com/python/cpython/blob/v3.11.7/Modules/_asynciomodule.c',
    ],
  ],
  ru: {
    body: [
      {
        p: '`set_result` никого не будит: он ставит `__wakeup` в `_ready`.',
      },
      {
        details: [
          {
            p: 'Цепочка `await` замирает целиком. Корутина — приостанавливаемый кадр: вызов ничего не исполняет. `await` исполняет ожидаемое, пока оно не завершится или не приостановится, и передаёт приостановку вверх по всей цепочке: handler → fetch → sock_recv замирают вместе.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Так что же делает await? Обработчик запроса ждёт данных из сокета: обработчик ждёт fetch, а fetch ждёт приёма из сокета. Данных ещё нет, поэтому приём создаёт футуру — пустую коробку для будущего результата — и просит цикл следить за сокетом. Посмотрим, что происходит при этом ожидании, по шагам.',
        shows: ['sock_recv', 'fut', 'Данных нет'],
      },
      {
        p: 'Шаг первый: ожидание футуры отдаёт наверх саму футуру. Она поднимается через каждый await в цепочке, и вся цепочка функций замирает разом, там, где стояла, вплоть до задачи, которая её ведёт.',
        shows: ['await fut отдаёт fut вверх по цепочке', 'Футуры'],
      },
      {
        p: 'Шаг второй: задача вешает на футуру колбэк пробуждения и уходит. Цикл об этой задаче больше ничего не знает, знает только футура. Ожидающая задача ничего не стоит циклу на каждом обороте. Поток свободен и может выполнять другие задачи.',
        shows: ['Task-1.__wakeup', 'поток свободен'],
      },
      {
        p: 'Шаг третий: приходят данные, select в третьем шаге цикла просыпается, и колбэк чтения сокета кладёт данные в футуру как её результат. Наш обработчик всё ещё заморожен.',
        shows: ["fut = b'data'", 'fut.set_result(data)'],
      },
      {
        p: 'Шаг четвёртый, главный: установка результата никого не возобновляет. Она только кладёт пробуждение задачи в очередь готовых. Из нашего обработчика пока не выполнилось ничего. Продолжение ждёт своего места в очереди, как любой другой колбэк.',
        shows: ['set_result никого не будит', '_ready'],
      },
      {
        p: 'Шаг пятый: в шестом шаге следующего оборота цикл вызывает это пробуждение, и задача снова передаёт управление своей корутине — ровно в то место, где та замерла.',
        shows: ['Task-1.__wakeup', 'Следующий оборот вызывает __wakeup'],
      },
      {
        p: 'Шаг шестой: await возвращает результат, и функции продолжаются снизу вверх, будто вызов просто занял какое-то время. А если данные уже были, то нет ни футуры, ни оборота цикла: await приостанавливается, только когда без этого нельзя. Итак, await — не магия: yield вверх по цепочке, колбэк на футуре и один оборот цикла.',
        shows: ['await возвращает данные'],
      },
    ],
    appendix: [
      {
        p: 'Петля пробуждения (из статьи об asyncio): (1) `await fut` → `Future.__await__` делает `yield self` (futures.py:284–287); (2) `Task.__step` видит `_asyncio_future_blocking`, вешает `add_done_callback(self.__wakeup)` и запоминает `_fut_waiter` (tasks.py:297–298, 313–316) — цикл о задаче больше не знает; (3) кто-то вызывает `fut.set_result(v)` — здесь читатель сокета `_sock_recv` (selector_events.py:389, 397; futures.py:261–263); (4) `__schedule_callbacks` кладёт `__wakeup` в `_ready` через `call_soon` (futures.py:171–173); (5) шаг 6 следующего оборота вызывает `__wakeup` → `__step` → `coro.send(None)` (tasks.py:347–349, 360, 277); (6) `__await__` возвращает `self.result()` (futures.py:290), и функции продолжаются.',
      },
      {
        p: 'Номера строк — CPython 3.11.7 (python3 из pyenv на этой машине). В Debian 3.11.2 те же строки, но в tasks.py на 10 строк выше (короче комментарий над `__step`): тест tests/unit/await-future-code.test.ts читает установленные исходники и находит каждую цитату — на указанной строке для 3.11.7 и печатает настоящую строку для другой версии. futures.py и tasks.py — чистый Python; CPython исполняет их C-двойники из Modules/_asynciomodule.c (`_asyncio.Future`, `_asyncio.Task`) с теми же шагами: поэтому в трассировке колбэки называются `TaskStepMethWrapper` и `Task.task_wakeup`.',
      },
      {
        p: 'Обороты взяты из модели цикла и проверены на CPython (tests/unit/await-future-real.test.ts): программа ниже исполняется под python3, сокет — половина `socketpair`, собеседник — поток, отвечающий через 50 мс. Оборот 1: `__step` Task-1, цепочка замирает. Оборот 2: `select()` спит 50 мс, шаг 4 ставит `_sock_recv`, шаг 6 вызывает его → `set_result`. Оборот 3: `_sock_read_done` и `__wakeup`. Всего 8 оборотов; с готовым ответом — 6, как у пустой программы.',
      },
      {
        code: "async def fetch(sock):\n    loop = asyncio.get_running_loop()\n    return await loop.sock_recv(sock, 65536)\n\nasync def handler(sock):\n    body = await fetch(sock)\n    return body\n\nsock, peer = socket.socketpair()\nsock.setblocking(False)\nthreading.Timer(0.05, peer.send, [b'data']).start()\nasyncio.run(handler(sock))",
        lang: 'python',
      },
      {
        p: '`asyncio.sleep(d)` — это ровно футура плюс `call_later(d, futures._set_result_unless_cancelled, future, result)` (tasks.py:645). Переключатель «Результат уже готов»: данные уже в сокете, `sock.recv` возвращает их сразу (selector_events.py:367–368), футура не создаётся; для уже готовой футуры `__await__` пропускает `yield` (futures.py:285) и сразу возвращает результат (:290). Цепочка схлопывается без захода в цикл. Цена (замер статьи об asyncio, CPython 3.13.7): `await` без приостановки — около 91 нс (90,8; из них 69,0 — создание объекта корутины), настоящая приостановка с возвратом в цикл — 2,0 мкс. Один прогон на этой нагруженной сборочной машине (python3 3.11.7, лучшее из пяти): `await leaf()` — 173 нс, `await asyncio.sleep(0)` — 4,9 мкс; отношение то же, около двадцати с лишним. Это не замер скорости, а порядок величин.',
      },
    ],
  },
  en: {
    body: [
      {
        p: '`set_result` wakes no one: it puts `__wakeup` into `_ready`.',
      },
      {
        details: [
          {
            p: 'A chain of `await`s freezes whole. A coroutine is a suspendable frame: calling it runs nothing. `await` runs the awaitable until it completes or suspends, and passes the suspension up the whole chain: handler → fetch → sock_recv freeze together.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'So what does await do? A request handler waits for data from a socket: the handler awaits a fetch, and the fetch awaits a receive on the socket. There is no data yet, so the receive creates a future, an empty box for the result that will come, and tells the loop to watch the socket. Let’s see, step by step, what that waiting is made of.',
        shows: ['sock_recv', 'fut', 'No data yet'],
      },
      {
        p: 'Step one: awaiting the future yields the future itself. The yield goes up through every await in the chain, and the whole chain of functions freezes at once, right where it is, up to the task that drives it.',
        shows: ['await fut yields fut up the chain', 'Futures'],
      },
      {
        p: 'Step two: the task hangs a wake-up callback on the future and leaves. The loop no longer knows about this task at all; only the future does. A waiting task costs nothing per turn.',
        shows: ['Task-1.__wakeup', 'the thread is free'],
      },
      {
        p: 'Step three: data arrives, the select in step three of the loop wakes up, and the socket’s reader callback puts the data into the future as its result.',
        shows: ["fut = b'data'", 'fut.set_result(data)'],
      },
      {
        p: 'Step four, the key one: setting the result resumes no one. It only puts the task’s wake-up into the ready queue. Nothing of our handler has run yet.',
        shows: ['set_result resumes no one', '_ready'],
      },
      {
        p: 'Step five: in step six of the next turn the loop calls that wake-up, and the task sends into its coroutine again, right at the point where it froze.',
        shows: ['Task-1.__wakeup', 'The next turn runs __wakeup'],
      },
      {
        p: 'Step six: the await returns the result, and the functions go on, from the bottom up, as if the call had simply taken a while. And if the data was already there, there is no future and no turn of the loop at all: await only pauses when it has to. So await is no magic: a yield up the chain, a callback on a future, and one turn of the loop.',
        shows: ['await returns the data', 'Ran'],
      },
    ],
    appendix: [
      {
        p: 'The wake-up loop (from the asyncio article): (1) `await fut` → `Future.__await__` does `yield self` (futures.py:284–287); (2) `Task.__step` sees `_asyncio_future_blocking`, adds `add_done_callback(self.__wakeup)` and remembers `_fut_waiter` (tasks.py:297–298, 313–316): the loop no longer knows the task; (3) someone calls `fut.set_result(v)`: here the socket’s reader `_sock_recv` (selector_events.py:389, 397; futures.py:261–263); (4) `__schedule_callbacks` puts `__wakeup` into `_ready` with `call_soon` (futures.py:171–173); (5) step 6 of the next turn calls `__wakeup` → `__step` → `coro.send(None)` (tasks.py:347–349, 360, 277); (6) `__await__` returns `self.result()` (futures.py:290) and the functions go on.',
      },
      {
        p: 'The line numbers are CPython 3.11.7’s (pyenv’s python3 on this machine). Debian’s 3.11.2 has the same lines, tasks.py’s 10 lines higher (a shorter comment above `__step`): tests/unit/await-future-code.test.ts reads the installed sources and finds every quote, at the stated line for 3.11.7, and prints the real line for another version. futures.py and tasks.py are pure Python; CPython runs their C twins from Modules/_asynciomodule.c (`_asyncio.Future`, `_asyncio.Task`), which take the same steps: that is why a trace names the callbacks `TaskStepMethWrapper` and `Task.task_wakeup`.',
      },
      {
        p: 'The turns come from the model of the loop and are checked against CPython (tests/unit/await-future-real.test.ts): the program below runs under python3, the socket one end of a `socketpair`, the peer a thread answering 50 ms later. Turn 1: Task-1’s `__step`, the chain freezes. Turn 2: `select()` sleeps 50 ms, step 4 queues `_sock_recv`, step 6 runs it → `set_result`. Turn 3: `_sock_read_done` and `__wakeup`. 8 turns in all; with the answer already there, 6, as an empty program.',
      },
      {
        code: "async def fetch(sock):\n    loop = asyncio.get_running_loop()\n    return await loop.sock_recv(sock, 65536)\n\nasync def handler(sock):\n    body = await fetch(sock)\n    return body\n\nsock, peer = socket.socketpair()\nsock.setblocking(False)\nthreading.Timer(0.05, peer.send, [b'data']).start()\nasyncio.run(handler(sock))",
        lang: 'python',
      },
      {
        p: '`asyncio.sleep(d)` is exactly a future plus `call_later(d, futures._set_result_unless_cancelled, future, result)` (tasks.py:645). The “Result already there” switch: the data is already in the socket, `sock.recv` returns it at once (selector_events.py:367–368) and no future is made; for a future already done `__await__` skips the `yield` (futures.py:285) and returns the result at once (:290). The chain collapses without entering the loop. The cost (the asyncio article’s measurement, CPython 3.13.7): an `await` that does not suspend, about 91 ns (90.8, of which 69.0 is creating the coroutine object); a real suspension with a return to the loop, 2.0 µs. One run on this loaded build machine (python3 3.11.7, best of five): `await leaf()` 173 ns, `await asyncio.sleep(0)` 4.9 µs; the same ratio, twenty-odd. Not a speed measurement, an order of magnitude.',
      },
    ],
  },
});
