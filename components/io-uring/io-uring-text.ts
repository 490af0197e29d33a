import type { Bilingual } from '../../lib/i18n.ts';
import { ruPlural } from '../../lib/i18n.ts';
import type { FileMode, Op } from './io-uring-model.ts';

const en = {
  demoLabel: 'Readiness against completion: system calls per batch, and the two rings',
  viewGroup: 'What to show',
  viewSockets: 'Sockets: a batch',
  viewFile: 'A regular file',
  batch: 'Requests in the batch',
  sqSize: 'Submission ring size',
  entries: (_count: number, v: string) => `${v} entries`,
  epollTitle: 'epoll (readiness)',
  uringTitle: 'io_uring',
  sqpollTitle: 'io_uring + SQPOLL',
  syscalls: (count: number, v: string) => `${v} ${count === 1 ? 'syscall' : 'syscalls'}`,
  epollWhy: (b: string) => `1 epoll_wait + ${b} read + ${b} write`,
  uringWhy: (sqes: string, size: string, enters: string) =>
    `${sqes} SQEs a call, ring of ${size}: ${enters} io_uring_enter`,
  uringRound: (b: string) =>
    `each call: ${b} new reads + ${b} writes answering last round’s (a write needs its read’s data, or is linked to it: IOSQE_IO_LINK)`,
  uringOver: (size: string) => `more than ${size} SQEs: enter again each time the ring fills`,
  sqpollWhy: 'SQPOLL: a kernel thread polls the ring; 1 call only to wake it',
  howCounted: 'How each is counted',
  ringsDetails: 'Rings, step by step',
  fileStepsLabel: 'What happens, step by step',
  chartLabel: (b: string) =>
    `Chart: system calls to answer a batch, against batch size from 1 to 128, for epoll, io_uring and io_uring with SQPOLL; the current batch of ${b} is marked.`,
  chartX: 'Requests in the batch',
  chartY: 'System calls',
  seriesEpoll: 'epoll',
  seriesUring: 'io_uring',
  seriesSqpoll: 'SQPOLL',
  seriesNow: 'Now',
  ringsTitle: (sq: string, cq: string) =>
    `The two rings (${sq} SQ entries, ${cq} CQ entries), in memory shared by the app and the kernel`,
  sqName: (n: string) => `SQ: submission, ${n}`,
  cqName: (n: string) => `CQ: completion, ${n}`,
  hiddenSlots: (_count: number, v: string) => `${v} more slots, not drawn`,
  head: 'head',
  tail: 'tail',
  inFlight: 'in the kernel',
  ringsLabel: (sq: string, cq: string, flight: string) =>
    `Rings: ${sq} entries waiting in the submission ring, ${flight} operations in the kernel, ${cq} completions waiting in the completion ring.`,
  queue: 'Queue SQE',
  queueLabel: 'Queue an SQE: the app writes a request at the SQ tail',
  submit: 'Submit: io_uring_enter',
  submitLabel: 'Submit: one io_uring_enter hands every queued SQE to the kernel',
  complete: 'Kernel completes',
  completeLabel: 'Kernel completes the oldest operation and writes a CQE at the CQ tail',
  reap: 'Reap',
  reapLabel: 'Reap: the app reads the CQE at the CQ head',
  back: 'Back',
  backLabel: 'Undo the last ring step',
  reset: 'Reset',
  resetLabel: 'Empty both rings',
  op: { read: 'read', write: 'write' } satisfies Record<Op, string>,
  ringCounts: (syscalls: string, reaped: string) => `io_uring_enter calls: ${syscalls} · completions reaped: ${reaped}`,
  lastNone: 'Queue a few SQEs, then submit them with one call.',
  lastQueued: (id: string, op: string, slot: string) =>
    `The app wrote SQE #${id} (${op}) into SQ slot ${slot} and moved the tail: no system call.`,
  queuedWrite: 'A write sends data already in hand: the answer to a read that completed earlier.',
  lastSubmitted: (count: number, n: string) =>
    `One io_uring_enter: the kernel took ${n} ${count === 1 ? 'SQE' : 'SQEs'} and moved the SQ head to the tail.`,
  lastCompleted: (id: string, slot: string) =>
    `The kernel finished #${id} and wrote its CQE into CQ slot ${slot}, moving the CQ tail.`,
  lastReaped: (id: string, res: string) =>
    `The app read the CQE of #${id} (res = ${res} bytes) and moved the CQ head: no system call.`,
  sqFull: 'The SQ is full: submit before queuing more.',
  cqFull: 'The CQ is full: reap before the kernel can post more.',
  fileGroup: 'How the file is read',
  fileModes: {
    readiness: 'Readiness (select / poll)',
    threadpool: 'Thread pool (libuv)',
    io_uring: 'io_uring',
  } satisfies Record<FileMode, string>,
  disk: 'Disk latency',
  us: (v: string) => `${v} µs`,
  loopBlocked: 'Event loop blocked',
  whoWaits: 'Who sleeps until the disk answers',
  waiter: {
    loop: 'the event-loop thread itself',
    pool: 'one pool thread (libuv has 4 by default)',
    kernel: 'no thread: the kernel posts a CQE',
  },
  fileSteps: {
    readiness: [
      'select() / poll(): a regular file is always “ready” (epoll refuses it: epoll_ctl → EPERM).',
      'read(): the data is not in the page cache, so the thread sleeps until the disk answers.',
      'Meanwhile every other socket’s callback waits.',
    ],
    threadpool: [
      'The loop hands the read to a pool thread and goes back to epoll_wait.',
      'The pool thread sleeps in read() instead.',
      'When it is done, it wakes the loop (a write to an eventfd), and the callback runs.',
    ],
    io_uring: [
      'The loop queues a read SQE; the next io_uring_enter submits it together with the rest of the batch.',
      'The kernel reads from the disk; no thread sleeps in read().',
      'The CQE appears in the completion ring; the loop reaps it with the other completions.',
    ],
  } satisfies Record<FileMode, string[]>,
};

