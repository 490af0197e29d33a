import { formatNumber, ruPlural, type Bilingual } from '../../lib/i18n.ts';
import type { EndCode, SimError, SimErrorCode } from '../shared/js-sim/index.ts';

/**
 * "Your code"'s words: its editor, its runs and what the simulator refuses, and how a run the simulator stopped ended
 * (only a simulated run stops: every example's recording finishes). The element loads them with the simulator when
 * the person picks Your code or an example without a recording, so that a page showing the examples (an embed, #19's
 * budget) carries neither; the examples' words are micro-macro-text.ts.
 */

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
  match: [
    'a regular expression’s match (match without g, exec)',
    'its index, input and groups are not modelled. Log its items: m[0], m[1]',
  ],
  string: ['a string with control characters inside an array or object', 'log it on its own'],
  '%j': ['the format %j', 'use %O, or JSON.stringify(…) with %s'],
  '%%': ['the format %% in a browser', 'how the console prints it is not modelled. Write a single %'],
  '%o': ['%o of a nested value, a function, a promise or an instance', 'Node prints its hidden properties. Use %O'],
  '%o/%O primitive': ['%o or %O of a primitive value', 'use %s, %d or %f'],
  '%s toString': ['%s of an object with its own toString', 'the simulator does not call it. Log the string'],
  '__proto__ key': [
    'an object with an own `__proto__` key',
    'the runtimes print it apart from ordinary keys. Log the value under it',
  ],
  EventEmitter: [
    'an EventEmitter',
    'Node prints its internal fields (_events, _eventsCount, _maxListeners). Log its own properties or listenerCount(…)',
  ],
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
  match: [
    'совпадения регулярного выражения (match без g, exec)',
    'его index, input и groups не моделируются. Выводите элементы: m[0], m[1]',
  ],
  string: ['строки с управляющими символами внутри массива или объекта', 'выводите её отдельно'],
  '%j': ['с форматом %j', 'используйте %O или JSON.stringify(…) с %s'],
  '%%': ['с форматом %% в браузере', 'как его печатает консоль, не моделируется. Напишите один %'],
  '%o': [
    'с форматом %o для вложенного значения, функции, промиса или экземпляра класса',
    'Node печатает его скрытые свойства. Используйте %O',
  ],
  '%o/%O primitive': ['с форматом %o или %O для примитива', 'используйте %s, %d или %f'],
  '%s toString': ['с форматом %s для объекта со своим toString', 'симулятор его не вызывает. Выводите строку'],
  '__proto__ key': [
    'объекта с собственным ключом `__proto__`',
    'среды печатают его не так, как обычные ключи. Выводите значение под ним',
  ],
  EventEmitter: [
    'объекта EventEmitter',
    'Node печатает его внутренние поля (_events, _eventsCount, _maxListeners). Выводите его собственные свойства или listenerCount(…)',
  ],
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
  regex: 'a named group of a regular expression',
  bigint: 'BigInt',
  holes: 'array holes',
  operator: 'the operator',
  using: '`using` declarations',
  topLevelAwait:
    '`await` outside a function (a CommonJS file or a classic <script> has none: put it in an async function)',
  proto:
    '`__proto__` (an object’s prototype, which the simulator does not model: it would read inherited values as undefined; use a class)',
  protoAssign:
    '`Object.assign` of a `__proto__` key (it changes the target’s prototype, which the simulator does not model)',
  ownToString:
    'converting an object with its own `toString` or `valueOf` here (the simulator calls them only in a template literal: write `${obj}`)',
  nesting: 'arrays or objects nested more than 1,000 levels deep here (the simulator follows no deeper)',
  emitError:
    "`emit('error', value)` of a value that is not an Error with no 'error' listener (Node then throws its ERR_UNHANDLED_ERROR, whose text is not modelled: emit an Error)",
  nestedQuantifier:
    'a regular expression with a quantifier inside a repeated group, such as `(a+)+` or `(\\w*\\s?)*` (it can backtrack for an exponentially long time on a string it does not match, which the simulator cannot stop: write it without the nesting, such as `a+`)',
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
  regex: 'именованные группы регулярных выражений',
  bigint: 'BigInt',
  holes: 'дыры в массивах',
  operator: 'оператор',
  using: 'объявления `using`',
  topLevelAwait: '`await` вне функции (в файле CommonJS и в обычном <script> его нет: поместите его в async-функцию)',
  proto:
    '`__proto__` (прототип объекта; симулятор его не моделирует и прочёл бы унаследованные значения как undefined; используйте класс)',
  protoAssign: '`Object.assign` ключа `__proto__` (он меняет прототип цели, а его симулятор не моделирует)',
  ownToString:
    'преобразование объекта со своим `toString` или `valueOf` в этом месте (симулятор вызывает их только в шаблонной строке: пишите `${obj}`)',
  nesting: 'массивы или объекты с вложенностью глубже 1000 уровней в этом месте (глубже симулятор не прослеживает)',
  emitError:
    "`emit('error', value)` значения, которое не Error, без слушателя 'error' (Node тогда бросает свою ERR_UNHANDLED_ERROR, её текст не моделируется: передавайте Error)",
  nestedQuantifier:
    'регулярное выражение с квантификатором внутри повторяемой группы, например `(a+)+` или `(\\w*\\s?)*` (на строке, которая ему не подходит, оно может перебирать варианты экспоненциально долго, а остановить его симулятор не может: запишите его без вложенности, например `a+`)',
  other: 'эта конструкция',
};

