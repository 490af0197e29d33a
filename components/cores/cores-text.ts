import type { Bilingual } from '../../lib/i18n.ts';
import type { Strategy } from './cores-model.ts';

/** Figures a caption needs, already formatted for the language. */
export interface CaptionFigures {
  /** Requests that waited behind the blocking one. */
  readonly delayed: string;
  /** Cores that ran nothing, formatted, and as a number. */
  readonly idle: string;
  readonly idleCount: number;
  /** How long the blocking call holds its thread. */
  readonly block: string;
}

type Captions = Record<
  Strategy,
  { readonly free: (f: CaptionFigures) => string; readonly blocked: (f: CaptionFigures) => string }
>;

const en = {
  demoLabel: 'All the cores: how connections reach them, and what one blocking handler does',
  strategyGroup: 'How connections reach the cores',
  strategies: {
    'one-loop': 'One loop',
    reuseport: 'SO_REUSEPORT',
    cluster: 'Node cluster',
    stealing: 'Work-stealing (Tokio)',
  } satisfies Record<Strategy, string>,
  blocking: (ms: string) => `One handler blocks for ${ms}`,
  cores: 'Cores',
  lanesLabel: 'The cores, and the requests each ran over time',
  lane: (i: string) => `core ${i}`,
  idle: 'idle',
  request: (n: string, from: string, to: string) => `request ${n}: ${from}–${to}`,
  blocks: 'blocks',
  axisEnd: (ms: string) => ms,
  ms: (v: string) => `${v} ms`,
  captions: {
    'one-loop': {
      free: (f) =>
        `One loop runs on one core: the requests go one after another${f.idleCount === 0 ? '' : f.idleCount === 1 ? ', the other core idle' : `, ${f.idle} cores idle`}.`,
      blocked: (f) => `One loop, one blocking call: all ${f.delayed} other requests wait ${f.block} behind it.`,
    },
    reuseport: {
      free: () => 'A socket per loop: the kernel picks one by a hash of the 4-tuple. Uneven.',
      blocked: (f) => `The hash does not see load: ${f.delayed} requests still land behind the blocked loop.`,
    },
    cluster: {
      free: () => 'The primary accepts and deals the connections to the workers in turn.',
      blocked: (f) =>
        `Dealt in turn to workers that took their last: ${f.delayed} request waits behind the blocked one.`,
    },
    stealing: {
      free: () => 'One queue per worker thread; a worker with nothing to do steals from the others.',
      blocked: (f) =>
        f.delayed === '0'
          ? 'The others steal the blocked worker’s queue: nobody waits behind it, but a thread is lost.'
          : `The others steal what they can: ${f.delayed} requests still wait behind the blocked worker.`,
    },
  } satisfies Captions,
  last: (ms: string) => `Slowest answer: **${ms}**`,
  figuresLabel: 'Cores and connections',
  table: {
    caption: 'The requests: each connection’s source port, the core it reached, how long it waited for its answer',
    request: 'Request',
    port: 'Source port',
    core: 'Core',
    answered: 'Answer, ms',
  },
  tuple: (client: string, server: string) => `4-tuple: ${client}:port → ${server}`,
  perCore: (counts: string) => `Requests per core: ${counts}`,
};

const ru: typeof en = {
  demoLabel: 'Все ядра: как до них доходят соединения и что делает один блокирующий обработчик',
  strategyGroup: 'Как соединения доходят до ядер',
  strategies: {
    'one-loop': 'Один цикл',
    reuseport: 'SO_REUSEPORT',
    cluster: 'Node cluster',
    stealing: 'Кража работы (Tokio)',
  },
  blocking: (ms: string) => `Один обработчик блокирует на ${ms}`,
  cores: 'Ядер',
  lanesLabel: 'Ядра и запросы, которые каждое выполняло, во времени',
  lane: (i: string) => `ядро ${i}`,
  idle: 'простаивает',
  request: (n: string, from: string, to: string) => `запрос ${n}: ${from}–${to}`,
  blocks: 'блокирует',
  axisEnd: (ms: string) => ms,
  ms: (v: string) => `${v} мс`,
  captions: {
    'one-loop': {
      free: (f) =>
        `Один цикл работает на одном ядре: запросы идут по очереди${f.idleCount === 0 ? '' : `, остальные ядра (${f.idle}) простаивают`}.`,
      blocked: (f) => `Один цикл, один блокирующий вызов: все остальные ${f.delayed} запросов ждут за ним ${f.block}.`,
    },
    reuseport: {
      free: () => 'У каждого цикла свой сокет; ядро ОС выбирает его по хешу четвёрки адресов. Неровно.',
      blocked: (f) => `Хеш не видит нагрузки: за заблокированным циклом всё равно ждут запросы (${f.delayed}).`,
    },
    cluster: {
      free: () => 'Главный процесс принимает соединения и раздаёт их воркерам по кругу.',
      blocked: (f) => `По кругу, но только тем, кто забрал прошлое: за заблокированным ждут запросы (${f.delayed}).`,
    },
    stealing: {
      free: () => 'У каждого рабочего потока своя очередь; свободный поток крадёт задачи у занятых.',
      blocked: (f) =>
        f.delayed === '0'
          ? 'Очередь заблокированного разбирают другие: никто не ждёт, но поток на это время потерян.'
          : `Другие крадут что могут: за заблокированным потоком всё равно ждут запросы (${f.delayed}).`,
    },
  },
  last: (ms: string) => `Самый долгий ответ: **${ms}**`,
  figuresLabel: 'Ядра и соединения',
  table: {
    caption: 'Запросы: порт источника каждого соединения, ядро, куда оно попало, и сколько оно ждало ответа',
    request: 'Запрос',
    port: 'Порт источника',
    core: 'Ядро',
    answered: 'Ответ, мс',
  },
  tuple: (client: string, server: string) => `Четвёрка: ${client}:порт → ${server}`,
  perCore: (counts: string) => `Запросов на ядро: ${counts}`,
};

export const coresText: Bilingual<typeof en> = { en, ru };
