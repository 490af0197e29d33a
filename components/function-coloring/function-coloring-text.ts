import { ruPlural, type Bilingual } from '../../lib/i18n.ts';
import type { ListingComments, Runtime } from './function-coloring-listings.ts';
import type { Via } from './function-coloring-graph.ts';

/** The real messages the slide quotes (tests/unit/function-coloring-real.test.ts checks each against a real run). */
export const MESSAGES = {
  runInLoop: 'RuntimeError: asyncio.run() cannot be called from a running event loop',
  sortedKey: "TypeError: '<' not supported between instances of 'coroutine' and 'coroutine'",
  neverAwaited: (fn: string) => `RuntimeWarning: coroutine '${fn}' was never awaited`,
  jsSort: '[ 3, 1, 2 ]',
  mapList: (fn: string) => `[<coroutine object ${fn} at 0x…>, …]`,
} as const;

const comments: ListingComments = {
  sortedKey: 'key of sorted',
  mapCallback: 'callback of map',
  blocks: 'blocks the task, not the thread',
};

const en = {
  demoLabel: 'Function coloring: a call graph and its code',
  runtime: 'Runtime',
  runtimes: {
    python: 'Python asyncio',
    go: 'Go',
    java: 'Java 21+ virtual threads',
    erlang: 'Erlang/Elixir',
  } satisfies Record<Runtime, string>,
  /** The runtime buttons while presenting. */
  runtimesShort: { python: 'Python', go: 'Go', java: 'Java 21+', erlang: 'Erlang' } satisfies Record<Runtime, string>,
  task: { python: 'coroutine', go: 'goroutine', java: 'virtual thread', erlang: 'process' } satisfies Record<
    Runtime,
    string
  >,
  views: { graph: 'Call graph', bridges: 'Bridges between the worlds' },
  viewsLabel: 'What to show',
  reset: 'All plain again',
  graphLabel: 'Call graph: callers above, callees below',
  makeAsync: (fn: string) => `Make ${fn} async`,
  letBlock: (fn: string) => `Let ${fn} wait for the network`,
  state: {
    sync: 'plain',
    async: 'async',
    chosen: 'async, chosen by you',
    broken: 'still plain, but calls an async function: it gets a coroutine instead of a value',
    blocks: 'waits for the network; its callers do not change',
  },
  stuck: (via: Via) => `stuck: ${via} calls it synchronously`,
  legend: { sync: 'plain', async: 'async', broken: 'gets a coroutine', stuck: 'callback stuck' },
  codeLabel: (runtime: string) => `The program in ${runtime}`,
  codeLabelShort: 'The program',
  /**
   * While presenting, what the step shows in a line: what changed, not why (the notes say why; the self-paced view
   * keeps the long sentences).
   */
  presented: {
    none: 'Every function is plain.',
    climbing: (fns: string, n: number) =>
      n === 1 ? `${fns} gets a coroutine, not a value.` : `${fns} get a coroutine, not a value.`,
    done: (functions: number, sites: number) => `${functions} functions, ${sites} call sites changed.`,
    stuck: (n: number) => `⚠ ${n === 1 ? '1 callback' : `${n} callbacks`} stuck.`,
    noColors: (runtime: string) => `${runtime}: no colors, no call site changes.`,
    sorted: '`sorted` compares two coroutines:',
    map: '`map` returns coroutines nobody awaits:',
  },
  changedLegend: 'changed lines are marked',
  status: {
    none: 'Every function is plain. Click one to make it async.',
    climbing: (fns: string, n: number) =>
      n === 1
        ? `The color climbs: ${fns} calls an async function and gets a coroutine instead of a value — it must become async too.`
        : `The color climbs: ${fns} call an async function and get a coroutine instead of a value — they must become async too.`,
    done: (functions: number, sites: number, main: boolean) =>
      `Changed: ${functions === 1 ? '1 function' : `${functions} functions`}, ${sites === 1 ? '1 call site' : `${sites} call sites`}${main ? ', up to `asyncio.run(main())`' : ''}.`,
    stuck: (n: number) =>
      `⚠ ${n === 1 ? '1 callback is' : `${n} callbacks are`} stuck: the builtin calls ${n === 1 ? 'it' : 'them'} synchronously.`,
    noColors: (runtime: string, task: string, n: number) =>
      n === 0
        ? `${runtime}: no colors. Click a function to let it wait for the network.`
        : `${runtime}: no colors. A blocking call parks the ${task}; others run on its OS thread. No call site changes.`,
  },
  why: {
    sorted:
      '`sorted` calls its key synchronously and compares what it returns. An async key returns a coroutine, and comparing two fails:',
    map: '`map` calls its callback synchronously: `list(map(to_line, ids))` is a list of coroutine objects that nobody awaits:',
    sortedFix: 'The fix rewrites the call: await every price first, then sort by them.',
    mapFix: 'The fix rewrites the call: a comprehension with `await` (or `asyncio.gather`).',
    js: 'JavaScript is the same: `[3, 1, 2].sort(async (a, b) => a - b)` returns',
    jsWhy: 'unsorted: the comparator returns a Promise, which compares as NaN, read as “equal”.',
    close: 'Close',
    fixLabel: 'The fix',
  },
  whyLabel: (fn: string) => `Why ${fn}?`,
  bridges: {
    runTitle: 'Sync code cannot wait for async code',
    run: 'Calling `asyncio.run()` from inside a running loop, to wait for a coroutine, is an error:',
    threadTitle: 'async → blocking: asyncio.to_thread',
    thread:
      '`await asyncio.to_thread(requests.get, url)`: the blocking call runs in a thread of the default pool (min(32, cores + 4)), and the loop keeps going. Cost: a thread per call in flight, and the GIL for CPU work.',
    safeTitle: 'another thread → the loop: run_coroutine_threadsafe',
    safe: '`asyncio.run_coroutine_threadsafe(coro, loop).result()`: the loop runs the coroutine (`call_soon_threadsafe` wakes it through the self-pipe); the calling thread blocks on `.result()`. From the loop’s own thread it would wait for itself forever.',
    libsTitle: 'Libraries split in two',
    moreLabel: 'The ways across, and libraries split in two',
    libs: [
      '`requests` — `httpx.AsyncClient`',
      'psycopg 3: `Connection` — `AsyncConnection`',
      '`fs.readFileSync` — `fs.promises.readFile`',
    ],
  },
  comments,
};

