import { slideText } from '../types.ts';

/** The words of the slide `io-uring` (its title is in `slides/io-uring.ts`): loaded with the slide. */
export default slideText({
  sources: [
    ['Jens Axboe, “Efficient IO with io_uring” (2019)', 'https://kernel.dk/io_uring.pdf'],
    [
      'io_uring(7): the submission and completion queues, head and tail',
      'https://man7.org/linux/man-pages/man7/io_uring.7.html',
    ],
    [
      'io_uring_setup(2): entries rounded to a power of two, CQ = 2 × SQ, IORING_SETUP_SQPOLL, sq_thread_idle',
      'https://man7.org/linux/man-pages/man2/io_uring_setup.2.html',
    ],
    [
      'io_uring_enter(2): to_submit, min_complete, IORING_ENTER_SQ_WAKEUP; IOSQE_IO_LINK (the next SQE starts only after this one completes)',
      'https://man7.org/linux/man-pages/man2/io_uring_enter.2.html',
    ],
    ['epoll(7) and epoll_ctl(2): EPERM for a regular file', 'https://man7.org/linux/man-pages/man2/epoll_ctl.2.html'],
    [
      'POSIX select(): regular files always poll true for reading and writing',
      'https://pubs.opengroup.org/onlinepubs/9799919799/functions/pselect.html',
    ],
    ['libuv design overview: file I/O runs in the thread pool', 'https://docs.libuv.org/en/v1.x/design.html'],
    [
      'io_submit(2): Linux AIO, submit asynchronous I/O blocks; io_getevents(2) reaps them',
      'https://man7.org/linux/man-pages/man2/io_submit.2.html',
    ],
    [
      'Kernel Asynchronous I/O (AIO) Support for Linux (LSE): without O_DIRECT, AIO on ext2/3, jfs, xfs quietly runs synchronously',
      'http://lse.sourceforge.net/io/aio.html',
    ],
    [
      'Microsoft Learn: I/O Completion Ports (GetQueuedCompletionStatus, GetQueuedCompletionStatusEx)',
      'https://learn.microsoft.com/en-us/windows/win32/fileio/i-o-completion-ports',
    ],
    [
      'Microsoft Learn: ioringapi.h (IoRing, Windows 11)',
      'https://learn.microsoft.com/en-us/windows/win32/api/ioringapi/',
    ],
    ['libuv pull request #3952: io_uring for file operations (v1.45.0)', 'https://github.com/libuv/libuv/pull/3952'],
    ['libuv pull request #4492: SQPOLL io_uring disabled by default', 'https://github.com/libuv/libuv/pull/4492'],
  ],
  ru: {
    body: [
      { p: 'epoll говорит «можно читать», и читаете вы сами. io_uring читает сам и кладёт результат в кольцо.' },
      // Presented, the cards and the chart say the rest: the words are one click away (open when browsing and in print).
      {
        details: [
          {
            ul: [
              '**Готовность** (epoll, kqueue): ещё вызов на каждую операцию.',
              '**Завершение** (io_uring, Windows IOCP): ядро выполняет операцию и сообщает о завершении. У io_uring — два кольца в общей с ядром памяти и вызов на пачку; у IOCP колец нет: вызов на каждую операцию.',
              'Обычный файл для `select` и `poll` всегда «готов» (epoll его не берёт), а `read()` ждёт диск: Node (libuv) читает файлы в пуле потоков.',
            ],
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Готовность — только половина истории. С epoll ядро сообщает, что сокет готов, а каждый запрос всё равно стоит своего чтения и своей записи: 33 системных вызова на 16 запросов. С io_uring программа кладёт целые операции в кольцо в общей памяти, и один вызов передаёт ядру всю пачку; результаты возвращаются во втором кольце. Запись ответа ждёт данных своего чтения, поэтому каждый вызов несёт ответы прошлого раунда и следующие чтения. А файлы — вторая половина: обычный файл всегда «готов», но диск всё равно заставляет ждать, поэтому Node читает файлы в пуле потоков. По-настоящему асинхронно файл читают интерфейсы завершения: io_uring, Linux AIO с прямым вводом-выводом, IOCP в Windows.',
        shows: ['33 вызова', 'SQ: отправка', 'Обычный файл'],
      },
    ],
    appendix: [
      {
        p: 'Кольца нарисованы в выбранном размере (подпись — «SQ: отправка, 64», CQ вдвое больше): кольцо больше 8 ячеек SQ или 16 ячеек CQ показано окном у головы и «…» с числом скрытых ячеек (tests/unit/io-uring.test.ts, `drawnSlots`). Чтение и запись одного запроса не уходят в одном вызове: запись несёт ответ на чтение прошлого круга или связана с ним `IOSQE_IO_LINK` (io_uring_enter(2)).',
      },
      {
        p: 'Ползунок: сколько системных вызовов нужно на пачку запросов. Пачка из B запросов: для каждого — прочитать запрос и записать ответ. С epoll (level-triggered): один `epoll_wait` возвращает B готовых сокетов, потом `read` и `write` на каждый — 2B + 1 вызов. При B = 16 это 33. Тест `real-syscalls` проверяет это под `strace -c` на Python: 1 `epoll_wait`, B `recvfrom`, B `sendto`.',
      },
      {
        p: 'С io_uring приложение пишет запросы (SQE) в хвост кольца отправки — это обычная запись в память, общую с ядром. На запрос два SQE: чтение и запись, на пачку — 2B. Но запись ответа нуждается в данных своего чтения, так что в один вызов с ним она не попадёт: в установившемся цикле каждый `io_uring_enter` несёт записи — ответы на чтения, завершённые в прошлом круге, — и чтения следующих запросов, те же 2B SQE за вызов, только растянутые на круги (амортизация). Второй путь — связать чтение и запись флагом `IOSQE_IO_LINK`: ядро начнёт запись только после чтения, но её буфер и длина заданы заранее, так что это годится для ответа, известного наперёд. Один `io_uring_enter` отправляет все поставленные SQE и ждёт завершений; результаты (CQE) приложение читает из кольца завершения тоже без вызова. Пока 2B не больше размера SQ (по умолчанию в демо 64, то есть до B = 32), это ровно 1 вызов на пачку при любом B. Больше — кольцо переполняется, и входить приходится каждый раз, когда оно заполнилось: ⌈2B / размер SQ⌉, при B = 128 и SQ = 64 — 4 вызова. Кольцо можно сделать больше: `io_uring_setup` округляет размер до степени двойки, максимум 32 768, а CQ по умолчанию вдвое больше SQ.',
      },
      {
        p: 'Проверено: проба `tests/probes/uring_batch.c` (сырые системные вызовы, без liburing) отвечает на пачку через socketpair (ответ у неё заранее известен, поэтому чтение и запись идут в одном вызове), и `strace -c` насчитывает ровно ⌈2B / 64⌉ `io_uring_enter` на пачку: 1 при B = 1, 16, 32; 2 при B = 33; 4 при B = 100 — и ни одного `recvfrom` или `sendto`.',
      },
      {
        p: 'SQPOLL (`IORING_SETUP_SQPOLL`): кольцо опрашивает поток ядра, он сам забирает SQE, так что пока он не спит — 0 вызовов на пачку. Если ему `sq_thread_idle` мс нечего делать, он засыпает и ставит флаг `IORING_SQ_NEED_WAKEUP`; тогда нужен один `io_uring_enter` с `IORING_ENTER_SQ_WAKEUP`. На этой машине проба видит ровно это: первая пачка — один вызов-побудка (поток стартует спящим), следующие — ноль. Плата — ядро процессора, которое этот поток крутит. В libuv SQPOLL по умолчанию выключен (PR #4492).',
      },
      {
        p: 'Кольца: head и tail — счётчики, которые только растут; ячейка — счётчик по маске (размер − 1). В SQ хвост двигает приложение, голову — ядро; в CQ наоборот. Кнопки демо делают по шагу: «Поставить SQE» (без вызова), «Отправить» (один `io_uring_enter` на всё, что стоит), «Ядро завершает» (CQE в хвост CQ), «Забрать» (без вызова). На самом деле ядро может завершать операции в любом порядке, и приложение сопоставляет их по `user_data`; при переполнении CQ ядро с `IORING_FEAT_NODROP` держит лишние CQE в своём списке.',
      },
      {
        p: 'Асинхронно читать файл умеет не только io_uring. В Linux есть и старый AIO (`io_submit` и `io_getevents`): он асинхронен для файлов, открытых с `O_DIRECT`, а без него на обычных файловых системах молча выполняет операцию синхронно, внутри `io_submit`. В Windows — порт завершения ввода-вывода (IOCP): `ReadFile` с `OVERLAPPED` возвращается сразу, а завершения копятся в очереди ядра, откуда их забирает `GetQueuedCompletionStatus` (или `…Ex`, по несколько за вызов). Колец в общей памяти у IOCP нет — по вызову на операцию; кольца, как у io_uring, есть в отдельном API IoRing в Windows 11.',
      },
      {
        p: 'Обычный файл: `select` и `poll` всегда называют его готовым (так требует POSIX), а `epoll_ctl` вообще отказывается его регистрировать — `EPERM`; тест проверяет и то и другое. Поэтому `read()` файла в цикле событий блокирует весь цикл на время ответа диска. libuv по своей документации выполняет файловые операции в пуле потоков; в 1.45 он научился отдавать их в io_uring, но Node на этой машине (20.20.2, libuv 1.46) этого не делает: `strace` показывает, что файл открывает и читает поток пула, а `io_uring_setup` не вызывается.',
      },
    ],
  },
  en: {
    body: [
      { p: 'epoll says “you may read now”, and you read. io_uring does the read and posts the result in a ring.' },
      // Presented, the cards and the chart say the rest: the words are one click away (open when browsing and in print).
      {
        details: [
          {
            ul: [
              '**Readiness** (epoll, kqueue): one more system call for every operation.',
              '**Completion** (io_uring, Windows IOCP): the kernel does the operation and reports it done. io_uring has two rings in memory shared with the kernel, one call per batch; IOCP has no rings: a call per operation.',
              'A regular file is always “ready” for `select` and `poll` (epoll will not take it), yet `read()` waits for the disk. That is why Node (libuv) reads files in a thread pool.',
            ],
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Readiness is only half of the story. With epoll the kernel says a socket is ready, and each request still costs its own read and its own write: 33 system calls for 16 requests. With io_uring the program puts whole operations into a ring in shared memory, and one call hands the kernel the whole batch; the results come back in a second ring. A response’s write waits for its read’s data, so each call carries last round’s answers and the next reads. Files are the other half: a regular file is always “ready”, yet the disk still makes you wait, which is why Node reads files on a thread pool. A completion interface reads a file truly asynchronously: io_uring, Linux AIO with direct I/O, IOCP on Windows.',
        shows: ['33 syscalls', 'SQ: submission', 'A regular file'],
      },
    ],
    appendix: [
      {
        p: 'The rings are drawn at the chosen size (labelled “SQ: submission, 64”, the CQ twice as large): a ring larger than 8 SQ or 16 CQ slots is shown as a window at its head and a “…” counting the slots not drawn (tests/unit/io-uring.test.ts, `drawnSlots`). A request’s read and write do not go in one call: the write carries the answer to last round’s read, or is linked to it with `IOSQE_IO_LINK` (io_uring_enter(2)).',
      },
      {
        p: 'The slider: how many system calls a batch of requests takes. A batch of B requests: for each, read the request and write the response. With epoll (level-triggered): one `epoll_wait` returns B ready sockets, then a `read` and a `write` for each: 2B + 1 calls. At B = 16 that is 33. The `real-syscalls` test checks this under `strace -c` in Python: 1 `epoll_wait`, B `recvfrom`, B `sendto`.',
      },
      {
        p: 'With io_uring the app writes requests (SQEs) at the tail of the submission ring: a plain write to memory shared with the kernel. Two SQEs per request, a read and a write: 2B per batch. But a response’s write needs its read’s data, so it cannot go in the same call as that read: in a steady loop each `io_uring_enter` carries the writes answering the reads completed last round and the reads of the next requests, the same 2B SQEs per call, amortised across rounds. The other way is to link the read and the write with `IOSQE_IO_LINK`: the kernel starts the write only after the read, but its buffer and length are set in advance, so it suits an answer known beforehand. One `io_uring_enter` submits everything queued and waits for the completions; the app reads the results (CQEs) from the completion ring, again without a call. While 2B fits in the SQ (64 entries by default in the demo, so up to B = 32) that is exactly 1 call per batch, whatever B. Beyond that the ring fills up and the app must enter each time it is full: ⌈2B / SQ size⌉, 4 calls at B = 128 with an SQ of 64. The ring can be made larger: `io_uring_setup` rounds the size up to a power of two, at most 32,768, and the CQ is twice the SQ by default.',
      },
      {
        p: 'Checked: the probe `tests/probes/uring_batch.c` (raw system calls, no liburing) answers a batch over socket pairs (its answer is known in advance, so a request’s read and write go in one call), and `strace -c` counts exactly ⌈2B / 64⌉ `io_uring_enter` per batch: 1 at B = 1, 16, 32; 2 at B = 33; 4 at B = 100, and not a single `recvfrom` or `sendto`.',
      },
      {
        p: 'SQPOLL (`IORING_SETUP_SQPOLL`): a kernel thread polls the ring and takes the SQEs itself, so while it is awake a batch costs 0 calls. When it has had nothing to do for `sq_thread_idle` ms it sleeps and sets `IORING_SQ_NEED_WAKEUP`; then one `io_uring_enter` with `IORING_ENTER_SQ_WAKEUP` is needed. On this machine the probe sees exactly that: the first batch costs one wake-up call (the thread starts asleep), the following ones zero. The price is a CPU core that the thread keeps spinning. libuv turns SQPOLL off by default (PR #4492).',
      },
      {
        p: 'The rings: head and tail are counters that only grow; a slot is the counter masked with (size − 1). In the SQ the app moves the tail and the kernel the head; in the CQ the other way round. The demo’s buttons take one step each: “Queue SQE” (no call), “Submit” (one `io_uring_enter` for everything queued), “Kernel completes” (a CQE at the CQ tail), “Reap” (no call). A real kernel may complete operations in any order, and the app matches them by `user_data`; when the CQ overflows, a kernel with `IORING_FEAT_NODROP` keeps the extra CQEs on a list of its own.',
      },
      {
        p: 'io_uring is not the only way to read a file asynchronously. Linux also has the older AIO (`io_submit` and `io_getevents`): it is asynchronous for files opened with `O_DIRECT`, and without it, on the usual file systems, it quietly does the operation synchronously inside `io_submit`. Windows has I/O completion ports (IOCP): `ReadFile` with an `OVERLAPPED` returns at once, and the completions gather in a kernel queue, collected by `GetQueuedCompletionStatus` (or `…Ex`, several per call). IOCP has no rings in shared memory, so a call per operation; rings like io_uring’s are Windows 11’s separate IoRing API.',
      },
      {
        p: 'A regular file: `select` and `poll` always call it ready (POSIX requires it), and `epoll_ctl` refuses to register it at all, with `EPERM`; the test checks both. So a `read()` of a file inside the event loop blocks the whole loop for as long as the disk takes. libuv’s documentation says it runs file operations in its thread pool; in 1.45 it learnt to hand them to io_uring, but the Node on this machine (20.20.2, libuv 1.46) does not: `strace` shows a pool thread opening and reading the file, and no `io_uring_setup` call.',
      },
    ],
  },
});
