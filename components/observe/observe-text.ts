import type { Bilingual } from '../../lib/i18n.ts';
import type { CommandId, ProcessState } from './observe-types.ts';

const en = {
  demoLabel: 'What strace, /proc and pidstat show for a process in four states',
  modeLabel: 'Mode',
  /** While presenting, the disclosure under the telling lines: what to pick, the whole output, what it means. */
  presentedMore: 'Commands and whole output',
  modes: { explore: 'Explore', game: 'Diagnose' },
  processLabel: 'What the process is doing',
  processes: {
    idle: 'Idle event loop',
    blocked: 'Blocked in read()',
    contended: 'Lock contention',
    cpu: 'CPU-bound, too few cores',
  } satisfies Record<ProcessState, string>,
  commandLabel: 'Command',
  commands: {
    straceC: 'strace -f -c',
    straceE: 'strace -e trace=…',
    tasks: '/proc/PID/task',
    ps: 'ps -L (wchan)',
    ctxt: 'ctxt_switches',
    pidstat: 'pidstat -w',
    ss: 'ss -s',
    schedtrace: 'GODEBUG=schedtrace',
    jcmd: 'jcmd (Java 21)',
  } satisfies Record<CommandId, string>,
  hints: {
    straceC: 'Where the time goes, by system call (-w: wall-clock time, not CPU time).',
    straceE: 'Each wait and read as it happens; <unfinished …> is a call still in progress.',
    tasks: 'How many threads (tasks) the process has.',
    ps: 'Each thread’s state (S sleeping, R running) and the kernel function it sleeps in.',
    ctxt: 'Voluntary: the thread went to sleep itself. Nonvoluntary: the scheduler took the core away.',
    pidstat: 'The same switches per second and per thread: cswch/s voluntary, nvcswch/s nonvoluntary.',
    ss: 'Socket counts of the whole machine: a quick look for piles of connections.',
    schedtrace: 'The Go scheduler once a second: idle Ps (idleprocs) and goroutines waiting to run (runqueue).',
    jcmd: 'A dump of every Java thread, virtual ones included.',
  } satisfies Record<CommandId, string>,
  meaning: {
    idle: 'The loop sleeps in epoll_pwait and wakes only for its timer: all of strace’s time is in epoll_pwait, the thread sleeps in do_epoll_wait, hardly any switches.',
    blocked:
      'One read() that never returns: strace sees it start and nothing else; the thread sleeps (S) in anon_pipe_read. Someone has to write to that pipe, or the wait needs a timeout.',
    contended:
      'Threads queue for one mutex: all of strace’s time is in futex, many calls fail with EAGAIN (the errors column), and switches of both kinds grow.',
    cpu: 'Four threads want one core: no system calls at all, the threads are R (running or runnable), and nonvoluntary switches grow: the scheduler takes the core away.',
  } satisfies Record<ProcessState, string>,
  /** While presenting, what the telling lines say, in one line under them (the rest is said aloud). */
  verdict: {
    idle: 'Healthy waiting: the loop sleeps in epoll_pwait.',
    blocked: 'Stuck: one read() that never returns.',
    contended: 'Contention: the threads wait in futex for each other.',
    cpu: 'Too few cores: the threads are switched out.',
  } satisfies Record<ProcessState, string>,
  program: (p: string) => `Observed: ${p}`,
  /** The recordings' comments after a command or a program (`# …`), by their English words, as shown. */
  comments: {
    'a second after the first look': 'a second after the first look',
    'its header and Average lines': 'its header and Average lines',
    'the whole machine, not one process': 'the whole machine, not one process',
    'observe-contended.c: 4 threads, one mutex': 'observe-contended.c: 4 threads, one mutex',
    'observe-busy.c: 4 spinning threads, 1 core': 'observe-busy.c: 4 spinning threads, 1 core',
    'GOMAXPROCS=1, 4 goroutines spin': 'GOMAXPROCS=1, 4 goroutines spin',
  } as Record<string, string>,
  terminalLabel: (cmd: string) => `Output of ${cmd}`,
  trimmed: (n: string) => `… ${n} more lines left out`,
  nothingPrinted: '(nothing else printed)',
  growth: (v: string, nv: string) => `In that second, all threads together: +${v} voluntary, +${nv} nonvoluntary.`,
  noSchedtrace: 'GODEBUG=schedtrace is for Go programs: recorded for the idle and the CPU-bound state only.',
  jcmdNote:
    'Not recorded here: this machine has no Java 21. The command writes every thread, virtual ones included, grouped by the executor that owns them, as JSON (JEP 444).',
  recorded: (date: string, machine: string, kernel: string) =>
    `Real outputs, recorded ${date} on ${machine}, ${kernel} (scripts/record-observe.ts).`,
  question: 'What is this process doing?',
  round: (i: string, n: string) => `Output ${i} of ${n}`,
  right: 'Right.',
  wrong: (x: string) => `Not quite: it is “${x}”.`,
  next: 'Next output',
  restart: 'Start over',
  score: (r: string, a: string) => `Score: ${r} of ${a}`,
  last: 'That was the last one.',
};

