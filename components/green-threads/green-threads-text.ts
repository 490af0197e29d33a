import type { Bilingual } from '../../lib/i18n.ts';
import type { Action, EventKey, LaneStatus, Runtime } from './green-threads-model.ts';

/** Figures the captions need, already formatted for the language. */
export interface Caption {
  /** The first task, e.g. `G1`. */
  readonly task: string;
  /** The task that took the first thread, or null when none waited. */
  readonly next: string | null;
  /** The OS thread the runtime added (Go's new M). */
  readonly extra: string;
  /** Carriers left for everyone else (Java, pinned). */
  readonly left: string;
}

const en = {
  demoLabel: 'Green threads: M tasks on N OS threads',
  runtimeGroup: 'Runtime',
  runtimes: { go: 'Go', java: 'Java 21+', erlang: 'Erlang/Elixir' } satisfies Record<Runtime, string>,
  actionGroup: 'What the first task does',
  actions: {
    syscall: 'blocking syscall',
    cpu: 'long CPU loop',
    receive: 'channel / message receive',
    pinned: '`synchronized` + I/O',
  } satisfies Record<Action, string>,
  /** What the action is in each runtime's code. */
  actionCode: {
    go: { syscall: '`syscall.Read(fd)`', cpu: '`for { x++ }`', receive: '`<-ch`' },
    java: {
      syscall: '`in.read()` (socket)',
      cpu: '`while (true) x++;`',
      receive: '`queue.take()`',
      pinned: '`synchronized (lock) { in.read(); }`',
    },
    erlang: {
      syscall: '`file:read(F, N)`',
      cpu: '`loop(N) -> loop(N + 1).`',
      receive: '`receive {msg, X} -> … end`',
    },
  } as Record<Runtime, Partial<Record<Action, string>>>,
  threadsLabel: (r: Runtime): string =>
    r === 'go'
      ? 'Ps, Go’s processors (GOMAXPROCS)'
      : r === 'java'
        ? 'OS threads (carriers)'
        : 'OS threads (schedulers)',
  tasksLabel: (r: Runtime): string => (r === 'go' ? 'Goroutines' : r === 'java' ? 'Virtual threads' : 'Processes'),
  taskPrefix: { go: 'G', java: 'V', erlang: 'P' } satisfies Record<Runtime, string>,
  lane: (r: Runtime, thread: number, p: number | null, extra: boolean): string =>
    r === 'go'
      ? `M${thread} · ${p === null ? 'no P' : `P${p}`}`
      : r === 'java'
        ? `carrier ${thread}`
        : extra
          ? 'dirty I/O'
          : `scheduler ${thread}`,
  status: {
    running: 'running',
    kernel: 'blocked in the kernel',
    pinned: 'pinned: blocked in the kernel',
    idle: 'idle',
    dirty: 'reads the file',
  } satisfies Record<LaneStatus, string>,
  queueLabel: 'Runnable',
  parkedLabel: 'Waiting, on no thread',
  none: 'none',
  more: (n: string) => `+ ${n} more`,
  osThreads: (n: string) => `OS threads: **${n}**`,
  at: (t: string) => `t = ${t}`,
  us: (v: string) => `${v} µs`,
  ms: (v: string) => `${v} ms`,
  s: (v: string) => `${v} s`,
  nobody: 'nobody (no task waits)',
  captions: {
    start: (c: Caption, action: string) => `${c.task} runs on the first thread; next: ${action}.`,
    'go-syscall-enter': (c: Caption) =>
      `${c.task} calls \`read()\`: M1 blocks in the kernel with it, and P1 runs no Go code for now.`,
    'go-handoff': (c: Caption) =>
      `20 µs later sysmon hands P1 to another OS thread, ${c.extra}, which runs ${c.next ?? ''}. M1 stays in the kernel with ${c.task}.`,
    'go-no-work': (c: Caption) =>
      `No other goroutine waits, so sysmon leaves P1 with M1 (for up to 10 ms). ${c.task} is still in the kernel.`,
    'go-syscall-exit': (c: Caption) =>
      c.next === null
        ? `\`read()\` returns and ${c.task} carries on with P1.`
        : `\`read()\` returns: M1 has no P, so ${c.task} joins the global run queue and M1 sleeps.`,
    'go-preempt': (c: Caption) =>
      c.next === null
        ? `10 ms pass; no other goroutine waits, so ${c.task} keeps running.`
        : `After 10 ms sysmon preempts ${c.task} with a signal (Go 1.14+); ${c.next} runs on P1.`,
    'go-park': (c: Caption) =>
      `${c.task} receives from an empty channel: parked on no thread (\`gopark\`). M1 runs ${c.next ?? 'nothing'} at once.`,
    'go-ready': (c: Caption) => `A send on the channel: ${c.task} is runnable again (\`goready\`).`,
    'java-unmount': (c: Caption) =>
      `${c.task} reads a socket with no data: it unmounts, its frames go to the heap. Carrier 1 takes ${c.next ?? 'nothing'}.`,
    'java-remount': (c: Caption) =>
      `Data arrives: the poller unparks ${c.task}; it mounts on whichever carrier is free.`,
    'java-no-preempt': (c: Caption) =>
      `10 ms, 100 ms, a second: ${c.task} keeps carrier 1. Virtual threads are not preempted by time.`,
    'java-loop-done': (c: Caption) =>
      `Only when the loop ends (or blocks) does carrier 1 take ${c.next ?? 'another task'}.`,
    'java-park': (c: Caption) =>
      `${c.task} calls \`take()\` on an empty queue: it parks and unmounts. Carrier 1 takes ${c.next ?? 'nothing'}.`,
    'java-unpark': (c: Caption) => `Another thread puts an item: ${c.task} is unparked and queued again.`,
    'java-pinned': (c: Caption) =>
      `${c.task} reads a socket inside \`synchronized\` and cannot unmount (before Java 24). It pins carrier 1, which blocks in the kernel: ${c.left} carriers are left.`,
    'java-pinned-exit': (c: Caption) =>
      `\`read()\` returns: carrier 1 is free again. Since Java 24 (JEP 491) ${c.task} would have unmounted.`,
    'erl-dirty': (c: Caption) =>
      `${c.task} calls \`file:read/2\`: the read runs on a dirty I/O thread. Scheduler 1 runs ${c.next ?? 'nothing'}.`,
    'erl-dirty-done': (c: Caption) => `The read is done: ${c.task} is runnable again and waits for its turn.`,
    'erl-reductions': (c: Caption) =>
      c.next === null
        ? `After 4,000 reductions no other process waits: ${c.task} gets a new slice at once.`
        : `Each call costs a reduction. After 4,000, ${c.task} is switched out to the end of the run queue and ${c.next} runs.`,
    'erl-receive': (c: Caption) =>
      `${c.task} runs \`receive\` with no matching message: parked outside the run queue. Scheduler 1 runs ${c.next ?? 'nothing'}.`,
    'erl-message': (c: Caption) => `A message arrives (\`Pid ! Msg\`): ${c.task} is runnable again.`,
  },
  /**
   * While presenting, the events the speaker's steps show, in a line each: what moved. Why is said aloud (the
   * slide's notes); the self-paced view keeps the long captions.
   */
  presentedCaptions: {
    'go-handoff': (c: Caption) => `20 µs later sysmon hands P1 to a new OS thread, ${c.extra}.`,
    'go-preempt': (c: Caption) =>
      c.next === null
        ? `10 ms pass: ${c.task} keeps running.`
        : `After 10 ms sysmon preempts ${c.task}: ${c.next} runs.`,
    'java-unmount': (c: Caption) => `${c.task} unmounts: carrier 1 takes ${c.next ?? 'nothing'}.`,
    'java-pinned': (c: Caption) => `Inside \`synchronized\`, ${c.task} pins carrier 1.`,
    'erl-reductions': (c: Caption) =>
      c.next === null
        ? `4,000 reductions: ${c.task} gets a new slice.`
        : `4,000 reductions: ${c.task} to the back of the queue, ${c.next} runs.`,
  } as Partial<Record<EventKey, (c: Caption) => string>>,
  reductionsLeft: (n: string) => `reductions left in the slice: ${n}`,
  reductionsLeftShort: (n: string) => `reductions left: ${n}`,
  measured: {
    goCpu: (gap: string, v: string) =>
      `Measured (${v}, GOMAXPROCS=1): beside a spinning goroutine another waits at most **${gap}** between turns: sysmon looks every 10 ms or so.`,
    goSyscall: (k: string, before: string, during: string) =>
      `Measured (GOMAXPROCS=1): ${k} goroutines blocked in \`read()\`: OS threads **${before} → ${during}**, and the others kept running.`,
    erlCpu: (reds: string, gap: string, v: string) =>
      `Measured (${v}, one scheduler): **${reds}** reductions per slice; a process beside two spinning ones waited at most ${gap}.`,
    java: 'Java: from JEP 444 and JEP 491 (no Java 21 on the test machine).',
  },
  figuresLabel: 'Action and figures',
  memoryTitle: 'Memory',
  memory: {
    go: (stack: string, rt: string, total: string) =>
      `per goroutine: ${stack} stack (grows) + ${rt} runtime = **${total}**`,
    java: (total: string) => `per virtual thread: its frames on the heap, hundreds of bytes to **${total}**`,
    erlang: (total: string) => `per process, with its own heap: **${total}**`,
  },
  memoryTotal: (m: string, total: string) => `${m} tasks: **${total}**`,
  osThreadCompare: (m: string, reserved: string, resident: string, each: string) =>
    `as ${m} OS threads: ${reserved} of address space reserved for stacks (8 MB each), ${resident} resident (${each} each, measured)`,
  measuredTag: 'measured',
  bytes: { B: 'B', KB: 'KB', MB: 'MB', GB: 'GB' },
  panels: { scheduler: 'Scheduler', predict: 'Predict' },
  panelGroup: 'Panel',
  quiz: {
    ask: 'A Go program: 10,000 goroutines blocked on a channel receive, GOMAXPROCS=2. How many OS threads does the process have?',
    choices: [
      '10,000: one per goroutine',
      'about 100: one per hundred',
      'a few: about as many as GOMAXPROCS',
      'exactly one',
    ],
  },
  quizPanelLabel: 'Predict, then see',
  right: 'Right!',
  wrong: (n: number) => `Not quite: the answer is ${n}.`,
  pickHint: 'Choose an answer: then see the measured figure.',
  voteOpen: 'voting is open',
  tryAgain: 'Try again',
  reveal: 'Reveal the answer',
};

