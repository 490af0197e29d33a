import { slideText } from '../types.ts';

/** The words of the slide `python-asyncio` (its title is in `slides/python-asyncio.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'Python docs: Developing with asyncio (debug mode, slow callbacks, never-awaited coroutines)',
      'https://docs.python.org/3/library/asyncio-dev.html',
    ],
    ['Python docs: asyncio.to_thread', 'https://docs.python.org/3/library/asyncio-task.html#asyncio.to_thread'],
    [
      'Python docs: loop.run_in_executor',
      'https://docs.python.org/3/library/asyncio-eventloop.html#asyncio.loop.run_in_executor',
    ],
    [
      'Python docs: sys.setswitchinterval (the GIL’s 5 ms)',
      'https://docs.python.org/3/library/sys.html#sys.setswitchinterval',
    ],
    [
      'CPython 3.11: Lib/asyncio/base_events.py',
      'https://github.com/python/cpython/blob/v3.11.7/Lib/asyncio/base_events.py',
    ],
    ['CPython 3.11: Lib/asyncio/threads.py', 'https://github.com/python/cpython/blob/v3.11.7/Lib/asyncio/threads.py'],
    [
      'CPython 3.11: Python/ceval_gil.h (take_gil waits one interval, then asks for a drop)',
      'https://github.com/python/cpython/blob/v3.11.7/Python/ceval_gil.h',
    ],
  ],
  ru: {
    body: [
      // Presented, this line and the demo (the call, the heartbeat, the timeline); the list is one click away.
      { p: 'Одна строка в `handle()`: ровный пульс или тишина.' },
      {
        details: [
          {
            ul: [
              '`fetch()` без `await` только создаёт корутину: код не выполняется, в логе — `RuntimeWarning`.',
              '`time.sleep`, `requests`, синхронный драйвер БД в `async def` блокируют весь цикл.',
              'Блокирующее — в поток (`to_thread`), счёт — в процессы: GIL не даст потокам считать параллельно.',
              '`PYTHONASYNCIODEBUG=1` предупреждает о колбэках дольше 100 мс.',
            ],
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Теперь asyncio в Python, и сначала — где он теряет конкурентность. Программа одна, а меняется только одна строка в обработчике запроса. Будем портить её по одной строке и смотреть на пульс. Фоновая задача-пульс тикает каждые 100 миллисекунд; в 250 приходят два запроса, каждый ждёт 300. С асинхронным сном через await оба ждут одновременно, и пульс держит ритм. Так выглядит правильный код. Пульс — наш индикатор: пока он тикает ровно, цикл свободен.',
        shows: ['пульс', 'медиана интервала 100,2 мс', 'asyncio.sleep('],
      },
      {
        p: 'Теперь забудем await. Вызов корутинной функции только создаёт объект корутины: ничего не выполняется. Запрос «готов» сразу, ничего не сделав, а Python печатает предупреждение, что корутину так и не дождались. Ищите это предупреждение в своих логах. Ошибки нет, исключения нет — только строчка предупреждения.',
        shows: ['was never awaited', 'fetch()'],
      },
      {
        p: 'Дальше — блокирующий сон из модуля time внутри async-функции. Он блокирует единственный поток цикла: два обработчика идут друг за другом, 600 миллисекунд, и всё это время пульс молчит. Не выполняется ни другая задача, ни другой запрос — ничего. Один неосторожный вызов — и асинхронный сервер работает как однопоточный.',
        shows: ['time.sleep', 'цикл заблокирован 600 мс', 'пропущенный тик'],
      },
      {
        p: 'Библиотека requests — то же самое под маской: её get ждёт сеть внутри потока цикла. Как и синхронный драйвер базы данных или чтение большого файла. На экране нигде не написано «блокирует»; код выглядит совершенно невинно. На ревью кода ищут именно такие строки. Ни async, ни await тут не помогут: вызов синхронный и держит поток до самого ответа.',
        shows: ['requests.get(URL)', 'цикл заблокирован 600 мс'],
      },
      {
        p: 'Лечение для блокирующего вызова, который не заменить: отправить его в поток. Пока поток ждёт сеть, цикл спит в select, свободный для остальных, и пульс снова вовремя. Для этого у asyncio и есть пул потоков. Цикл ждёт ответа от потока так же, как ждал бы сокета.',
        shows: ['asyncio.to_thread(requests.get, URL)', '2 потока', 'спит в select()'],
      },
      {
        p: 'Но счёт в потоках — совсем другая история. Потоки делят глобальную блокировку интерпретатора, GIL: два цикла по 300 миллисекунд идут 600, друг за другом, а каждый тик пульса опаздывает на 5 миллисекунд — он ждёт, пока ему передадут блокировку. Потоки помогают ждать, но не помогают считать. Ожидание эту блокировку отпускает, а счёт на чистом Python её держит.',
        shows: ['считает (GIL)', 'тиков: 9'],
      },
      {
        p: 'У каждого процесса свой интерпретатор и своя блокировка: два цикла идут параллельно, 300 миллисекунд, а поток цикла свободен. Простое правило: блокирующий ввод-вывод — в поток, счёт — в процесс. Цена — запуск процессов и передача данных между ними. Поэтому в процессы отдают только то, что действительно долго считается.',
        shows: ['2 процесса', 'медиана интервала 100,2 мс'],
      },
      {
        p: 'А как найти блокирующий вызов в большой программе? Включить режим отладки asyncio одной переменной окружения. Он пишет в лог каждый колбэк, который держал цикл дольше 100 миллисекунд, с именем его задачи: здесь каждый обработчик занял 0,3 секунды. Включайте его при разработке и на стенде, а не только когда что-то сломалось.',
        shows: ['took 0.300 seconds'],
      },
    ],
    appendix: [
      {
        p: 'Программа одна и та же, меняется только строка в `handle()`. Пульс просыпается каждые 100 мс и записывает `loop.time()`; через 250 мс приходят два запроса, и `gather` обрабатывает их одновременно; каждый делает один вызов на 300 мс (HTTP-сервер отвечает через 300 мс; цикл счёта идёт 300 мс). Код на слайде — не пересказ: это листинг, который модель цикла asyncio пишет сама, и тест запускает его в настоящем CPython.',
      },
      {
        p: "`fetch()` без `await`: корутина создана и сразу выброшена; при её уничтожении CPython печатает `RuntimeWarning: coroutine 'fetch' was never awaited` — один раз на строку (фильтр предупреждений по умолчанию), хотя вызовов два. Запрос «обработан» мгновенно, а работа не сделана. В режиме отладки к предупреждению добавляется, где корутина создана.",
      },
      {
        p: "`time.sleep(0.3)` и `requests.get`: шаг задачи не отдаёт управление 300 мс, и оба обработчика попадают в один проход шестого шага `_run_once` — 600 мс подряд. Пульс молчит: его таймер истёк в 300 мс, но цикл увидит это только после блокировки. Режим отладки пишет по строке на каждый шаг: `Executing <Task finished name='Task-3' coro=<handle() done, …>> took 0.300 seconds` (base_events.py:1917 в 3.11, порог `slow_callback_duration = 0.1` — строка 405).",
      },
      {
        p: '`await asyncio.to_thread(requests.get, URL)`: функция уходит в пул потоков по умолчанию (`min(32, os.cpu_count() + 4)` потоков, concurrent/futures/thread.py:142), `to_thread` — это `loop.run_in_executor(None, func_call)` (threads.py:25). Поток спит в сети без GIL; цикл спит в `select()` и просыпается вовремя.',
      },
      {
        p: 'Счёт в `to_thread`: оба потока держат GIL по очереди, поэтому два цикла по 300 мс процессорного времени идут 600 мс. И поток цикла, проснувшись от таймера, ждёт GIL: `take_gil` ждёт интервал переключения (5 мс, `sys.getswitchinterval()`) и только потом просит держателя отдать GIL. Каждый тик приходит на 5 мс позже: интервал 105 мс вместо 100, а при пульсе 10 мс — уже 15 мс. Под нагрузкой машины эффект сильнее: тест это видит и сравнивает с допуском.',
      },
      {
        p: '`ProcessPoolExecutor`: у каждого процесса свой интерпретатор и свой GIL; два цикла идут параллельно 300 мс, поток цикла свободен, пульс — 100 мс. Цена — передача аргументов и результата через pickle и запуск процессов.',
      },
      {
        p: 'Проверено на настоящем CPython (tests/unit/python-asyncio-real.test.ts): каждый листинг запускается с HTTP-сервером на loopback, который отвечает через 300 мс. Число тиков совпадает с моделью точно для `time.sleep`, `asyncio.sleep`, `requests.get`, `to_thread(requests.get)` и `fetch()` без `await`; для счёта в потоках — с допуском (интервал переключения GIL моделируется приближённо), для процессов — не меньше, чем у модели; тексты предупреждений — посимвольно, кроме времени.',
      },
    ],
  },
  en: {
    body: [
      // Presented, this line and the demo (the call, the heartbeat, the timeline); the list is one click away.
      { p: 'One line in `handle()`: a steady heartbeat, or silence.' },
      {
        details: [
          {
            ul: [
              '`fetch()` without `await` only creates a coroutine: its code does not run; the log shows a `RuntimeWarning`.',
              '`time.sleep`, `requests`, a synchronous DB driver in `async def` block the whole loop.',
              'Blocking calls go to a thread (`to_thread`), CPU work to processes: the GIL will not let threads compute in parallel.',
              '`PYTHONASYNCIODEBUG=1` warns about callbacks longer than 100 ms.',
            ],
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Now Python’s asyncio, and first, where it loses its concurrency. One program, and only one line in the request handler changes. A heartbeat task ticks every 100 milliseconds; two requests arrive at 250 and each waits 300. With an awaited asyncio sleep both wait at the same time, and the heartbeat keeps time. This is what correct code looks like. The heartbeat is our indicator: while it ticks evenly, the loop is free.',
        shows: ['heartbeat', 'median interval 100.2 ms', 'asyncio.sleep('],
      },
      {
        p: 'Now forget the await. Calling a coroutine function only creates a coroutine object: nothing runs. The request is “done” at once, without having done anything, and Python prints a warning that the coroutine was never awaited. Look for that warning in your logs.',
        shows: ['was never awaited', 'fetch()'],
      },
      {
        p: 'Next, the blocking sleep from the time module inside an async function. It blocks the loop’s only thread: the two handlers run one after the other, 600 milliseconds, and for all that time the heartbeat falls silent. No other task, no other request, nothing runs.',
        shows: ['time.sleep', 'loop blocked for 600 ms', 'missed tick'],
      },
      {
        p: 'The requests library is the same thing in disguise: its get waits for the network inside the loop’s thread. So does a synchronous database driver, or reading a big file. Nothing on the screen says “blocking”; the code looks perfectly innocent. In a code review, these are the lines to look for.',
        shows: ['requests.get(URL)', 'loop blocked for 600 ms'],
      },
      {
        p: 'The fix for a blocking call you cannot replace: send it to a thread. While the thread waits for the network, the loop sleeps in select, free to serve others, and the heartbeat is back on time. This is what the thread pool of asyncio is for.',
        shows: ['asyncio.to_thread(requests.get, URL)', '2 threads', 'asleep in select()'],
      },
      {
        p: 'But computing in threads is a different story. Threads share the global interpreter lock: two loops of 300 milliseconds take 600, one after the other, and the heartbeat’s every tick comes 5 milliseconds late, because it waits for the lock to be handed over. Threads help with waiting, not with computing.',
        shows: ['waiting for the GIL', 'median interval 105.2 ms'],
      },
      {
        p: 'Processes each have their own interpreter and their own lock: the two loops run in parallel, 300 milliseconds, and the loop’s thread stays free. Rule of thumb: blocking I/O goes to a thread, computing goes to a process. The price: starting processes and passing data between them.',
        shows: ['2 processes', 'median interval 100.2 ms'],
      },
      {
        p: 'And how do you find the blocking call in a big program? Turn on asyncio’s debug mode with one environment variable. It logs every callback that held the loop for more than 100 milliseconds, with the name of its task: here, each handler took 0.3 seconds.',
        shows: ['took 0.300 seconds'],
      },
    ],
    appendix: [
      {
        p: 'The program is the same every time; only the line in `handle()` changes. The heartbeat wakes every 100 ms and records `loop.time()`; after 250 ms two requests arrive and `gather` handles them at once; each makes one 300 ms call (the HTTP server answers after 300 ms; the CPU loop runs for 300 ms). The code on the slide is not a paraphrase: it is the listing the asyncio model writes itself, and a test runs it under the real CPython.',
      },
      {
        p: "`fetch()` without `await`: the coroutine is created and dropped at once; when it is destroyed CPython prints `RuntimeWarning: coroutine 'fetch' was never awaited` — once per line (the default warnings filter), though it is called twice. The request is “handled” at once and the work is not done. In debug mode the warning also says where the coroutine was created.",
      },
      {
        p: "`time.sleep(0.3)` and `requests.get`: the task’s step does not yield for 300 ms, and both handlers fall into one pass of step 6 of `_run_once` — 600 ms in a row. The heartbeat is silent: its timer expired at 300 ms, but the loop sees it only after the block. Debug mode logs one line per step: `Executing <Task finished name='Task-3' coro=<handle() done, …>> took 0.300 seconds` (base_events.py:1917 in 3.11; the threshold `slow_callback_duration = 0.1` is line 405).",
      },
      {
        p: '`await asyncio.to_thread(requests.get, URL)`: the function goes to the default thread pool (`min(32, os.cpu_count() + 4)` threads, concurrent/futures/thread.py:142); `to_thread` is `loop.run_in_executor(None, func_call)` (threads.py:25). The thread waits on the network without the GIL; the loop sleeps in `select()` and wakes on time.',
      },
      {
        p: 'CPU work in `to_thread`: both threads hold the GIL in turn, so two loops of 300 ms of CPU time take 600 ms. And the loop’s thread, woken by its timer, waits for the GIL: `take_gil` waits one switch interval (5 ms, `sys.getswitchinterval()`) before it asks the holder to drop it. Every tick comes 5 ms late: an interval of 105 ms instead of 100, and with a 10 ms heartbeat already 15 ms. On a loaded machine the effect is stronger: the test sees it and compares with a tolerance.',
      },
      {
        p: '`ProcessPoolExecutor`: each process has its own interpreter and its own GIL; the two loops run in parallel for 300 ms, the loop’s thread is free, the heartbeat keeps 100 ms. The price: arguments and results travel through pickle, and processes must be started.',
      },
      {
        p: 'Checked against the real CPython (tests/unit/python-asyncio-real.test.ts): each listing runs with a loopback HTTP server that answers after 300 ms. The tick count equals the model’s exactly for `time.sleep`, `asyncio.sleep`, `requests.get`, `to_thread(requests.get)` and `fetch()` without `await`; for CPU work in threads within a tolerance (the GIL’s switch interval is modelled approximately); for processes, at least the model’s; the warnings’ text character for character, apart from the clock.',
      },
    ],
  },
});