const en = {
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
      `Line ${e.line}: require('${s(e.name)}') is not supported; only require('fs') for readFile, require('timers/promises'), require('events') and require('util') (promisify, inspect).`,
    unsupportedThis: (e: SimError) =>
      `Line ${e.line}: \`this\` outside any function (Node’s module.exports, a browser’s window) is not modelled.`,
    tooDeep: (e: SimError) => `Line ${e.line}: the recursion is deeper than the simulator follows.`,
  } satisfies Record<SimErrorCode, (e: SimError, construct: string) => string>,
  constructs: constructsEn,
  // the editor
  editorLabel: 'Your code (JavaScript subset)',
  run: 'Run in the simulator',
  subsetHelp:
    'Supported: console.log/info/warn/error (strings, numbers, arrays, plain objects, promises, class instances, errors), let/const/var, destructuring, spread and rest, if, for, for…of, while, functions and arrows, classes (extends of a class or Error, super, private #fields, getters and setters), generators and async generators, for await, Symbol.iterator/asyncIterator, AbortController and AbortSignal.timeout, setTimeout/setInterval, setImmediate, process.nextTick, require("timers/promises"), require("events") (EventEmitter, once), require("util") (promisify) and process.on("unhandledRejection") (Node), queueMicrotask, Promise (resolve, reject, new, then, catch, finally, all, allSettled, race, any; withResolvers in the browser), AggregateError, async/await, try/catch, Date.now and performance.now (a virtual clock); the everyday built-ins of arrays, strings, numbers, Math, Object, JSON, Map and Set, call/apply/bind and `this`, regular expression literals, ?., ?? and ??=, labelled break and continue.',
  // a run, off the page's thread (shared/sim-runner): its states and how it failed
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
  tooManyToGuess: (n: number, max: number) =>
    `This program prints ${formatNumber(n, 'en')} lines: too many to order by hand (the guess takes up to ${max}), so there is no guess. Step through it.`,
  outputHidden: (hidden: number, printed: number) =>
    `… ${formatNumber(hidden, 'en')} earlier ${hidden === 1 ? 'line' : 'lines'} not shown: the last ${formatNumber(printed - hidden, 'en')} of ${formatNumber(printed, 'en')} printed so far.`,
  /** the last snapshot of a run the simulator stopped (starvation, a loop, too long): not finished */
  stoppedPhase: 'stopped, not finished',
  /** how a run the simulator stopped ended (every example's recording finishes: micro-macro-text.ts's `ends.done`) */
  ends: {
    starvedMicrotasks: (p: P) =>
      `Stopped after ${formatNumber(Number(p.jobs), 'en')} microtasks in a row: microtask starvation. The same callbacks keep queueing one another, the queue never empties, and the loop never gets to the ${s(p.pending)} waiting macrotask(s) — timers and I/O never run. Yield for real: await new Promise(r => setImmediate(r)) or setTimeout.`,
    starvedTicks: (p: P) =>
      `Stopped after ${formatNumber(Number(p.jobs), 'en')} nextTick callbacks in a row: process.nextTick keeps queueing itself. Node empties the nextTick queue before anything else, so the ${s(p.pending)} waiting macrotask(s) never run. Use setImmediate to give the loop a turn.`,
    infiniteLoop: (p: P) =>
      `Stopped after ${formatNumber(Number(p.ops), 'en')} operations (the simulator’s work limit): one task${p.line ? ` (at line ${s(p.line)})` : ''} did not finish within it. Either it never returns (an endless loop) or it needs more work than the simulator follows; the simulator cannot tell which. While a task runs, the loop stands: no microtask, timer or I/O callback can run.`,
    tooLong: (p: P) =>
      `Stopped after ${s(p.steps)} steps (virtual time ${s(p.now)} ms): the program keeps scheduling new work.`,
    crashUncaught: (p: P) => `Node ends the process: uncaught exception ${s(p.reason)}.`,
    crashUnhandledRejection: (p: P) =>
      `Node ends the process: a rejected promise had no handler when the microtasks drained (${s(p.reason)}).`,
  } satisfies Record<Exclude<EndCode, 'done'>, (p: P) => string>,
};

