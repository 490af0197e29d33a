import type { Bilingual } from '../../lib/i18n.ts';
import type { MenuItem, PresetId, View } from './asyncio-loop-model.ts';
import type { SeedProgram } from './asyncio-loop-yours.ts';

const ms = (ns: number) => {
  const v = ns / 1e6;
  return Number.isInteger(v) ? String(v) : v.toFixed(v < 1 ? 3 : 1);
};

/** The menu's lines as the listing writes them (Python: the same in both languages). */
const MENU_PYTHON: Record<MenuItem, string> = {
  sleep0: 'await asyncio.sleep(0)',
  sleep10: 'await asyncio.sleep(0.01)',
  quick: 'await quick()',
  child: 'await child()',
  createTask: 'tN = create_task(child())',
  awaitTask: 'await tN',
  gather3: 'await gather(child() ×3)',
  callSoon: 'loop.call_soon(cb)',
  callLater: 'loop.call_later(0.01, cb)',
};

/** `×1000 (Task-2…Task-1001)`, `×8 (Task-1, Task-2)`, `(Task-1)`. */
function groupText(count: number, tasks: readonly string[]): string {
  const who =
    tasks.length === 0 ? '' : tasks.length <= 2 ? `(${tasks.join(', ')})` : `(${tasks[0]}…${tasks[tasks.length - 1]})`;
  return count > 1 ? `×${count}${who ? ` ${who}` : ''}` : who;
}

