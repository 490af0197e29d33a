import type { Bilingual } from '../../lib/i18n.ts';
import type { SeedProgram } from './asyncio-loop-yours-state.ts';

/** "Your code"'s words (loaded with its view, asyncio-loop-yours-view.ts, when the tab is first opened). */
const en = {
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
      'This module is not available here: asyncio.to_thread and loop.run_in_executor run (WebAssembly in this page has no threads, so their worker is modelled: its time.sleep moves its own clock, and its result reaches the loop when it would have finished), but threading, concurrent.futures and multiprocessing themselves do not.',
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
  oversize: (mb: string, max: string) =>
    `Refused: the recording is ${mb} MB, and the page reads at most ${max} MB (did the program undo the recorder's bounds?). The worker was terminated.`,
  noTurns: 'The program did not run an event loop: no turns to step (asyncio.run(main()) runs one).',
  notRunYet: 'Write or open a program, then press Run: its turns appear here.',
  at: (s: string) => `loop clock ${s} s`,
  blocked: (s: string) => `blocked the loop for ${s} s (time.sleep)`,
  blockedTurn: (s: string) => `In this turn the thread was busy for ${s} s: nothing else could run.`,
  printedIn: 'What ran printed',
  workersIn: 'What the executor\u2019s workers did in this turn (to_thread, run_in_executor)',
  yourLines: (from: string, to: string) => `Your code, lines ${from}\u2013${to}: the lines this turn ran are marked`,
  moreHandles: (n: number) => `\u2026 and ${n} more`,
  beforeYours: 'asyncio.run made the loop and put main()\u2019s first __step in _ready. Press Step for the first turn.',
};

const ru: typeof en = {
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
      'Этого модуля здесь нет: asyncio.to_thread и loop.run_in_executor выполняются (потоков у WebAssembly на этой странице нет, поэтому их исполнитель смоделирован: его time.sleep двигает его собственные часы, а результат приходит в цикл тогда, когда исполнитель закончил бы), но сами threading, concurrent.futures и multiprocessing — нет.',
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
  oversize: (mb: string, max: string) =>
    `Отказано: запись занимает ${mb} МБ, а страница читает не больше ${max} МБ (программа сняла ограничения записи?). Воркер остановлен.`,
  noTurns: 'Программа не запускала цикл событий: шагать нечего (его запускает asyncio.run(main())).',
  notRunYet: 'Напишите или откройте программу и нажмите «Запустить»: здесь появятся её обороты.',
  at: (s: string) => `часы цикла ${s} с`,
  blocked: (s: string) => `заблокировал цикл на ${s} с (time.sleep)`,
  blockedTurn: (s: string) => `В этом обороте поток был занят ${s} с: ничто другое выполниться не могло.`,
  printedIn: 'Что напечатали выполненные колбэки',
  workersIn: 'Что сделали исполнители пула в этом обороте (to_thread, run_in_executor)',
  yourLines: (from: string, to: string) => `Ваш код, строки ${from}\u2013${to}: отмечены выполненные в этом обороте`,
  moreHandles: (n: number) => `\u2026 и ещё ${n}`,
  beforeYours: 'asyncio.run создал цикл и положил первый __step задачи main() в _ready. Нажмите «Шаг» — первый оборот.',
};

export const yoursText: Bilingual<typeof en> = { en, ru };
