import type { Bilingual } from '../../lib/i18n.ts';
import type { LoopEvent, NodePhase, SocketName, WakeReason } from './event-loop-model.ts';
import { NODE_LISTING, SIMPLE_LISTING, renderListing } from './event-loop-code.ts';

const list = (xs: readonly string[]) => xs.join(', ');
/** Node's callbacks scheduled from socket A's callback are "A: setImmediate": a caption says "setImmediate". */
const short = (label: string) => label.replace(/^[A-C]: /, '');

const enPhase: Record<NodePhase, string> = {
  timers: 'timers',
  pending: 'pending',
  poll: 'poll',
  check: 'check (setImmediate)',
  close: 'close',
};
const ruPhase: Record<NodePhase, string> = {
  timers: 'таймеры',
  pending: 'отложенные',
  poll: 'poll (сокеты)',
  check: 'check (setImmediate)',
  close: 'закрытия',
};

function enWoke(reason: WakeReason, slept: number, from: number, to: number, sockets: readonly SocketName[]): string {
  const span = `${from} → ${to} ms`;
  switch (reason) {
    case 'already':
      return `epoll_wait returned at once (slept 0 ms): data was already waiting on ${list(sockets)}.`;
    case 'zero':
      return 'Timeout 0: epoll_wait only looked at the sockets and returned (slept 0 ms).';
    case 'timer':
      return `Slept ${slept} ms (${span}). Woke because the nearest timer's deadline came; no socket is ready.`;
    case 'socket':
      return `Slept ${slept} ms (${span}). Woke because data arrived on ${list(sockets)} before the deadline.`;
    case 'both':
      return `Slept ${slept} ms (${span}). Woke at the deadline, and data arrived on ${list(sockets)} at the same moment.`;
  }
}

function ruWoke(reason: WakeReason, slept: number, from: number, to: number, sockets: readonly SocketName[]): string {
  const span = `${from} → ${to} мс`;
  switch (reason) {
    case 'already':
      return `epoll_wait вернулся сразу (спали 0 мс): данные уже ждали в ${list(sockets)}.`;
    case 'zero':
      return 'Таймаут 0: epoll_wait только проверил сокеты и вернулся (спали 0 мс).';
    case 'timer':
      return `Спали ${slept} мс (${span}). Проснулись, потому что наступил срок ближайшего таймера; готовых сокетов нет.`;
    case 'socket':
      return `Спали ${slept} мс (${span}). Проснулись, потому что пришли данные в ${list(sockets)} раньше срока таймера.`;
    case 'both':
      return `Спали ${slept} мс (${span}). Проснулись в срок таймера, и в тот же момент пришли данные в ${list(sockets)}.`;
  }
}

