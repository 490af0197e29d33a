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
        p: 'Один поток, три сокета; данные приходят на B, потом на C, потом на A. Каждый системный вызов стоит микросекунду.',
      },
      {
        p: 'Блокирующее чтение: поток спит в `read(A)`, а B и C давно готовы и ждут. Готовый сокет стоит в очереди за пустым.',
      },
      {
        p: 'Активный опрос: читаем по кругу, пустое чтение сразу даёт `EAGAIN`. Задержка маленькая, но ядро занято на сто процентов впустую.',
      },
      {
        p: 'Мультиплексор: поток спит в одном `epoll_wait` на все сокеты и читает только готовые. Ни одного `EAGAIN`, и никто не ждёт.',
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
        p: 'One thread, three sockets; data arrives on B, then on C, then on A. Every system call costs a microsecond.',
      },
      {
        p: 'Blocking read: the thread sleeps in `read(A)` while B and C have long been ready. A ready socket queues behind an empty one.',
      },
      {
        p: 'Busy polling: read round and round; an empty read returns `EAGAIN` at once. The wait is short, but the core burns at a hundred percent for nothing.',
      },
      {
        p: 'The multiplexer: the thread sleeps in one `epoll_wait` on all the sockets and reads only the ready ones. No `EAGAIN`, and nobody waits.',
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