const ru: typeof en = {
  demoLabel: 'Зелёные потоки: M задач на N потоков ОС',
  runtimeGroup: 'Рантайм',
  runtimes: { go: 'Go', java: 'Java 21+', erlang: 'Erlang/Elixir' },
  actionGroup: 'Что делает первая задача',
  actions: {
    syscall: 'блокирующий системный вызов',
    cpu: 'долгий цикл на CPU',
    receive: 'приём из канала / сообщения',
    pinned: '`synchronized` + ввод-вывод',
  },
  actionCode: {
    go: { syscall: '`syscall.Read(fd)`', cpu: '`for { x++ }`', receive: '`<-ch`' },
    java: {
      syscall: '`in.read()` (сокет)',
      cpu: '`while (true) x++;`',
      receive: '`queue.take()`',
      pinned: '`synchronized (lock) { in.read(); }`',
    },
    erlang: {
      syscall: '`file:read(F, N)`',
      cpu: '`loop(N) -> loop(N + 1).`',
      receive: '`receive {msg, X} -> … end`',
    },
  },
  threadsLabel: (r: Runtime): string =>
    r === 'go'
      ? 'P — процессоры Go (GOMAXPROCS)'
      : r === 'java'
        ? 'Потоков ОС (носителей)'
        : 'Потоков ОС (планировщиков)',
  tasksLabel: (r: Runtime): string => (r === 'go' ? 'Горутин' : r === 'java' ? 'Виртуальных потоков' : 'Процессов'),
  taskPrefix: { go: 'G', java: 'V', erlang: 'P' },
  lane: (r: Runtime, thread: number, p: number | null, extra: boolean): string =>
    r === 'go'
      ? `M${thread} · ${p === null ? 'без P' : `P${p}`}`
      : r === 'java'
        ? `носитель ${thread}`
        : extra
          ? 'dirty I/O'
          : `планировщик ${thread}`,
  status: {
    running: 'работает',
    kernel: 'заблокирован в ядре',
    pinned: 'закреплён: заблокирован в ядре',
    idle: 'свободен',
    dirty: 'читает файл',
  },
  queueLabel: 'Готовы к работе',
  parkedLabel: 'Ждут, ни на каком потоке',
  none: 'нет',
  more: (n: string) => `+ ещё ${n}`,
  osThreads: (n: string) => `Потоков ОС: **${n}**`,
  at: (t: string) => `t = ${t}`,
  us: (v: string) => `${v} мкс`,
  ms: (v: string) => `${v} мс`,
  s: (v: string) => `${v} с`,
  nobody: 'никто (никто не ждёт)',
  captions: {
    start: (c: Caption, action: string) => `${c.task} на первом потоке; дальше: ${action}.`,
    'go-syscall-enter': (c: Caption) =>
      `${c.task} вызывает \`read()\`: M1 блокируется в ядре вместе с ней, и на P1 пока не выполняется код Go.`,
    'go-handoff': (c: Caption) =>
      `Через 20 мкс sysmon отдаёт P1 другому потоку ОС, ${c.extra}; тот выполняет ${c.next ?? ''}. M1 остаётся в ядре с ${c.task}.`,
    'go-no-work': (c: Caption) =>
      `Других горутин нет, и sysmon оставляет P1 у M1 (до 10 мс). ${c.task} всё ещё в ядре.`,
    'go-syscall-exit': (c: Caption) =>
      c.next === null
        ? `\`read()\` вернулся, и ${c.task} продолжает работу с P1.`
        : `\`read()\` вернулся: у M1 нет P, поэтому ${c.task} встаёт в глобальную очередь, а M1 засыпает.`,
    'go-preempt': (c: Caption) =>
      c.next === null
        ? `Прошло 10 мс; других горутин нет, и ${c.task} продолжает работать.`
        : `Через 10 мс sysmon вытесняет ${c.task} сигналом (Go 1.14+); на P1 работает ${c.next}.`,
    'go-park': (c: Caption) =>
      `${c.task} читает из пустого канала: она припаркована, ни на каком потоке (\`gopark\`). M1 сразу выполняет ${c.next ?? 'ничего'}.`,
    'go-ready': (c: Caption) => `В канал пишут: ${c.task} снова готова (\`goready\`).`,
    'java-unmount': (c: Caption) =>
      `${c.task} читает сокет, а данных нет: она снимается с носителя, кадры уходят в кучу. Носитель 1 берёт ${c.next ?? 'ничего'}.`,
    'java-remount': (c: Caption) => `Данные пришли: поллер будит ${c.task}; она садится на первый свободный носитель.`,
    'java-no-preempt': (c: Caption) =>
      `10 мс, 100 мс, секунда: ${c.task} держит носитель 1. Виртуальные потоки не вытесняются по времени.`,
    'java-loop-done': (c: Caption) =>
      `Только когда цикл закончится (или заблокируется), носитель 1 возьмёт ${c.next ?? 'другую задачу'}.`,
    'java-park': (c: Caption) =>
      `${c.task} вызывает \`take()\` у пустой очереди: паркуется и снимается с носителя. Носитель 1 берёт ${c.next ?? 'ничего'}.`,
    'java-unpark': (c: Caption) => `Другой поток кладёт элемент: ${c.task} просыпается и снова встаёт в очередь.`,
    'java-pinned': (c: Caption) =>
      `${c.task} читает сокет внутри \`synchronized\` и не может сняться (до Java 24). Она закрепляет носитель 1, и тот блокируется в ядре: свободных носителей — ${c.left}.`,
    'java-pinned-exit': (c: Caption) =>
      `\`read()\` вернулся: носитель 1 снова свободен. С Java 24 (JEP 491) ${c.task} бы просто снялась с носителя.`,
    'erl-dirty': (c: Caption) =>
      `${c.task} вызывает \`file:read/2\`: чтение идёт на отдельном потоке dirty I/O. Планировщик 1 выполняет ${c.next ?? 'ничего'}.`,
    'erl-dirty-done': (c: Caption) => `Чтение закончено: ${c.task} снова готов и ждёт своей очереди.`,
    'erl-reductions': (c: Caption) =>
      c.next === null
        ? `После 4000 редукций других процессов нет: ${c.task} сразу получает новый квант.`
        : `Каждый вызов стоит редукцию. После 4000 ${c.task} снимается в конец очереди, и работает ${c.next}.`,
    'erl-receive': (c: Caption) =>
      `${c.task} выполняет \`receive\`, а подходящего сообщения нет: он паркуется вне очереди. Планировщик 1 выполняет ${c.next ?? 'ничего'}.`,
    'erl-message': (c: Caption) => `Пришло сообщение (\`Pid ! Msg\`): ${c.task} снова готов к работе.`,
  },
  presentedCaptions: {
    'go-handoff': (c: Caption) => `Через 20 мкс sysmon отдаёт P1 новому потоку ОС, ${c.extra}.`,
    'go-preempt': (c: Caption) =>
      c.next === null
        ? `Прошло 10 мс: ${c.task} работает дальше.`
        : `Через 10 мс sysmon вытесняет ${c.task}: работает ${c.next}.`,
    'java-unmount': (c: Caption) => `${c.task} снимается: носитель 1 берёт ${c.next ?? 'ничего'}.`,
    'java-pinned': (c: Caption) => `Внутри \`synchronized\` ${c.task} закрепляет носитель 1.`,
    'erl-reductions': (c: Caption) =>
      c.next === null
        ? `4000 редукций: ${c.task} получает новый квант.`
        : `4000 редукций: ${c.task} в конец очереди, работает ${c.next}.`,
  },
  reductionsLeft: (n: string) => `редукций до конца кванта: ${n}`,
  reductionsLeftShort: (n: string) => `осталось редукций: ${n}`,
  measured: {
    goCpu: (gap: string, v: string) =>
      `Измерено (${v}, GOMAXPROCS=1): рядом с крутящейся горутиной другая ждёт своей очереди не больше **${gap}**: sysmon заглядывает примерно раз в 10 мс.`,
    goSyscall: (k: string, before: string, during: string) =>
      `Измерено (GOMAXPROCS=1): ${k} горутины заблокированы в \`read()\` — потоков ОС **${before} → ${during}**, остальные работали дальше.`,
    erlCpu: (reds: string, gap: string, v: string) =>
      `Измерено (${v}, один планировщик): **${reds}** редукций на квант; процесс рядом с двумя крутящимися ждал не больше ${gap}.`,
    java: 'Java: по JEP 444 и JEP 491 (Java 21 на тестовой машине нет).',
  },
  figuresLabel: 'Действие и цифры',
  memoryTitle: 'Память',
  memory: {
    go: (stack: string, rt: string, total: string) =>
      `на горутину: стек ${stack} (растёт) + ${rt} рантайма = **${total}**`,
    java: (total: string) => `на виртуальный поток: кадры в куче, от сотен байт до **${total}**`,
    erlang: (total: string) => `на процесс со своей кучей: **${total}**`,
  },
  memoryTotal: (m: string, total: string) => `${m} задач: **${total}**`,
  osThreadCompare: (m: string, reserved: string, resident: string, each: string) =>
    `${m} потоков ОС: ${reserved} адресов зарезервировано под стеки (по 8 МБ), в памяти ${resident} (по ${each}, измерено)`,
  measuredTag: 'измерено',
  bytes: { B: 'Б', KB: 'КБ', MB: 'МБ', GB: 'ГБ' },
  panels: { scheduler: 'Планировщик', predict: 'Угадайте' },
  panelGroup: 'Панель',
  quiz: {
    ask: 'Программа на Go: 10 000 горутин ждут приёма из канала, GOMAXPROCS=2. Сколько потоков ОС у процесса?',
    choices: [
      '10 000: по одному на горутину',
      'около 100: один на сотню',
      'несколько: примерно GOMAXPROCS',
      'ровно один',
    ],
  },
  quizPanelLabel: 'Угадайте, потом проверьте',
  right: 'Верно!',
  wrong: (n: number) => `Не совсем: правильный ответ — ${n}.`,
  pickHint: 'Выберите ответ — и увидите измеренное число.',
  voteOpen: 'идёт голосование',
  tryAgain: 'Попробовать ещё раз',
  reveal: 'Показать ответ',
};

export const greenThreadsText: Bilingual<typeof en> = { en, ru };