const en = {
  demoLabel: 'The event loop, step by step',
  ms: (v: number) => `${v} ms`,
  /** The listings (event-loop-code.ts) with their comments in this language. */
  simpleCode: renderListing(SIMPLE_LISTING, 'en'),
  nodeCode: renderListing(NODE_LISTING, 'en'),
  /** Presented: the listings without their comments (the speaker says them). */
  simpleCodeBare: renderListing(SIMPLE_LISTING, 'en', false),
  nodeCodeBare: renderListing(NODE_LISTING, 'en', false),
  codeLabelSimple: 'The simplified event loop',
  codeLabelNode: "libuv's uv_run, simplified",
  viewGroup: 'View',
  viewSimple: 'Simplified loop',
  viewNode: 'Node phases (libuv)',
  delay: 'Delay, ms',
  addTimer: 'Add a timer',
  socket: 'Socket',
  arrive: 'Data arrives on a socket',
  arriveIn: (s: SocketName, d: number) => `Data arrives on ${s} in ${d} ms`,
  clock: (now: number) => `Virtual clock: ${now} ms`,
  heap: 'Timer heap (min-heap: nearest on top)',
  heapEmpty: 'no timers',
  timerItem: (label: string, due: number) => `${label} due at ${due} ms`,
  sockets: 'Sockets',
  socketIdle: 'no data',
  socketReady: 'data waiting',
  socketComing: (at: number) => `data at ${at} ms`,
  socketReturned: 'returned by epoll_wait',
  microtasks: 'Microtask queue',
  immediates: 'setImmediate queue',
  queueEmpty: 'empty',
  output: 'Output',
  outputEmpty: 'nothing yet',
  phases: 'Phases of one turn',
  stateDetails: 'Queues and steps',
  /** Presented, the one disclosure under the picture: the listing, the views, the queues' details, the buttons. */
  presentedDetails: 'Code and controls',
  asleepShort: 'Asleep: nothing can wake it.',
  /**
   * Presented to a hall, the caption under the picture: one short sentence of what the step showed (the clicker drives
   * the steps: no "Press Step"; the picture shows the clock, the queues and the phase).
   */
  caption: (e: LoopEvent): string => {
    switch (e.k) {
      case 'start':
        return 'The loop starts at 0 ms.';
      case 'woke':
        switch (e.reason) {
          case 'timer':
            return `Slept ${e.slept} ms, until the nearest deadline.`;
          case 'socket':
            return `Slept ${e.slept} ms: data on ${list(e.sockets)} woke it early.`;
          case 'both':
            return `Slept ${e.slept} ms: a deadline and data on ${list(e.sockets)} at once.`;
          case 'already':
            return `Data was waiting on ${list(e.sockets)}: no sleep.`;
          case 'zero':
            return 'Timeout 0: a look at the sockets, no sleep.';
        }
        break;
      case 'timer-callback':
        return `${short(e.label)} runs${e.queued.length ? ` and queues ${list(e.queued)}` : ''}.`;
      case 'io-callback':
        return `${e.socket}’s callback queues ${list([...e.queued, ...e.scheduled.map(short)])}.`;
      case 'immediate-callback':
        return `check: ${short(e.label)} runs.`;
      case 'phase-empty':
        if (e.phase === 'pre') return 'Before the first turn: no timer is due yet.';
        break;
      case 'microtask':
        return `${short(e.label)} runs${e.queued ? ` and queues ${e.queued}` : ''}${e.left === 0 ? ': the queue is empty.' : `; ${e.left} left.`}`;
    }
    return en.event(e);
  },
  phase: (p: NodePhase) => enPhase[p],
  turns: (n: number) => `Turns completed: ${n}`,
  asleep:
    'The loop sleeps in epoll_wait with no timeout: nothing happens until data arrives on a socket or a timer is set.',
  event: (e: LoopEvent): string => {
    switch (e.k) {
      case 'start':
        return 'Press Step: the loop starts at 0 ms.';
      case 'added-timer':
        return `Timer t${e.id} set: due at ${e.due} ms (delay ${e.delay} ms${e.clamped ? '; Node turns a delay of 0 into 1 ms' : ''}).`;
      case 'scheduled-arrival':
        return `Data for socket ${e.socket} will arrive at ${e.at} ms.`;
      case 'arrived-now':
        return `Data for socket ${e.socket} is in the kernel's buffer now: the next epoll_wait returns at once.`;
      case 'loop-top':
        return 'Next turn of the loop.';
      case 'timeout':
        if (e.immediates > 0) return 'setImmediate callbacks are waiting: timeout = 0, poll must not sleep.';
        if (e.timeout === null)
          return 'No timers: timeout = −1, epoll_wait will wait for a socket for as long as it takes.';
        return `Nearest deadline ${e.nearest} ms: timeout = ${e.timeout} ms.`;
      case 'woke':
        return enWoke(e.reason, e.slept, e.from, e.to, e.sockets);
      case 'expired':
        return e.labels.length === 0
          ? `At ${e.now} ms no timer is due.`
          : `Due at ${e.now} ms: ${list(e.labels)}. They run one at a time.`;
      case 'timer-callback':
        return `${e.label}() runs: a macrotask. ${e.queued.length ? `It queues the microtask ${list(e.queued)}.` : 'It queues no microtask.'}`;
      case 'io-callback':
        return `The callback of socket ${e.socket} reads the data and queues ${list(e.queued)}${e.scheduled.length ? `; it also calls ${list(e.scheduled)}` : ''}.`;
      case 'immediate-callback':
        return `check: the setImmediate callback ${e.label} runs.`;
      case 'microtask':
        return `Microtask ${e.label} runs${e.queued ? ` and queues ${e.queued}` : ''}. ${e.left === 0 ? 'The queue is empty: the loop may go on.' : `${e.left} left: keep draining.`}`;
      case 'drained':
        return 'The microtask queue is empty.';
      case 'nothing-to-drain':
        return 'runAllMicrotasks(): the queue is empty, nothing to do.';
      case 'for-done':
        return e.what === 'timers'
          ? 'No more due timers: now the sockets epoll_wait returned.'
          : 'Every ready socket served: this turn is over.';
      case 'phase-empty':
        switch (e.phase) {
          case 'pre':
            return 'Before the first turn libuv runs due timers once (UV_RUN_DEFAULT); at 0 ms none is due.';
          case 'pending':
            return 'pending: no deferred I/O callbacks.';
          case 'timers':
            return 'timers: nothing is due yet.';
          case 'check':
            return 'check: no setImmediate callbacks.';
          case 'close':
            return "close: no 'close' callbacks.";
          default:
            return `${e.phase}: nothing to do.`;
        }
      case 'check-start':
        return `check: ${e.count} setImmediate callback${e.count === 1 ? '' : 's'} queued before the phase began will run now.`;
      case 'update-time':
        return `uv__update_time: the loop reads the clock (${e.now} ms). Callbacks take no time in this model.`;
    }
  },
};

