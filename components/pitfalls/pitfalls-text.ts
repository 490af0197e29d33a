import type { Bilingual } from '../../lib/i18n.ts';
import type { CodeLang } from './pitfalls-model.ts';

const en = {
  demoLabel: '10,000 calls at once against an API with a concurrency limit',
  world: (calls: string, api: string, ms: string) =>
    `${calls} calls at once. The API serves ${api} at a time, ${ms} each; beyond that, 429.`,
  setupDetails: 'The setup: your limit, a hung socket, a timeout',
  codeDetails: 'The code and the figures',
  limit: 'Your limit (calls in flight)',
  noLimit: 'none',
  codeLang: 'Code',
  langs: { python: 'Python: asyncio.Semaphore', javascript: 'JS: p-limit', go: 'Go: worker pool' } satisfies Record<
    CodeLang,
    string
  >,
  codeLabel: (lang: string) => `The client in ${lang}`,
  hung: 'One socket hangs (the peer vanished)',
  timeoutOn: 'Timeout on every call',
  timeout: 'Timeout',
  ms: (v: string) => `${v} ms`,
  s: (v: string) => `${v} s`,
  peak: 'Sockets at once',
  ok: 'Answered',
  rejected: 'Rejected (429)',
  timedOut: 'Timed out',
  stuck: 'Stuck forever',
  total: 'All done',
  never: 'never',
  ulimit: 'ulimit -n 1,024',
  apiLine: (v: string) => `API limit ${v}`,
  forever: 'forever →',
  chartLabel: (peak: string, total: string) => `Sockets in use over time: at most ${peak}; all done ${total}.`,
  axisSockets: 'sockets',
  axisTime: 'time',
  verdictRejected: (rejected: string, calls: string, total: string) =>
    `${rejected} of ${calls} calls rejected: “done” in ${total}, but most of it failed.`,
  verdictOk: (calls: string, total: string) => `All ${calls} answered, none rejected, in ${total}.`,
  verdictStuck: (slots: string) =>
    `gather / Promise.all never returns: the hung call waits forever and holds one slot; ${slots} slots do the rest.`,
  verdictNeverStarted: (n: string) => `Nothing moves: the only slot is held forever, ${n} calls never start.`,
  verdictTimeouts: (n: string, total: string) => `Timed out: ${n}; all over in ${total}.`,
  verdictHungFreed: (timeout: string, total: string) =>
    `The hung call failed after ${timeout} and gave its slot back; all done in ${total}.`,
  fdWarning: (n: string) =>
    `${n} sockets at once: past the usual soft limit of 1,024 open files (ulimit -n) a Python process gets EMFILE.`,
  fdShort: (n: string) => `${n} sockets: past ulimit -n 1,024, EMFILE in Python`,
  fdRaised: (n: string, runtime: string) =>
    `${n} sockets at once: ${runtime} raises its soft limit of open files (ulimit -n) to the hard one (ulimit -Hn) as it starts, so EMFILE comes only past the hard limit.`,
  fdRaisedShort: (n: string, runtime: string) =>
    `${n} sockets: ${runtime} lifts ulimit -n to the hard limit, EMFILE only past it`,
  runtimes: { python: 'Python', javascript: 'Node', go: 'Go (since 1.19)' } satisfies Record<CodeLang, string>,
  pythonDefaults:
    'A bare `httpx.AsyncClient()` caps itself at 100 connections (aiohttp: `limit=100`): the rest queue, then `PoolTimeout` after 5 s. The listing lifts the cap.',
};

const ru: typeof en = {
  demoLabel: '10 000 вызовов разом к API с лимитом одновременных запросов',
  world: (calls: string, api: string, ms: string) =>
    `${calls} вызовов разом. API обслуживает ${api} одновременно, по ${ms}; лишним — 429.`,
  setupDetails: 'Условия: ваш лимит, зависший сокет, таймаут',
  codeDetails: 'Код и цифры',
  limit: 'Ваш лимит (вызовов в полёте)',
  noLimit: 'нет',
  codeLang: 'Код',
  langs: { python: 'Python: asyncio.Semaphore', javascript: 'JS: p-limit', go: 'Go: пул воркеров' },
  codeLabel: (lang: string) => `Клиент: ${lang}`,
  hung: 'Один сокет завис (собеседник пропал)',
  timeoutOn: 'Таймаут на каждый вызов',
  timeout: 'Таймаут',
  ms: (v: string) => `${v} мс`,
  s: (v: string) => `${v} с`,
  peak: 'Сокетов разом',
  ok: 'Ответили',
  rejected: 'Отказ (429)',
  timedOut: 'По таймауту',
  stuck: 'Висят вечно',
  total: 'Всё готово',
  never: 'никогда',
  ulimit: 'ulimit -n 1024',
  apiLine: (v: string) => `лимит API ${v}`,
  forever: 'вечно →',
  chartLabel: (peak: string, total: string) => `Сокеты в работе по времени: не больше ${peak}; всё готово: ${total}.`,
  axisSockets: 'сокеты',
  axisTime: 'время',
  verdictRejected: (rejected: string, calls: string, total: string) =>
    `${rejected} из ${calls} вызовов отклонены: «готово» через ${total}, но почти всё — ошибки.`,
  verdictOk: (calls: string, total: string) => `Все ${calls} получили ответ, отказов нет, за ${total}.`,
  verdictStuck: (slots: string) =>
    `gather / Promise.all не вернётся никогда: зависший вызов ждёт вечно и держит слот; остальное делают ${slots}.`,
  verdictNeverStarted: (n: string) => `Всё стоит: единственный слот занят навсегда, ${n} вызовов не начнутся.`,
  verdictTimeouts: (n: string, total: string) => `По таймауту: ${n}; всё закончилось через ${total}.`,
  verdictHungFreed: (timeout: string, total: string) =>
    `Зависший вызов упал через ${timeout} и вернул свой слот; всё готово через ${total}.`,
  fdWarning: (n: string) =>
    `${n} сокетов разом: после 1024 открытых файлов (обычный мягкий предел, ulimit -n) процесс Python получит EMFILE.`,
  fdShort: (n: string) => `${n} сокетов: больше ulimit -n 1024, в Python — EMFILE`,
  fdRaised: (n: string, runtime: string) =>
    `${n} сокетов разом: ${runtime} при старте поднимает мягкий предел открытых файлов (ulimit -n) до жёсткого (ulimit -Hn), так что EMFILE будет только за жёстким пределом.`,
  fdRaisedShort: (n: string, runtime: string) =>
    `${n} сокетов: ${runtime} поднимает ulimit -n до жёсткого предела, EMFILE — только за ним`,
  runtimes: { python: 'Python', javascript: 'Node', go: 'Go (с версии 1.19)' },
  pythonDefaults:
    'Голый `httpx.AsyncClient()` сам ограничен 100 соединениями (у aiohttp `limit=100`): остальные ждут, через 5 с — `PoolTimeout`. В листинге предел снят.',
};

export const pitfallsText: Bilingual<typeof en> = { en, ru };
