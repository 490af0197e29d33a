import type { Bilingual } from '../../lib/i18n.ts';
import type { MenuItem, PresetId, View } from './asyncio-loop-model.ts';

/** Nanoseconds as the slide writes milliseconds. */
export const ms = (ns: number) => {
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
export function groupText(count: number, tasks: readonly string[]): string {
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
  arrowTimeout: '2: how long to sleep?',
  arrowIo: '4: ready sockets’ callbacks',
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
    'ntodo = len(self._ready): run that many; what they add waits for the next turn',
  ],
  schemeCode: (n: number) => (n === 0 ? 'run_forever (CPython 3.11.7)' : `_run_once, step ${n} (CPython 3.11.7)`),
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
  /** Presented: the same, short. */
  ntodoShort: 'ntodo snapshot',
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
  /** Presented: the steps of a turn that had nothing to do, on one line (`1 · 2 · 4`). */
  idleSteps: (ns: string) => `${ns} · nothing to do`,
  ran: 'Callbacks step 6 ran',
  readyBefore: '_ready before',
  readyAfter: '_ready after: waits for the next turn',
  /** Presented: the same, in fewer words (the speaker says what waits). */
  readyAfterShort: '_ready after',
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
  s6starvedShort: (ran: number) => `6 · no snapshot: ran ${ran}, _ready not empty`,
  group: groupText,
  starved: (turn: number, pending: number) =>
    `Without the snapshot step 6 of turn ${turn} never ends: the spinner's __step is back in _ready each time it runs. The model stopped after 1000 callbacks; ${pending} timer(s) never reached step 5: they never fire.`,
  fired: (turn: number) => `The timer's callback ring ran in turn ${turn}: step 5 moved it, step 6 ran it.`,
  sameAs10: 'Count the turns: the same as with 10. Turns follow the depth of suspensions, not the number of tasks.',
  /** Presented: the callouts in one short sentence each (the notes explain them). */
  starvedShort: 'The timer never fires.',
  firedShort: (turn: number) => `ring ran in turn ${turn}.`,
  sameAs10Short: 'The same turns as with 10.',
};

const ru: typeof en = {
  demoLabel: 'Внутри цикла asyncio',
  viewGroup: 'Режим',
  view: { composition: 'Состав', scheme: 'Схема оборота', recording: 'Запись прогона', yours: 'Ваш код' },
  tasksTitle: 'Задачи и футуры',
  tasksNote: 'Task.__step, Future.set_result, asyncio.sleep: с циклом говорят только через call_soon и call_later',
  readyNote: 'deque: единственный вход в исполнение',
  scheduledNote: 'куча таймеров, ближайший сверху',
  selectorNote: 'epoll в Linux (kqueue, select): единственное место, где процесс по-настоящему спит',
  callSoon: 'call_soon(cb)',
  callLater: 'call_later(delay, cb)',
  arrowTimeout: '2: сколько спать?',
  arrowIo: '4: колбэки готовых сокетов',
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
    'ntodo = len(self._ready): выполнить столько; новое ждёт следующего оборота',
  ],
  schemeCode: (n: number) => (n === 0 ? 'run_forever (CPython 3.11.7)' : `_run_once, шаг ${n} (CPython 3.11.7)`),
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
  ntodo: 'снимок ntodo (CPython)',
  ntodoShort: 'снимок ntodo',
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
  idleSteps: (ns: string) => `${ns} · без работы`,
  ran: 'Колбэки, выполненные шагом 6',
  readyBefore: '_ready до',
  readyAfter: '_ready после: ждёт следующего оборота',
  readyAfterShort: '_ready после',
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
  s6starvedShort: (ran: number) => `6 · без снимка: выполнено ${ran}, _ready не пуст`,
  group: groupText,
  starved: (turn: number, pending: number) =>
    `Без снимка шаг 6 оборота ${turn} не кончается: __step спиннера снова в _ready после каждого запуска. Модель остановилась после 1000 колбэков; таймеров, не дошедших до шага 5: ${pending} — они не сработают никогда.`,
  fired: (turn: number) => `Колбэк таймера ring выполнен в обороте ${turn}: шаг 5 снял его, шаг 6 выполнил.`,
  sameAs10:
    'Посчитайте обороты: столько же, сколько с 10. Число оборотов определяется глубиной приостановок, а не числом задач.',
  starvedShort: 'Таймер не сработает никогда.',
  firedShort: (turn: number) => `ring выполнен в обороте ${turn}.`,
  sameAs10Short: 'Оборотов столько же, сколько с 10.',
};

export const asyncioLoopText: Bilingual<typeof en> = { en, ru };