const en = {
  demoLabel: 'Inside the asyncio loop',
  viewGroup: 'Mode',
  view: { composition: 'Composition', scheme: 'Turn scheme', recording: 'Run recording', yours: 'Your code' } as Record<
    View,
    string
  >,
  // composition
  tasksTitle: 'Tasks and futures',
  tasksNote:
    'Task.__step, Future.set_result, asyncio.sleep: they talk to the loop only through call_soon and call_later',
  readyNote: 'a deque: the only way into execution',
  scheduledNote: 'a heap of timers, the nearest on top',
  selectorNote: 'epoll on Linux (kqueue, select): the only place the process really sleeps',
  callSoon: 'call_soon(cb)',
  callLater: 'call_later(delay, cb)',
  arrowTimeout: '2: how long may it sleep?',
  arrowIo: '4: ready sockets → their callbacks',
  arrowDue: '5: due timers',
  arrowRun: '6: handle._run()',
  compositionCode: 'The containers and the ways in: CPython 3.11.7, Lib/asyncio',
  compositionCaption:
    'The loop knows no tasks: for it everything is a callback. run_forever calls _run_once again and again (base_events.py:606–608).',
  // scheme
  schemeStep: (n: number) => (n === 0 ? 'A turn' : `Step ${n} of 6`),
  stepTitles: [
    'run_forever calls _run_once again and again, until the loop is stopped. Press Step to walk through one turn',
    'Drop cancelled timers from the head of the heap',
    'How long may select() sleep: 0 if _ready is not empty, else until the nearest timer, else for ever',
    'selector.select(timeout): the thread sleeps here, and only here',
    'Ready sockets: their callbacks are appended to _ready, not run',
    'Due timers move from _scheduled to _ready',
    'ntodo = len(self._ready): run exactly that many; anything added meanwhile waits for the next turn',
  ],
  schemeCode: (n: number) =>
    n === 0 ? 'run_forever: CPython 3.11.7, Lib/asyncio' : `_run_once, step ${n}: CPython 3.11.7, Lib/asyncio`,
  // recording
  preset: 'Program',
  presets: {
    empty: 'empty: async def main(): pass',
    nested: 'three nested awaits',
    gather10: 'gather of 10 coroutines',
    gather1000: 'gather of 1000 coroutines',
    sleep0: 'sleep(0) k times',
    callSoon: 'call_soon three times',
    starve: 'a task re-scheduling itself',
    custom: 'your own (compose below)',
  } as Record<PresetId, string>,
  k: 'k, times',
  kValue: (k: number) => `${k}`,
  menuGroup: 'Add a line to main',
  menuPython: MENU_PYTHON,
  add: (line: string) => `Add ${line}`,
  removeGroup: 'Lines of main',
  remove: (i: number, line: string) => `Remove line ${i + 1}: ${line}`,
  clear: 'Clear',
  full: (n: number) => `at most ${n} lines`,
  listing: 'The program (Python)',
  ntodo: 'ntodo snapshot (CPython)',
  turnOf: (i: number, n: number) => `Turn ${i} of ${n}`,
  before: (n: number) => `Before the first of ${n} turns`,
  beforeNote:
    'asyncio.run made a loop and wrapped main() in Task-1: its first __step is already in _ready. Press Step for the first turn.',
  turnsTotal: (n: number) => `${n} turns`,
  phasesLabel: 'Turns per run_until_complete of asyncio.run',
  phase: {
    main: 'main()',
    cancel_all_tasks: '_cancel_all_tasks',
    shutdown_asyncgens: 'shutdown_asyncgens',
    shutdown_default_executor: 'shutdown_default_executor',
    loop: 'loop',
  } as Record<string, string>,
  turnSteps: 'The six steps of this turn',
  ran: 'Callbacks step 6 ran',
  readyBefore: '_ready before',
  readyAfter: '_ready after: waits for the next turn',
  scheduledAfter: '_scheduled after',
  empty: 'empty',
  s1: (n: number) => (n === 0 ? '1 · no cancelled timers' : `1 · ${n} cancelled timer(s) dropped`),
  s2: (timeout: number | null) =>
    timeout === null ? '2 · timeout = None (nothing to wait for)' : `2 · timeout = ${ms(timeout)} ms`,
  s3: (slept: number) => `3 · select(): slept ${ms(slept)} ms`,
  s4: (n: number) => (n === 0 ? '4 · no I/O' : `4 · ${n} I/O callback(s) → _ready`),
  s5: (n: number) => (n === 0 ? '5 · no due timers' : `5 · ${n} due timer(s) → _ready`),
  s6: (ntodo: number) => `6 · ntodo = ${ntodo}, ran:`,
  s6starved: (ran: number) => `6 · no snapshot: ran ${ran} and _ready is still not empty`,
  group: groupText,
  starved: (turn: number, pending: number) =>
    `Without the snapshot step 6 of turn ${turn} never ends: the spinner's __step is back in _ready each time it runs. The model stopped after 1000 callbacks; ${pending} timer(s) never reached step 5: they never fire.`,
  fired: (turn: number) => `The timer's callback ring ran in turn ${turn}: step 5 moved it, step 6 ran it.`,
  sameAs10: 'Count the turns: the same as with 10. Turns follow the depth of suspensions, not the number of tasks.',
  // your code
  editor: 'Your asyncio program (Python)',
  run: 'Run',
  stop: 'Stop',
  startFrom: 'Start from',
  openStart: 'Open in the editor',
  seeds: {
    blocking50: '50 tasks, time.sleep(0.1) each',
    cooperative50: '50 tasks, await asyncio.sleep(0.1) each',
    heartbeat: 'a heartbeat beside a worker that blocks',
  } as Record<SeedProgram, string>,
  debug: 'asyncio debug mode (as PYTHONASYNCIODEBUG=1)',
  loading: (mb: string) => `Loading Python 3.14, ${mb} MB`,
  loadingOnce: 'Python loads once, on the first Run, and stays in the browser\u2019s cache.',
  running: 'Running the program in CPython\u2026',
  realPython: (v: string) =>
    `Recorded by CPython ${v} (WebAssembly, in this browser): the turns are asyncio\u2019s own _run_once.`,
  needsServed:
    '\u201cYour code\u201d needs the deck served: this offline file does not carry Python (13 MB). Open the deck from a server to run your own program; the presets work here as before.',
  output: 'Output',
  noOutput: 'The program printed nothing.',
  recorded: (turns: number) => `${turns} turns of the loop`,
  ended: {
    done: 'The program ran to its end.',
    exception: 'The program raised an exception: its traceback is in the output.',
    syntax: (line: string) => `Syntax error${line ? ` on line ${line}` : ''}: CPython\u2019s own message.`,
    turns: 'Stopped after 2,000 turns of the loop: the recording shows them.',
    bytes: 'Stopped: the recording or the output grew past 2 MB.',
    budget: 'Stopped: the recording took longer than 5 s.',
    deadlock: 'The loop would wait for ever: nothing was ready and no timer was set (a future nobody completes?).',
  },
  refusedTitle: (what: string, line: string) => `Refused: ${what}${line ? ` (line ${line})` : ''}`,
  refusal: {
    threads:
      'Threads are not available here: WebAssembly in this page has none, so asyncio.to_thread, run_in_executor and threading cannot run. The preset with to_thread on the python-asyncio slide and the libuv-pool slide show what a pool does.',
    sockets: 'Sockets are not available here: the program runs in a sandbox without a network.',
    subprocess: 'Processes are not available here: the program runs in a sandbox without processes.',
    input: 'input() is not available here: the program runs without a keyboard; put the value in the code.',
    sandbox: 'This module is not available here: the program runs in a sandbox and cannot reach the page.',
    import: 'Only the standard library is available here: this module is not in it.',
  } as Record<string, string>,
  overtime: (s: string) =>
    `Stopped: a callback held the loop for more than ${s} s and never returned (an endless loop in one step?). The worker was terminated.`,
  stopped: 'Stopped: the worker was terminated.',
  failed: (message: string) => `Python could not run the program: ${message}`,
  tooLong: (kb: string, max: string) => `The program is ${kb} KB: \u201cYour code\u201d takes at most ${max} KB.`,
  notRunYet: 'Write or open a program, then press Run: its turns appear here.',
  at: (s: string) => `loop clock ${s} s`,
  blocked: (s: string) => `blocked the loop for ${s} s (time.sleep)`,
  blockedTurn: (s: string) => `In this turn the thread was busy for ${s} s: nothing else could run.`,
  printedIn: 'What ran printed',
  moreHandles: (n: number) => `\u2026 and ${n} more`,
  beforeYours: 'asyncio.run made the loop and put main()\u2019s first __step in _ready. Press Step for the first turn.',
};

