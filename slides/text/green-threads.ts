import { slideText } from '../types.ts';

/** The words of the slide `green-threads` (its title is in `slides/green-threads.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'pthread_create(3): the default stack size of a new thread is the RLIMIT_STACK soft limit (`ulimit -s`, 8 MB)',
      'https://man7.org/linux/man-pages/man3/pthread_create.3.html',
    ],
    [
      'proc(5): /proc/[pid]/status, VmSize (virtual memory size) and VmRSS (resident set size)',
      'https://man7.org/linux/man-pages/man5/proc.5.html',
    ],
    [
      'Go 1.19 runtime/proc.go: sysmon (20 µs first sleep, line 5145), forcePreemptNS = 10 ms (line 5289), retake of a P in a syscall (line 5323)',
      'https://github.com/golang/go/blob/go1.19.8/src/runtime/proc.go',
    ],
    [
      'Go 1.19 runtime/stack.go: _StackMin = 2048 (line 75)',
      'https://github.com/golang/go/blob/go1.19.8/src/runtime/stack.go',
    ],
    ['Go 1.14 release notes: goroutines are asynchronously preemptible', 'https://go.dev/doc/go1.14#runtime'],
    [
      'JEP 444: Virtual Threads (Java 21): mounting, unmounting, pinning; no time-sharing',
      'https://openjdk.org/jeps/444',
    ],
    ['JEP 491: Synchronize Virtual Threads without Pinning (Java 24)', 'https://openjdk.org/jeps/491'],
    [
      'Erlang/OTP erts/emulator/beam/erl_vm.h: #define CONTEXT_REDS 4000 (line 51)',
      'https://github.com/erlang/otp/blob/master/erts/emulator/beam/erl_vm.h',
    ],
    [
      'Erlang Efficiency Guide: Processes (the memory of a fresh process)',
      'https://www.erlang.org/doc/efficiency_guide/processes.html',
    ],
    [
      'Erlang/OTP 21 highlights: file I/O as NIFs on dirty I/O schedulers',
      'https://www.erlang.org/blog/otp-21-highlights/',
    ],
  ],
  ru: {
    body: [
      { p: 'Много задач с маленькими стеками на нескольких потоках ОС.' },
      {
        details: [
          {
            p: 'Стековая корутина приостанавливается на любой глубине вызовов, поэтому код остаётся блокирующим, без `async`. Выберите рантайм: действие выполняет задача на первом потоке.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Можно ли обойтись без async вовсе? Горутина, виртуальный поток Java, процесс Erlang — это задача со своим маленьким стеком, который рантайм умеет отложить в сторону на любой глубине вызовов. Рантайм раскладывает тысячи таких задач по нескольким потокам ОС, а код остаётся обычным блокирующим. Сначала Go: горутина G1 вызывает read, и поток ОС M1 уходит вместе с ней в ядро. Остальные горутины продолжают работать на других потоках.',
        shows: ['M1 · P1', 'syscall.Read(fd)'],
      },
      {
        p: 'Через 20 микросекунд следящий поток Go, sysmon, замечает застрявший поток, забирает у него процессор P1 и отдаёт новому потоку ОС, M5. В процессе на один поток больше, и никто не стоит за блокирующим вызовом. Блокирующий вызов стоит один поток ОС, а не весь рантайм.',
        shows: ['M5 · P1', 'sysmon отдаёт P1 новому потоку ОС'],
      },
      {
        p: 'Долгий цикл без вызовов функций, который никогда сам не уступает: через 10 миллисекунд sysmon вытесняет его сигналом. С Go 1.14 можно остановить даже тугой бесконечный цикл, так что одна занятая горутина не захватит процессор навсегда. Раньше такой цикл мог надолго занять поток и задержать всех остальных.',
        shows: ['sysmon вытесняет G1'],
      },
      {
        p: 'Java: виртуальный поток читает сокет, в котором нет данных. Вместо того чтобы блокировать поток-носитель, он снимается с него: его кадры стека копируются в кучу, а носитель берёт следующий виртуальный поток. Код тот же, блокирующий, а поток ОС свободен. Число потоков ОС больше не растёт вместе с числом ожидающих задач.',
        shows: ['V1 снимается: носитель 1 берёт V5.', 'Ждут, ни на каком потоке'],
      },
      {
        p: 'Подвох: внутри блока synchronized, до Java 24, виртуальный поток сняться не может. Он закрепляет свой носитель, и тот ждёт в ядре. Носителей столько, сколько ядер: закрепите все — и встанет всё. Поэтому до Java 24 советовали заменять synchronized на явные блокировки.',
        shows: ['synchronized', 'V1 закрепляет носитель 1.'],
      },
      {
        p: 'Erlang считает редукции — грубо говоря, вызовы функций: после 4000 процесс уходит в конец очереди, даже посреди долгого счёта. Ни один процесс не может надолго занять планировщик, поэтому задержки у Erlang такие ровные. Долгий счёт планировщик режет на кусочки сам — то, что в Node мы делали руками. Три рантайма — три способа остановить задачу, которая сама не останавливается.',
        shows: ['4000 редукций', 'осталось редукций: 0'],
      },
    ],
    appendix: [
      {
        p: 'Вкладка «Угадайте»: сколько потоков ОС у программы с 10 000 ждущих горутин? Спросите зал, потом откройте ответ.',
      },
      {
        p: 'Шаги: 1 — Go, блокирующий системный вызов: поток M1 ушёл в ядро вместе с G1; 2 — через 20 мкс sysmon отдаёт P1 новому потоку ОС, остальные горутины работают; 3 — Go, долгий цикл: через 10 мс sysmon вытесняет его сигналом (с Go 1.14); 4 — Java, блокирующее чтение сокета: виртуальный поток снимается с носителя, кадры уходят в кучу; 5 — то же внутри `synchronized`: носитель закреплён и стоит в ядре; 6 — Erlang, долгий цикл: после 4000 редукций процесс снимается с планировщика.',
      },
      {
        p: 'Go (планировщик GMP): G — горутина, M — поток ОС, P — право выполнять код Go, их GOMAXPROCS. Стек горутины начинается с 2 КБ (`_StackMin = 2048`, runtime/stack.go, строка 75) и растёт копированием. На системном вызове M блокируется вместе с G; sysmon (runtime/proc.go, строка 5145: первый сон 20 мкс) через один свой тик забирает P и отдаёт его другому M — при необходимости новому потоку (строка 5323: «Retake P from syscall if it’s there for more than 1 sysmon tick (at least 20us)»). Горутину, которая работает дольше `forcePreemptNS = 10 мс` (строка 5289), sysmon вытесняет; с Go 1.14 — асинхронно, сигналом, даже в цикле без вызовов функций.',
      },
      {
        p: 'Измерено здесь (go1.19.8, `tests/unit/green-threads-real.test.ts`): при GOMAXPROCS=1 рядом с горутиной, крутящей цикл без вызовов, другая горутина получает управление с промежутками около 20 мс — не «никогда»: 10 мс кванта плюс до 10 мс, пока sysmon проснётся. 10 000 горутин, ждущих канал, — 2048 байт стека и около 520 байт структур рантайма на каждую (`runtime.MemStats`), и всего 4 потока ОС при GOMAXPROCS=2. Четыре горутины в блокирующем `read()` из пустых каналов (pipe) при GOMAXPROCS=1 — потоков стало 6 вместо 3, а остальные продолжали работать.',
      },
      {
        p: 'Java 21+ (JEP 444): виртуальные потоки выполняются на потоках-носителях ForkJoinPool (их по числу ядер). На блокирующем вводе-выводе JDK снимает виртуальный поток с носителя: кадры стека копируются в кучу, носитель берёт следующий. По времени виртуальные потоки не вытесняются. Внутри `synchronized` или нативного кадра поток снять нельзя — он закрепляет (pins) носитель; с Java 24 (JEP 491) `synchronized` больше не закрепляет. Закрепления видно в JFR: событие `jdk.VirtualThreadPinned`. Java 21 на этой машине нет, поэтому факты о Java — по JEP, без измерений; память виртуального потока — «сотни байт — КБ в куче» (по докладу), зависит от глубины стека.',
      },
      {
        p: 'Erlang/Elixir: по планировщику на ядро, у каждого своя очередь. Каждый вызов функции стоит редукцию; после `CONTEXT_REDS = 4000` (erts/emulator/beam/erl_vm.h, строка 51) процесс снимается. Измерено здесь на OTP 25 с `+S 1`: у крутящегося процесса ровно 4000 редукций на каждое снятие с планировщика, а третий процесс, который просыпается раз в 1 мс, ждал не больше 2,6 мс. Свежий процесс занимает 2640 байт (`erlang:process_info(Pid, memory)`), со своей кучей и своим сборщиком мусора. `receive` без подходящего сообщения паркует процесс вне очереди. Чтение файла с OTP 21 выполняется на отдельных dirty I/O-планировщиках.',
      },
      {
        p: 'Ползунок для Go — число P (GOMAXPROCS), а не потоков: потоки — это M, и их бывает больше, чем P (в демо M5 при четырёх P, когда M1 ушёл в ядро). Строка «как потоки ОС»: 8 МБ на поток — это зарезервированные адреса (виртуальная память, VmSize), а не занятая память. Измерено здесь (`tests/probes/thread-rss.c`, 1000 ждущих pthread, 2026-12-02, Debian 12, glibc 2.36, Linux 6.18): VmSize растёт на 8196 КБ на поток, VmRSS — примерно на 8 КБ; у 10 000 потоков 78 ГБ адресов и около 80 МБ в памяти, плюс память ядра на поток (его стек и task_struct), которой нет ни в одной из цифр. Дороги потоки переключениями, лимитами (слайд C10K) и стеками, которые растут под нагрузкой, а не 8 МБ каждый.',
      },
      {
        p: 'Вопрос «угадайте, потом проверьте» во вкладке демо: сколько потоков ОС у программы с 10 000 горутин, ждущих канал? Ответ — измеренный: несколько (4 при GOMAXPROCS=2). Ответ засчитывается в итоговый счёт на последнем слайде.',
      },
    ],
  },
  en: {
    body: [
      { p: 'Many tasks with small stacks on a few OS threads.' },
      {
        details: [
          {
            p: 'A stackful coroutine can pause at any depth of calls, so code stays blocking, without `async`. Choose a runtime: the task on the first thread performs the action.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Can we skip async altogether? A goroutine, a Java virtual thread, an Erlang process: each is a task with a small stack of its own, which the runtime can set aside at any depth of calls. The runtime spreads thousands of them over a few OS threads, and the code stays ordinary blocking code. Go first: goroutine G1 calls read, and OS thread M1 goes into the kernel with it. The other goroutines keep running on the other threads.',
        shows: ['M1 · P1', 'syscall.Read(fd)'],
      },
      {
        p: '20 microseconds later Go’s monitor thread, sysmon, notices the stuck thread, takes its processor, P1, and hands it to a new OS thread, M5. The process has one thread more, and nobody is stuck behind the blocking call.',
        shows: ['M5 · P1', 'blocked in the kernel', 'sysmon hands P1 to a new OS thread'],
      },
      {
        p: 'A long loop without any function calls, which never offers to yield: after 10 milliseconds sysmon preempts it with a signal. Since Go 1.14 even a tight endless loop can be stopped, so one busy goroutine cannot take a processor forever.',
        shows: ['sysmon preempts G1'],
      },
      {
        p: 'Java: a virtual thread reads a socket with no data. Instead of blocking its carrier thread it unmounts: its stack frames are copied to the heap, and the carrier takes the next virtual thread. The same blocking code, and the OS thread is free.',
        shows: ['V1 unmounts: carrier 1 takes V5.', 'Waiting, on no thread'],
      },
      {
        p: 'The catch: inside a synchronized block, before Java 24, a virtual thread cannot unmount. It pins its carrier, which then waits in the kernel. There are only as many carriers as cores: pin them all, and everything stops.',
        shows: ['synchronized', 'pinned: blocked in the kernel'],
      },
      {
        p: 'Erlang counts reductions, roughly function calls: after 4,000 of them a process goes to the back of the run queue, even in the middle of a long computation. No process can hold a scheduler for long, and that is why Erlang’s latency is so even. Three runtimes, three ways to stop a task that does not stop itself.',
        shows: ['4,000 reductions', 'reductions left: 0'],
      },
    ],
    appendix: [
      {
        p: 'The "Predict" tab: how many OS threads does a program with 10,000 waiting goroutines have? Ask the room, then reveal.',
      },
      {
        p: 'Steps: 1 — Go, a blocking syscall: thread M1 went into the kernel with G1; 2 — 20 µs later sysmon hands P1 to a new OS thread and the other goroutines run; 3 — Go, a long loop: after 10 ms sysmon preempts it with a signal (since Go 1.14); 4 — Java, a blocking socket read: the virtual thread unmounts, its frames go to the heap; 5 — the same inside `synchronized`: the carrier is pinned and waits in the kernel; 6 — Erlang, a long loop: after 4,000 reductions the process is switched out.',
      },
      {
        p: 'Go (the GMP scheduler): G is a goroutine, M an OS thread, P the right to run Go code; there are GOMAXPROCS of them. A goroutine’s stack starts at 2 KB (`_StackMin = 2048`, runtime/stack.go, line 75) and grows by copying. In a syscall the M blocks with its G; sysmon (runtime/proc.go, line 5145: it first sleeps 20 µs) takes the P after one of its ticks and hands it to another M, a new thread if need be (line 5323: "Retake P from syscall if it’s there for more than 1 sysmon tick (at least 20us)"). A goroutine that has run longer than `forcePreemptNS = 10 ms` (line 5289) is preempted by sysmon; since Go 1.14 asynchronously, with a signal, even in a loop without function calls.',
      },
      {
        p: 'Measured here (go1.19.8, `tests/unit/green-threads-real.test.ts`): with GOMAXPROCS=1, beside a goroutine spinning in a loop without calls, another goroutine gets to run at intervals of about 20 ms, not never: the 10 ms slice plus up to 10 ms until sysmon wakes. 10,000 goroutines waiting on a channel cost 2,048 bytes of stack and about 520 bytes of runtime structures each (`runtime.MemStats`), with just 4 OS threads at GOMAXPROCS=2. Four goroutines in a blocking `read()` from empty pipes with GOMAXPROCS=1: 6 threads instead of 3, and the rest kept running.',
      },
      {
        p: 'Java 21+ (JEP 444): virtual threads run on the carrier threads of a ForkJoinPool (as many as cores). On blocking I/O the JDK unmounts the virtual thread: its stack frames are copied to the heap and the carrier takes the next one. Virtual threads are not preempted by time. Inside `synchronized` or a native frame a thread cannot unmount: it pins its carrier; since Java 24 (JEP 491) `synchronized` no longer pins. Pinning shows up in JFR as the `jdk.VirtualThreadPinned` event. There is no Java 21 on this machine, so the Java facts come from the JEPs, not from measurements; a virtual thread’s memory is "hundreds of bytes to a KB on the heap" (from the talk), depending on the depth of its stack.',
      },
      {
        p: 'Erlang/Elixir: one scheduler per core, each with its own run queue. Every function call costs a reduction; after `CONTEXT_REDS = 4000` (erts/emulator/beam/erl_vm.h, line 51) the process is switched out. Measured here on OTP 25 with `+S 1`: a spinning process runs exactly 4,000 reductions per switch, and a third process waking every 1 ms waited at most 2.6 ms. A fresh process takes 2,640 bytes (`erlang:process_info(Pid, memory)`), with its own heap and its own garbage collector. `receive` with no matching message parks the process outside the run queue. Since OTP 21 file reads run on separate dirty I/O schedulers.',
      },
      {
        p: 'The slider for Go is the number of Ps (GOMAXPROCS), not of threads: threads are Ms, and there can be more Ms than Ps (the demo draws M5 with four Ps once M1 is in the kernel). The "as OS threads" line: 8 MB per thread is address space reserved (virtual memory, VmSize), not memory used. Measured here (`tests/probes/thread-rss.c`, 1,000 waiting pthreads, 2026-12-02, Debian 12, glibc 2.36, Linux 6.18): VmSize grows by 8,196 KB per thread, VmRSS by about 8 KB; 10,000 threads reserve 78 GB and hold about 80 MB, plus the kernel’s memory per thread (its kernel stack and task_struct), in neither figure. Threads cost in switches, in limits (the C10K slide) and in stacks that grow under load, not 8 MB each.',
      },
      {
        p: 'The "predict, then see" question is a tab of the demo: how many OS threads does a program with 10,000 goroutines waiting on a channel have? The answer is the measured one: a few (4 at GOMAXPROCS=2). It counts in the score on the last slide.',
      },
    ],
  },
});
