import type { Bilingual } from '../../lib/i18n.ts';
import type { Strategy } from './tasks-gather-programs.ts';
import type { Received, ResumeReason } from './tasks-gather-model.ts';

const en = {
  demoLabel: 'Three calls: awaited one by one, as tasks, with gather or in a TaskGroup',
  strategyLegend: 'The handler makes three calls',
  strategies: {
    sequential: 'await one by one',
    create_task: 'create_task',
    gather: 'gather',
    gather_re: 'gather(return_exceptions=True)',
    task_group: 'TaskGroup',
  } satisfies Record<Strategy, string>,
  fail: 'call b fails',
  latency: (name: string) => `Latency of ${name}`,
  ms: (v: string) => `${v} ms`,
  network: 'a network call',
  codeLabel: 'The handler in Python',
  codeDetails: 'The code',
  latencyDetails: 'Latencies',
  /** presented: the strategies, the failing call and the latencies, one click away */
  settingsDetails: 'Settings',
  msUnit: 'ms',
  callerLane: 'handler',
  callLane: (name: string) => `call ${name}`,
  waiting: 'awaits',
  ends: { result: 'returned', exception: 'raised', cancelled: 'cancelled' },
  notStarted: 'never started',
  unattended: 'runs on, unattended',
  failed: 'b fails',
  resumes: 'handler resumes',
  chartLabel: (strategy: string, resume: string, receives: string) =>
    `Timeline of the handler and the three calls (${strategy}): the handler resumes at ${resume} with ${receives}.`,
  legend: { result: 'returned', exception: 'raised', cancelled: 'cancelled', unattended: 'unattended' },
  resumeAt: (t: string) => `The handler resumes at ${t}`,
  reason: {
    sum: (sum: string) => `: the sum of the latencies (${sum}), one call after another.`,
    max: (max: string) => `: the longest latency (${max}); the calls overlapped.`,
    at_failure: () => ': as soon as b failed.',
    after_failure: (at: string) => `: b failed at ${at}, but the handler was still awaiting a.`,
  } satisfies Record<ResumeReason, (v: string) => string>,
  receivesLabel: 'It gets',
  /** presented: what the handler's await gives, or raises (the repr says which) */
  receivesShort: { value: 'It gets', raised: 'Its await raises' },
  received: {
    list: 'the results, in argument order:',
    list_with_exception: 'the exception as a value, in its place:',
    exception: 'the exception, raised:',
    exception_group: 'an ExceptionGroup, raised:',
  } satisfies Record<Received, string>,
  afterUnattended: (names: string, at: string) =>
    `${names} ran on after the failure, unattended, until ${at}; nobody gets their results.`,
  afterCancelled: (names: string, at: string) => `${names} cancelled at ${at}: the group cancels its siblings.`,
  afterNotStarted: (names: string) => `${names} never started.`,
  and: ' and ',
  callName: (name: string) => `call ${name}`,
};

const ru: typeof en = {
  demoLabel: 'Три вызова: await по очереди, задачами, через gather или в TaskGroup',
  strategyLegend: 'Обработчик делает три вызова',
  strategies: {
    sequential: 'await по очереди',
    create_task: 'create_task',
    gather: 'gather',
    gather_re: 'gather(return_exceptions=True)',
    task_group: 'TaskGroup',
  },
  fail: 'вызов b падает',
  latency: (name: string) => `Задержка ${name}`,
  ms: (v: string) => `${v} мс`,
  network: 'сетевой вызов',
  codeLabel: 'Обработчик на Python',
  codeDetails: 'Код',
  latencyDetails: 'Задержки',
  settingsDetails: 'Настройки',
  msUnit: 'мс',
  callerLane: 'обработчик',
  callLane: (name: string) => `вызов ${name}`,
  waiting: 'ждёт',
  ends: { result: 'вернул', exception: 'упал', cancelled: 'отменён' },
  notStarted: 'не начинался',
  unattended: 'дальше без присмотра',
  failed: 'b падает',
  resumes: 'обработчик продолжает',
  chartLabel: (strategy: string, resume: string, receives: string) =>
    `Временная шкала обработчика и трёх вызовов (${strategy}): обработчик продолжает в ${resume} и получает ${receives}.`,
  legend: { result: 'вернул', exception: 'упал', cancelled: 'отменён', unattended: 'без присмотра' },
  resumeAt: (t: string) => `Обработчик продолжает в ${t}`,
  reason: {
    sum: (sum: string) => `: сумма задержек (${sum}), вызовы шли один за другим.`,
    max: (max: string) => `: самая долгая задержка (${max}); вызовы шли одновременно.`,
    at_failure: () => ': сразу, как только b упал.',
    after_failure: (at: string) => `: b упал в ${at}, но обработчик ещё ждал a.`,
  },
  receivesLabel: 'Он получает',
  receivesShort: { value: 'Он получает', raised: 'Его await бросает' },
  received: {
    list: 'результаты в порядке аргументов:',
    list_with_exception: 'исключение как значение, на его месте:',
    exception: 'исключение, брошенное:',
    exception_group: 'ExceptionGroup, брошенную:',
  },
  afterUnattended: (names: string, at: string) =>
    `${names}: после ошибки работали дальше без присмотра, до ${at}; их результаты никто не получит.`,
  afterCancelled: (names: string, at: string) => `${names}: отменены в ${at} — группа отменяет соседей.`,
  afterNotStarted: (names: string) => `${names}: так и не начался.`,
  and: ' и ',
  callName: (name: string) => `вызов ${name}`,
};

export const tasksGatherText: Bilingual<typeof en> = { en, ru };