const ru: typeof en = {
  demoLabel: 'Внутри цикла asyncio',
  viewGroup: 'Режим',
  view: { composition: 'Из чего состоит', scheme: 'Схема оборота', recording: 'Запись прогона', yours: 'Ваш код' },
  tasksTitle: 'Задачи и футуры',
  tasksNote: 'Task.__step, Future.set_result, asyncio.sleep: с циклом говорят только через call_soon и call_later',
  readyNote: 'deque: единственный вход в исполнение',
  scheduledNote: 'куча таймеров, ближайший сверху',
  selectorNote: 'epoll в Linux (kqueue, select): единственное место, где процесс по-настоящему спит',
  callSoon: 'call_soon(cb)',
  callLater: 'call_later(delay, cb)',
  arrowTimeout: '2: сколько можно спать?',
  arrowIo: '4: готовые сокеты → их колбэки',
  arrowDue: '5: истёкшие таймеры',
  arrowRun: '6: handle._run()',
  compositionCode: 'Контейнеры и входы в них: CPython 3.11.7, Lib/asyncio',
  compositionCaption:
    'Цикл не знает о задачах: для него всё — колбэки. run_forever снова и снова вызывает _run_once (base_events.py:606–608).',
  schemeStep: (n: number) => (n === 0 ? 'Оборот' : `Шаг ${n} из 6`),
  stepTitles: [
    'run_forever вызывает _run_once снова и снова, пока цикл не остановят. Нажмите «Шаг», чтобы пройти один оборот',
    'Убрать отменённые таймеры с вершины кучи',
    'Сколько можно спать в select(): 0, если _ready не пуст, иначе до ближайшего таймера, иначе бесконечно',
    'selector.select(timeout): поток спит здесь, и только здесь',
    'Готовые сокеты: их колбэки кладутся в _ready, но не выполняются',
    'Истёкшие таймеры переезжают из _scheduled в _ready',
    'ntodo = len(self._ready): выполнить ровно столько; добавленное по ходу ждёт следующего оборота',
  ],
  schemeCode: (n: number) =>
    n === 0 ? 'run_forever: CPython 3.11.7, Lib/asyncio' : `_run_once, шаг ${n}: CPython 3.11.7, Lib/asyncio`,
  preset: 'Программа',
  presets: {
    empty: 'пустая: async def main(): pass',
    nested: 'три вложенных await',
    gather10: 'gather из 10 корутин',
    gather1000: 'gather из 1000 корутин',
    sleep0: 'sleep(0) k раз',
    callSoon: 'call_soon три раза',
    starve: 'задача, которая сама себя перепланирует',
    custom: 'своя (соберите ниже)',
  },
  k: 'k, раз',
  kValue: (k: number) => `${k}`,
  menuGroup: 'Добавить строку в main',
  menuPython: MENU_PYTHON,
  add: (line: string) => `Добавить ${line}`,
  removeGroup: 'Строки main',
  remove: (i: number, line: string) => `Убрать строку ${i + 1}: ${line}`,
  clear: 'Очистить',
  full: (n: number) => `не больше ${n} строк`,
  listing: 'Программа (Python)',
  ntodo: 'снимок ntodo (как в CPython)',
  turnOf: (i: number, n: number) => `Оборот ${i} из ${n}`,
  before: (n: number) => `Перед первым из ${n} оборотов`,
  beforeNote:
    'asyncio.run создал цикл и обернул main() в Task-1: её первый __step уже лежит в _ready. Нажмите «Шаг» — первый оборот.',
  turnsTotal: (n: number) => `оборотов: ${n}`,
  phasesLabel: 'Обороты каждого run_until_complete внутри asyncio.run',
  phase: {
    main: 'main()',
    cancel_all_tasks: '_cancel_all_tasks',
    shutdown_asyncgens: 'shutdown_asyncgens',
    shutdown_default_executor: 'shutdown_default_executor',
    loop: 'loop',
  },
  turnSteps: 'Шесть шагов этого оборота',
  ran: 'Колбэки, выполненные шагом 6',
  readyBefore: '_ready до',
  readyAfter: '_ready после: ждёт следующего оборота',
  scheduledAfter: '_scheduled после',
  empty: 'пусто',
  s1: (n: number) => (n === 0 ? '1 · отменённых таймеров нет' : `1 · убрано отменённых таймеров: ${n}`),
  s2: (timeout: number | null) =>
    timeout === null ? '2 · timeout = None (ждать нечего)' : `2 · timeout = ${ms(timeout)} мс`,
  s3: (slept: number) => `3 · select(): спал ${ms(slept)} мс`,
  s4: (n: number) => (n === 0 ? '4 · ввода-вывода нет' : `4 · колбэков ввода-вывода → _ready: ${n}`),
  s5: (n: number) => (n === 0 ? '5 · истёкших таймеров нет' : `5 · истёкших таймеров → _ready: ${n}`),
  s6: (ntodo: number) => `6 · ntodo = ${ntodo}, выполнено:`,
  s6starved: (ran: number) => `6 · без снимка: выполнено ${ran}, а _ready всё не пуст`,
  group: groupText,
  starved: (turn: number, pending: number) =>
    `Без снимка шаг 6 оборота ${turn} не кончается: __step спиннера снова в _ready после каждого запуска. Модель остановилась после 1000 колбэков; таймеров, не дошедших до шага 5: ${pending} — они не сработают никогда.`,
  fired: (turn: number) => `Колбэк таймера ring выполнен в обороте ${turn}: шаг 5 снял его, шаг 6 выполнил.`,
  sameAs10:
    'Посчитайте обороты: столько же, сколько с 10. Число оборотов определяется глубиной приостановок, а не числом задач.',
  editor: 'Ваша программа на asyncio (Python)',
  run: 'Запустить',
  stop: 'Остановить',
  startFrom: 'Начать с',
  openStart: 'Открыть в редакторе',
  seeds: {
    blocking50: '50 задач, в каждой time.sleep(0.1)',
    cooperative50: '50 задач, в каждой await asyncio.sleep(0.1)',
    heartbeat: 'пульс рядом с блокирующим работником',
  },
  debug: 'режим отладки asyncio (как PYTHONASYNCIODEBUG=1)',
  loading: (mb: string) => `Загрузка Python 3.14, ${mb} МБ`,
  loadingOnce: 'Python загружается один раз, при первом запуске, и остаётся в кэше браузера.',
  running: 'Программа выполняется в CPython\u2026',
  realPython: (v: string) =>
    `Записано CPython ${v} (WebAssembly, в этом браузере): обороты — это _run_once самого asyncio.`,
  needsServed:
    '«Ваш код» работает, только когда дек открыт с сервера: в этом офлайн-файле нет Python (13 МБ). Откройте дек с сервера, чтобы запустить свою программу; готовые программы работают здесь как прежде.',
  output: 'Вывод',
  noOutput: 'Программа ничего не напечатала.',
  recorded: (turns: number) => `оборотов цикла: ${turns}`,
  ended: {
    done: 'Программа выполнилась до конца.',
    exception: 'Программа выбросила исключение: трассировка — в выводе.',
    syntax: (line: string) => `Синтаксическая ошибка${line ? ` в строке ${line}` : ''}: сообщение самого CPython.`,
    turns: 'Остановлено после 2000 оборотов цикла: запись их показывает.',
    bytes: 'Остановлено: запись или вывод превысили 2 МБ.',
    budget: 'Остановлено: запись шла дольше 5 с.',
    deadlock: 'Цикл ждал бы вечно: ничего не готово и ни одного таймера (футура, которую никто не завершит?).',
  },
  refusedTitle: (what: string, line: string) => `Отказано: ${what}${line ? ` (строка ${line})` : ''}`,
  refusal: {
    threads:
      'Потоков здесь нет: у WebAssembly на этой странице их нет, поэтому asyncio.to_thread, run_in_executor и threading не выполнятся. Что делает пул, показывают программа с to_thread на слайде python-asyncio и слайд libuv-pool.',
    sockets: 'Сокетов здесь нет: программа выполняется в песочнице без сети.',
    subprocess: 'Процессов здесь нет: программа выполняется в песочнице без процессов.',
    input: 'input() здесь нет: у программы нет клавиатуры; впишите значение в код.',
    sandbox: 'Этот модуль здесь недоступен: программа выполняется в песочнице и не может достучаться до страницы.',
    import: 'Здесь есть только стандартная библиотека, а этого модуля в ней нет.',
  },
  overtime: (s: string) =>
    `Остановлено: колбэк держал цикл дольше ${s} с и не вернулся (бесконечный цикл внутри одного шага?). Воркер остановлен.`,
  stopped: 'Остановлено: воркер завершён.',
  failed: (message: string) => `Python не смог выполнить программу: ${message}`,
  tooLong: (kb: string, max: string) => `Программа занимает ${kb} КБ, а «Ваш код» принимает не больше ${max} КБ.`,
  notRunYet: 'Напишите или откройте программу и нажмите «Запустить»: здесь появятся её обороты.',
  at: (s: string) => `часы цикла ${s} с`,
  blocked: (s: string) => `заблокировал цикл на ${s} с (time.sleep)`,
  blockedTurn: (s: string) => `В этом обороте поток был занят ${s} с: ничто другое выполниться не могло.`,
  printedIn: 'Что напечатали выполненные колбэки',
  moreHandles: (n: number) => `\u2026 и ещё ${n}`,
  beforeYours: 'asyncio.run создал цикл и положил первый __step задачи main() в _ready. Нажмите «Шаг» — первый оборот.',
};

export const asyncioLoopText: Bilingual<typeof en> = { en, ru };
