import { formatNumber, ruPlural, type Bilingual } from '../../lib/i18n.ts';
import type { ExampleId } from './micro-macro-examples.ts';
import type { EndCode, Phase, TaskKind, TimingCode } from '../shared/js-sim/index.ts';
import type { CodeText } from './micro-macro-code-text.ts';

/**
 * The words of the examples and their queues. "Your code"'s words (its editor, its runs, what the simulator refuses)
 * are micro-macro-code-text.ts: they load with the simulator, when the person picks Your code.
 */

type P = Record<string, string | number>;
const s = (v: string | number | undefined): string => String(v ?? '');

const en = {
  demoLabel: 'Microtasks and macrotasks: guess the output, then step through the queues',
  example: 'Example',
  examples: {
    seed: 'A … F (the talk’s example)',
    nextTick: 'process.nextTick and a promise',
    ioImmediate: 'setImmediate inside an I/O callback',
    chains: 'Two then chains and an await',
    returnPromise: 'Returning a promise from async',
    timers: 'Nested timers',
    forOfAwait: 'await in for…of against Promise.all',
    classTurns: 'Two loops awaiting an async method',
    anyVsRace: 'Promise.any against Promise.race',
    race: 'setTimeout 0 against setImmediate',
    busyWait: 'Busy wait on a flag',
    custom: 'Your code',
  } satisfies Record<ExampleId | 'custom', string>,
  explanations: {
    seed: 'Synchronously: A, the async function’s body up to await — D, then F. By then the microtask queue holds C, and after it the continuation after await — E: they run in the order they were queued. The timer is a macrotask, so B is last even with a 0 delay.',
    nextTick:
      'Node runs the whole nextTick queue before the promise (microtask) queue, right after the script. The timer is a macrotask and waits for the next turn of the loop.',
    ioImmediate:
      'Inside an I/O callback the loop is in the poll phase; the check phase (setImmediate) comes next, the timers phase only on the next turn. So immediate always runs before a 0 ms timeout here; nextTick runs as soon as the callback returns.',
    chains:
      'Each then queues the next step only when its promise settles: the chains take turns, one step per tick. An await of a plain value also costs one tick, so c1 lines up with the second steps.',
    returnPromise:
      'Returning a value fulfils the async function’s promise at once. Returning a promise costs two more ticks: a job calls its then(), and only its reaction settles the outer promise.',
    timers:
      'Each timer callback is its own macrotask, and the microtasks drain after every one: t1 micro comes before t2. A timer set inside t1 is due later than t2.',
    forOfAwait:
      'An await in for…of starts each job only when the last one is done: 30 ms for A and B. Promise.all waits for jobs started together: D is done first, yet the results keep the array’s order: C, D.',
    classTurns:
      'Each await in step() suspends that loop and returns to its caller, so both loops start before the script ends. Then they take turns, one microtask each: neither blocks the other.',
    anyVsRace:
      'race settles with the first promise to settle, a rejection too. any takes the first fulfilment and skips failures; it rejects only when all of them reject, with an AggregateError of their errors.',
    race: 'At top level the order depends on how long the process took to start: if 1 ms has passed when the loop first checks its timers, the timeout runs first, otherwise the immediate. Node documents it as non-deterministic.',
    busyWait:
      'await gives control back only until the next microtask. Each turn of the loop queues a new microtask, and the loop never takes a macrotask while the microtask queue is not empty: the timer that sets ready never runs.',
    custom: 'Write a snippet in the supported subset and step through it.',
  } satisfies Record<ExampleId | 'custom', string>,
  runtime: 'Runtime',
  runtimes: { browser: 'Browser', node: 'Node.js' },
  runtimeOnlyNode: 'This example uses Node-only APIs.',
  // guessing
  guessTitle: 'Your guess: put the lines in the order they will be printed',
  /** presented: the hall reads the question, the presenter moves the lines */
  guessTitleShort: 'Guess: in what order is it printed?',
  exampleDetails: 'Example and runtime',
  guessHelp: 'Select a line, then move it with the buttons or with Alt+↑ / Alt+↓.',
  guessList: 'Output lines in your order',
  moveUp: (line: string) => `Move “${line}” up`,
  moveDown: (line: string) => `Move “${line}” down`,
  check: 'Check my order',
  skipGuess: 'Skip the guess',
  guessAgain: 'Guess again',
  guessScore: (right: number, total: number) => `${right} of ${total} in the right place.`,
  guessRight: 'right place',
  guessWrong: (actual: string) => `here it prints “${actual}”`,
  guessTimingNote: 'The real order depends on timing here: either order counts.',
  // stepping
  now: (ms: string) => `virtual time ${ms} ms`,
  panels: {
    stack: 'Call stack',
    ticks: 'process.nextTick queue',
    microtasks: 'Microtask queue',
    timers: 'Timers (macrotasks)',
    immediates: 'setImmediate (check phase)',
    io: 'I/O in flight',
    output: 'Output',
  },
  empty: 'empty',
  due: (ms: string) => `due ${ms} ms`,
  phases: {
    script: 'running the script',
    microtasks: 'draining microtasks',
    ticks: 'draining process.nextTick',
    timers: 'timers phase',
    poll: 'poll phase (I/O)',
    check: 'check phase (setImmediate)',
    idle: 'waiting',
    done: 'finished',
  } satisfies Record<Phase, string>,
  kinds: {
    script: 'script',
    callback: 'callback',
    reaction: 'handler',
    passThrough: 'passes on',
    resume: 'after await',
    resumeThrow: 'after await (throws)',
    thenableJob: 'calls then()',
    resolveWith: 'resolve',
    finallyStep: 'finally',
    combinator: 'combinator',
    forAwaitStep: 'for await: next item',
  } satisfies Record<TaskKind, string>,
  event: {
    start: () => 'Nothing has run yet. The script is the first macrotask.',
    statement: (p: P) => `Line ${s(p.line)} runs.`,
    statements: (p: P) =>
      p.jobs
        ? `${formatNumber(Number(p.jobs), 'en')} more queued callbacks ran from line ${s(p.from)} on (a long chain), counted without a step each.`
        : `${formatNumber(Number(p.count), 'en')} more statements ran from line ${s(p.from)} on (a long loop): the simulator counts them without a step each.`,
    taskStart: (p: P) =>
      p.queue === 'microtasks'
        ? `The stack is empty, so the next microtask runs: ${s(p.name)}.`
        : p.queue === 'ticks'
          ? `Node empties the nextTick queue first: ${s(p.name)}.`
          : p.queue === 'timers'
            ? `A timer is due: its callback is the next macrotask: ${s(p.name)}.`
            : p.queue === 'check'
              ? `Check phase: a setImmediate callback runs: ${s(p.name)}.`
              : `Poll phase: an I/O callback runs: ${s(p.name)}.`,
    await: (p: P) =>
      `${s(p.fn)} pauses at await and leaves the stack; its continuation is queued when the awaited promise settles.`,
    sleep: (p: P) => `Nothing is ready: the loop sleeps until ${s(p.to)} ms, when the next timer is due.`,
    waitIo: () =>
      'Nothing else to do: the loop waits in epoll_wait until the I/O operation completes (the file is read in the thread pool).',
    spin: (p: P) =>
      Number(p.period) === 0
        ? `The loop keeps making the same turn: the same setImmediate callback, nothing printed, while the timer ${s(p.timer)} waits for ${s(p.due)} ms. A real turn takes a few microseconds, so hundreds of them pass before the timer is due. The simulator skips them: the clock jumps from ${s(p.from)} to ${s(p.to)} ms.`
        : `The loop keeps making the same turn, one every ${s(p.period)} ms, nothing printed, while the timer ${s(p.timer)} waits for ${s(p.due)} ms. The simulator skips ${s(p.turns)} identical turns: the clock jumps from ${s(p.from)} to ${s(p.to)} ms.`,
    uncaught: (p: P) => `Uncaught exception: ${s(p.reason)}.`,
    end: () => 'End.',
    stopped: () => 'The simulator stopped the program here.',
  },
  /** how an example's run ends (how a run the simulator stopped ends: micro-macro-code-text.ts) */
  ends: { done: 'The program finished: every queue is empty.' },
  timing: {
    timerVsImmediate: (p: P) =>
      `The order depends on timing: a ${s(p.ms)} ms timer (${s(p.timer)}) and setImmediate callbacks are waiting at once. If ${s(p.ms)} ms have passed when the loop checks its timers, the timer runs first; otherwise the check phase (setImmediate) comes first.`,
    timersAcrossTasks: (p: P) =>
      `The order depends on timing: timers set by different callbacks fall due within 5 ms of each other (${s(p.first)} at ${s(p.firstDue)} ms, ${s(p.second)} at ${s(p.secondDue)} ms); how late each callback really ran decides which comes first.`,
    ioVsOther: (p: P) =>
      `The order depends on timing: the I/O callback (${s(p.io)}) races with ${s(p.other ?? p.timer ?? 'other callbacks')}; reading a file takes several trips through the thread pool.`,
    ioVsIo: (p: P) =>
      `The order depends on timing: ${s(p.count)} I/O operations are in flight and may complete in any order.`,
    clockTicks: (p: P) =>
      `The order depends on timing: Node reads the clock at each setTimeout call, and a script takes time (printing, above all). If the clock moves on between setting ${s(p.first)} and ${s(p.second)}, the second one falls due that much later: after the first, or not yet when the loop runs the first, so that other callbacks run between them.`,
    loopSpin: (p: P) =>
      `The output depends on timing: the loop spins while the timer ${s(p.timer)} waits for ${s(p.due)} ms, and what it prints depends on how many turns it makes before then — a turn takes a few microseconds, how many depends on the machine.`,
  } satisfies Record<TimingCode, (p: P) => string>,
  timingHarmless: 'Some timers race, but every plausible timing prints the same lines.',
  timingAlternative: (lines: string) => `Another possible output: ${lines}`,
  toEnd: 'To the end',
  errorTitle: 'The simulator cannot run this code',
  notRunYet: 'Press “Run in the simulator”.',
  guessFirst: 'Guess the order first — or skip the guess.',
  // a long run or listing, shown in part
  listingWindow: (first: string, last: string, total: string) =>
    `Lines ${first}–${last} of ${total}: a long listing is shown around the line that runs.`,
  more: (n: string) => `… and ${n} more`,
};

