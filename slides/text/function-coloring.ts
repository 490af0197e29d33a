import { slideText } from '../types.ts';

/** The words of the slide `function-coloring` (its title is in `slides/function-coloring.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'Bob Nystrom, “What Color is Your Function?” (2015)',
      'https://journal.stuffwithstuff.com/2015/02/01/what-color-is-your-function/',
    ],
    ['PEP 492: Coroutines with async and await syntax', 'https://peps.python.org/pep-0492/'],
    ['PEP 530: Asynchronous Comprehensions', 'https://peps.python.org/pep-0530/'],
    [
      'CPython 3.11, Lib/asyncio/runners.py: asyncio.run() (line 187: the running-loop check)',
      'https://github.com/python/cpython/blob/3.11/Lib/asyncio/runners.py',
    ],
    [
      'CPython 3.11, Lib/asyncio/tasks.py: run_coroutine_threadsafe (lines 917–937)',
      'https://github.com/python/cpython/blob/3.11/Lib/asyncio/tasks.py',
    ],
    [
      'CPython 3.11, Lib/asyncio/threads.py: to_thread (lines 12–25)',
      'https://github.com/python/cpython/blob/3.11/Lib/asyncio/threads.py',
    ],
    [
      'Python docs: concurrent.futures.ThreadPoolExecutor (default max_workers)',
      'https://docs.python.org/3/library/concurrent.futures.html#threadpoolexecutor',
    ],
    ['HTTPX: Async Support (httpx.AsyncClient)', 'https://www.python-httpx.org/async/'],
    ['psycopg 3: Asynchronous operations', 'https://www.psycopg.org/psycopg3/docs/advanced/async.html'],
    ['Node.js API: fs.promises', 'https://nodejs.org/api/fs.html#promises-api'],
    [
      'ECMAScript: Array.prototype.sort, SortCompare (a NaN result is treated as +0)',
      'https://tc39.es/ecma262/#sec-sortcompare',
    ],
    ['JEP 444: Virtual Threads', 'https://openjdk.org/jeps/444'],
  ],
  ru: {
    body: [
      { p: '`async` ползёт вверх по стеку.' },
      {
        details: [
          { p: 'Асинхронную функцию вызовет только асинхронная.' },
          { p: 'Go, Java с виртуальными потоками и Erlang цветов не имеют: заблокироваться может любая функция.' },
        ],
      },
    ],
    notes: [
      {
        p: 'У бесстековых корутин есть цена, и у неё есть имя: раскраска функций. В Python с asyncio функции бывают двух цветов. Вот маленький магазин, где все функции обычные, синие: main обрабатывает корзину и прайс-лист, корзина суммирует цены, список сортирует по цене, а каждую цену получает одна функция, которая сходит за ней в сеть. Асинхронную функцию можно дождаться только из другой асинхронной. Красную функцию нельзя просто вызвать: её нужно дождаться через await.',
        shows: ['Все функции обычные.', 'fetch_price'],
      },
      {
        p: 'Теперь fetch price нужна сеть, и мы делаем её асинхронной — она краснеет. Вызывающая её price по-прежнему вызывает её по-старому и теперь получает объект корутины вместо числа. Его никто не дождался, так что цена даже не запрашивается. Программа не падает сразу: Python лишь предупредит, что корутину никто не дождался. Беда всплывёт выше, там, где нужно число.',
        shows: ['price получает корутину, а не значение.'],
      },
      {
        p: 'И цвет ползёт вверх: каждая функция над ней тоже должна стать асинхронной, а каждый вызов — получить await, до самого main. Девять функций и двенадцать мест вызова поменялись ради одного сетевого вызова внизу. И каждая новая асинхронная функция заражает уже своих вызывающих.',
        shows: ['Изменено: 9 функций, 12 мест вызова.', 'main'],
      },
      {
        p: 'А некоторые вызовы не перевести вовсе. Функцию-ключ для sorted встроенная функция вызывает синхронно, так что ключ не может сделать await; он отдаёт sorted корутины, а две корутины сравнить нельзя. Этот вызов придётся переписать руками. Так же раздваиваются библиотеки: синхронный клиент и асинхронный. Цвет решает не только то, как вызвать нашу функцию, но и то, какие библиотеки нам доступны. То же с колбэком для map: он возвращает корутины, которых никто не ждёт.',
        shows: ['сравнивает две корутины:', "TypeError: '<' not supported"],
      },
      {
        p: 'Та же программа на Go: цветов нет вовсе. Блокирующий вызов просто паркует горутину, и меняется только тело fetch price; выше никто ничего не замечает. Функция получения цены блокирует, но только свою горутину. То же в Java с виртуальными потоками и в Erlang. Цена отсутствия цветов: любая функция может заблокироваться, и рантайм должен это выдержать.',
        shows: ['Go: цветов нет, места вызова не меняются.', 'fetchPrice'],
      },
    ],
    appendix: [
      {
        p: 'Код слайда — пример из доклада (`total`, `price`, `fetch_price`), достроенный до маленькой программы: два обработчика, ключ для `sorted` и колбэк для `map`. Нажмите на функцию — она станет `async def`. Тогда каждый, кто её вызывает, получает вместо значения корутину и должен сделать `await`, а значит, сам стать асинхронным. Цвет ползёт вверх до `main`, и `main()` превращается в `asyncio.run(main())`. Счётчик считает функции, ставшие `async def`, и места вызова, которые пришлось поменять (каждое `await`, переписанные вызовы `sorted` и `map`, сам `requests.get` → `await client.get` и последнюю строку скрипта).',
      },
      {
        ul: [
          'Из синхронной функции дождаться асинхронной нельзя, не заблокировав цикл: `asyncio.run()` внутри работающего цикла — ошибка `RuntimeError: asyncio.run() cannot be called from a running event loop` (Lib/asyncio/runners.py, строка 187).',
          'Библиотеки раздваиваются: `requests` и `httpx.AsyncClient`, синхронный и асинхронный режимы в psycopg 3, `fs.readFileSync` и `fs.promises`.',
          "Колбэк в `map` или `sort` не может сделать `await`: встроенная функция вызывает его синхронно. Асинхронный ключ `sorted` возвращает корутину, и сравнение падает: `TypeError: '<' not supported between instances of 'coroutine' and 'coroutine'`, плюс `RuntimeWarning: coroutine 'by_price' was never awaited`. `map` с асинхронным колбэком молча даёт список корутин. Вызов приходится переписывать: сначала дождаться цен, потом сортировать; включение с `await` вместо `map`.",
          'В JavaScript так же: `[3, 1, 2].sort(async (a, b) => a - b)` возвращает `[ 3, 1, 2 ]` — промис приводится к NaN, а NaN сортировка считает нулём, «равны».',
          'Go, Java с виртуальными потоками и Erlang цветов не имеют: любая функция может заблокироваться. Блокирующий вызов паркует горутину, виртуальный поток или процесс, а рантайм запускает на том же потоке ОС другие задачи. В этих режимах граф не окрашивается: меняется только тело `fetch_price`.',
        ],
      },
      {
        p: 'Мосты между мирами (вкладка «Мосты»): `asyncio.to_thread(f, …)` — из асинхронного кода вызвать блокирующий; он уходит в поток пула по умолчанию (`min(32, os.cpu_count() + 4)` потоков, Lib/concurrent/futures/thread.py, строка 142), цикл не стоит. `asyncio.run_coroutine_threadsafe(coro, loop)` — из другого потока отдать корутину циклу: он кладёт колбэк через `call_soon_threadsafe` и будит цикл через self-pipe (Lib/asyncio/tasks.py, строки 917–937); вызывающий поток ждёт в `future.result()`. Из потока самого цикла это вечное ожидание.',
      },
      {
        p: 'Проверено на настоящих Python и Node (tests/unit/function-coloring-real.test.ts): для каждого набора выбранных функций (все 512) листинг слайда запускается под python3 и печатает то же, что синхронная программа; «наивный» листинг без переписанных вызовов падает с той самой ошибкой `sorted` или даёт список корутин с `RuntimeWarning`; `asyncio.run()` внутри цикла и `sort` с async-компаратором в Node дают ровно те строки, что цитирует слайд. `requests` и `httpx` в проверке заменены заглушками, возвращающими цены: проверяется раскраска, а не сеть.',
      },
    ],
  },
  en: {
    body: [
      { p: '`async` climbs up the call stack.' },
      {
        details: [
          { p: 'Only an async function can call an async one.' },
          { p: 'Go, Java’s virtual threads and Erlang have no colors: any function may block.' },
        ],
      },
    ],
    notes: [
      {
        p: 'With stackless coroutines there is a price, and it has a name: function coloring. In Python with asyncio, functions come in two colors. Here is a small shop where every function is plain, blue: main handles a cart and a price list, the cart sums the prices, the list sorts by price, and every price comes from one function that fetches it. An async function can only be awaited from another async function.',
        shows: ['Every function is plain.', 'fetch_price'],
      },
      {
        p: 'Now fetch price needs the network, so we make it async: it turns red. Its caller, price, still calls it the old way, and now gets a coroutine object instead of a number. Nothing has awaited it, so the price is never even fetched. The trouble shows up further up, where a number is needed.',
        shows: ['price gets a coroutine, not a value.', 'async, chosen by you'],
      },
      {
        p: 'So the color climbs: every function above it must become async too, and every call must get an await, all the way up to main. Nine functions and twelve call sites changed, for one network call at the bottom.',
        shows: ['9 functions, 12 call sites changed.', 'main'],
      },
      {
        p: 'And some calls cannot be converted at all. The key function of sorted is called synchronously by the built-in, so it cannot await; it hands sorted coroutines, and two coroutines cannot be compared. That call has to be rewritten by hand. Libraries split the same way: a sync client and an async one. The same with the callback of map: it returns coroutines that nobody awaits.',
        shows: ['sorted(key=…)', "TypeError: '<' not supported"],
      },
      {
        p: 'The same program in Go: no colors at all. A blocking call simply parks the goroutine, and only the body of fetch price changes; nobody above it notices. The same holds in Java with virtual threads and in Erlang. The price of no colors: any function may block, and the runtime must cope with that.',
        shows: ['Go: no colors, no call site changes.', 'fetchPrice'],
      },
    ],
    appendix: [
      {
        p: 'The slide’s code is the talk’s example (`total`, `price`, `fetch_price`) grown into a small program: two handlers, a key for `sorted` and a callback for `map`. Click a function and it becomes `async def`. Then everyone who calls it gets a coroutine instead of a value and must `await` it, and so must become async itself. The color climbs to `main`, and `main()` becomes `asyncio.run(main())`. The counter counts the functions that became `async def` and the call sites that had to change (each `await`, the rewritten `sorted` and `map` calls, `requests.get` itself → `await client.get`, and the script’s last line).',
      },
      {
        ul: [
          'From a sync function you cannot wait for an async one without blocking the loop: `asyncio.run()` inside a running loop is an error, `RuntimeError: asyncio.run() cannot be called from a running event loop` (Lib/asyncio/runners.py, line 187).',
          'Libraries split in two: `requests` and `httpx.AsyncClient`, psycopg 3’s sync and async modes, `fs.readFileSync` and `fs.promises`.',
          "A callback in `map` or `sort` cannot `await`: the builtin calls it synchronously. An async `sorted` key returns a coroutine and the comparison fails: `TypeError: '<' not supported between instances of 'coroutine' and 'coroutine'`, plus `RuntimeWarning: coroutine 'by_price' was never awaited`. `map` with an async callback silently gives a list of coroutines. The call has to be rewritten: await the prices first, then sort; a comprehension with `await` instead of `map`.",
          'JavaScript is the same: `[3, 1, 2].sort(async (a, b) => a - b)` returns `[ 3, 1, 2 ]` — the promise converts to NaN, and sort treats NaN as zero, “equal”.',
          'Go, Java with virtual threads and Erlang have no colors: any function may block. A blocking call parks the goroutine, virtual thread or process, and the runtime runs other tasks on the same OS thread. In those modes the graph is not colored: only the body of `fetch_price` changes.',
        ],
      },
      {
        p: 'Bridges between the worlds (the “Bridges” tab): `asyncio.to_thread(f, …)` calls blocking code from async code; it goes to a thread of the default pool (`min(32, os.cpu_count() + 4)` threads, Lib/concurrent/futures/thread.py, line 142), and the loop does not stand. `asyncio.run_coroutine_threadsafe(coro, loop)` hands a coroutine to the loop from another thread: it queues a callback with `call_soon_threadsafe`, which wakes the loop through the self-pipe (Lib/asyncio/tasks.py, lines 917–937); the calling thread waits in `future.result()`. From the loop’s own thread that wait never ends.',
      },
      {
        p: 'Checked against real Python and Node (tests/unit/function-coloring-real.test.ts): for every set of chosen functions (all 512) the slide’s listing runs under python3 and prints what the sync program prints; the “naive” listing without the rewritten calls fails with that very `sorted` error or gives a list of coroutines with a `RuntimeWarning`; `asyncio.run()` inside a loop and `sort` with an async comparator in Node print exactly the lines the slide quotes. In the check `requests` and `httpx` are stubs that return prices: it tests the coloring, not the network.',
      },
    ],
  },
});