const ru: typeof en = {
  demoLabel: 'Цикл событий по шагам',
  ms: (v: number) => `${v} мс`,
  simpleCode: renderListing(SIMPLE_LISTING, 'ru'),
  nodeCode: renderListing(NODE_LISTING, 'ru'),
  /** Presented: the listings without their comments (the speaker says them). */
  simpleCodeBare: renderListing(SIMPLE_LISTING, 'ru', false),
  nodeCodeBare: renderListing(NODE_LISTING, 'ru', false),
  codeLabelSimple: 'Упрощённый цикл событий',
  codeLabelNode: 'uv_run из libuv, упрощённо',
  viewGroup: 'Вид',
  viewSimple: 'Упрощённый цикл',
  viewNode: 'Фазы Node (libuv)',
  delay: 'Задержка, мс',
  addTimer: 'Добавить таймер',
  socket: 'Сокет',
  arrive: 'Данные приходят в сокет',
  arriveIn: (s: SocketName, d: number) => `Данные придут в ${s} через ${d} мс`,
  clock: (now: number) => `Виртуальные часы: ${now} мс`,
  heap: 'Куча таймеров (min-heap: ближайший наверху)',
  heapEmpty: 'таймеров нет',
  timerItem: (label: string, due: number) => `${label}, срок ${due} мс`,
  sockets: 'Сокеты',
  socketIdle: 'данных нет',
  socketReady: 'данные ждут',
  socketComing: (at: number) => `данные в ${at} мс`,
  socketReturned: 'вернул epoll_wait',
  microtasks: 'Очередь микрозадач',
  immediates: 'Очередь setImmediate',
  queueEmpty: 'пусто',
  output: 'Вывод',
  outputEmpty: 'пока ничего',
  phases: 'Фазы оборота',
  stateDetails: 'Очереди и шаги',
  presentedDetails: 'Код и управление',
  asleepShort: 'Спит: разбудить нечему.',
  caption: (e: LoopEvent): string => {
    switch (e.k) {
      case 'start':
        return 'Цикл стартует в 0 мс.';
      case 'woke':
        switch (e.reason) {
          case 'timer':
            return `Спали ${e.slept} мс — до ближайшего срока.`;
          case 'socket':
            return `Спали ${e.slept} мс: данные в ${list(e.sockets)} разбудили раньше.`;
          case 'both':
            return `Спали ${e.slept} мс: срок и данные в ${list(e.sockets)} разом.`;
          case 'already':
            return `Данные уже ждали в ${list(e.sockets)}: без сна.`;
          case 'zero':
            return 'Таймаут 0: взгляд на сокеты, без сна.';
        }
        break;
      case 'timer-callback':
        return `Выполняется ${short(e.label)}${e.queued.length ? ` и ставит ${list(e.queued)}` : ''}.`;
      case 'io-callback':
        return `Колбэк ${e.socket} ставит ${list([...e.queued, ...e.scheduled.map(short)])}.`;
      case 'immediate-callback':
        return `check: выполняется ${short(e.label)}.`;
      case 'phase-empty':
        if (e.phase === 'pre') return 'До первого оборота: истёкших таймеров нет.';
        break;
      case 'microtask':
        return `Выполняется ${short(e.label)}${e.queued ? ` и ставит ${e.queued}` : ''}${e.left === 0 ? ': очередь пуста.' : `; осталось ${e.left}.`}`;
    }
    return ru.event(e);
  },
  phase: (p: NodePhase) => ruPhase[p],
  turns: (n: number) => `Пройдено оборотов: ${n}`,
  asleep:
    'Цикл спит в epoll_wait без таймаута: ничего не произойдёт, пока в сокет не придут данные или не появится таймер.',
  event: (e: LoopEvent): string => {
    switch (e.k) {
      case 'start':
        return 'Нажмите «Шаг»: цикл стартует в 0 мс.';
      case 'added-timer':
        return `Таймер t${e.id}: срок ${e.due} мс (задержка ${e.delay} мс${e.clamped ? '; Node превращает задержку 0 в 1 мс' : ''}).`;
      case 'scheduled-arrival':
        return `Данные для сокета ${e.socket} придут в ${e.at} мс.`;
      case 'arrived-now':
        return `Данные для сокета ${e.socket} уже в буфере ядра: следующий epoll_wait вернётся сразу.`;
      case 'loop-top':
        return 'Следующий оборот цикла.';
      case 'timeout':
        if (e.immediates > 0) return 'Ждут колбэки setImmediate: таймаут = 0, poll не должен спать.';
        if (e.timeout === null) return 'Таймеров нет: таймаут = −1, epoll_wait будет ждать сокет сколько угодно.';
        return `Ближайший срок ${e.nearest} мс: таймаут = ${e.timeout} мс.`;
      case 'woke':
        return ruWoke(e.reason, e.slept, e.from, e.to, e.sockets);
      case 'expired':
        return e.labels.length === 0
          ? `В ${e.now} мс ни один таймер не истёк.`
          : `Истекли к ${e.now} мс: ${list(e.labels)}. Выполняются по одному.`;
      case 'timer-callback':
        return `Выполняется ${e.label}() — макрозадача. ${e.queued.length ? `Ставит микрозадачу ${list(e.queued)}.` : 'Микрозадач не ставит.'}`;
      case 'io-callback':
        return `Колбэк сокета ${e.socket} читает данные и ставит ${list(e.queued)}${e.scheduled.length ? `; ещё вызывает ${list(e.scheduled)}` : ''}.`;
      case 'immediate-callback':
        return `check: выполняется колбэк setImmediate ${e.label}.`;
      case 'microtask':
        return `Выполняется микрозадача ${e.label}${e.queued ? ` и ставит ${e.queued}` : ''}. ${e.left === 0 ? 'Очередь пуста — цикл может идти дальше.' : `Осталось ${e.left} — продолжаем опустошать.`}`;
      case 'drained':
        return 'Очередь микрозадач пуста.';
      case 'nothing-to-drain':
        return 'runAllMicrotasks(): очередь пуста, делать нечего.';
      case 'for-done':
        return e.what === 'timers'
          ? 'Истёкших таймеров больше нет — теперь сокеты, которые вернул epoll_wait.'
          : 'Все готовые сокеты обслужены — оборот закончен.';
      case 'phase-empty':
        switch (e.phase) {
          case 'pre':
            return 'Перед первым оборотом libuv один раз запускает истёкшие таймеры (UV_RUN_DEFAULT); в 0 мс ни один не истёк.';
          case 'pending':
            return 'pending: отложенных колбэков ввода-вывода нет.';
          case 'timers':
            return 'Таймеры: пока ни один не истёк.';
          case 'check':
            return 'check: колбэков setImmediate нет.';
          case 'close':
            return "close: колбэков 'close' нет.";
          default:
            return `${e.phase}: делать нечего.`;
        }
      case 'check-start':
        return `check: сейчас выполнятся колбэки setImmediate, поставленные до начала фазы (${e.count}).`;
      case 'update-time':
        return `uv__update_time: цикл смотрит на часы (${e.now} мс). В этой модели колбэки выполняются мгновенно.`;
    }
  },
};

export const eventLoopText: Bilingual<typeof en> = { en, ru };
