import { slideText } from '../types.ts';

/** The words of the slide `comparison` (its title is in `slides/comparison.ts`): loaded with the slide. */
export default slideText({
  sources: [
    ['Dan Kegel, The C10K problem', 'http://www.kegel.com/c10k.html'],
    ['JEP 444: Virtual Threads (Java 21)', 'https://openjdk.org/jeps/444'],
    ['JEP 491: Synchronize Virtual Threads without Pinning (Java 24)', 'https://openjdk.org/jeps/491'],
    [
      'Java SE 21 API, Thread.UncaughtExceptionHandler: "When a thread is about to terminate due to an uncaught exception…"',
      'https://docs.oracle.com/en/java/javase/21/docs/api/java.base/java/lang/Thread.UncaughtExceptionHandler.html',
    ],
    [
      'The Go Programming Language Specification, Handling panics: "the program is terminated and the error condition is reported"',
      'https://go.dev/ref/spec#Handling_panics',
    ],
    [
      'Node.js process, event \'uncaughtException\': "By default, Node.js handles such exceptions by printing the stack trace to stderr and exiting with code 1"',
      'https://nodejs.org/api/process.html#event-uncaughtexception',
    ],
    ['Go 1.14 release notes: asynchronous preemption', 'https://go.dev/doc/go1.14#runtime'],
    [
      'Erlang/OTP erts/emulator/beam/erl_vm.h: CONTEXT_REDS 4000',
      'https://github.com/erlang/otp/blob/master/erts/emulator/beam/erl_vm.h',
    ],
    ['Erlang Efficiency Guide: Processes', 'https://www.erlang.org/doc/efficiency_guide/processes.html'],
    [
      'Bob Nystrom, What Color is Your Function?',
      'https://journal.stuffwithstuff.com/2015/02/01/what-color-is-your-function/',
    ],
  ],
  ru: {
    body: [
      {
        details: [
          {
            p: 'Ни одна модель не ускоряет сам ввод-вывод: они экономят память и переключения, пока задачи ждут. Упёрлись в CPU или базу — асинхронность не поможет.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Пять моделей рядом и четыре нагрузки, под которые надо выбрать. Сначала прокси на 50 000 соединений, где почти нет счёта. Поток на соединение уже не справляется; цикл событий, горутины, виртуальные потоки и процессы Erlang помещаются все. Помните: ни одна модель не ускоряет сам ввод-вывод — они экономят память и переключения, пока задачи ждут. Выбирают не лучшую модель вообще, а подходящую под нагрузку.',
        shows: ['Ваша нагрузка: прокси на 50 тыс. соединений', 'Поток ОС на запрос', 'кончается память (C10K)'],
      },
      {
        p: 'Сервис с тяжёлым счётом, несколько сотен запросов одновременно. Цикл событий подходит плохо: одна долгая функция задерживает всех, мы это видели. Вытесняющие модели справляются лучше: при таких числах снова годится даже обычный поток на запрос, а горутины без усилий занимают все ядра; виртуальные потоки и Erlang подходят с оговорками.',
        shows: ['Ваша нагрузка: сервис с тяжёлым счётом', 'Цикл событий + async/await', 'счёт останавливает цикл'],
      },
      {
        p: 'Блокирующие драйверы базы, от которых не уйти, несколько тысяч запросов. Циклу событий понадобились бы асинхронные библиотеки до самого низа. Виртуальные потоки принимают этот блокирующий код как есть — ровно для этого их и сделали. Переписывать работающий код ради цикла событий дорого и рискованно.',
        shows: ['Ваша нагрузка: старые блокирующие драйверы', 'нужны async-библиотеки', 'JDBC, Spring MVC как есть'],
      },
      {
        p: 'Телеком: миллион долгоживущих соединений, изоляция сбоев и предсказуемые задержки. Это дом Erlang: у каждого процесса своя куча, падение остаётся внутри процесса, а супервизор его перезапускает. А если узкое место — процессор или база данных, никакая модель ожидания не поможет. Сначала найдите, где на самом деле уходит время, и только потом выбирайте модель.',
        shows: ['Ваша нагрузка: телеком-система', 'Процессы Erlang', 'сбой остаётся в процессе'],
      },
    ],
    appendix: [
      {
        p: 'Таблица из доклада. Опишите нагрузку — подходящие строки подсвечиваются, у каждой причина. Шаги: 1 — прокси на 50 000 соединений: поток на соединение уже не тянет, остальные подходят; 2 — сервис с тяжёлым счётом (80 % CPU): цикл событий плох, виртуальные потоки и Erlang — с оговорками; 3 — старые блокирующие драйверы, которые надо сохранить: цикл событий плох, лучше всех виртуальные потоки; 4 — телеком: миллион соединений, изоляция сбоев и ровные задержки — подходит только Erlang.',
      },
      {
        p: 'Как считается: у каждой строки несколько правил, каждое даёт «подходит», «с оговорками» или «плохо»; строка получает худшее из них (модель хороша настолько, насколько хорошо её слабое место), причина — то правило, что решило. Пороги: поток на запрос — до 1000 одновременных запросов («сотни» из таблицы), после 10 000 — плохо (C10K, слайд 2: стеки по 8 МБ адресов, переключения по 2–5 мкс); счёт заметен с 20 % времени запроса и преобладает с 50 %. Это правила для разговора, не измерения: реальную границу ставит ваш профиль нагрузки.',
      },
      {
        p: 'Память на задачу — из таблицы доклада; в демо «Зелёные потоки» цифры Go и Erlang измерены: горутина — 2048 байт стека и около 520 байт рантайма, процесс Erlang на OTP 25 — 2640 байт. Вытеснение: Go — sysmon через 10 мс (асинхронно с Go 1.14); Erlang — каждые 4000 редукций; виртуальные потоки Java не вытесняются по времени (JEP 444) и до Java 24 закрепляют носитель внутри `synchronized` (JEP 491). «Цвета» — раскраска функций (предыдущий слайд): только у async/await функции делятся на синие и красные.',
      },
      {
        p: 'Изоляция сбоев: что общее и что падает. У всех строк, кроме Erlang, задачи живут в одном процессе — одна куча, один сборщик мусора: утечка или нехватка памяти бьёт по всем задачам сразу, а супервизора, который перезапустил бы одну задачу, нет. Что кончается от одной необработанной ошибки, разное: в Java (и в виртуальных потоках) необработанное исключение завершает только свой поток — JVM зовёт `Thread.UncaughtExceptionHandler` «когда поток вот-вот завершится»; в Go `panic`, которую не перехватил `recover`, завершает всю программу (спецификация Go, «Handling panics»); в Node необработанная ошибка по умолчанию завершает процесс с кодом 1 (событие `uncaughtException`). `panic` — слово Go, не Java.',
      },
      {
        p: 'Последняя мысль: модели экономят ресурсы на ожидании, а не ускоряют ожидание. Запрос к базе, который идёт 50 мс, идёт 50 мс в любой модели; если база — узкое место, тысячи дешёвых задач просто выстроятся к ней в очередь (см. «Типичные грабли»).',
      },
    ],
  },
  en: {
    body: [
      {
        details: [
          {
            p: 'No model makes I/O itself faster: they save memory and switches while tasks wait. Bound by the CPU or the database? Asynchrony will not help.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Five models side by side, and four workloads to choose for. First, a proxy with 50,000 connections and little computing. A thread per connection no longer copes; the event loop, goroutines, virtual threads and Erlang processes all fit. Keep in mind: no model makes the I/O itself faster; they save memory and switches while tasks wait.',
        shows: ['Your workload: a proxy, 50k connections', 'OS thread per request', 'memory runs out (C10K)'],
      },
      {
        p: 'A CPU-heavy service, a few hundred requests at a time. The event loop is a poor fit: one long function delays everyone, as we saw. Preemptive models do better: at these numbers even a plain thread per request is fine again, and goroutines use every core without effort; virtual threads and Erlang fit with care.',
        shows: ['Your workload: a CPU-heavy service', 'Event loop + async/await', 'computing stops the loop'],
      },
      {
        p: 'Blocking database drivers you must keep, a few thousand requests. An event loop would need async libraries all the way down. Virtual threads take that blocking code as it is, which is exactly what they were built for.',
        shows: ['Your workload: legacy blocking drivers', 'needs async libraries', 'JDBC, Spring MVC as they are'],
      },
      {
        p: 'A telecom system: a million long-lived connections, fault isolation and predictable latency. This is Erlang’s home: every process has its own heap, a crash stays inside its process, and a supervisor restarts it. If your bottleneck is the CPU or the database, no model of waiting will help.',
        shows: ['Your workload: a telecom system', 'Erlang processes', 'a crash stays in its process'],
      },
    ],
    appendix: [
      {
        p: 'The table from the talk. Describe a workload and the rows that fit light up, each with its reason. Steps: 1 — a proxy with 50,000 connections: a thread per connection no longer copes, the rest fit; 2 — a CPU-heavy service (80 % CPU): the event loop is a poor fit, virtual threads and Erlang fit with care; 3 — legacy blocking drivers you must keep: the event loop is a poor fit, virtual threads fit best; 4 — telecom: a million connections, fault isolation and even latency: only Erlang fits.',
      },
      {
        p: 'How it is decided: each row has a few rules, each gives "fits", "with care" or "poor fit"; the row gets the worst of them (a model is as good as its weak point), and the reason shown is the rule that decided. Thresholds: a thread per request fits up to 1,000 concurrent requests (the table’s "hundreds"), and past 10,000 it is a poor fit (C10K, slide 2: 8 MB of addresses per stack, 2–5 µs per switch); computation is felt from 20 % of a request’s time and dominates from 50 %. These are rules for a conversation, not measurements: your own load profile sets the real boundary.',
      },
      {
        p: 'Memory per task is the talk’s table; the green-threads demo measures the Go and Erlang figures: a goroutine is 2,048 bytes of stack and about 520 bytes of runtime, an Erlang process on OTP 25 is 2,640 bytes. Preemption: Go, by sysmon after 10 ms (asynchronously since Go 1.14); Erlang, every 4,000 reductions; Java virtual threads are not preempted by time (JEP 444) and before Java 24 pin their carrier inside `synchronized` (JEP 491). "Colors" is function coloring (the previous slide): only with async/await are functions split into blue and red.',
      },
      {
        p: 'Fault isolation: what is shared and what fails. In every row but Erlang’s the tasks live in one process, one heap, one garbage collector: a leak or running out of memory hits every task at once, and there is no supervisor that restarts one task. What one uncaught failure ends differs: in Java (virtual threads included) an uncaught exception ends only its thread, the JVM calls `Thread.UncaughtExceptionHandler` "when a thread is about to terminate"; in Go a `panic` no `recover` stops ends the whole program (the Go spec, "Handling panics"); in Node an uncaught error by default ends the process with exit code 1 (the `uncaughtException` event). `panic` is Go’s word, not Java’s.',
      },
      {
        p: 'The last thought: the models save resources while waiting; they do not make the waiting shorter. A database query that takes 50 ms takes 50 ms in any model; if the database is the bottleneck, thousands of cheap tasks simply queue up for it (see "Common pitfalls").',
      },
    ],
  },
});
