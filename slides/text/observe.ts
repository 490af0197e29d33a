import { slideText } from '../types.ts';

/** The words of the slide `observe` (its title is in `slides/observe.ts`): loaded with the slide. */
export default slideText({
  sources: [
    ['strace(1) manual: -c, -w, -f, -e trace=', 'https://man7.org/linux/man-pages/man1/strace.1.html'],
    [
      'proc_pid_status(5): voluntary_ctxt_switches, nonvoluntary_ctxt_switches',
      'https://man7.org/linux/man-pages/man5/proc_pid_status.5.html',
    ],
    ['proc_pid_task(5): /proc/PID/task', 'https://man7.org/linux/man-pages/man5/proc_pid_task.5.html'],
    ['ps(1): -L, wchan', 'https://man7.org/linux/man-pages/man1/ps.1.html'],
    ['pidstat(1) (sysstat): -w, -t', 'https://man7.org/linux/man-pages/man1/pidstat.1.html'],
    ['ss(8) (iproute2): -s', 'https://man7.org/linux/man-pages/man8/ss.8.html'],
    ['Go runtime package: GODEBUG schedtrace', 'https://pkg.go.dev/runtime#hdr-Environment_Variables'],
    [
      'JEP 444: Virtual Threads — thread dumps (jcmd <pid> Thread.dump_to_file -format=json)',
      'https://openjdk.org/jeps/444',
    ],
  ],
  ru: {
    body: [
      { p: 'Чего ждёт процесс? Спросите ядро.' },
      {
        details: [
          {
            p: '`strace` покажет, что процесс на самом деле ждёт: `epoll_wait` — цикл событий простаивает, долгий `read` или `futex` — что-то заблокировано. Много невольных переключений в `/proc` — потокам не хватает ядер.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Как понять, чего ждёт процесс? Спросить ядро: strace показывает его системные вызовы, а файловая система proc — переключения контекста. Простаивающий цикл Node, strace считает вызовы: всё время в epoll wait. Так выглядит здоровое ожидание.',
        shows: ['strace -f -c -w -p', 'epoll_pwait', 'Здоровое ожидание'],
      },
      {
        p: 'Процесс, заблокированный на канале: одно чтение, которое не возвращается. Цикл стоит, поток спит в ядре. Кто-то должен написать в этот канал, или ожиданию нужен таймаут.',
        shows: ['read(3,', 'один read(), который не возвращается'],
      },
      {
        p: 'Четыре потока на одном мьютексе: всё время в futex, и многие вызовы кончаются неудачей и повторяются. Они ждут друг друга, а не сеть.',
        shows: ['futex', 'потоки ждут друг друга в futex'],
      },
      {
        p: 'Четыре считающих потока на одном ядре: системных вызовов нет вовсе, а невольные переключения контекста растут — планировщик отбирает ядро. Потокам не хватает процессора.',
        shows: ['nvcswch/s', 'планировщик отбирает ядро'],
      },
      {
        p: 'Теперь игра: вот вывод — назовите причину. Пусть зал ответит раньше вас.',
        shows: ['Чем занят этот процесс?', 'Борьба за блокировку'],
      },
    ],
    appendix: [
      {
        p: 'Шаги: 1 — простаивающий цикл Node под `strace -c`: всё время в `epoll_pwait`; 2 — процесс, заблокированный на канале, под `strace -e`: один `read`, который не возвращается; 3 — четыре потока на одном мьютексе: всё время в `futex`; 4 — четыре считающих потока на одном ядре (`taskset -c 0`) в `pidstat -w`: растут невольные переключения; 5 — игра: прочитайте вывод и назовите причину (счёт хранится только в демо).',
      },
      {
        p: 'Весь вывод настоящий: его записал `scripts/record-observe.ts` на машине, названной в демо (дата, процессор, ядро); PID и числа — как были. Программы лежат в `tests/probes/` (`observe-idle.cjs`, `observe-contended.c`, `observe-busy.c`, `observe-spin.go`). Обрезано только то, что сказано: строки в конце и хвост таблицы `strace -c` (её итог оставлен), а также сообщения strace об отсоединении от потоков. `tests/unit/observe-real.test.ts` записывает всё заново и проверяет у каждого состояния его признак — и у записанного вывода тоже.',
      },
      {
        p: 'Команды чуть отличаются от классических, и вот почему. `strace -c -w`: без `-w` strace считает процессорное время в ядре, и простаивающий цикл почти ничего не «тратит»; с `-w` — время по часам, и видно, что процесс ждёт. Node (libuv) вызывает `epoll_pwait`, а не `epoll_wait`, поэтому он добавлен в `-e trace=`. `/proc/$PID/status` показывает переключения только главного потока; у многопоточной программы смотрите `/proc/$PID/task/*/status` или `pidstat -w -t`. `ss -s` считает сокеты всей машины, а не процесса.',
      },
      {
        p: 'Чего не видно здесь: `perf sched` (нужны права на perf и ядро с трассировкой), `GODEBUG=schedtrace=1000` записан для Go-программы — простой (`idleprocs=2`) и четыре крутящиеся горутины при `GOMAXPROCS=1` (`runqueue` не пуст). `jcmd $PID Thread.dump_to_file -format=json t.json` не записан: на этой машине нет Java 21; формат дампа описан в JEP 444.',
      },
    ],
  },
  en: {
    body: [
      { p: 'Ask the kernel what a process waits for.' },
      {
        details: [
          {
            p: '`strace` shows what a process is really waiting for: `epoll_wait` — the event loop is idle; a long `read` or `futex` — something is blocked. Many nonvoluntary switches in `/proc` — the threads are short of cores.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'How do you tell what a process is waiting for? Ask the kernel: strace shows its system calls, and the proc file system its context switches. An idle Node loop, with strace counting calls: all the time is in epoll wait. That is what healthy waiting looks like.',
        shows: ['strace -f -c -w -p', 'epoll_pwait', 'Healthy waiting'],
      },
      {
        p: 'A process blocked on a pipe: one read that never returns. The loop is stuck, its thread asleep in the kernel. Someone has to write to that pipe, or the wait needs a timeout.',
        shows: ['read(3,', 'one read() that never returns'],
      },
      {
        p: 'Four threads on one mutex: all the time is in futex, and many of those calls fail and try again. They wait for each other, not for the network.',
        shows: ['futex', 'the threads wait in futex for each other'],
      },
      {
        p: 'Four computing threads on one core: no system calls at all, and the involuntary context switches grow: the scheduler takes the core away. The threads are short of CPU.',
        shows: ['nvcswch/s', 'Too few cores'],
      },
      {
        p: 'Now the game: here is an output, name the cause. Let the room answer before you do.',
        shows: ['What is this process doing?', 'Lock contention'],
      },
    ],
    appendix: [
      {
        p: 'Steps: 1 — an idle Node loop under `strace -c`: all the time in `epoll_pwait`; 2 — a process blocked on a pipe under `strace -e`: one `read` that never returns; 3 — four threads on one mutex: all the time in `futex`; 4 — four computing threads on one core (`taskset -c 0`) in `pidstat -w`: nonvoluntary switches grow; 5 — the game: read an output and name the cause (the score is kept only in the demo).',
      },
      {
        p: 'Every output is real: `scripts/record-observe.ts` recorded it on the machine the demo names (date, processor, kernel); PIDs and figures as they were. The programs are in `tests/probes/` (`observe-idle.cjs`, `observe-contended.c`, `observe-busy.c`, `observe-spin.go`). Only what is said was trimmed: lines at the end and the tail of the `strace -c` table (its total kept), and strace’s messages about detaching from threads. `tests/unit/observe-real.test.ts` records everything again and checks each state’s telling feature — on the committed outputs too.',
      },
      {
        p: 'The commands differ a little from the classic ones, and here is why. `strace -c -w`: without `-w` strace counts CPU time in the kernel, and an idle loop “spends” almost nothing; with `-w` it is wall-clock time, and you see what the process waits for. Node (libuv) calls `epoll_pwait`, not `epoll_wait`, so it is added to `-e trace=`. `/proc/$PID/status` shows the switches of the main thread only; for a multi-threaded program look at `/proc/$PID/task/*/status` or `pidstat -w -t`. `ss -s` counts the sockets of the whole machine, not of the process.',
      },
      {
        p: 'What is not shown here: `perf sched` (it needs perf permissions and a kernel with tracing). `GODEBUG=schedtrace=1000` is recorded for a Go program: idle (`idleprocs=2`) and four spinning goroutines on `GOMAXPROCS=1` (`runqueue` not empty). `jcmd $PID Thread.dump_to_file -format=json t.json` is not recorded: this machine has no Java 21; the dump’s format is described in JEP 444.',
      },
    ],
  },
});