const ru: typeof en = {
  demoLabel: 'Что показывают strace, /proc и pidstat для процесса в четырёх состояниях',
  modeLabel: 'Режим',
  presentedMore: 'Команды и весь вывод',
  modes: { explore: 'Смотреть', game: 'Угадать' },
  processLabel: 'Чем занят процесс',
  processes: {
    idle: 'Цикл событий простаивает',
    blocked: 'Заблокирован в read()',
    contended: 'Борьба за блокировку',
    cpu: 'Счёт, ядер не хватает',
  },
  commandLabel: 'Команда',
  commands: {
    straceC: 'strace -f -c',
    straceE: 'strace -e trace=…',
    tasks: '/proc/PID/task',
    ps: 'ps -L (wchan)',
    ctxt: 'ctxt_switches',
    pidstat: 'pidstat -w',
    ss: 'ss -s',
    schedtrace: 'GODEBUG=schedtrace',
    jcmd: 'jcmd (Java 21)',
  },
  hints: {
    straceC: 'Куда уходит время, по системным вызовам (-w: время по часам, а не процессорное).',
    straceE: 'Каждое ожидание и чтение по мере того, как они происходят; <unfinished …> — вызов ещё идёт.',
    tasks: 'Сколько у процесса потоков (задач).',
    ps: 'Состояние каждого потока (S спит, R работает) и функция ядра, в которой он спит.',
    ctxt: 'Добровольные: поток заснул сам. Невольные: планировщик отобрал у него ядро.',
    pidstat: 'Те же переключения в секунду по потокам: cswch/s добровольные, nvcswch/s невольные.',
    ss: 'Сокеты всей машины: быстро увидеть горы соединений.',
    schedtrace: 'Планировщик Go раз в секунду: свободные P (idleprocs) и горутины в очереди (runqueue).',
    jcmd: 'Дамп всех потоков Java, включая виртуальные.',
  },
  meaning: {
    idle: 'Цикл спит в epoll_pwait и просыпается только по таймеру: всё время strace — в epoll_pwait, поток спит в do_epoll_wait, переключений почти нет.',
    blocked:
      'Один read(), который не возвращается: strace видит его начало и больше ничего; поток спит (S) в anon_pipe_read. Кто-то должен написать в этот канал — или ожиданию нужен таймаут.',
    contended:
      'Потоки стоят в очереди за одним мьютексом: всё время strace — в futex, многие вызовы кончаются EAGAIN (столбец errors), растут переключения обоих видов.',
    cpu: 'Четыре потока хотят одно ядро: системных вызовов нет совсем, потоки в состоянии R (работают или ждут ядра), растут невольные переключения — планировщик отбирает ядро.',
  },
  verdict: {
    idle: 'Здоровое ожидание: цикл спит в epoll_pwait.',
    blocked: 'Застрял: один read(), который не возвращается.',
    contended: 'Борьба: потоки ждут друг друга в futex.',
    cpu: 'Ядер не хватает: планировщик отбирает ядро.',
  },
  program: (p: string) => `Наблюдаем: ${p}`,
  comments: {
    'a second after the first look': 'через секунду после первого взгляда',
    'its header and Average lines': 'заголовок и строки Average',
    'the whole machine, not one process': 'вся машина, а не один процесс',
    'observe-contended.c: 4 threads, one mutex': 'observe-contended.c: 4 потока, один мьютекс',
    'observe-busy.c: 4 spinning threads, 1 core': 'observe-busy.c: 4 крутящихся потока, 1 ядро',
    'GOMAXPROCS=1, 4 goroutines spin': 'GOMAXPROCS=1, крутятся 4 горутины',
  },
  terminalLabel: (cmd: string) => `Вывод ${cmd}`,
  trimmed: (n: string) => `… опущено строк: ${n}`,
  nothingPrinted: '(больше ничего не напечатано)',
  growth: (v: string, nv: string) => `За эту секунду, все потоки вместе: +${v} добровольных, +${nv} невольных.`,
  noSchedtrace: 'GODEBUG=schedtrace — для программ на Go: записан только для простоя и для счёта.',
  jcmdNote:
    'Здесь не записано: на этой машине нет Java 21. Команда пишет в JSON все потоки, включая виртуальные, сгруппированные по executor’ам, которым они принадлежат (JEP 444).',
  recorded: (date: string, machine: string, kernel: string) =>
    `Настоящий вывод, записан ${date} на ${machine}, ${kernel} (scripts/record-observe.ts).`,
  question: 'Чем занят этот процесс?',
  round: (i: string, n: string) => `Вывод ${i} из ${n}`,
  right: 'Верно.',
  wrong: (x: string) => `Не совсем: это «${x}».`,
  next: 'Следующий вывод',
  restart: 'Сначала',
  score: (r: string, a: string) => `Счёт: ${r} из ${a}`,
  last: 'Это был последний.',
};

export const observeText: Bilingual<typeof en> = { en, ru };
