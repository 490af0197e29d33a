import { slideText } from '../types.ts';

/** The words of the slide `libuv-pool` (its title is in `slides/libuv-pool.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'libuv documentation: Thread pool work scheduling (default 4, maximum 1024 since 1.30.0)',
      'https://docs.libuv.org/en/v1.x/threadpool.html',
    ],
    [
      'libuv, src/threadpool.c: worker(), post(), slow_work_thread_threshold() returns (nthreads + 1) / 2, checked against slow_io_work_running',
      'https://github.com/libuv/libuv/blob/v1.x/src/threadpool.c',
    ],
    [
      'libuv PR #1845: limit concurrent DNS calls to nthreads/2 (commit 90891b42, 2018-05-25)',
      'https://github.com/libuv/libuv/pull/1845',
    ],
    [
      'libuv ChangeLog, 2018.09.22, Version 1.23.1: "unix,win: limit concurrent DNS calls to nthreads/2"',
      'https://github.com/libuv/libuv/blob/v1.x/ChangeLog',
    ],
    ['nodejs/node#8436: slow DNS lookups block file system operations', 'https://github.com/nodejs/node/issues/8436'],
    ['Node.js CLI documentation: UV_THREADPOOL_SIZE', 'https://nodejs.org/api/cli.html#uv_threadpool_sizesize'],
    [
      'Node.js: Don’t Block the Event Loop (or the Worker Pool)',
      'https://nodejs.org/en/learn/asynchronous-work/dont-block-the-event-loop',
    ],
  ],
  ru: {
    body: [
      {
        p: 'Файлы, `dns.lookup`, `pbkdf2` — в скрытом пуле из 4 потоков.',
      },
      {
        details: [
          {
            p: 'А значит, и `http.get` по имени хоста, и `scrypt`, `zlib`. Пятая задача ждёт в очереди. До libuv 1.23.1 (2018) медленный DNS мог занять все четыре потока, и вставали чтения файлов; теперь ему — не больше половины пула, но pbkdf2 или медленный диск по-прежнему могут занять весь. Размер — `UV_THREADPOOL_SIZE`, до старта процесса (максимум 1024).',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Не всё в Node асинхронно на уровне ядра. Файлы, поиск адреса по имени хоста и дорогие функции криптографии выполняются в скрытом пуле из четырёх потоков. В спокойный день чтение файла ничего не ждёт.',
        shows: ['Пул потоков', 'в скрытом пуле из 4 потоков', 'Спокойный день'],
      },
      {
        p: 'Классический инцидент, как это было до 2018 года: восемь медленных DNS-запросов занимают все четыре потока, и чтение файла, которое к DNS никакого отношения не имеет, ждёт за ними четыре секунды. Когда запрос заканчивается, поток будит цикл через ядро, и его колбэк ждёт в очереди цикла.',
        shows: ['До 2018 года', 'DNS', 'eventfd'],
      },
      {
        p: 'С libuv 1.23.1, в 2018 году, DNS-запросы получают не больше половины пула, и чтения проходят сразу. Но хеширование паролей или медленный диск по-прежнему могут занять весь пул.',
        shows: ['С 2018 года: DNS берёт 2 потока из 4'],
      },
      {
        p: 'Или, в libuv без этого правила, увеличить пул: шестнадцать потоков, заданных в окружении до старта процесса. Восемь медленных запросов его уже не заполняют, и чтения находят свободные потоки.',
        shows: ['16 потоков: DNS занял 8'],
      },
    ],
    appendix: [
      {
        p: 'Двигайте ползунки. Шаги: 1 — спокойный день, DNS нет; 2 — инцидент, как он был до 2018 года: восемь запросов DNS по 2 с заняли все 4 потока, первое чтение файла ждёт 4 с; 3 — та же нагрузка в нынешнем libuv; 4 — пул из 16 потоков.',
      },
      {
        p: 'Пул общий для всего процесса: очередь одна, FIFO, свободный поток берёт первую задачу. Демо отправляет всё разом в момент 0 в порядке «DNS, файлы, pbkdf2» — как в инциденте, где запросы DNS оказались в очереди первыми.',
      },
      {
        p: 'Что изменилось в 2018 году (коммит 90891b42 «unix,win: limit concurrent DNS calls to nthreads/2» от 25 мая 2018, libuv PR #1845, исправление nodejs/node#8436; вышел в libuv 1.23.1 22 сентября 2018): `getaddrinfo` и `getnameinfo` — «медленный ввод-вывод», им достаётся не больше (n + 1) / 2 потоков, остальные обслуживают файлы и криптографию. Флажок в демо выключает это правило, чтобы показать старое поведение. Но pbkdf2, scrypt и медленные файлы (NFS, перегруженный диск) по-прежнему могут занять весь пул.',
      },
      {
        p: 'Размер пула libuv читает один раз, при первом использовании: `UV_THREADPOOL_SIZE=0` или мусор дают 1 поток, больше 1024 — 1024. Проверено в Node 20 подсчётом потоков в /proc: значение по умолчанию 4, 5000 и даже −1 дают 1024. Надёжно — задать переменную до старта процесса; присваивание `process.env` в начале скрипта на Linux срабатывает, но документация Node этого не гарантирует.',
      },
      {
        p: 'Сверено с настоящим Node (`tests/unit/libuv-pool-real.test.ts`): при 1 потоке четыре pbkdf2 завершаются четырьмя волнами, при 2 — двумя волнами по два; чтение файла ждёт pbkdf2 в той же очереди; запросы DNS, замедленные подменой `getaddrinfo`, идут по два при 4 потоках, и чтения их не ждут. Когда потоков мало, порядок DNS и остальной работы зависит от гонки пробуждения потоков — модель берёт вариант «поток просыпается сразу».',
      },
      {
        p: '`dns.resolve*` пул не использует (c-ares работает через сокеты в цикле событий). `fs.readFile` — это несколько задач подряд (open, fstat, read, close), и каждая снова встаёт в конец очереди; в демо чтение — одна задача.',
      },
    ],
  },
  en: {
    body: [
      {
        p: 'Files, `dns.lookup`, `pbkdf2`: a hidden pool of 4 threads.',
      },
      {
        details: [
          {
            p: 'And so `http.get` to a host name, `scrypt`, `zlib`. A fifth task waits in the queue. Before libuv 1.23.1 (2018) slow DNS could take all four threads and stop the file reads; now lookups get at most half the pool, but pbkdf2 or a slow disk can still take all of it. The size: `UV_THREADPOOL_SIZE`, before the process starts (maximum 1024).',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Not everything in Node is asynchronous in the kernel. Files, DNS lookups by host name and the expensive crypto functions run on a hidden pool of four threads. On a calm day a file read waits for nothing.',
        shows: ['Thread pool', 'a hidden pool of 4 threads', 'A calm day'],
      },
      {
        p: 'The classic incident, as it was before 2018: eight slow DNS lookups take all four threads, and a file read, which has nothing to do with DNS, waits four seconds behind them. When a lookup ends, its thread wakes the loop through the kernel, and its callback waits in the loop’s queue.',
        shows: ['Before 2018', 'DNS', 'eventfd'],
      },
      {
        p: 'Since libuv 1.23.1, in 2018, lookups get at most half the pool, and the reads go through at once. But password hashing or a slow disk can still fill the whole pool.',
        shows: ['Since 2018: lookups get 2 of 4 threads'],
      },
      {
        p: 'Or, on a libuv without that rule, make the pool bigger: sixteen threads, set in the environment before the process starts. Eight slow lookups no longer fill it, and the reads find free threads.',
        shows: ['16 threads: lookups hold 8; reads find free ones.'],
      },
    ],
    appendix: [
      {
        p: 'Move the sliders. Steps: 1 — a calm day, no DNS; 2 — the incident as it was before 2018: eight 2-second DNS lookups take all 4 threads, the first file read waits 4 s; 3 — the same load on today’s libuv; 4 — a pool of 16 threads.',
      },
      {
        p: 'The pool is shared by the whole process: one FIFO queue, a free thread takes the first request. The demo submits everything at 0 ms in the order "DNS, files, pbkdf2", as in the incident, where the lookups were first in the queue.',
      },
      {
        p: 'What changed in 2018 (commit 90891b42, "unix,win: limit concurrent DNS calls to nthreads/2", 25 May 2018, libuv PR #1845, the fix for nodejs/node#8436; released in libuv 1.23.1 on 22 September 2018): `getaddrinfo` and `getnameinfo` are "slow I/O" and get at most (n + 1) / 2 threads; the others serve files and crypto. The checkbox turns the rule off to show the old behaviour. But pbkdf2, scrypt and slow files (NFS, an overloaded disk) can still fill the whole pool.',
      },
      {
        p: 'libuv reads the size once, when the pool is first used: `UV_THREADPOOL_SIZE=0` or garbage gives 1 thread, more than 1024 gives 1024. Checked in Node 20 by counting threads in /proc: the default is 4, and 5000 or even −1 give 1024. The safe way is to set the variable before the process starts; assigning `process.env` at the top of the script happens to work on Linux, but Node’s documentation does not promise it.',
      },
      {
        p: 'Checked against real Node (`tests/unit/libuv-pool-real.test.ts`): with 1 thread four pbkdf2 calls finish in four waves, with 2 in two waves of two; a file read waits for pbkdf2 in the same queue; DNS lookups, slowed down by a substitute `getaddrinfo`, run two at a time with 4 threads, and reads do not wait for them. When threads are scarce, how lookups interleave with other work depends on a race in waking threads; the model takes "a thread wakes at once".',
      },
      {
        p: '`dns.resolve*` does not use the pool (c-ares works with sockets in the event loop). `fs.readFile` is several requests in a row (open, fstat, read, close), and each one rejoins the tail of the queue; in the demo a read is one request.',
      },
    ],
  },
});
