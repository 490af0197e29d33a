import type { Bilingual } from '../../lib/i18n.ts';
import type { Worker } from './asyncio-responsiveness-model.ts';

const en = {
  demoLabel: 'Responsiveness: a heartbeat that asks to be woken every few milliseconds, and a worker',
  worker: 'The worker, inside each portion',
  workers: { blocking: 'blocks: time.sleep', cooperative: 'waits: await asyncio.sleep' } satisfies Record<
    Worker,
    string
  >,
  tickMs: 'Heartbeat period',
  portions: 'Portions',
  portionMs: 'Portion length',
  slowMs: 'slow_callback_duration',
  debug: 'Debug mode',
  ms: (v: string) => `${v} ms`,
  summary: (ticks: string, median: string | null) =>
    `${ticks} ${ticks === '1' ? 'tick' : 'ticks'}${median === null ? '' : `, median interval ${median} ms`}`,
  asked: (n: string) => `asked for about ${n}`,
  basis: 'the model',
  axisUnit: 'ms',
  lanes: { turns: 'turns', heartbeat: 'heartbeat', log: 'log' },
  legend: { work: 'working (step 6)', sleep: 'asleep in select()', tick: 'tick', gap: 'selected gap' },
  timelineLabel: (ticks: string, turns: string, end: string) =>
    `Timeline: ${turns} turns of _run_once and ${ticks} heartbeat ticks until ${end} ms.`,
  gapLabel: (i: number) => `Gap ${i} between ticks`,
  prevGap: 'Previous gap',
  nextGap: 'Next gap',
  longest: 'Longest gap',
  noGap: 'Pick a gap between two ticks (click it, or the buttons) to see the turns it spans.',
  gap: (i: string, n: string, a: string, b: string, turns: string) =>
    `Gap ${i} of ${n}: ${a} → ${b} ms, ${turns} turns.`,
  tasks: 'Task-1 runs main() and the worker in it; Task-2 is the heartbeat.',
  turn: (i: number, ms: string) => `${i} · ${ms} ms`,
  tableLabel: 'The turns of the selected gap, as the trace records them',
  cols: {
    turn: 'turn · length',
    step5: 'step 5: timers to _ready',
    step6: 'step 6: what ran',
    left: 'added during step 6: next turn',
  },
  ntodo: (n: number) => `ntodo = ${n}:`,
  due: (ms: string) => `(due ${ms})`,
  moreTurns: (n: string) => `… and ${n} more turns`,
  none: '—',
  debugOff: 'Debug mode is off: the loop measures nothing and prints nothing, whatever the threshold.',
  noWarnings: (ms: string) => `Debug mode is on: no callback took ${ms} ms or more.`,
  times: (n: string) => `×${n}`,
  warningsLabel: 'Warnings the loop prints',
  controlsDetails: 'Sliders, gaps, debug mode',
  tableDetails: 'The turns of this gap',
};

const ru: typeof en = {
  demoLabel: 'Отзывчивость: пульс, который просит будить его каждые несколько миллисекунд, и работник',
  worker: 'Работник внутри каждой порции',
  workers: { blocking: 'блокирует: time.sleep', cooperative: 'ждёт: await asyncio.sleep' },
  tickMs: 'Период пульса',
  portions: 'Порций',
  portionMs: 'Длина порции',
  slowMs: 'slow_callback_duration',
  debug: 'Режим отладки',
  ms: (v: string) => `${v} мс`,
  summary: (ticks: string, median: string | null) =>
    median === null ? `тиков: ${ticks}` : `тиков: ${ticks}, медиана интервала ${median} мс`,
  asked: (n: string) => `просил около ${n}`,
  basis: 'модель',
  axisUnit: 'мс',
  lanes: { turns: 'обороты', heartbeat: 'пульс', log: 'лог' },
  legend: { work: 'работает (шаг 6)', sleep: 'спит в select()', tick: 'тик', gap: 'выбранный интервал' },
  timelineLabel: (ticks: string, turns: string, end: string) =>
    `Временная шкала: оборотов _run_once — ${turns}, тиков пульса — ${ticks}, до ${end} мс.`,
  gapLabel: (i: number) => `Интервал ${i} между тиками`,
  prevGap: 'Предыдущий интервал',
  nextGap: 'Следующий интервал',
  longest: 'Самый длинный',
  noGap: 'Выберите интервал между тиками (щелчком или кнопками) — и увидите обороты, которые он занял.',
  gap: (i: string, n: string, a: string, b: string, turns: string) =>
    `Интервал ${i} из ${n}: ${a} → ${b} мс, оборотов: ${turns}.`,
  tasks: 'Task-1 выполняет main() и работника внутри него; Task-2 — пульс.',
  turn: (i: number, ms: string) => `${i} · ${ms} мс`,
  tableLabel: 'Обороты выбранного интервала, как их записала трассировка',
  cols: {
    turn: 'оборот · длина',
    step5: 'шаг 5: таймеры в _ready',
    step6: 'шаг 6: что выполнено',
    left: 'добавлено на шаге 6: в следующий',
  },
  ntodo: (n: number) => `ntodo = ${n}:`,
  due: (ms: string) => `(срок ${ms})`,
  moreTurns: (n: string) => `… и ещё оборотов: ${n}`,
  none: '—',
  debugOff: 'Режим отладки выключен: цикл ничего не замеряет и не печатает, каким бы ни был порог.',
  noWarnings: (ms: string) => `Режим отладки включён: ни один колбэк не занял ${ms} мс или больше.`,
  times: (n: string) => `×${n}`,
  warningsLabel: 'Предупреждения, которые печатает цикл',
  controlsDetails: 'Ползунки, интервалы, отладка',
  tableDetails: 'Обороты этого интервала',
};

export const asyncioResponsivenessText: Bilingual<typeof en> = { en, ru };
