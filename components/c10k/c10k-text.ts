import { formatNumber, type Bilingual, type Lang } from '../../lib/i18n.ts';
import { binaryUnit, type LimitName, type StackPreset } from './c10k-model.ts';

const en = {
  demoLabel: 'Thread per connection against an event loop',
  connections: 'Connections',
  requests: 'Requests per connection',
  stack: 'Thread stack (virtual)',
  stackPresets: { linux: 'Linux, 8 MiB', java: 'Java -Xss, 1 MiB', custom: 'Custom' } satisfies Record<
    StackPreset,
    string
  >,
  customStack: 'Custom stack size',
  resident: 'Resident stack per thread',
  state: 'Loop: state per connection',
  ram: 'Machine RAM',
  units: { B: 'B', KiB: 'KiB', MiB: 'MiB', GiB: 'GiB', TiB: 'TiB' },
  perSecond: (v: string) => `${v}/s`,
  column: { metric: 'Per server', threads: 'Thread per connection', loop: 'Event loop' },
  rows: {
    threads: 'OS threads',
    virtual: 'Virtual memory',
    resident: 'Resident memory',
    switches: 'Context switches',
    switchCpu: 'CPU on the switches alone',
  },
  cores: (low: string, high: string) => `${low}–${high} cores`,
  noSwitches: 'almost none',
  firstLimit: (connections: string, limit: string, max: string) =>
    `At ${connections} connections threads stop at ${limit}: ${max} threads (the kernel’s defaults).`,
  noLimit: (connections: string, limit: string, max: string) =>
    `${connections} threads fit under every ceiling; the lowest (the kernel’s defaults): ${limit}, ${max} threads.`,
  limitNames: {
    max_map_count: 'vm.max_map_count',
    'threads-max': 'kernel.threads-max',
    'ulimit-u': 'ulimit -u',
    ram: 'RAM',
  } satisfies Record<LimitName, string>,
  limitWhy: {
    max_map_count: (v: string) => `${v} mappings, two per stack (the kernel’s default; distributions differ)`,
    'threads-max': (v: string) => `${v} of RAM / 128 KiB`,
    'ulimit-u': () => `half of threads-max, per user`,
    ram: (v: string) => `stacks and kernel stacks fill ${v}`,
  } satisfies Record<LimitName, (v: string) => string>,
  limitsCaption: 'Kernel ceilings',
  /** The disclosures (open in the self-paced view, closed while presenting). */
  moreInputs: 'More inputs',
  figuresLabel: 'Figures per server',
  chartLabel: (conns: string) =>
    `Chart: memory against connections on logarithmic axes, for a thread per connection (virtual and resident) and for an event loop; the current ${conns} connections are marked.`,
  chartX: 'Connections',
  chartY: 'Memory',
  seriesThreadVirtual: 'Threads: virtual',
  seriesThreadResident: 'Threads: resident',
  seriesLoop: 'Event loop: resident',
  seriesNow: 'Now',
};

const ru: typeof en = {
  demoLabel: 'Поток на соединение против цикла событий',
  connections: 'Соединений',
  requests: 'Запросов на соединение',
  stack: 'Стек потока (виртуальный)',
  stackPresets: { linux: 'Linux, 8 МиБ', java: 'Java -Xss, 1 МиБ', custom: 'Свой' },
  customStack: 'Свой размер стека',
  resident: 'Занято стеком потока',
  state: 'Цикл: на соединение',
  ram: 'Память машины',
  units: { B: 'Б', KiB: 'КиБ', MiB: 'МиБ', GiB: 'ГиБ', TiB: 'ТиБ' },
  perSecond: (v: string) => `${v}/с`,
  column: { metric: 'На сервер', threads: 'Поток на соединение', loop: 'Цикл событий' },
  rows: {
    threads: 'Потоков ОС',
    virtual: 'Виртуальная память',
    resident: 'Резидентная память',
    switches: 'Переключений контекста',
    switchCpu: 'Процессор на сами переключения',
  },
  cores: (low: string, high: string) => `${low}–${high} ядра`,
  noSwitches: 'почти нет',
  firstLimit: (connections: string, limit: string, max: string) =>
    `На ${connections} соединениях потоки упираются в ${limit}: ${max} потоков (значения ядра по умолчанию).`,
  noLimit: (connections: string, limit: string, max: string) =>
    `${connections} потоков помещаются под все потолки; самый низкий (значения ядра): ${limit}, ${max} потоков.`,
  limitNames: {
    max_map_count: 'vm.max_map_count',
    'threads-max': 'kernel.threads-max',
    'ulimit-u': 'ulimit -u',
    ram: 'память',
  },
  limitWhy: {
    max_map_count: (v: string) => `${v} отображений, по два на стек (значение ядра; у дистрибутивов бывает своё)`,
    'threads-max': (v: string) => `${v} памяти / 128 КиБ`,
    'ulimit-u': () => `половина threads-max, на пользователя`,
    ram: (v: string) => `стеки и стеки ядра заполняют ${v}`,
  },
  limitsCaption: 'Потолки ядра',
  moreInputs: 'Ещё параметры',
  figuresLabel: 'Цифры на сервер',
  chartLabel: (conns: string) =>
    `График: память в зависимости от числа соединений в логарифмическом масштабе, для потока на соединение (виртуальная и резидентная) и для цикла событий; отмечены текущие ${conns} соединений.`,
  chartX: 'Соединений',
  chartY: 'Память',
  seriesThreadVirtual: 'Потоки: виртуальная',
  seriesThreadResident: 'Потоки: резидентная',
  seriesLoop: 'Цикл событий: резидентная',
  seriesNow: 'Сейчас',
};

export const c10kText: Bilingual<typeof en> = { en, ru };

/** Bytes with binary units in the language's words (78.1 GiB, 78,1 ГиБ): two to three significant figures. */
export function formatBytes(value: number, lang: Lang): string {
  const { value: v, unit } = binaryUnit(value);
  const digits = v >= 100 ? 0 : v >= 10 ? 1 : 2;
  return `${formatNumber(v, lang, digits)} ${c10kText[lang].units[unit]}`;
}

/** A count in the language's short form (10K, 1M; 10 тыс., 1 млн), for the chart's axis, where six must fit. */
export function formatCount(value: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', { notation: 'compact' }).format(value);
}
