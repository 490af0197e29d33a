import { formatNumber, ruPlural, type Bilingual } from '../../lib/i18n.ts';
import type { ExampleId } from './micro-macro-examples.ts';
import type { EndCode, Phase, SimError, SimErrorCode, TaskKind, TimingCode } from '../shared/js-sim/index.ts';

type P = Record<string, string | number>;
const s = (v: string | number | undefined): string => String(v ?? '');
/** "a function", "an array", "an Error" */
const an = (v: string | undefined): string => `${/^[aeiouAEIOU]/.test(s(v)) ? 'an' : 'a'} ${s(v)}`;

/** what console.log cannot print, by the name shared/js-sim/inspect.ts refuses it with: [what, why and what instead] */
const logRefusalsEn: Record<string, [string, string]> = {
  'nested Error': [
    'an Error inside an array or object in a browser',
    'the console previews its stack cut to 100 characters. Log the error by itself or err.message',
  ],
  AggregateError: ['an AggregateError', 'Node prints its [errors] as well. Log err.errors or err.message'],
  function: [
    'a function this way',
    'the simulator prints a function by itself or, in Node, inside a value. Log its name',
  ],
  'nested function': [
    'a function inside an array or object',
    'the browser’s console shows it as ƒ, which the simulator does not check. Log it by itself',
  ],
  'long array': [
    'an array of more than 6 items with wide characters (emoji, CJK)',
    'Node measures their width to lay the items out in columns. Log arr.join(", ")',
  ],
  'long string': ['a string this long inside an array or object', 'the browser’s console cuts it short'],
  string: ['a string with control characters inside an array or object', 'log it on its own'],
  '%j': ['the format %j', 'use %O, or JSON.stringify(…) with %s'],
  '%%': ['the format %% in a browser', 'how the console prints it is not modelled. Write a single %'],
  '%o': ['%o of a nested value, a function, a promise or an instance', 'Node prints its hidden properties. Use %O'],
  '%o/%O primitive': ['%o or %O of a primitive value', 'use %s, %d or %f'],
  '%s toString': ['%s of an object with its own toString', 'the simulator does not call it. Log the string'],
};
const logRefusalsRu: typeof logRefusalsEn = {
  'nested Error': [
    'объекта Error внутри массива или объекта в браузере',
    'консоль показывает его стек, обрезанный до 100 символов. Выводите ошибку отдельно или err.message',
  ],
  AggregateError: ['объекта AggregateError', 'Node печатает ещё и его [errors]. Выводите err.errors или err.message'],
  function: [
    'функции в таком виде',
    'симулятор печатает функцию отдельно или, в Node, внутри значения. Выводите её имя',
  ],
  'nested function': [
    'функции внутри массива или объекта',
    'консоль браузера показывает её как ƒ, а это симулятор не проверяет. Выводите её отдельно',
  ],
  'long array': [
    'массива длиннее 6 элементов с широкими символами (эмодзи, иероглифы)',
    'Node измеряет их ширину, раскладывая элементы по столбцам. Выводите arr.join(", ")',
  ],
  'long string': ['такой длинной строки внутри массива или объекта', 'консоль браузера её обрезает'],
  string: ['строки с управляющими символами внутри массива или объекта', 'выводите её отдельно'],
  '%j': ['с форматом %j', 'используйте %O или JSON.stringify(…) с %s'],
  '%%': ['с форматом %% в браузере', 'как его печатает консоль, не моделируется. Напишите один %'],
  '%o': [
    'с форматом %o для вложенного значения, функции, промиса или экземпляра класса',
    'Node печатает его скрытые свойства. Используйте %O',
  ],
  '%o/%O primitive': ['с форматом %o или %O для примитива', 'используйте %s, %d или %f'],
  '%s toString': ['с форматом %s для объекта со своим toString', 'симулятор его не вызывает. Выводите строку'],
};

