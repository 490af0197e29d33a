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
        p: 'Цепочка `await` замирает целиком. `set_result` никого не будит — он ставит `__wakeup` в `_ready`.',
      },
      {
        details: [
          {
            p: 'Корутина — приостанавливаемый кадр: вызов ничего не исполняет. `await` исполняет ожидаемое, пока оно не завершится или не приостановится, и передаёт приостановку вверх по всей цепочке: handler → fetch → sock_recv замирают вместе.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Обработчик ждёт данных из сокета: handler ждёт fetch, fetch ждёт sock_recv. Данных нет — sock_recv создаёт футуру.',
      },
      {
        p: 'Шаг первый: `await fut` отдаёт саму футуру через `yield`, и вся цепочка замирает разом.',
      },
      {
        p: 'Шаг второй: задача вешает на футуру колбэк `__wakeup` и уходит. Цикл о ней больше не знает.',
      },
      {
        p: 'Шаг третий: пришли данные, `select` проснулся, читатель сокета вызывает `set_result`.',
      },
      {
        p: 'Шаг четвёртый, главный: `set_result` никого не возобновляет. Он только кладёт `__wakeup` в очередь `_ready`.',
      },
      {
        p: 'Шаг пятый: на следующем обороте цикл вызывает `__wakeup`, и задача снова делает `send`.',
      },
      {
        p: 'Шаг шестой: `await` возвращает результат, и функции продолжаются снизу вверх. Если данные уже были — ни футуры, ни оборота цикла.',
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
        p: 'A chain of `await`s freezes whole. `set_result` wakes no one: it puts `__wakeup` into `_ready`.',
      },
      {
        details: [
          {
            p: 'A coroutine is a suspendable frame: calling it runs nothing. `await` runs the awaitable until it completes or suspends, and passes the suspension up the whole chain: handler → fetch → sock_recv freeze together.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'A handler waits for data from a socket: handler awaits fetch, fetch awaits sock_recv. No data yet, so sock_recv makes a future.',
      },
      {
        p: 'Step one: `await fut` yields the future itself, and the whole chain freezes at once.',
      },
      {
        p: 'Step two: the task hangs a `__wakeup` callback on the future and leaves. The loop no longer knows about it.',
      },
      {
        p: 'Step three: data arrives, `select` wakes up, and the socket’s reader calls `set_result`.',
      },
      {
        p: 'Step four, the key one: `set_result` resumes no one. It only puts `__wakeup` into the `_ready` queue.',
      },
      {
        p: 'Step five: on the next turn the loop calls `__wakeup`, and the task sends into the coroutine again.',
      },
      {
        p: 'Step six: `await` returns the result, and the functions go on, bottom up. If the data was already there: no future, no turn of the loop.',
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
