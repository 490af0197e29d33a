import type { Bilingual } from '../../lib/i18n.ts';
import type { Mode } from './backpressure-model.ts';

const en = {
  demoLabel: 'Backpressure: a producer, a queue and a consumer',
  modeLabel: 'The queue',
  modes: {
    unbounded: 'Unbounded queue',
    drain: 'write() + ‘drain’',
    bounded: 'asyncio.Queue(maxsize)',
  } satisfies Record<Mode, string>,
  producerRate: 'Producer',
  consumerRate: 'Consumer',
  perSecond: (v: string) => `${v}/s`,
  limit: { unbounded: 'Limit (unused)', drain: 'highWaterMark', bounded: 'maxsize' } satisfies Record<Mode, string>,
  items: (v: string) => `${v} items`,
  chartLabel: (peak: string, seconds: string) => `Memory held over ${seconds} s, at most ${peak}`,
  axisMax: (mb: string) => `${mb} MB`,
  axisEnd: (s: string) => `${s} s`,
  pausedKey: 'producer waits',
  verdict: {
    grows: (mb: string) => `${mb} MB after 10 s, and growing: the producer never waits.`,
    capped: (mb: string, pct: string) => `Capped at ${mb} MB: the producer waits ${pct} of the time.`,
    keepsUp: 'The consumer keeps up: nothing piles up, nobody waits.',
  },
  figuresLabel: 'Figures',
  figures: {
    produced: 'Items produced',
    consumed: 'Items consumed',
    falseWrites: 'write() returned false',
    drains: '‘drain’ events',
    item: (kb: string) => `One item: ${kb} KB`,
  },
  mb: (v: string) => `${v} MB`,
};

const ru: typeof en = {
  demoLabel: 'Обратное давление: производитель, очередь и потребитель',
  modeLabel: 'Очередь',
  modes: {
    unbounded: 'Очередь без предела',
    drain: 'write() + ‘drain’',
    bounded: 'asyncio.Queue(maxsize)',
  },
  producerRate: 'Производитель',
  consumerRate: 'Потребитель',
  perSecond: (v: string) => `${v}/с`,
  limit: { unbounded: 'Предел (не нужен)', drain: 'highWaterMark', bounded: 'maxsize' },
  items: (v: string) => `${v} шт.`,
  chartLabel: (peak: string, seconds: string) => `Занятая память за ${seconds} с, не больше ${peak}`,
  axisMax: (mb: string) => `${mb} МБ`,
  axisEnd: (s: string) => `${s} с`,
  pausedKey: 'производитель ждёт',
  verdict: {
    grows: (mb: string) => `${mb} МБ через 10 с, и растёт: производитель не ждёт никогда.`,
    capped: (mb: string, pct: string) => `Не больше ${mb} МБ: производитель ждёт ${pct} времени.`,
    keepsUp: 'Потребитель успевает: ничего не копится, никто не ждёт.',
  },
  figuresLabel: 'Цифры',
  figures: {
    produced: 'Произведено',
    consumed: 'Потреблено',
    falseWrites: 'write() вернул false',
    drains: 'Событий ‘drain’',
    item: (kb: string) => `Один элемент: ${kb} КБ`,
  },
  mb: (v: string) => `${v} МБ`,
};

export const backpressureText: Bilingual<typeof en> = { en, ru };
