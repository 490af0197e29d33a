import type { Bilingual } from '../../../lib/i18n.ts';

/**
 * The loop picture's own words: the regions' names and the ring's phases, per flavour. The chips' labels (t1, B,
 * p1…) are the slide's. Short: the picture's labels count toward a step's 350 characters.
 */
const en = {
  stack: 'Call stack',
  microtasks: 'Microtasks',
  kernel: 'Kernel',
  ran: 'Ran',
  /** A thread pool's queue of work, and how many more wait than it shows. */
  poolQueue: 'queue',
  more: (n: number) => `+${n}`,
  /** The picture as a whole, for a screen reader. */
  label: 'The event loop: call stack, loop, timers, queues, kernel',
  clock: (ms: number) => `${ms} ms`,
  flavours: {
    simple: {
      loop: 'The loop',
      timers: 'Timers',
      macrotasks: 'Macrotasks',
      readyList: 'epoll: ready',
      pool: 'Thread pool',
      futures: 'Promises',
      callbacks: 'then',
      asleep: 'asleep',
      phases: { timeout: 'timeout', wait: 'epoll_wait', timers: 'timers', ready: 'sockets' },
    },
    node: {
      loop: 'libuv',
      timers: 'Timers',
      macrotasks: 'Macrotasks',
      readyList: 'epoll: ready',
      pool: 'Thread pool',
      futures: 'Promises',
      callbacks: 'then',
      asleep: 'asleep',
      phases: { timers: 'timers', pending: 'pending', poll: 'poll', check: 'check', close: 'close' },
    },
    cpython: {
      loop: '_run_once',
      timers: '_scheduled',
      macrotasks: '_ready',
      readyList: 'selector: ready',
      pool: 'executor',
      futures: 'Futures',
      callbacks: 'callbacks',
      asleep: 'asleep',
      phases: {
        cancelled: 'cancelled',
        timeout: 'timeout',
        select: 'select',
        events: 'events',
        due: 'due timers',
        run: 'run _ready',
      },
    },
  },
};

const ru: typeof en = {
  stack: 'Стек вызовов',
  microtasks: 'Микрозадачи',
  kernel: 'Ядро',
  ran: 'Выполнены',
  poolQueue: 'очередь',
  more: (n: number) => `+${n}`,
  label: 'Цикл событий: стек вызовов, цикл, таймеры, очереди, ядро',
  clock: (ms: number) => `${ms} мс`,
  flavours: {
    simple: {
      loop: 'Цикл',
      timers: 'Таймеры',
      macrotasks: 'Макрозадачи',
      readyList: 'epoll: готовы',
      pool: 'Пул потоков',
      futures: 'Промисы',
      callbacks: 'then',
      asleep: 'спит',
      phases: { timeout: 'таймаут', wait: 'epoll_wait', timers: 'таймеры', ready: 'сокеты' },
    },
    node: {
      loop: 'libuv',
      timers: 'Таймеры',
      macrotasks: 'Макрозадачи',
      readyList: 'epoll: готовы',
      pool: 'Пул потоков',
      futures: 'Промисы',
      callbacks: 'then',
      asleep: 'спит',
      phases: { timers: 'таймеры', pending: 'отложенные', poll: 'poll', check: 'check', close: 'закрытия' },
    },
    cpython: {
      loop: '_run_once',
      timers: '_scheduled',
      macrotasks: '_ready',
      readyList: 'selector: готовы',
      pool: 'executor',
      futures: 'Футуры',
      callbacks: 'колбэки',
      asleep: 'спит',
      phases: {
        cancelled: 'отменённые',
        timeout: 'таймаут',
        select: 'select',
        events: 'события',
        due: 'истёкшие',
        run: 'пуск _ready',
      },
    },
  },
};

export const loopPictureText: Bilingual<typeof en> = { en, ru };