/** names of constructs outside the subset, as refused by shared/js-sim/parse.ts */
const constructsEn: Record<string, string> = {
  class: 'static blocks in classes',
  extends: 'inheritance (`extends`) from anything but a class or Error:',
  forIn: '`for…in` loops',
  forOf: '`for…of` loops',
  switch: '`switch`',
  label: 'labels',
  with: '`with`',
  debugger: '`debugger`',
  module: '`import`/`export` (the simulator runs a script: use require)',
  dynamicImport: '`import()`',
  yieldStar: 'delegating `yield*`',
  taggedTemplate: 'tagged templates',
  optionalChaining: 'optional chaining `?.`',
  spread: 'spread `...`',
  rest: 'rest parameters `...`',
  destructuring: 'destructuring',
  defaultParam: 'default parameters',
  metaProperty: '`new.target` / `import.meta`',
  accessor: 'getters and setters',
  computedKey: 'computed property keys',
  regex: 'regular expressions',
  bigint: 'BigInt',
  holes: 'array holes',
  operator: 'the operator',
  using: '`using` declarations',
  topLevelAwait:
    '`await` outside a function (a CommonJS file or a classic <script> has none: put it in an async function)',
  other: 'this construct',
};
const constructsRu: typeof constructsEn = {
  class: 'статические блоки в классах',
  extends: 'наследование (`extends`) не от класса и не от Error:',
  forIn: 'циклы `for…in`',
  forOf: 'циклы `for…of`',
  switch: '`switch`',
  label: 'метки',
  with: '`with`',
  debugger: '`debugger`',
  module: '`import`/`export` (симулятор выполняет скрипт: используйте require)',
  dynamicImport: '`import()`',
  yieldStar: 'делегирующий `yield*`',
  taggedTemplate: 'теговые шаблоны',
  optionalChaining: 'опциональная цепочка `?.`',
  spread: 'расширение `...`',
  rest: 'остаточные параметры `...`',
  destructuring: 'деструктуризация',
  defaultParam: 'параметры по умолчанию',
  metaProperty: '`new.target` / `import.meta`',
  accessor: 'геттеры и сеттеры',
  computedKey: 'вычисляемые ключи свойств',
  regex: 'регулярные выражения',
  bigint: 'BigInt',
  holes: 'дыры в массивах',
  operator: 'оператор',
  using: 'объявления `using`',
  topLevelAwait: '`await` вне функции (в файле CommonJS и в обычном <script> его нет: поместите его в async-функцию)',
  other: 'эта конструкция',
};

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
  guessTitleShort: 'Your guess: in what order is it printed?',
  exampleDetails: 'Example and runtime',
  guessHelp: 'Select a line, then move it with the buttons or with Alt+↑ / Alt+↓.',
  guessList: 'Output lines in your order',
  moveUp: (line: string) => `Move “${line}” up`,
  moveDown: (line: string) => `Move “${line}” down`,
  up: 'Up',
  down: 'Down',
  check: 'Check my order',
  skipGuess: 'Skip the guess',
  guessAgain: 'Guess again',
  guessScore: (right: number, total: number) => `${right} of ${total} in the right place.`,
  guessRight: 'right place',
  guessWrong: (actual: string) => `here it prints “${actual}”`,
  guessTimingNote: 'The real order depends on timing here: either order counts.',
  nothingToGuess: 'This program prints fewer than two lines: nothing to order. Step through it.',
  // stepping
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
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
  /** the last snapshot of a run the simulator stopped (starvation, a loop, too long): not finished */
  stoppedPhase: 'stopped, not finished',
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
  queueNames: {
    microtasks: 'microtask',
    ticks: 'nextTick',
    timers: 'timer',
    check: 'setImmediate',
    poll: 'I/O',
  } as Record<string, string>,
  event: {
    start: () => 'Nothing has run yet. The script is the first macrotask.',
    statement: (p: P) => `Line ${s(p.line)} runs.`,
    statements: (p: P) =>
      `${formatNumber(Number(p.count), 'en')} more statements ran from line ${s(p.from)} on (a long loop): the simulator counts them without a step each.`,
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
  ends: {
    done: 'The program finished: every queue is empty.',
    starvedMicrotasks: (p: P) =>
      `Stopped after ${s(p.steps)} steps: microtask starvation. Every microtask queues another one, so the queue never empties and the loop never gets to the ${s(p.pending)} waiting macrotask(s) — timers and I/O never run. In a server, no request would be served. Yield for real: await new Promise(r => setImmediate(r)) or setTimeout.`,
    starvedTicks: (p: P) =>
      `Stopped after ${s(p.steps)} steps: process.nextTick keeps queueing itself. Node empties the nextTick queue before anything else, so the ${s(p.pending)} waiting macrotask(s) never run. Use setImmediate to give the loop a turn.`,
    infiniteLoop: (p: P) =>
      `Stopped after ${formatNumber(Number(p.ops), 'en')} operations (the simulator’s work limit): one task${p.line ? ` (at line ${s(p.line)})` : ''} did not finish within it. Either it never returns (an endless loop) or it needs more work than the simulator follows; the simulator cannot tell which. While a task runs, the loop stands: no microtask, timer or I/O callback can run.`,
    tooLong: (p: P) =>
      `Stopped after ${s(p.steps)} steps (virtual time ${s(p.now)} ms): the program keeps scheduling new work.`,
    crashUncaught: (p: P) => `Node ends the process: uncaught exception ${s(p.reason)}.`,
    crashUnhandledRejection: (p: P) =>
      `Node ends the process: a rejected promise had no handler when the microtasks drained (${s(p.reason)}).`,
  } satisfies Record<EndCode, string | ((p: P) => string)>,
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
  errors: {
    syntax: (e: SimError) => `Line ${e.line}: syntax error: ${s(e.detail)}.`,
    unsupported: (e: SimError, construct: string) =>
      `Line ${e.line}: the simulator’s subset does not include ${construct}${e.name ? ` \`${e.name}\`` : ''}.`,
    unknownName: (e: SimError) =>
      `Line ${e.line}: \`${s(e.name)}\` is not declared and is not a global the simulator knows.`,
    nodeOnly: (e: SimError) => `Line ${e.line}: \`${s(e.name)}\` exists only in Node. Switch the runtime to Node.js.`,
    unsupportedNew: (e: SimError) =>
      `Line ${e.line}: \`new ${s(e.name)}\` is not supported; only Promise, Map, Set, the Error types, AbortController and the snippet’s own classes.`,
    unsupportedProperty: (e: SimError) => `Line ${e.line}: the property or method \`${s(e.name)}\` is not modelled.`,
    unsupportedLog: (e: SimError) =>
      `Line ${e.line}: console.log of ${logRefusalsEn[s(e.name)]?.[0] ?? an(e.name)} is not modelled${logRefusalsEn[s(e.name)] ? `: ${logRefusalsEn[s(e.name)]![1]}` : ''}.`,
    unsupportedValue: (e: SimError) => `Line ${e.line}: ${an(e.name)} cannot be used here in the simulator.`,
    unsupportedModule: (e: SimError) =>
      `Line ${e.line}: require('${s(e.name)}') is not supported; only require('fs') for readFile.`,
    unsupportedThis: (e: SimError) =>
      `Line ${e.line}: \`this\` is supported only inside a method called on its object.`,
    tooDeep: (e: SimError) => `Line ${e.line}: the recursion is deeper than the simulator follows.`,
  } satisfies Record<SimErrorCode, (e: SimError, construct: string) => string>,
  constructs: constructsEn,
  // "your code"
  editorLabel: 'Your code (JavaScript subset)',
  run: 'Run in the simulator',
  subsetHelp:
    'Supported: console.log/info/warn/error (strings, numbers, arrays, plain objects, promises, class instances, errors), let/const/var, destructuring, spread and rest, if, for, for…of, while, functions and arrows, classes (extends of a class or Error, super, private #fields, getters and setters), generators and async generators, for await, Symbol.iterator/asyncIterator, AbortController and AbortSignal.timeout, setTimeout/setInterval, setImmediate, process.nextTick and require("timers/promises") (Node), queueMicrotask, Promise (resolve, reject, new, then, catch, finally, all, allSettled, race, any; withResolvers in the browser), AggregateError, async/await, try/catch, Date.now and performance.now (a virtual clock); the everyday built-ins of arrays, strings, numbers, Math, Object, JSON, Map and Set, call/apply/bind, ?., ?? and ??=, labelled break and continue.',
  toEnd: 'To the end',
  errorTitle: 'The simulator cannot run this code',
  notRunYet: 'Press “Run in the simulator”.',
  guessFirst: 'Guess the order first — or skip the guess.',
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
  guessTitleShort: 'Ваша догадка: в каком порядке выведется?',
  exampleDetails: 'Пример и среда',
  guessHelp: 'Выберите строку и двигайте её кнопками или клавишами Alt+↑ / Alt+↓.',
  guessList: 'Строки вывода в вашем порядке',
  moveUp: (line: string) => `Поднять «${line}»`,
  moveDown: (line: string) => `Опустить «${line}»`,
  up: 'Выше',
  down: 'Ниже',
  check: 'Проверить порядок',
  skipGuess: 'Пропустить догадку',
  guessAgain: 'Угадать снова',
  guessScore: (right: number, total: number) => `На своём месте: ${right} из ${total}.`,
  guessRight: 'на месте',
  guessWrong: (actual: string) => `здесь выводится «${actual}»`,
  guessTimingNote: 'Здесь настоящий порядок зависит от времени: засчитывается любой.',
  nothingToGuess: 'Программа выводит меньше двух строк: упорядочивать нечего. Пройдите её по шагам.',
  stepOf: (n: number, total: number) => `Шаг ${n} из ${total}`,
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
  stoppedPhase: 'остановлено, не завершено',
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
  queueNames: {
    microtasks: 'микрозадача',
    ticks: 'nextTick',
    timers: 'таймер',
    check: 'setImmediate',
    poll: 'ввод-вывод',
  },
  event: {
    start: () => 'Ещё ничего не выполнено. Скрипт — первая макрозадача.',
    statement: (p: P) => `Выполняется строка ${s(p.line)}.`,
    statements: (p: P) =>
      `Ещё ${formatNumber(Number(p.count), 'ru')} ${ruPlural(Number(p.count), 'инструкция', 'инструкции', 'инструкций')} со строки ${s(p.from)} (долгий цикл): симулятор считает их, не показывая каждую шагом.`,
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
  ends: {
    done: 'Программа завершилась: все очереди пусты.',
    starvedMicrotasks: (p: P) =>
      `Остановлено после ${s(p.steps)} шагов: голодание. Каждая микрозадача ставит новую, очередь никогда не пустеет, и цикл не доходит до ждущих макрозадач (${s(p.pending)}) — таймеры и ввод-вывод не выполняются. Сервер не обслужил бы ни одного запроса. Отдать управление по-настоящему — await new Promise(r => setImmediate(r)) или setTimeout.`,
    starvedTicks: (p: P) =>
      `Остановлено после ${s(p.steps)} шагов: process.nextTick ставит сам себя снова и снова. Node опустошает очередь nextTick раньше всего остального, поэтому ждущие макрозадачи (${s(p.pending)}) не выполняются. Дайте циклу оборот через setImmediate.`,
    infiniteLoop: (p: P) =>
      `Остановлено после ${formatNumber(Number(p.ops), 'ru')} ${ruPlural(Number(p.ops), 'операции', 'операций', 'операций')} (предел работы симулятора): одна задача${p.line ? ` (на строке ${s(p.line)})` : ''} не завершилась в этих пределах. Либо она не возвращается никогда (бесконечный цикл), либо ей нужно больше работы, чем прослеживает симулятор; различить это он не может. Пока задача выполняется, цикл стоит: ни микрозадачи, ни таймеры, ни ввод-вывод не выполняются.`,
    tooLong: (p: P) =>
      `Остановлено после ${s(p.steps)} шагов (виртуальное время ${s(p.now)} мс): программа всё время ставит новую работу.`,
    crashUncaught: (p: P) => `Node завершает процесс: неперехваченное исключение ${s(p.reason)}.`,
    crashUnhandledRejection: (p: P) =>
      `Node завершает процесс: у отклонённого промиса не было обработчика, когда очередь микрозадач опустела (${s(p.reason)}).`,
  },
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
  errors: {
    syntax: (e: SimError) => `Строка ${e.line}: синтаксическая ошибка: ${s(e.detail)}.`,
    unsupported: (e: SimError, construct: string) =>
      `Строка ${e.line}: ${construct}${e.name ? ` \`${e.name}\`` : ''} — вне подмножества, которое понимает симулятор.`,
    unknownName: (e: SimError) =>
      `Строка ${e.line}: \`${s(e.name)}\` не объявлено и не входит в известные симулятору глобальные имена.`,
    nodeOnly: (e: SimError) => `Строка ${e.line}: \`${s(e.name)}\` есть только в Node. Переключите среду на Node.js.`,
    unsupportedNew: (e: SimError) =>
      `Строка ${e.line}: \`new ${s(e.name)}\` не поддерживается; только Promise, Map, Set, типы Error, AbortController и классы самого фрагмента.`,
    unsupportedProperty: (e: SimError) => `Строка ${e.line}: свойство или метод \`${s(e.name)}\` не моделируется.`,
    unsupportedLog: (e: SimError) =>
      `Строка ${e.line}: console.log ${logRefusalsRu[s(e.name)]?.[0] ?? `значения типа ${s(e.name)}`} не моделируется${logRefusalsRu[s(e.name)] ? `: ${logRefusalsRu[s(e.name)]![1]}` : ''}.`,
    unsupportedValue: (e: SimError) =>
      `Строка ${e.line}: значение типа ${s(e.name)} здесь нельзя использовать в симуляторе.`,
    unsupportedModule: (e: SimError) =>
      `Строка ${e.line}: require('${s(e.name)}') не поддерживается; только require('fs') для readFile.`,
    unsupportedThis: (e: SimError) =>
      `Строка ${e.line}: \`this\` поддерживается только в методе, вызванном у своего объекта.`,
    tooDeep: (e: SimError) => `Строка ${e.line}: рекурсия глубже, чем симулятор прослеживает.`,
  },
  constructs: constructsRu,
  editorLabel: 'Свой код (подмножество JavaScript)',
  run: 'Запустить в симуляторе',
  subsetHelp:
    'Поддерживается: console.log/info/warn/error (строки, числа, массивы, простые объекты, промисы, экземпляры классов, ошибки), let/const/var, деструктуризация, расширение и остаточные параметры, if, for, for…of, while, функции и стрелки, классы (extends от класса или Error, super, приватные #поля, геттеры и сеттеры), генераторы и асинхронные генераторы, for await, Symbol.iterator/asyncIterator, AbortController и AbortSignal.timeout, setTimeout/setInterval, setImmediate, process.nextTick и require("timers/promises") (Node), queueMicrotask, Promise (resolve, reject, new, then, catch, finally, all, allSettled, race, any; withResolvers в браузере), AggregateError, async/await, try/catch, Date.now и performance.now (виртуальные часы); обычные встроенные методы массивов, строк, чисел, Math, Object, JSON, Map и Set, call/apply/bind, ?., ?? и ??=, break и continue с меткой.',
  toEnd: 'В конец',
  errorTitle: 'Симулятор не может выполнить этот код',
  notRunYet: 'Нажмите «Запустить в симуляторе».',
  guessFirst: 'Сначала угадайте порядок — или пропустите догадку.',
};