const ru: typeof en = {
  demoLabel: 'Микрозадачи и макрозадачи: угадайте вывод, затем пройдите очереди по шагам',
  example: 'Пример',
  examples: {
    seed: 'A … F (пример из доклада)',
    nextTick: 'process.nextTick и промис',
    ioImmediate: 'setImmediate в колбэке ввода-вывода',
    chains: 'Две цепочки then и await',
    returnPromise: 'async возвращает промис',
    timers: 'Вложенные таймеры',
    forOfAwait: 'await в for…of против Promise.all',
    classTurns: 'Два цикла ждут async-метод',
    anyVsRace: 'Promise.any против Promise.race',
    race: 'setTimeout 0 против setImmediate',
    busyWait: 'Активное ожидание флага',
    custom: 'Свой код',
  },
  explanations: {
    seed: 'Синхронно: A, тело async-функции до await — D, затем F. В очереди микрозадач к этому моменту C, а за ней продолжение после await — E: они выполняются в порядке постановки. Таймер — макрозадача, поэтому B последний, хотя задержка 0.',
    nextTick:
      'Node сразу после скрипта выполняет всю очередь nextTick, и только потом очередь промисов (микрозадач). Таймер — макрозадача и ждёт следующего оборота цикла.',
    ioImmediate:
      'В колбэке ввода-вывода цикл находится в фазе poll; следующей идёт фаза check (setImmediate), а таймеры — только на следующем обороте. Поэтому здесь immediate всегда раньше таймаута 0 мс; nextTick выполняется, как только колбэк вернул управление.',
    chains:
      'Каждый then ставит следующий шаг, только когда его промис выполнен: цепочки идут по очереди, по шагу за такт. await обычного значения тоже стоит один такт, поэтому c1 встаёт рядом со вторыми шагами.',
    returnPromise:
      'Возврат значения сразу выполняет промис async-функции. Возврат промиса стоит ещё два такта: задача вызывает его then(), и только его реакция выполняет внешний промис.',
    timers:
      'Каждый колбэк таймера — отдельная макрозадача, и после каждой выполняются все микрозадачи: t1 micro раньше t2. Таймер, поставленный внутри t1, срабатывает позже t2.',
    forOfAwait:
      'await в for…of запускает работу, только когда готова предыдущая: 30 мс на A и B. Promise.all ждёт работы, запущенные вместе: D готова первой, но результаты идут в порядке массива: C, D.',
    classTurns:
      'Каждый await в step() приостанавливает свой цикл и возвращает управление, поэтому оба цикла стартуют до конца скрипта. Дальше они чередуются по микрозадаче: ни один не блокирует другой.',
    anyVsRace:
      'race завершается с первым завершившимся промисом, даже отклонённым. any берёт первый успех и пропускает отказы; он отклоняется, только если отклонены все, — с AggregateError из их ошибок.',
    race: 'На верхнем уровне порядок зависит от того, сколько длился старт процесса: если к первой проверке таймеров прошла 1 мс, первым будет таймаут, иначе — immediate. В документации Node этот порядок назван недетерминированным.',
    busyWait:
      'await отдаёт управление только до следующей микрозадачи. Каждый оборот ставит новую микрозадачу, а цикл событий не берёт макрозадачи, пока очередь микрозадач не пуста: таймер, который выставит ready, никогда не запустится.',
    custom: 'Напишите фрагмент на поддерживаемом подмножестве и пройдите его по шагам.',
  },
  runtime: 'Среда',
  runtimes: { browser: 'Браузер', node: 'Node.js' },
  runtimeOnlyNode: 'Этот пример использует API, которые есть только в Node.',
  guessTitle: 'Ваша догадка: расставьте строки в том порядке, в каком они будут выведены',
  guessTitleShort: 'Догадка: в каком порядке выведется?',
  exampleDetails: 'Пример и среда',
  guessHelp: 'Выберите строку и двигайте её кнопками или клавишами Alt+↑ / Alt+↓.',
  guessList: 'Строки вывода в вашем порядке',
  moveUp: (line: string) => `Поднять «${line}»`,
  moveDown: (line: string) => `Опустить «${line}»`,
  check: 'Проверить порядок',
  skipGuess: 'Пропустить догадку',
  guessAgain: 'Угадать снова',
  guessScore: (right: number, total: number) => `На своём месте: ${right} из ${total}.`,
  guessRight: 'на месте',
  guessWrong: (actual: string) => `здесь выводится «${actual}»`,
  guessTimingNote: 'Здесь настоящий порядок зависит от времени: засчитывается любой.',
  now: (ms: string) => `виртуальное время ${ms} мс`,
  panels: {
    stack: 'Стек вызовов',
    ticks: 'Очередь process.nextTick',
    microtasks: 'Очередь микрозадач',
    timers: 'Таймеры (макрозадачи)',
    immediates: 'setImmediate (фаза check)',
    io: 'Ввод-вывод в процессе',
    output: 'Вывод',
  },
  empty: 'пусто',
  due: (ms: string) => `срок ${ms} мс`,
  phases: {
    script: 'выполняется скрипт',
    microtasks: 'выполняются микрозадачи',
    ticks: 'выполняется process.nextTick',
    timers: 'фаза таймеров',
    poll: 'фаза poll (ввод-вывод)',
    check: 'фаза check (setImmediate)',
    idle: 'ожидание',
    done: 'завершено',
  },
  kinds: {
    script: 'скрипт',
    callback: 'колбэк',
    reaction: 'обработчик',
    passThrough: 'передаёт дальше',
    resume: 'после await',
    resumeThrow: 'после await (исключение)',
    thenableJob: 'вызывает then()',
    resolveWith: 'resolve',
    finallyStep: 'finally',
    combinator: 'комбинатор',
    forAwaitStep: 'for await: следующий элемент',
  },
  event: {
    start: () => 'Ещё ничего не выполнено. Скрипт — первая макрозадача.',
    statement: (p: P) => `Выполняется строка ${s(p.line)}.`,
    statements: (p: P) =>
      p.jobs
        ? `Ещё ${formatNumber(Number(p.jobs), 'ru')} ${ruPlural(Number(p.jobs), 'колбэк', 'колбэка', 'колбэков')} из очереди со строки ${s(p.from)} (долгая цепочка), без шага на каждый.`
        : `Ещё ${formatNumber(Number(p.count), 'ru')} ${ruPlural(Number(p.count), 'инструкция', 'инструкции', 'инструкций')} со строки ${s(p.from)} (долгий цикл): симулятор считает их, не показывая каждую шагом.`,
    taskStart: (p: P) =>
      p.queue === 'microtasks'
        ? `Стек пуст, поэтому выполняется следующая микрозадача: ${s(p.name)}.`
        : p.queue === 'ticks'
          ? `Node сначала опустошает очередь nextTick: ${s(p.name)}.`
          : p.queue === 'timers'
            ? `Таймер сработал: его колбэк — следующая макрозадача: ${s(p.name)}.`
            : p.queue === 'check'
              ? `Фаза check: выполняется колбэк setImmediate: ${s(p.name)}.`
              : `Фаза poll: выполняется колбэк ввода-вывода: ${s(p.name)}.`,
    await: (p: P) =>
      `${s(p.fn)} останавливается на await и уходит со стека; продолжение встанет в очередь, когда ожидаемый промис выполнится.`,
    sleep: (p: P) => `Ничего не готово: цикл спит до ${s(p.to)} мс, когда сработает ближайший таймер.`,
    waitIo: () =>
      'Больше делать нечего: цикл ждёт в epoll_wait, пока завершится операция ввода-вывода (файл читается в пуле потоков).',
    spin: (p: P) =>
      Number(p.period) === 0
        ? `Цикл делает один и тот же оборот: тот же колбэк setImmediate, ничего не выводится, а таймер ${s(p.timer)} ждёт ${s(p.due)} мс. Настоящий оборот длится несколько микросекунд, так что до срока таймера их пройдут сотни. Симулятор их пропускает: часы прыгают с ${s(p.from)} на ${s(p.to)} мс.`
        : `Цикл делает один и тот же оборот раз в ${s(p.period)} мс, ничего не выводится, а таймер ${s(p.timer)} ждёт ${s(p.due)} мс. Симулятор пропускает ${s(p.turns)} одинаковых оборотов: часы прыгают с ${s(p.from)} на ${s(p.to)} мс.`,
    uncaught: (p: P) => `Неперехваченное исключение: ${s(p.reason)}.`,
    end: () => 'Конец.',
    stopped: () => 'Здесь симулятор остановил программу.',
  },
  ends: { done: 'Программа завершилась: все очереди пусты.' },
  timing: {
    timerVsImmediate: (p: P) =>
      `Порядок зависит от времени: одновременно ждут таймер на ${s(p.ms)} мс (${s(p.timer)}) и колбэки setImmediate. Если к проверке таймеров прошло ${s(p.ms)} мс, первым будет таймер, иначе — фаза check (setImmediate).`,
    timersAcrossTasks: (p: P) =>
      `Порядок зависит от времени: таймеры из разных колбэков срабатывают с разницей не больше 5 мс (${s(p.first)} в ${s(p.firstDue)} мс, ${s(p.second)} в ${s(p.secondDue)} мс); всё решает, насколько опоздал каждый колбэк.`,
    ioVsOther: (p: P) =>
      `Порядок зависит от времени: колбэк ввода-вывода (${s(p.io)}) соревнуется с ${s(p.other ?? p.timer ?? 'другими колбэками')}; чтение файла — несколько походов в пул потоков.`,
    ioVsIo: (p: P) =>
      `Порядок зависит от времени: в процессе ${s(p.count)} операции ввода-вывода, они могут завершиться в любом порядке.`,
    clockTicks: (p: P) =>
      `Порядок зависит от времени: Node читает часы при каждом вызове setTimeout, а скрипт выполняется не мгновенно (особенно печать). Если между ${s(p.first)} и ${s(p.second)} часы уйдут вперёд, второй таймер сработает настолько же позже: после первого или ещё не будет готов, когда цикл выполнит первый, и между ними успеют выполниться другие колбэки.`,
    loopSpin: (p: P) =>
      `Вывод зависит от времени: цикл крутится, пока таймер ${s(p.timer)} ждёт ${s(p.due)} мс, и что будет напечатано, зависит от того, сколько оборотов он успеет сделать, — оборот длится несколько микросекунд, сколько их будет, зависит от машины.`,
  },
  timingHarmless: 'Некоторые таймеры соревнуются, но при любом правдоподобном времени вывод одинаков.',
  timingAlternative: (lines: string) => `Возможен и другой вывод: ${lines}`,
  toEnd: 'В конец',
  errorTitle: 'Симулятор не может выполнить этот код',
  notRunYet: 'Нажмите «Запустить в симуляторе».',
  guessFirst: 'Сначала угадайте порядок — или пропустите догадку.',
  listingWindow: (first: string, last: string, total: string) =>
    `Строки ${first}–${last} из ${total}: длинный код показан вокруг выполняемой строки.`,
  more: (n: string) => `… и ещё ${n}`,
};

export const microMacroText: Bilingual<typeof en> = { en, ru };
export type MicroMacroText = typeof en;

/**
 * What the snapshot line says the loop is doing: its phase, except at the end of a run the simulator stopped
 * (starvation, a task that never returns, too much work), which did not finish. Only a run the simulator made stops
 * (every example's recording finishes), so those words come with the simulator (`sim`, micro-macro-code-text.ts).
 */
export function phaseLabel(t: MicroMacroText, phase: Phase, end: EndCode, sim?: CodeText): string {
  return phase === 'done' && end !== 'done' ? (sim?.stoppedPhase ?? '') : t.phases[phase];
}

/** The sentence for how a run ended (a stopped run's in `sim`'s words, loaded with the simulator that made it). */
export function endMessage(t: MicroMacroText, code: EndCode, params: P, sim?: CodeText): string {
  return code === 'done' ? t.ends.done : (sim?.ends[code](params) ?? '');
}
