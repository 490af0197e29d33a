import { slideText } from '../types.ts';

/** The listing, written once; only its comment is translated. */
const listing = (noData: string) => `fcntl(fd, F_SETFL, O_NONBLOCK);
n = read(fd, buf, sizeof buf);
if (n < 0 && errno == EAGAIN) {
    // ${noData}
}`;

/** The words of the slide `nonblocking` (its title is in `slides/nonblocking.ts`): loaded with the slide. */
export default slideText({
  sources: [
    ['read(2): blocking read, EAGAIN with O_NONBLOCK', 'https://man7.org/linux/man-pages/man2/read.2.html'],
    ['fcntl(2): F_SETFL, O_NONBLOCK', 'https://man7.org/linux/man-pages/man2/fcntl.2.html'],
    ['socket(7): non-blocking sockets, EAGAIN / EWOULDBLOCK', 'https://man7.org/linux/man-pages/man7/socket.7.html'],
    ['epoll(7): level-triggered and edge-triggered readiness', 'https://man7.org/linux/man-pages/man7/epoll.7.html'],
    ['epoll_wait(2)', 'https://man7.org/linux/man-pages/man2/epoll_wait.2.html'],
  ],
  ru: {
    body: [
      {
        p: 'Блокирующий `read()` спит до прихода данных. С `O_NONBLOCK` — сразу `EAGAIN`: приходите позже.',
      },
      {
        details: [
          { code: listing('данных нет — к другому сокету'), lang: 'c' },
          {
            p: 'Один поток и три сокета. Данные приходят на B, потом на C, потом на A. Выберите стратегию и нажмите «Запустить».',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Один поток, три сокета. Данные придут сначала на B, потом на C, потом на A, и каждый системный вызов стоит микросекунду. Первая стратегия — обычное блокирующее чтение: поток читает A и спит там, пока в A не появятся данные. А B и C давно готовы, и их никто не обслуживает: готовый сокет стоит в очереди за пустым. Задержка B и C зависит не от них самих, а от того, когда придут данные в A. С одним потоком блокирующее чтение не работает. Можно, конечно, снова завести по потоку на сокет, но это та самая задача C10K с прошлого слайда.',
        shows: ['Блокирующее чтение', 'Сокет A'],
      },
      {
        p: 'Вторая стратегия: переводим сокеты в неблокирующий режим. Теперь чтение из пустого сокета сразу возвращает «попробуйте позже» — ошибку EAGAIN. Поток читает по кругу: A, B, C, снова A. Каждый сокет обслуживается вскоре после прихода данных, задержка маленькая, но посмотрите на ядро процессора: оно занято на сто процентов, и почти всё — пустые чтения. Процессор тратится не на работу, а на вопрос «а теперь есть?».',
        shows: ['Активный опрос', 'EAGAIN', 'CPU: 100 %'],
      },
      {
        p: 'Третья — мультиплексор. Поток делает один вызов, который ждёт сразу все три сокета, epoll wait, и спит в нём, не тратя процессор. Ядро будит его, когда сокет готов, и поток читает только готовые. Ни одного пустого чтения, и никто не ждёт. На этом вызове построен любой цикл событий; следующий слайд — о том, чего стоит сам вызов. Спать и при этом ничего не пропускать — ровно то, чего мы хотели.',
        shows: ['Мультиплексор', 'epoll_wait'],
      },
    ],
    appendix: [
      {
        p: 'Модель: каждый вызов стоит потоку 1 мкс процессора (круглое число, чтобы всё считалось в уме; настоящий — от долей микросекунды до нескольких). Вызов, которому нечего вернуть, сначала спит без процессора. По умолчанию данные на B — в 3 мкс, на C — в 7, на A — в 12.',
      },
      {
        p: 'Блокирующее: 3 вызова, 0 EAGAIN, процессор занят 3 мкс из 15 (20 %); B ждал 11 мкс. Опрос: 13 вызовов, 10 — `EAGAIN`, процессор 100 %, ожидание не больше 2 мкс. Мультиплексор: 6 вызовов (3 ожидания, 3 чтения), процессор 6 из 14 мкс (43 %), ожидание не больше 2 мкс. При одновременном приходе один `epoll_wait` возвращает несколько сокетов.',
      },
      {
        p: 'Подготовка (`fcntl(O_NONBLOCK)`, `epoll_create1`, `epoll_ctl` на сокет) делается один раз и в счёт не входит. Level-triggered `epoll` (по умолчанию) сообщает о сокете, пока в нём есть данные, поэтому хватает одного `read`; в edge-triggered читают до `EAGAIN`.',
      },
      {
        p: 'Проверено на настоящем ядре: тест `real-syscalls` запускает три стратегии на Python (данные на B через 30 мс, на C через 60, на A через 90) под `strace -f -c`: блокирующая — 3 `recvfrom`; опрос — сотни `recvfrom`, все ошибки — `EAGAIN`, успешных 3; мультиплексор — 3 `epoll_wait` и 3 `recvfrom`.',
      },
    ],
  },
  en: {
    body: [
      {
        p: 'A blocking `read()` sleeps until data comes. With `O_NONBLOCK` it returns `EAGAIN` at once: come back later.',
      },
      {
        details: [
          { code: listing('no data: on to another socket'), lang: 'c' },
          {
            p: 'One thread and three sockets. Data arrives on B, then on C, then on A. Choose a strategy and press “Run”.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'One thread, three sockets. Data will arrive on B first, then on C, then on A, and every system call costs a microsecond. The first strategy is the plain blocking read: the thread reads A and sleeps there until A has data. Meanwhile B and C have long been ready and nobody serves them: a ready socket queues behind an empty one. With one thread, blocking reads do not work. We could go back to a thread per socket, but that is the C10K problem of the last slide.',
        shows: ['Blocking read', 'Socket A'],
      },
      {
        p: 'Second strategy: put the sockets in non-blocking mode. Now a read on an empty socket returns at once with “try again later”, the error called EAGAIN. The thread reads round and round: A, B, C, A again. Each socket is served soon after its data arrives, so the wait is short, but look at the core: it burns at a hundred percent, almost all of it on empty reads.',
        shows: ['Busy polling', 'EAGAIN', 'CPU busy: 100 %'],
      },
      {
        p: 'Third, the multiplexer. The thread makes one call that waits on all three sockets at once, epoll wait, and sleeps there without using the CPU. The kernel wakes it when a socket is ready, and it reads only the ready ones. Not one empty read, and nobody waits. Every event loop is built on this call; the next slide is about what the call itself costs.',
        shows: ['Multiplexer', 'epoll_wait'],
      },
    ],
    appendix: [
      {
        p: 'The model: every call costs the thread 1 µs of CPU (a round figure, so every count can be checked in your head; a real call takes a fraction of a µs to a few). A call with nothing to return first sleeps, using no CPU. By default data comes on B at 3 µs, on C at 7, on A at 12.',
      },
      {
        p: 'Blocking: 3 calls, 0 EAGAIN, the CPU busy 3 µs of 15 (20 %); B waited 11 µs. Polling: 13 calls, 10 of them `EAGAIN`, the CPU 100 % busy, no wait over 2 µs. Multiplexer: 6 calls (3 waits, 3 reads), the CPU busy 6 of 14 µs (43 %), no wait over 2 µs. Data arriving at the same moment: one `epoll_wait` returns several sockets.',
      },
      {
        p: 'Set-up (`fcntl(O_NONBLOCK)`, `epoll_create1`, an `epoll_ctl` per socket) is done once and not counted. Level-triggered `epoll` (the default) reports a socket while it holds unread data, so one `read` is enough; edge-triggered, you read until `EAGAIN`.',
      },
      {
        p: 'Checked on the real kernel: the `real-syscalls` test runs the three strategies in Python (data on B after 30 ms, on C after 60, on A after 90) under `strace -f -c`: blocking, 3 `recvfrom`; polling, hundreds of `recvfrom`, every failure an `EAGAIN`, 3 successes; multiplexer, 3 `epoll_wait` and 3 `recvfrom`.',
      },
    ],
  },
});