const ru: typeof en = {
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
      `Строка ${e.line}: require('${s(e.name)}') не поддерживается; только require('fs') для readFile, require('timers/promises'), require('events') и require('util') (promisify, inspect).`,
    unsupportedThis: (e: SimError) =>
      `Строка ${e.line}: \`this\` вне функции (в Node это module.exports, в браузере window) не моделируется.`,
    tooDeep: (e: SimError) => `Строка ${e.line}: рекурсия глубже, чем симулятор прослеживает.`,
  },
  constructs: constructsRu,
  editorLabel: 'Свой код (подмножество JavaScript)',
  run: 'Запустить в симуляторе',
  subsetHelp:
    'Поддерживается: console.log/info/warn/error (строки, числа, массивы, простые объекты, промисы, экземпляры классов, ошибки), let/const/var, деструктуризация, расширение и остаточные параметры, if, for, for…of, while, функции и стрелки, классы (extends от класса или Error, super, приватные #поля, геттеры и сеттеры), генераторы и асинхронные генераторы, for await, Symbol.iterator/asyncIterator, AbortController и AbortSignal.timeout, setTimeout/setInterval, setImmediate, process.nextTick, require("timers/promises"), require("events") (EventEmitter, once), require("util") (promisify) и process.on("unhandledRejection") (Node), queueMicrotask, Promise (resolve, reject, new, then, catch, finally, all, allSettled, race, any; withResolvers в браузере), AggregateError, async/await, try/catch, Date.now и performance.now (виртуальные часы); обычные встроенные методы массивов, строк, чисел, Math, Object, JSON, Map и Set, call/apply/bind и `this`, литералы регулярных выражений, ?., ?? и ??=, break и continue с меткой.',
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
  tooManyToGuess: (n: number, max: number) =>
    `Программа выводит ${formatNumber(n, 'ru')} ${ruPlural(n, 'строку', 'строки', 'строк')}: слишком много, чтобы расставлять вручную (догадка берёт до ${max}), поэтому догадки нет. Пройдите её по шагам.`,
  outputHidden: (hidden: number, printed: number) =>
    `… более ранние строки не показаны (${formatNumber(hidden, 'ru')}): здесь последние ${formatNumber(printed - hidden, 'ru')} из ${formatNumber(printed, 'ru')} выведенных.`,
  stoppedPhase: 'остановлено, не завершено',
  ends: {
    starvedMicrotasks: (p: P) =>
      `Остановлено после ${formatNumber(Number(p.jobs), 'ru')} ${ruPlural(Number(p.jobs), 'микрозадачи', 'микрозадач', 'микрозадач')} подряд: голодание. Одни и те же колбэки ставят друг друга снова, очередь не пустеет, и цикл не доходит до ждущих макрозадач (${s(p.pending)}) — таймеры и ввод-вывод не выполняются. Отдать управление по-настоящему — await new Promise(r => setImmediate(r)) или setTimeout.`,
    starvedTicks: (p: P) =>
      `Остановлено после ${formatNumber(Number(p.jobs), 'ru')} ${ruPlural(Number(p.jobs), 'колбэка', 'колбэков', 'колбэков')} nextTick подряд: process.nextTick ставит сам себя снова и снова. Node опустошает очередь nextTick раньше всего остального, поэтому ждущие макрозадачи (${s(p.pending)}) не выполняются. Дайте циклу оборот через setImmediate.`,
    infiniteLoop: (p: P) =>
      `Остановлено после ${formatNumber(Number(p.ops), 'ru')} ${ruPlural(Number(p.ops), 'операции', 'операций', 'операций')} (предел работы симулятора): одна задача${p.line ? ` (на строке ${s(p.line)})` : ''} не завершилась в этих пределах. Либо она не возвращается никогда (бесконечный цикл), либо ей нужно больше работы, чем прослеживает симулятор; различить это он не может. Пока задача выполняется, цикл стоит: ни микрозадачи, ни таймеры, ни ввод-вывод не выполняются.`,
    tooLong: (p: P) =>
      `Остановлено после ${s(p.steps)} шагов (виртуальное время ${s(p.now)} мс): программа всё время ставит новую работу.`,
    crashUncaught: (p: P) => `Node завершает процесс: неперехваченное исключение ${s(p.reason)}.`,
    crashUnhandledRejection: (p: P) =>
      `Node завершает процесс: у отклонённого промиса не было обработчика, когда очередь микрозадач опустела (${s(p.reason)}).`,
  },
};

export const codeText: Bilingual<typeof en> = { en, ru };
export type CodeText = typeof en;

/** The sentence for a simulator error, in the given language's table. */
export function errorMessage(t: CodeText, e: SimError): string {
  const construct = t.constructs[e.construct ?? 'other'] ?? t.constructs.other ?? '';
  return t.errors[e.code](e, construct);
}