const ru: typeof en = {
  demoLabel: 'Готовность против завершения: системные вызовы на пачку и две кольцевые очереди',
  viewGroup: 'Что показать',
  viewSockets: 'Сокеты: пачка',
  viewFile: 'Обычный файл',
  batch: 'Запросов в пачке',
  sqSize: 'Размер очереди отправки',
  entries: (count: number, v: string) => `${v} ${ruPlural(count, 'запись', 'записи', 'записей')}`,
  epollTitle: 'epoll (готовность)',
  uringTitle: 'io_uring',
  sqpollTitle: 'io_uring + SQPOLL',
  syscalls: (count: number, v: string) => `${v} ${ruPlural(count, 'вызов', 'вызова', 'вызовов')}`,
  epollWhy: (b: string) => `1 epoll_wait + ${b} read + ${b} write`,
  uringWhy: (sqes: string, size: string, enters: string) =>
    `${sqes} SQE за вызов, кольцо на ${size}: ${enters} io_uring_enter`,
  uringRound: (b: string) =>
    `за вызов: ${b} новых read + ${b} write с ответами на прошлый круг (write ждёт данных своего read или связан с ним: IOSQE_IO_LINK)`,
  uringOver: (size: string) => `больше ${size} SQE: входить снова каждый раз, когда кольцо заполнилось`,
  sqpollWhy: 'SQPOLL: кольцо опрашивает поток ядра; 1 вызов — разбудить его, если уснул',
  howCounted: 'Как считали',
  ringsDetails: 'Кольца по шагам',
  fileStepsLabel: 'Что происходит по шагам',
  chartLabel: (b: string) =>
    `График: системные вызовы на ответ пачке запросов в зависимости от размера пачки от 1 до 128, для epoll, io_uring и io_uring с SQPOLL; отмечена текущая пачка из ${b}.`,
  chartX: 'Запросов в пачке',
  chartY: 'Вызовов ядра',
  seriesEpoll: 'epoll',
  seriesUring: 'io_uring',
  seriesSqpoll: 'SQPOLL',
  seriesNow: 'Сейчас',
  ringsTitle: (sq: string, cq: string) =>
    `Две кольцевые очереди в общей памяти приложения и ядра: SQ на ${sq}, CQ на ${cq}`,
  sqName: (n: string) => `SQ: отправка, ${n}`,
  cqName: (n: string) => `CQ: завершение, ${n}`,
  hiddenSlots: (count: number, v: string) => `ещё ${v} ${ruPlural(count, 'ячейка', 'ячейки', 'ячеек')}, не нарисованы`,
  head: 'head',
  tail: 'tail',
  inFlight: 'в ядре',
  ringsLabel: (sq: string, cq: string, flight: string) =>
    `Очереди: в очереди отправки ждут ${sq}, в ядре выполняются ${flight}, в очереди завершения ждут ${cq}.`,
  queue: 'Поставить SQE',
  queueLabel: 'Поставить SQE: приложение пишет запрос в хвост SQ',
  submit: 'Отправить: io_uring_enter',
  submitLabel: 'Отправить: один io_uring_enter передаёт ядру все поставленные SQE',
  complete: 'Ядро завершает',
  completeLabel: 'Ядро завершает самую старую операцию и пишет CQE в хвост CQ',
  reap: 'Забрать',
  reapLabel: 'Забрать: приложение читает CQE из головы CQ',
  back: 'Назад',
  backLabel: 'Отменить последний шаг',
  reset: 'Сначала',
  resetLabel: 'Очистить обе очереди',
  op: { read: 'read', write: 'write' },
  ringCounts: (syscalls: string, reaped: string) =>
    `вызовов io_uring_enter: ${syscalls} · забрано завершений: ${reaped}`,
  lastNone: 'Поставьте несколько SQE, потом отправьте их одним вызовом.',
  lastQueued: (id: string, op: string, slot: string) =>
    `Приложение записало SQE №${id} (${op}) в ячейку ${slot} SQ и сдвинуло хвост: без системного вызова.`,
  queuedWrite: 'write отправляет данные, которые уже есть: ответ на read, завершённый раньше.',
  lastSubmitted: (_count: number, n: string) =>
    `Один io_uring_enter: ядро забрало ${n} SQE и сдвинуло голову SQ к хвосту.`,
  lastCompleted: (id: string, slot: string) =>
    `Ядро выполнило №${id} и записало CQE в ячейку ${slot} CQ, сдвинув хвост CQ.`,
  lastReaped: (id: string, res: string) =>
    `Приложение прочитало CQE №${id} (res = ${res} байт) и сдвинуло голову CQ: без системного вызова.`,
  sqFull: 'SQ заполнена: сначала отправьте.',
  cqFull: 'CQ заполнена: заберите завершения, иначе ядру некуда писать.',
  fileGroup: 'Как читается файл',
  fileModes: {
    readiness: 'Готовность (select / poll)',
    threadpool: 'Пул потоков (libuv)',
    io_uring: 'io_uring',
  },
  disk: 'Задержка диска',
  us: (v: string) => `${v} мкс`,
  loopBlocked: 'Цикл событий заблокирован',
  whoWaits: 'Кто спит, пока диск не ответит',
  waiter: {
    loop: 'сам поток цикла событий',
    pool: 'один поток пула (в libuv их 4 по умолчанию)',
    kernel: 'никто: ядро кладёт CQE',
  },
  fileSteps: {
    readiness: [
      'select() / poll(): обычный файл всегда «готов» (epoll его не принимает: epoll_ctl → EPERM).',
      'read(): данных нет в страничном кэше, поток спит, пока не ответит диск.',
      'Всё это время колбэки остальных сокетов ждут.',
    ],
    threadpool: [
      'Цикл отдаёт чтение потоку пула и возвращается в epoll_wait.',
      'В read() спит поток пула.',
      'Закончив, он будит цикл (запись в eventfd), и выполняется колбэк.',
    ],
    io_uring: [
      'Цикл ставит SQE на чтение; ближайший io_uring_enter отправит его вместе со всей пачкой.',
      'Ядро читает с диска; в read() не спит ни один поток.',
      'CQE появляется в очереди завершения; цикл забирает его вместе с остальными.',
    ],
  },
};

export const ioUringText: Bilingual<typeof en> = { en, ru };
