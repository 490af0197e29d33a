import type { Bilingual } from '../../lib/i18n.ts';
import type { FnId } from './async-state-machine-model.ts';

const en = {
  demoLabel: 'An async function and its state machine, step by step',
  fn: 'Function',
  fnNames: {
    load: 'load(id): two awaits',
    total: 'total(ids): an await in a loop',
    safeLoad: 'safeLoad(id): try/catch around an await',
  } satisfies Record<FnId, string>,
  scenario: 'The awaited calls',
  scenarios: {
    load: { ok: 'all succeed', fail: 'db.get fails' },
    total: { ok: 'all succeed', fail: 'price(5) fails' },
    safeLoad: { ok: 'all succeed', fail: 'db.get fails' },
  } satisfies Record<FnId, Record<string, string>>,
  asyncTitle: 'What you write',
  machineTitle: 'What the compiler makes of it (simplified)',
  machineShort: 'State machine',
  codeView: 'Listing shown',
  /** Presented: what you write, the function, the calls and the step buttons, behind one disclosure. */
  sourceDetails: 'Code and steps',
  asyncCodeLabel: 'The async function',
  machineCodeLabel: 'Its state-machine form',
  /** Presented: the machine drawn as its states, top to bottom. */
  graphLabel: 'The state machine: the call, its states with the await each resumes after, the end',
  graphDone: 'done',
  stackTitle: 'Call stack',
  stackEmpty: 'empty: the thread is free',
  microtask: 'microtask (promise job)',
  /** Presented: the frame under a resumed piece (the notes say it is a promise job). */
  microtaskShort: 'microtask',
  heapTitle: 'Heap object f',
  heapReleased: 'no longer referenced: the garbage collector will take it',
  released: 'released',
  waitingFor: (call: string) => `waiting for ${call}`,
  pauses: (n: number) => `pauses so far: ${n}`,
  resumePoints: (states: string) => `resume points: ${states}`,
  status: {
    call: (call: string) => `${call} is called: the heap object f is created with state = 0 and the arguments.`,
    first: (n: number) => `case ${n} runs inside the call, on the caller’s stack.`,
    goto: (n: number) => `No pause: the loop in step(f) goes straight on to case ${n}.`,
    value: (n: number, v: string) =>
      `The awaited promise is fulfilled with ${v}: a microtask calls step(f), and case ${n} runs with sent = ${v}.`,
    error: (n: number, e: string) =>
      `The awaited promise is rejected with "${e}": a microtask calls step(f), and case ${n} runs with thrown = true.`,
    starts: (call: string) => ` It starts ${call}.`,
    suspend: (n: number, call: string) =>
      `await: step(f) returns, the stack is empty and the thread is free for other work. f waits on the heap with state = ${n} until ${call} settles.`,
    done: (call: string, v: string) => `return: the promise of ${call} is fulfilled with ${v}.`,
    rejected: (call: string, e: string) => `Nobody catches it: the promise of ${call} is rejected with "${e}".`,
  },
  /**
   * Presented to a hall: the same steps in a short line each (the speaker says the rest; what a piece starts and the
   * value it was sent show in the listing and the heap object).
   */
  statusShort: {
    call: (_call: string) => 'f is created on the heap: state = 0.',
    first: (n: number) => `case ${n} runs on the caller’s stack.`,
    goto: (n: number) => `No pause: straight on to case ${n}.`,
    value: (n: number, _v: string) => `The answer came: case ${n} runs.`,
    error: (n: number, _e: string) => `An error came: case ${n} runs, thrown = true.`,
    starts: (_call: string) => '',
    suspend: (_n: number, _call: string) => 'await: step(f) returns.',
    done: (_call: string, v: string) => `return ${v}: the promise is fulfilled, f is garbage.`,
    rejected: (_call: string, e: string) => `Nobody catches it: the promise is rejected with "${e}".`,
  },
};

const ru: typeof en = {
  demoLabel: 'async-функция и её конечный автомат по шагам',
  fn: 'Функция',
  fnNames: {
    load: 'load(id): два await',
    total: 'total(ids): await в цикле',
    safeLoad: 'safeLoad(id): try/catch вокруг await',
  },
  scenario: 'Ожидаемые вызовы',
  scenarios: {
    load: { ok: 'все успешны', fail: 'db.get падает' },
    total: { ok: 'все успешны', fail: 'price(5) падает' },
    safeLoad: { ok: 'все успешны', fail: 'db.get падает' },
  },
  asyncTitle: 'Что пишете вы',
  machineTitle: 'Во что её превращает компилятор (упрощённо)',
  machineShort: 'Конечный автомат',
  codeView: 'Какой код показать',
  sourceDetails: 'Код и шаги',
  asyncCodeLabel: 'async-функция',
  machineCodeLabel: 'Она же в виде конечного автомата',
  graphLabel: 'Конечный автомат: вызов, его состояния с await, после которого каждое продолжается, конец',
  graphDone: 'готово',
  stackTitle: 'Стек вызовов',
  stackEmpty: 'пуст: поток свободен',
  microtask: 'микрозадача (задание промиса)',
  microtaskShort: 'микрозадача',
  heapTitle: 'Объект f в куче',
  heapReleased: 'на него больше никто не ссылается: его заберёт сборщик мусора',
  released: 'освобождён',
  waitingFor: (call: string) => `ждём ${call}`,
  pauses: (n: number) => `пауз пока: ${n}`,
  resumePoints: (states: string) => `точки возобновления: ${states}`,
  status: {
    call: (call: string) => `Вызов ${call}: в куче создаётся объект f с state = 0 и аргументами.`,
    first: (n: number) => `case ${n} выполняется внутри вызова, на стеке вызывающего.`,
    goto: (n: number) => `Паузы нет: цикл в step(f) сразу переходит к case ${n}.`,
    value: (n: number, v: string) =>
      `Ожидаемый промис выполнен со значением ${v}: микрозадача вызывает step(f), и case ${n} выполняется с sent = ${v}.`,
    error: (n: number, e: string) =>
      `Ожидаемый промис отклонён с ошибкой «${e}»: микрозадача вызывает step(f), и case ${n} выполняется с thrown = true.`,
    starts: (call: string) => ` Он запускает ${call}.`,
    suspend: (n: number, call: string) =>
      `await: step(f) возвращает управление, стек пуст, и поток свободен для другой работы. f ждёт в куче с state = ${n}, пока не завершится ${call}.`,
    done: (call: string, v: string) => `return: промис ${call} выполнен со значением ${v}.`,
    rejected: (call: string, e: string) => `Ошибку никто не ловит: промис ${call} отклонён с «${e}».`,
  },
  statusShort: {
    call: (_call: string) => 'В куче создан объект f: state = 0.',
    first: (n: number) => `case ${n} выполняется на стеке вызывающего.`,
    goto: (n: number) => `Паузы нет: сразу к case ${n}.`,
    value: (n: number, _v: string) => `Ответ пришёл: выполняется case ${n}.`,
    error: (n: number, _e: string) => `Пришла ошибка: case ${n}, thrown = true.`,
    starts: (_call: string) => '',
    suspend: (_n: number, _call: string) => 'await: step(f) возвращается.',
    done: (_call: string, v: string) => `return ${v}: промис выполнен, f — мусор.`,
    rejected: (_call: string, e: string) => `Ошибку никто не ловит: промис отклонён с «${e}».`,
  },
};

export const asyncStateMachineText: Bilingual<typeof en> = { en, ru };
