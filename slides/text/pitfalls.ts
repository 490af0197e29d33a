import { slideText } from '../types.ts';

/** The words of the slide `pitfalls` (its title is in `slides/pitfalls.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'HTTPX, Resource Limits: "max_connections, maximum number of allowable connections, or None for no limits. (Default 100)"',
      'https://www.python-httpx.org/advanced/resource-limits/',
    ],
    [
      'HTTPX, Timeouts: "The default behavior is to raise a TimeoutException after 5 seconds of network inactivity"; the pool timeout raises PoolTimeout',
      'https://www.python-httpx.org/advanced/timeouts/',
    ],
    [
      'aiohttp client reference, ClientTimeout: total, default 5 min; connect includes acquiring a connection from the pool',
      'https://docs.aiohttp.org/en/stable/client_reference.html#aiohttp.ClientTimeout',
    ],
    [
      'aiohttp client reference, TCPConnector: "limit (int) – total number simultaneous connections. If limit is 0 the connector has no limit (default: 100)"',
      'https://docs.aiohttp.org/en/stable/client_reference.html#tcpconnector',
    ],
    [
      'Python documentation: asyncio synchronization primitives (Semaphore)',
      'https://docs.python.org/3/library/asyncio-sync.html#asyncio.Semaphore',
    ],
    [
      'Python documentation: asyncio.timeout() (3.11+)',
      'https://docs.python.org/3/library/asyncio-task.html#asyncio.timeout',
    ],
    [
      'Python documentation: asyncio.create_task — “Save a reference to the result of this function”',
      'https://docs.python.org/3/library/asyncio-task.html#asyncio.create_task',
    ],
    [
      'p-limit (npm): run multiple promise-returning functions with limited concurrency',
      'https://github.com/sindresorhus/p-limit',
    ],
    ['MDN: AbortSignal.timeout()', 'https://developer.mozilla.org/en-US/docs/Web/API/AbortSignal/timeout_static'],
    ['Go: package context, WithTimeout', 'https://pkg.go.dev/context#WithTimeout'],
    [
      'Node.js documentation: perf_hooks.monitorEventLoopDelay()',
      'https://nodejs.org/api/perf_hooks.html#perf_hooksmonitoreventloopdelayoptions',
    ],
    ['py-spy: sampling profiler for Python (dump)', 'https://github.com/benfred/py-spy'],
    ['Go: net/http/pprof (goroutine?debug=2)', 'https://pkg.go.dev/net/http/pprof'],
    ['JDK 21: JFR event jdk.VirtualThreadPinned (JEP 444)', 'https://openjdk.org/jeps/444'],
    ['RFC 6585, section 4: 429 Too Many Requests', 'https://www.rfc-editor.org/rfc/rfc6585#section-4'],
    [
      'systemd-system.conf(5): DefaultLimitNOFILE= defaults to 1024:524288 (soft:hard)',
      'https://www.freedesktop.org/software/systemd/man/latest/systemd-system.conf.html',
    ],
    [
      'Node.js, src/node.cc: at start-up the soft RLIMIT_NOFILE is raised to the hard limit',
      'https://github.com/nodejs/node/blob/main/src/node.cc',
    ],
    [
      'Go 1.19 release notes: programs that import package os raise the open file limit (RLIMIT_NOFILE) to the maximum',
      'https://go.dev/doc/go1.19',
    ],
  ],
  ru: {
    body: [
      // Presented, the slide says its lesson; the list and the tools are one click away (open in the self-paced view).
      { p: 'Лимит — по самому узкому ресурсу, таймаут — на каждый вызов.' },
      {
        details: [
          { p: '**Так ломается**' },
          {
            ul: [
              '`gather` на 10 000 запросов: кончаются сокеты и лимиты API → семафор, p-limit, пул воркеров;',
              'тысячи задач на пул БД из 10 → лимит по самому узкому ресурсу;',
              'нет таймаута: зависший сокет держит задачу вечно;',
              '`create_task` без ссылки → `TaskGroup`.',
            ],
          },
          {
            p: '**Так видно:** `monitorEventLoopDelay()`, отладка asyncio, `py-spy dump`, `/debug/pprof/goroutine`, JFR.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Десять тысяч вызовов разом к API, который обслуживает по сто. Без своего лимита 9 900 из них получают отказ «слишком много запросов» за миллисекунду: «готово» через 200 миллисекунд, но почти всё — ошибки. А в Python десять тысяч сокетов разом упрутся ещё и в лимит процесса на открытые файлы; Node и Go поднимают этот лимит при старте.',
        shows: ['9 900 из 10 000 вызовов отклонены', 'лимит API 100', 'ulimit -n 1024'],
      },
      {
        p: 'Ставим свой лимит как у API, сто: отказов нет, сто волн по 200 миллисекунд — 20 секунд. Быстрее нельзя: узкое место — API, а лимит лишь не даёт тратить вызовы впустую.',
        shows: ['Все 10 000 получили ответ, отказов нет, за 20 с.'],
      },
      {
        p: 'Теперь один сокет завис, а таймаута нет: gather не вернётся никогда, и зависший вызов навсегда держит один из ста слотов.',
        shows: ['не вернётся никогда', 'вечно →'],
      },
      {
        p: 'Таймаут две секунды на каждый вызов: зависший падает, слот возвращается, всё готово за 20,2 секунды. Лимит — по самому узкому ресурсу, таймаут — на каждый вызов.',
        shows: ['упал через 2 с', 'всё готово через 20,2 с'],
      },
    ],
    appendix: [
      {
        p: 'Подвигайте лимит выше 100: при 101 уже 6 600 отказов — один лишний слот всё время долбит занятый API, каждый 429 возвращается за миллисекунду и тут же освобождает место следующему. Таймаут короче задержки API (меньше 200 мс) роняет все вызовы, а API продолжает работать над брошенными — и следующая волна получает 429. Таймаут должен быть больше нормальной задержки, лимит — не больше самого узкого ресурса (лимит API, пул соединений с БД).',
      },
      {
        p: 'Модель: дискретные события в виртуальном времени, без случайности. API обслуживает не больше 100 вызовов по 200 мс, лишний получает 429 за 1 мс; сервер доделывает вызов, даже если клиент ушёл по таймауту; отклонённые вызовы не повторяются. Пул соединений клиента сам ничего не ограничивает (как агент Node по умолчанию и `http.Transport` в Go). У клиентов Python это не так: `httpx.AsyncClient()` по умолчанию держит не больше 100 соединений (`Limits(max_connections=100)`), остальные вызовы ждут в очереди пула, а через 5 с (таймаут пула по умолчанию) падают с `httpx.PoolTimeout`; у aiohttp `TCPConnector(limit=100)` — та же очередь, и ожидание в ней идёт в счёт общего таймаута по умолчанию (5 минут). Поэтому в листинге Python клиент создан с `limits=httpx.Limits(max_connections=None)` и `timeout=None`: лимит и таймаут — только те, что в коде. С клиентом httpx по умолчанию шаг 1 выглядел бы иначе: 100 сокетов, никаких 429, за первые 5 с ответ получат 2500 вызовов, а остальные 7500 упадут с `PoolTimeout`.',
      },
      {
        p: 'Сверено с настоящим Node (`tests/unit/pitfalls-real.test.ts`, `tests/probes/pitfalls-api.cjs`): сервер на node:http на loopback обслуживает 50 вызовов разом, клиент на http.request шлёт 300 вызовов. При своём лимите 25 и 50 (задержка 100 мс) — ни одного 429, и время идёт волнами, как в модели (1,2 и 0,6 с в модели; на нагруженной машине до полутора раз дольше). При лимите 100 и без лимита (задержка 500 мс) — 250 отказов, как в модели. Зависший сокет без таймаута не отвечает никогда, а API видит не больше 49 вызовов; с лимитом 1 не начинается ни один другой. С `AbortSignal.timeout(1000)` зависший вызов падает через секунду, остальные 299 получают ответ.',
      },
      {
        p: 'Сокет — это файловый дескриптор, а мягкий предел открытых файлов (`ulimit -n`) у процесса обычно 1024 (у systemd по умолчанию 1024:524288, мягкий:жёсткий). Python его не трогает: 10 000 сокетов разом — и `socket()` падает с `EMFILE` чуть раньше 1024 (stdin, stdout, stderr уже заняты). Node при старте поднимает мягкий предел до жёсткого, Go — с версии 1.19 (пакет `os`); у них `EMFILE` будет только за жёстким пределом. Проверено: `tests/unit/pitfalls-limits-real.test.ts` запускает настоящие CPython, Node и Go под `ulimit -Sn 1024` и читает их `/proc/self/limits`: у CPython 1024, у Node и Go — жёсткий предел; CPython получает `EMFILE`, Node и Go открывают все 10 000 (жёсткий предел на этой машине выше).',
      },
      {
        p: 'Как это увидеть: `monitorEventLoopDelay()` в Node и режим отладки asyncio показывают, что цикл стоит; `py-spy dump` и `node --cpu-prof` — какой вызов блокирует; `/debug/pprof/goroutine?debug=2` — где висят горутины; событие JFR `jdk.VirtualThreadPinned` — закреплённые виртуальные потоки. Задача без ссылки: цикл asyncio держит задачи только слабой ссылкой, и `create_task(x)` без сохранённого результата может собрать сборщик мусора; ошибка промиса без обработчика теряется.',
      },
    ],
  },
  en: {
    body: [
      // Presented, the slide says its lesson; the list and the tools are one click away (open in the self-paced view).
      { p: 'Limit by the narrowest resource; time out every call.' },
      {
        details: [
          { p: '**How it breaks**' },
          {
            ul: [
              '`gather` on 10,000 requests: sockets and API limits run out → a semaphore, p-limit, a worker pool;',
              'thousands of tasks on a DB pool of 10 → limit by the narrowest resource;',
              'no timeout: a hung socket holds its task forever;',
              '`create_task` without a reference → `TaskGroup`.',
            ],
          },
          {
            p: '**How you see it:** `monitorEventLoopDelay()`, asyncio debug mode, `py-spy dump`, `/debug/pprof/goroutine`, JFR.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Ten thousand calls fired at once against an API that serves a hundred at a time. With no limit of our own, 9,900 of them are rejected with “too many requests” within a millisecond: “done” in 200 milliseconds, and nearly all of it failed. And in Python ten thousand sockets at once also run into the process’s limit on open files; Node and Go raise that limit as they start.',
        shows: ['9,900 of 10,000 calls rejected', 'API limit 100', 'ulimit -n 1,024'],
      },
      {
        p: 'Set our own limit to the API’s, a hundred: no rejections, a hundred waves of 200 milliseconds, 20 seconds. It cannot go faster: the API is the bottleneck, and the limit only stops us from wasting calls.',
        shows: ['All 10,000 answered, none rejected, in 20 s.'],
      },
      {
        p: 'Now one socket hangs, and there is no timeout: the gather never returns, and the hung call holds one of the hundred slots forever.',
        shows: ['never returns', 'forever →'],
      },
      {
        p: 'A two-second timeout on every call: the hung one fails, its slot comes back, and everything is done in 20.2 seconds. Limit by the narrowest resource, and put a timeout on every call.',
        shows: ['failed after 2 s', 'all done in 20.2 s'],
      },
    ],
    appendix: [
      {
        p: 'Move the limit above 100: at 101 there are already 6,600 rejections — the one extra slot keeps hammering the busy API, each 429 comes back within a millisecond and frees the slot for the next call. A timeout shorter than the API’s latency (under 200 ms) fails every call, and the API keeps working on the abandoned ones, so the next wave gets 429s. The timeout must be longer than the normal latency; the limit no higher than the narrowest resource (the API’s limit, the DB connection pool).',
      },
      {
        p: 'The model: discrete events in virtual time, no randomness. The API serves at most 100 calls of 200 ms; an extra call gets a 429 in 1 ms; the server finishes a call even when its client has timed out; rejected calls are not retried. The client’s connection pool sets no limit of its own (like Node’s default agent and Go’s `http.Transport`). Python’s clients do: `httpx.AsyncClient()` keeps at most 100 connections by default (`Limits(max_connections=100)`), the other calls queue for the pool and after 5 s (the default pool timeout) fail with `httpx.PoolTimeout`; aiohttp’s `TCPConnector(limit=100)` queues the same way, and the wait counts against its default total timeout (5 minutes). So the Python listing builds its client with `limits=httpx.Limits(max_connections=None)` and `timeout=None`: the only limit and timeout are the ones in the code. With httpx’s default client step 1 would look different: 100 sockets, no 429s, 2,500 calls answered in the first 5 s and the other 7,500 failed with `PoolTimeout`.',
      },
      {
        p: 'Checked against real Node (`tests/unit/pitfalls-real.test.ts`, `tests/probes/pitfalls-api.cjs`): a node:http server on loopback serves 50 calls at once, an http.request client sends 300. With a limit of 25 or 50 of your own (100 ms latency), not one 429, and the time goes in waves as in the model (1.2 and 0.6 s in the model; up to half as long again on a loaded machine). With a limit of 100 and with none (500 ms latency), 250 rejections, as in the model. A hung socket without a timeout never answers, and the API sees at most 49 calls; with a limit of 1 no other call ever starts. With `AbortSignal.timeout(1000)` the hung call fails after a second and the other 299 are answered.',
      },
      {
        p: 'A socket is a file descriptor, and a process’s soft limit of open files (`ulimit -n`) is usually 1,024 (systemd’s default is 1024:524288, soft:hard). Python leaves it alone: 10,000 sockets at once, and `socket()` fails with `EMFILE` just short of 1,024 (stdin, stdout and stderr are taken already). Node raises its soft limit to the hard one as it starts, and so does Go since 1.19 (package `os`); there `EMFILE` comes only past the hard limit. Checked: `tests/unit/pitfalls-limits-real.test.ts` runs real CPython, Node and Go under `ulimit -Sn 1024` and reads their `/proc/self/limits`: 1,024 for CPython, the hard limit for Node and Go; CPython gets `EMFILE`, Node and Go open all 10,000 (the hard limit on this machine is higher).',
      },
      {
        p: 'How you see it: `monitorEventLoopDelay()` in Node and asyncio’s debug mode show that the loop stands; `py-spy dump` and `node --cpu-prof` show which call blocks; `/debug/pprof/goroutine?debug=2` shows where goroutines hang; the JFR event `jdk.VirtualThreadPinned` shows pinned virtual threads. A task without a reference: the asyncio loop keeps only a weak reference to tasks, so `create_task(x)` whose result is not kept can be collected by the garbage collector; a promise’s error without a handler is lost.',
      },
    ],
  },
});