const ru: typeof en = {
  demoLabel: 'Раскраска функций: граф вызовов и его код',
  runtime: 'Рантайм',
  runtimes: {
    python: 'Python asyncio',
    go: 'Go',
    java: 'Java 21+, виртуальные потоки',
    erlang: 'Erlang/Elixir',
  },
  runtimesShort: { python: 'Python', go: 'Go', java: 'Java 21+', erlang: 'Erlang' },
  task: { python: 'корутину', go: 'горутину', java: 'виртуальный поток', erlang: 'процесс' },
  views: { graph: 'Граф вызовов', bridges: 'Мосты между мирами' },
  viewsLabel: 'Что показать',
  reset: 'Снова все обычные',
  graphLabel: 'Граф вызовов: вызывающие выше, вызываемые ниже',
  makeAsync: (fn: string) => `Сделать ${fn} асинхронной`,
  letBlock: (fn: string) => `Пусть ${fn} ждёт сеть`,
  state: {
    sync: 'обычная',
    async: 'асинхронная',
    chosen: 'асинхронная, выбрана вами',
    broken: 'ещё обычная, но вызывает асинхронную: получает корутину вместо значения',
    blocks: 'ждёт сеть; вызывающие не меняются',
  },
  stuck: (via: Via) => `застряла: ${via} вызывает её синхронно`,
  legend: { sync: 'обычная', async: 'async', broken: 'получает корутину', stuck: 'колбэк застрял' },
  codeLabel: (runtime: string) => `Программа на ${runtime}`,
  codeLabelShort: 'Программа',
  presented: {
    none: 'Все функции обычные.',
    climbing: (fns: string, n: number) =>
      n === 1 ? `${fns} получает корутину, а не значение.` : `${fns} получают корутину, а не значение.`,
    done: (functions: number, sites: number) =>
      `Изменено: ${functions} ${ruPlural(functions, 'функция', 'функции', 'функций')}, ${sites} ${ruPlural(sites, 'место', 'места', 'мест')} вызова.`,
    stuck: (n: number) => `⚠ ${n} ${ruPlural(n, 'колбэк застрял', 'колбэка застряли', 'колбэков застряли')}.`,
    noColors: (runtime: string) => `${runtime}: цветов нет, места вызова не меняются.`,
    sorted: '`sorted` сравнивает две корутины:',
    map: '`map` возвращает корутины, которых никто не ждёт:',
  },
  changedLegend: 'изменённые строки отмечены',
  status: {
    none: 'Все функции обычные. Нажмите на любую — она станет async.',
    climbing: (fns: string, n: number) =>
      n === 1
        ? `Цвет ползёт вверх: ${fns} вызывает асинхронную функцию и получает корутину вместо значения — ей тоже нужно стать async.`
        : `Цвет ползёт вверх: ${fns} вызывают асинхронную функцию и получают корутину вместо значения — им тоже нужно стать async.`,
    done: (functions: number, sites: number, main: boolean) =>
      `Пришлось изменить ${functions} ${ruPlural(functions, 'функцию', 'функции', 'функций')} и ${sites} ${ruPlural(sites, 'место', 'места', 'мест')} вызова${main ? ', вплоть до `asyncio.run(main())`' : ''}.`,
    stuck: (n: number) =>
      `⚠ ${n} ${ruPlural(n, 'колбэк застрял', 'колбэка застряли', 'колбэков застряли')}: встроенная функция вызывает ${n === 1 ? 'его' : 'их'} синхронно.`,
    noColors: (runtime: string, task: string, n: number) =>
      n === 0
        ? `${runtime}: цветов нет. Нажмите на функцию, и она будет ждать сеть.`
        : `${runtime}: цветов нет. Блокирующий вызов паркует ${task}; на потоке ОС идут другие. Места вызова не меняются.`,
  },
  why: {
    sorted:
      '`sorted` вызывает ключ синхронно и сравнивает то, что он вернул. Асинхронный ключ возвращает корутину, а две корутины не сравнить:',
    map: '`map` вызывает колбэк синхронно: `list(map(to_line, ids))` — список корутин, которых никто не ждёт:',
    sortedFix: 'Исправление переписывает вызов: сначала дождаться всех цен, потом сортировать по ним.',
    mapFix: 'Исправление переписывает вызов: включение с `await` (или `asyncio.gather`).',
    js: 'В JavaScript так же: `[3, 1, 2].sort(async (a, b) => a - b)` возвращает',
    jsWhy: 'без сортировки: компаратор возвращает промис, он сравнивается как NaN, то есть «равны».',
    close: 'Закрыть',
    fixLabel: 'Как исправить',
  },
  whyLabel: (fn: string) => `Почему ${fn}?`,
  bridges: {
    runTitle: 'Синхронный код не может дождаться асинхронного',
    run: 'Вызвать `asyncio.run()` внутри работающего цикла, чтобы дождаться корутины, — ошибка:',
    threadTitle: 'async → блокирующий: asyncio.to_thread',
    thread:
      '`await asyncio.to_thread(requests.get, url)`: блокирующий вызов идёт в потоке пула по умолчанию (min(32, ядра + 4)), цикл продолжает работать. Цена: поток на каждый вызов в полёте и GIL для счёта.',
    safeTitle: 'другой поток → цикл: run_coroutine_threadsafe',
    safe: '`asyncio.run_coroutine_threadsafe(coro, loop).result()`: корутину выполняет цикл (`call_soon_threadsafe` будит его через self-pipe), вызывающий поток ждёт в `.result()`. Из потока самого цикла он ждал бы сам себя вечно.',
    libsTitle: 'Библиотеки раздваиваются',
    moreLabel: 'Мосты и раздвоенные библиотеки',
    libs: [
      '`requests` — `httpx.AsyncClient`',
      'psycopg 3: `Connection` — `AsyncConnection`',
      '`fs.readFileSync` — `fs.promises.readFile`',
    ],
  },
  comments: {
    sortedKey: 'ключ для sorted',
    mapCallback: 'колбэк для map',
    blocks: 'ждёт задача, а не поток',
  },
};

export const functionColoringText: Bilingual<typeof en> = { en, ru };