export const microMacroText: Bilingual<typeof en> = { en, ru };
export type MicroMacroText = typeof en;

/** The sentence for a simulator error, in the given language's table. */
export function errorMessage(t: MicroMacroText, e: SimError): string {
  const construct = t.constructs[e.construct ?? 'other'] ?? t.constructs.other ?? '';
  return t.errors[e.code](e, construct);
}

/**
 * What the snapshot line says the loop is doing: its phase, except at the end of a run the simulator stopped
 * (starvation, a task that never returns, too much work), which did not finish.
 */
export function phaseLabel(t: MicroMacroText, phase: Phase, end: EndCode): string {
  return phase === 'done' && end !== 'done' ? t.stoppedPhase : t.phases[phase];
}

/** The sentence for how a run ended. */
export function endMessage(t: MicroMacroText, code: EndCode, params: P): string {
  const m = t.ends[code];
  return typeof m === 'string' ? m : m(params);
}

// --------------------------------------------------------------------------------------------------------------
// Running the person's code off the page's thread (shared/sim-runner): its states and messages.

const runnerEn = {
  running: 'Simulating…',
  runningNote: 'The simulator runs beside the page: the slide stays usable, and you can stop it.',
  runningOnPage:
    'Simulating on this page’s own thread, in short slices (this page allows no worker): the slide stays usable, and you can stop it.',
  cancel: 'Stop',
  cancelled: 'Stopped. Change the code or run it again.',
  nothingToRun: 'Nothing to run: the code is empty or only comments. Write some JavaScript first.',
  timeout: (seconds: string) =>
    `The simulation took longer than ${seconds} s and was stopped: the code makes more work than the simulator follows in that time (a long loop, thousands of timers or reads). Make the loop shorter or queue fewer callbacks, then run it again.`,
  tooLarge: (mb: string, max: string) =>
    `The recording of this run is too large to show: about ${mb} MB of steps (the slide keeps up to ${max} MB). Queue fewer callbacks (each step records every queue), then run it again.`,
  tooLong: (size: string, max: string) =>
    `This code is ${size}; Your code takes up to ${max}. The simulator is for snippets of a few dozen lines: paste a shorter one.`,
  overrun: (ms: string, ops: number, line: string) =>
    `Stopped: this page allows no worker, so the simulator runs on the page’s own thread, in slices between your code’s tasks, and one task${line ? ` (at line ${line})` : ''} ran longer than ${ms} ms at once (${formatNumber(ops, 'en')} operations) — a task cannot be split. Make the loop shorter, or open the slide in the deck itself, where the simulator runs beside the page.`,
  crashed: (detail: string) => `The simulator itself failed on this code (${detail}).`,
  failedTitle: 'No result',
  listingWindow: (first: string, last: string, total: string) =>
    `Lines ${first}–${last} of ${total}: a long listing is shown around the line that runs.`,
  more: (n: string) => `… and ${n} more`,
};

