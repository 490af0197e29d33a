import type { Bilingual } from '../../lib/i18n.ts';
import type { Mode } from './heavy-task-model.ts';

const en = {
  demoLabel: 'One heavy task on a Node server: the latency of the other requests',
  mode: 'Run the heavy task',
  modes: { inline: 'inline', chunked: 'in chunks', worker: 'in a worker' } satisfies Record<Mode, string>,
  modeNames: { inline: 'Inline', chunked: 'In chunks', worker: 'In a worker' } satisfies Record<Mode, string>,
  chunk: 'Chunk size',
  start: 'Heavy task arrives at',
  jitter: 'Arrival jitter',
  ms: (v: string) => `${v} ms`,
  replay: 'Replay',
  replayLabel: 'Replay the run from 0 ms',
  pause: 'Pause',
  pauseLabel: 'Pause the replay',
  load: (rate: number, service: string, heavy: string) =>
    `${rate} requests/s of ${service} ms each; a heavy task of ${heavy} ms.`,
  clock: (t: string) => `t = ${t} ms`,
  lanes: { main: 'Main thread', worker: 'Worker thread' },
  legend: { request: 'requests', heavy: 'heavy task' },
  timelineLabel: (mode: string, start: string, end: string) =>
    `Timeline of the threads: in mode “${mode}” the heavy task runs from ${start} to ${end} ms.`,
  chartLabel: (mode: string, max: string) =>
    `Chart: latency of each ordinary request against its arrival time, for the three modes; in mode “${mode}” the worst latency is ${max} ms.`,
  chartX: 'Request arrival, ms',
  chartY: 'Latency, ms',
  table: {
    caption: (n: number) => `Latency of the other ${n} requests, ms (nearest-rank percentiles)`,
    mode: 'Mode',
    p50: 'p50',
    p99: 'p99',
    max: 'max',
    done: 'Task done at',
  },
  status: {
    inline: (start: string, end: string, waiting: number, max: string) =>
      `From ${start} to ${end} ms the loop serves no one: ${waiting} requests queue up, the worst waits ${max} ms.`,
    chunked: (pieces: number, chunk: string, max: string, end: string, inlineEnd: string) =>
      `${pieces} pieces of ${chunk} ms, requests run between them: the worst latency is ${max} ms, but the task ends at ${end} ms instead of ${inlineEnd}.`,
    worker: (service: string, end: string) =>
      `The main loop stays free: every request takes its ${service} ms; the task ends at ${end} ms on another core.`,
  },
  percentileNote: 'pN: the value at rank ⌈N/100 · count⌉ of the sorted latencies.',
  presentedMore: 'Settings and figures',
  /** The loop picture's chips (heavy-task-scene.ts), and the caption under it: one sentence a step. */
  picture: {
    heavy: (ms: string) => `heavy · ${ms}\u00a0ms`,
    slice: (i: number, n: number) => `slice ${i}/${n}`,
    request: (id: number) => `#${id}`,
    more: (n: number) => `+${n}`,
    worker: 'Worker thread',
  },
  caption: {
    inline: (start: string, end: string, waiting: number, max: string) =>
      `The heavy task holds the stack ${start}–${end}\u00a0ms: ${waiting} requests pile up, the worst waits ${max}\u00a0ms.`,
    chunked: (pieces: number, max: string, end: string) =>
      `In ${pieces} slices, the task queues behind the requests: the worst waits ${max}\u00a0ms; it ends at ${end}\u00a0ms.`,
    worker: (max: string) =>
      `The task moves to a worker thread: the stack stays free, the worst request takes ${max}\u00a0ms.`,
  },
};

const ru: typeof en = {
  demoLabel: 'Одна тяжёлая задача на Node-сервере: задержка остальных запросов',
  mode: 'Запустить тяжёлую задачу',
  modes: { inline: 'сразу', chunked: 'кусками', worker: 'в воркере' },
  modeNames: { inline: 'Сразу', chunked: 'Кусками', worker: 'В воркере' },
  chunk: 'Размер куска',
  start: 'Тяжёлая задача приходит в',
  jitter: 'Разброс прихода',
  ms: (v: string) => `${v} мс`,
  replay: 'Повторить',
  replayLabel: 'Проиграть заново с 0 мс',
  pause: 'Пауза',
  pauseLabel: 'Приостановить',
  load: (rate: number, service: string, heavy: string) =>
    `${rate} запросов в секунду по ${service} мс; тяжёлая задача на ${heavy} мс.`,
  clock: (t: string) => `t = ${t} мс`,
  lanes: { main: 'Главный поток', worker: 'Поток воркера' },
  legend: { request: 'запросы', heavy: 'тяжёлая задача' },
  timelineLabel: (mode: string, start: string, end: string) =>
    `Временная шкала потоков: в режиме «${mode}» тяжёлая задача идёт с ${start} до ${end} мс.`,
  chartLabel: (mode: string, max: string) =>
    `График: задержка каждого обычного запроса в зависимости от времени его прихода, для трёх режимов; в режиме «${mode}» худшая задержка — ${max} мс.`,
  chartX: 'Приход запроса, мс',
  chartY: 'Задержка, мс',
  table: {
    caption: (n: number) => `Задержка остальных ${n} запросов, мс (перцентили по ближайшему рангу)`,
    mode: 'Режим',
    p50: 'p50',
    p99: 'p99',
    max: 'макс.',
    done: 'Задача готова в',
  },
  status: {
    inline: (start: string, end: string, waiting: number, max: string) =>
      `С ${start} до ${end} мс цикл никого не обслуживает: в очереди копится ${waiting} запросов, худший ждёт ${max} мс.`,
    chunked: (pieces: number, chunk: string, max: string, end: string, inlineEnd: string) =>
      `${pieces} кусков по ${chunk} мс, между ними выполняются запросы: худшая задержка — ${max} мс, но задача заканчивается в ${end} мс, а не в ${inlineEnd}.`,
    worker: (service: string, end: string) =>
      `Главный цикл свободен: каждый запрос занимает свои ${service} мс; задача заканчивается в ${end} мс на другом ядре.`,
  },
  percentileNote: 'pN — значение с номером ⌈N/100 · количество⌉ среди отсортированных задержек.',
  presentedMore: 'Настройки и цифры',
  picture: {
    heavy: (ms: string) => `тяжёлая · ${ms}\u00a0мс`,
    slice: (i: number, n: number) => `кусок ${i}/${n}`,
    request: (id: number) => `№${id}`,
    more: (n: number) => `+${n}`,
    worker: 'Поток воркера',
  },
  caption: {
    inline: (start: string, end: string, waiting: number, max: string) =>
      `Тяжёлый колбэк занимает стек ${start}–${end}\u00a0мс: копится ${waiting} запросов, худший ждёт ${max}\u00a0мс.`,
    chunked: (pieces: number, max: string, end: string) =>
      `${pieces} кусков: задача ждёт в очереди за запросами; худший ждёт ${max}\u00a0мс, конец в ${end}\u00a0мс.`,
    worker: (max: string) => `Задача уходит в поток воркера: стек свободен, худший запрос занимает ${max}\u00a0мс.`,
  },
};

export const heavyTaskText: Bilingual<typeof en> = { en, ru };
