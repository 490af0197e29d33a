import type { Bilingual } from '../../lib/i18n.ts';
import type { Variant } from './python-asyncio-programs.ts';

const en = {
  demoLabel: 'Python asyncio: seven versions of a request handler, and a heartbeat that falls silent',
  variant: 'handle() calls',
  variants: {
    time_sleep: 'time.sleep',
    asyncio_sleep: 'await asyncio.sleep',
    requests: 'requests.get',
    thread_requests: 'to_thread(requests.get)',
    thread_cpu: 'to_thread(compute)',
    process_cpu: 'ProcessPool(compute)',
    no_await: 'fetch() without await',
  } satisfies Record<Variant, string>,
  debug: 'Debug mode (PYTHONASYNCIODEBUG=1)',
  codeLabel: (v: string) => `The program with “${v}”: a heartbeat, and two requests handled at once`,
  ms: (v: string) => `${v} ms`,
  lanes: {
    loop: 'loop thread',
    threads: (n: number) => (n === 1 ? 'pool thread' : `${n} threads`),
    processes: (n: number) => (n === 1 ? 'process' : `${n} processes`),
  },
  heartbeatLane: 'heartbeat',
  requestsLane: 'requests',
  request: (n: number, arrive: string, end: string) => `request ${n}: ${arrive}–${end} ms`,
  logLane: 'log',
  axisUnit: 'ms',
  legend: {
    select: 'asleep in select()',
    block: 'blocked',
    cpu: 'computing (GIL)',
    gil: 'waiting for the GIL',
    waiting: 'request waiting',
    tick: 'tick',
    missed: 'missed tick',
  },
  timelineLabel: (variant: string, ticks: number, missed: number, end: string) =>
    `Timeline of “${variant}”: ${ticks} heartbeat ticks, ${missed} missed; asyncio.run returns at ${end} ms.`,
  ticks: (n: string, missed: string) => (missed === '0' ? `${n} ticks` : `${n} ticks, ${missed} missed`),
  median: (v: string) => `median interval ${v} ms`,
  blocked: (v: string) => `loop blocked for ${v} ms`,
  figures: 'Heartbeat',
  /** presented: the disclosure of the variants, debug mode, the whole program and the verdict */
  programDetails: 'All variants',
  logEmpty: 'The log is empty.',
  logEmptyDebug: 'Debug mode is off: nothing measures slow callbacks.',
  verdict: {
    time_sleep:
      'time.sleep blocks the loop’s only thread: the two handlers run one after the other, 600 ms, and the heartbeat falls silent.',
    asyncio_sleep:
      'await hands the thread back to the loop: both requests wait at once, 300 ms in all, and the heartbeat keeps its 100 ms.',
    requests:
      'requests.get is time.sleep in disguise: it waits for the network inside the loop’s thread. 600 ms of silence.',
    thread_requests:
      'The blocking call goes to a thread of the default executor: the loop sleeps in select() and the heartbeat is on time.',
    thread_cpu:
      'Threads share the GIL: two CPU loops take 600 ms instead of 300, and each time the loop wakes it waits for the GIL — ticks every 105 ms.',
    process_cpu:
      'Processes have a GIL each: the two CPU loops run in parallel, 300 ms, and the loop’s thread is free. Ticks every 100 ms.',
    no_await:
      'fetch() without await only creates a coroutine object: nothing runs, the request is “done” at once, and Python warns.',
  } satisfies Record<Variant, string>,
};

const ru: typeof en = {
  demoLabel: 'Python asyncio: семь вариантов обработчика запроса и пульс, который замолкает',
  variant: 'handle() вызывает',
  variants: {
    time_sleep: 'time.sleep',
    asyncio_sleep: 'await asyncio.sleep',
    requests: 'requests.get',
    thread_requests: 'to_thread(requests.get)',
    thread_cpu: 'to_thread(compute)',
    process_cpu: 'ProcessPool(compute)',
    no_await: 'fetch() без await',
  },
  debug: 'Режим отладки (PYTHONASYNCIODEBUG=1)',
  codeLabel: (v: string) => `Программа с «${v}»: пульс и два запроса, обрабатываемые одновременно`,
  ms: (v: string) => `${v} мс`,
  lanes: {
    loop: 'поток цикла',
    threads: (n: number) => (n === 1 ? 'поток пула' : `${n} потока`),
    processes: (n: number) => (n === 1 ? 'процесс' : `${n} процесса`),
  },
  heartbeatLane: 'пульс',
  requestsLane: 'запросы',
  request: (n: number, arrive: string, end: string) => `запрос ${n}: ${arrive}–${end} мс`,
  logLane: 'лог',
  axisUnit: 'мс',
  legend: {
    select: 'спит в select()',
    block: 'заблокирован',
    cpu: 'считает (GIL)',
    gil: 'ждёт GIL',
    waiting: 'запрос ждёт',
    tick: 'тик',
    missed: 'пропущенный тик',
  },
  timelineLabel: (variant: string, ticks: number, missed: number, end: string) =>
    `Временная шкала «${variant}»: тиков пульса — ${ticks}, пропущено — ${missed}; asyncio.run возвращается в ${end} мс.`,
  ticks: (n: string, missed: string) => (missed === '0' ? `тиков: ${n}` : `тиков: ${n}, пропущено: ${missed}`),
  median: (v: string) => `медиана интервала ${v} мс`,
  blocked: (v: string) => `цикл заблокирован ${v} мс`,
  figures: 'Пульс',
  programDetails: 'Все варианты',
  logEmpty: 'Лог пуст.',
  logEmptyDebug: 'Режим отладки выключен: медленные колбэки никто не замеряет.',
  verdict: {
    time_sleep:
      'time.sleep блокирует единственный поток цикла: обработчики идут друг за другом, 600 мс, и пульс молчит.',
    asyncio_sleep:
      'await возвращает поток циклу: оба запроса ждут одновременно, всего 300 мс, и пульс держит свои 100 мс.',
    requests: 'requests.get — тот же time.sleep: ждёт сеть внутри потока цикла. 600 мс тишины.',
    thread_requests: 'Блокирующий вызов уходит в поток пула по умолчанию: цикл спит в select(), пульс тикает вовремя.',
    thread_cpu:
      'Потоки делят GIL: два цикла счёта идут 600 мс вместо 300, а цикл при каждом пробуждении ждёт GIL — тики через 105 мс.',
    process_cpu:
      'У каждого процесса свой GIL: два цикла счёта идут параллельно, 300 мс, поток цикла свободен. Тики через 100 мс.',
    no_await:
      'fetch() без await только создаёт объект корутины: ничего не выполняется, запрос «готов» сразу, и Python предупреждает.',
  },
};

export const pythonAsyncioText: Bilingual<typeof en> = { en, ru };