const runnerRu: typeof runnerEn = {
  running: 'Симуляция…',
  runningNote: 'Симулятор работает рядом со страницей: слайдом можно пользоваться, а симуляцию — остановить.',
  runningOnPage:
    'Симуляция идёт в потоке самой страницы, короткими порциями (эта страница не разрешает worker): слайдом можно пользоваться, а симуляцию — остановить.',
  cancel: 'Остановить',
  cancelled: 'Остановлено. Измените код или запустите снова.',
  nothingToRun: 'Нечего запускать: код пуст или состоит только из комментариев. Сначала напишите JavaScript.',
  timeout: (seconds: string) =>
    `Симуляция заняла больше ${seconds} с и была остановлена: код создаёт больше работы, чем симулятор успевает проследить за это время (длинный цикл, тысячи таймеров или чтений). Сократите цикл или ставьте меньше колбэков в очередь и запустите снова.`,
  tooLarge: (mb: string, max: string) =>
    `Запись этого запуска слишком велика, чтобы её показать: около ${mb} МБ шагов (слайд хранит до ${max} МБ). Ставьте в очередь меньше колбэков (каждый шаг записывает все очереди) и запустите снова.`,
  tooLong: (size: string, max: string) =>
    `Этот код занимает ${size}; «Свой код» принимает до ${max}. Симулятор рассчитан на фрагменты в несколько десятков строк: вставьте покороче.`,
  overrun: (ms: string, ops: number, line: string) =>
    `Остановлено: эта страница не разрешает worker, поэтому симулятор работает в потоке самой страницы, порциями между задачами вашего кода, а одна задача${line ? ` (на строке ${line})` : ''} шла дольше ${ms} мс подряд (${formatNumber(ops, 'ru')} ${ruPlural(ops, 'операция', 'операции', 'операций')}) — задачу разделить нельзя. Сократите цикл или откройте слайд в самой презентации: там симулятор работает рядом со страницей.`,
  crashed: (detail: string) => `Сам симулятор не справился с этим кодом (${detail}).`,
  failedTitle: 'Результата нет',
  listingWindow: (first: string, last: string, total: string) =>
    `Строки ${first}–${last} из ${total}: длинный код показан вокруг выполняемой строки.`,
  more: (n: string) => `… и ещё ${n}`,
};

export const runnerText: Bilingual<typeof runnerEn> = { en: runnerEn, ru: runnerRu };
export type RunnerText = typeof runnerEn;
