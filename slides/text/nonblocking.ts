import type { SlideTextDef } from '../types.ts';

/** The listing, written once; only its comment is translated. */
const listing = (noData: string) => `fcntl(fd, F_SETFL, O_NONBLOCK);
n = read(fd, buf, sizeof buf);
if (n < 0 && errno == EAGAIN) {
    // ${noData}
}`;

/** The words of the slide `nonblocking` (its title is in `slides/nonblocking.ts`): loaded with the slide. */
const content: SlideTextDef = {
  sources: [
    {
      title: 'read(2): blocking read, EAGAIN with O_NONBLOCK',
      url: 'https://man7.org/linux/man-pages/man2/read.2.html',
    },
    { title: 'fcntl(2): F_SETFL, O_NONBLOCK', url: 'https://man7.org/linux/man-pages/man2/fcntl.2.html' },
    {
      title: 'socket(7): non-blocking sockets, EAGAIN / EWOULDBLOCK',
      url: 'https://man7.org/linux/man-pages/man7/socket.7.html',
    },
    {
      title: 'epoll(7): level-triggered and edge-triggered readiness',
      url: 'https://man7.org/linux/man-pages/man7/epoll.7.html',
    },
    { title: 'epoll_wait(2)', url: 'https://man7.org/linux/man-pages/man2/epoll_wait.2.html' },
  ],
  text: {
    ru: {
      body: [
        {
          p: 'Блокирующий `read()` усыпляет поток, пока не придут данные. С флагом `O_NONBLOCK` он сразу возвращает `EAGAIN`: данных нет, приходите позже.',
        },
        { code: listing('данных нет — к другому сокету'), lang: 'c' },
        {
          p: 'Один поток и три сокета. Данные приходят на B, потом на C, потом на A. Выберите стратегию и нажмите «Запустить».',
        },
      ],
      notes: [
        {
          p: 'Модель: один поток, три сокета, в каждый приходит одно сообщение. По умолчанию B — на 3 мкс, C — на 7, A — на 12. Каждый системный вызов стоит потоку 1 мкс процессора: число круглое, чтобы все счётчики можно было проверить в уме (настоящий вызов — от долей микросекунды до нескольких). Вызов, которому нечего вернуть, сначала спит, не тратя процессор, потом тратит свою 1 мкс.',
        },
        {
          p: '**Блокирующее чтение** (шаг 0). Поток вызывает `read(A)` и спит до 12 мкс, хотя на B данные лежат с 3-й, а на C — с 7-й микросекунды. Потом `read(B)` и `read(C)` возвращаются сразу. Итого 3 вызова, 0 EAGAIN, процессор занят 3 мкс из 15 — 20 %. Но B ждал 11 мкс (с 3 до 14): готовый сокет стоит в очереди за пустым. Поэтому в модели «поток на соединение» каждому сокету нужен свой поток.',
        },
        {
          p: '**Активный опрос** (шаг 1). Все сокеты в `O_NONBLOCK`, поток читает A, B, C по кругу, по вызову в микросекунду. Чтение без данных сразу возвращает `EAGAIN`. B готов на 3 мкс, но его очередь — на 4-й: данные к 5 мкс. C — на 8-й, A — ровно на 12-й. Всего 13 вызовов, из них 10 — `EAGAIN`, процессор занят 100 % времени. Задержка маленькая (не больше 2 мкс), но ядро горит впустую, и чем длиннее паузы между данными, тем больше пустых вызовов: это видно, если раздвинуть ползунки.',
        },
        {
          p: '**Мультиплексор** (шаг 2). Поток спит в одном `epoll_wait` на все три сокета. В 3 мкс приходит B: вызов возвращается на 4-й со списком [B], поток читает B. Снова `epoll_wait` — до C, потом до A. 6 вызовов: 3 ожидания и ровно 3 чтения, ни одного `EAGAIN`; процессор занят 6 мкс из 14 — 43 %, и каждый сокет ждал не больше 2 мкс. Если данные приходят одновременно, один `epoll_wait` возвращает сразу несколько сокетов: поставьте все три ползунка на одно значение.',
        },
        {
          p: 'Подготовка — `fcntl(O_NONBLOCK)`, `epoll_create1`, по одному `epoll_ctl` на сокет — делается один раз при открытии соединений и в счёт не входит. `epoll` в режиме по умолчанию (level-triggered) сообщает о сокете, пока в нём есть непрочитанные данные, поэтому одного `read` достаточно; в режиме edge-triggered читают до `EAGAIN`, и это ещё по одному вызову на сокет.',
        },
        {
          p: 'Проверено на настоящем ядре: тест `real-syscalls` запускает эти три стратегии на Python (данные на B через 30 мс, на C через 60, на A через 90) под `strace -f -c`. Блокирующая: 3 `recvfrom`, без ошибок, B обслужен только после 90 мс. Опрос: сотни `recvfrom`, и все ошибки — ровно те `EAGAIN`, что увидел Python; успешных — 3. Мультиплексор: 3 `epoll_wait` и 3 `recvfrom`, как в модели.',
        },
      ],
      appendix: [],
    },
    en: {
      body: [
        {
          p: 'A blocking `read()` puts the thread to sleep until data comes. With the `O_NONBLOCK` flag it returns `EAGAIN` at once: no data, come back later.',
        },
        { code: listing('no data: on to another socket'), lang: 'c' },
        {
          p: 'One thread and three sockets. Data arrives on B, then on C, then on A. Choose a strategy and press “Run”.',
        },
      ],
      notes: [
        {
          p: 'The model: one thread, three sockets, one message arriving on each. By default B gets its data at 3 µs, C at 7, A at 12. Every system call costs the thread 1 µs of CPU: a round figure, so every count can be checked in your head (a real call takes a fraction of a µs to a few µs). A call with nothing to return first sleeps, using no CPU, then spends its 1 µs.',
        },
        {
          p: '**Blocking read** (step 0). The thread calls `read(A)` and sleeps until 12 µs, although B has had data since 3 µs and C since 7. Then `read(B)` and `read(C)` return at once. In all 3 calls, 0 EAGAIN, the CPU busy 3 µs out of 15: 20 %. But B waited 11 µs (from 3 to 14): a ready socket queues behind an empty one. That is why the thread-per-connection model needs a thread for every socket.',
        },
        {
          p: '**Busy polling** (step 1). All sockets are `O_NONBLOCK`; the thread reads A, B, C round and round, one call per µs. A read with no data returns `EAGAIN` at once. B is ready at 3 µs but its turn comes at 4, so its data is in hand at 5. C’s turn is at 8, A’s exactly at 12. 13 calls, 10 of them `EAGAIN`, the CPU busy 100 % of the time. Latency is small (at most 2 µs), but the core burns for nothing, and the longer the gaps between arrivals, the more empty calls: spread the sliders apart to see it.',
        },
        {
          p: '**Multiplexer** (step 2). The thread sleeps in one `epoll_wait` on all three sockets. B’s data comes at 3 µs: the call returns at 4 with the list [B], and the thread reads B. `epoll_wait` again, until C, then until A. 6 calls: 3 waits and exactly 3 reads, no `EAGAIN`; the CPU busy 6 µs out of 14, 43 %, and no socket waited more than 2 µs. When data arrives at the same moment, one `epoll_wait` returns several sockets at once: put all three sliders on the same value.',
        },
        {
          p: 'Set-up (`fcntl(O_NONBLOCK)`, `epoll_create1`, one `epoll_ctl` per socket) is done once, when the connections open, and is not counted. In its default, level-triggered mode `epoll` reports a socket for as long as it holds unread data, so one `read` is enough; in edge-triggered mode you read until `EAGAIN`, one more call per socket.',
        },
        {
          p: 'Checked on the real kernel: the `real-syscalls` test runs these three strategies in Python (data on B after 30 ms, on C after 60, on A after 90) under `strace -f -c`. Blocking: 3 `recvfrom`, no errors, B served only after 90 ms. Polling: hundreds of `recvfrom`, every failure exactly one of the `EAGAIN`s Python saw, 3 successes. Multiplexer: 3 `epoll_wait` and 3 `recvfrom`, as in the model.',
        },
      ],
      appendix: [],
    },
  },
};

export default content;
