import { slideText } from '../types.ts';

/** The words of the slide `c10k` (its title is in `slides/c10k.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'Linux, include/linux/mm.h: DEFAULT_MAX_MAP_COUNT (USHRT_MAX - MAPCOUNT_ELF_CORE_MARGIN)',
      'https://github.com/torvalds/linux/blob/master/include/linux/mm.h',
    ],
    [
      'Fedora Changes/IncreaseVmMaxMapCount (Fedora 39): vm.max_map_count 1048576, "up from the Linux default 65530"',
      'https://fedoraproject.org/wiki/Changes/IncreaseVmMaxMapCount',
    ],
    ['Dan Kegel, “The C10K problem”', 'http://www.kegel.com/c10k.html'],
    [
      'pthread_create(3): default stack size from RLIMIT_STACK (ulimit -s)',
      'https://man7.org/linux/man-pages/man3/pthread_create.3.html',
    ],
    [
      'Linux, Documentation/admin-guide/sysctl/vm.rst: max_map_count ("The default value is 65530")',
      'https://docs.kernel.org/admin-guide/sysctl/vm.html#max-map-count',
    ],
    [
      'Linux, kernel/fork.c: set_max_threads() and RLIMIT_NPROC = max_threads / 2',
      'https://github.com/torvalds/linux/blob/master/kernel/fork.c',
    ],
    [
      'C. Li, C. Ding, K. Shen, “Quantifying the cost of context switch” (ExpCS 2007)',
      'https://www.usenix.org/legacy/events/expcs07/papers/2-li.pdf',
    ],
    [
      'Java SE: java -Xss (thread stack size, 1 MiB default on 64-bit Linux)',
      'https://docs.oracle.com/en/java/javase/21/docs/specs/man/java.html',
    ],
  ],
  ru: {
    body: [
      {
        p: 'Поток на соединение, блокирующийся в `read()`: самый простой код. Но и спящий поток стоит денег.',
      },
      {
        details: [
          {
            ul: [
              'Стек: 8 МБ виртуальной памяти (`ulimit -s`; в Java `-Xss` 1 МБ), реально занято — десятки КБ. Плюс стек ядра 16 КБ и структуры планировщика.',
              'Каждый запрос — два переключения контекста: по 3,8 мкс в замере Li, Ding, Shen, 2007, плюс промахи кэша — до тысячи мкс и больше.',
            ],
          },
          {
            p: 'Двигайте ползунки и сравните с циклом событий: один поток, а на соединение — лишь объект с состоянием.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'C10K — задача Дэна Кегела, 1999 год: десять тысяч соединений на одной машине. Самый простой сервер заводит на каждое соединение свой поток, который спит в чтении, пока не придут данные: прочитал, обработал, ответил — понятнее кода не бывает. Но поток стоит денег, даже когда спит. Вот десять тысяч потоков со стеком Linux по умолчанию, восемь мегабайт: 78 гигабайт виртуальной памяти. Звучит страшно, но это адресное пространство; реально стеки занимают сотни мегабайт. Десять тысяч потоков помещаются под всеми потолками. К каждому потоку добавляются ещё стек в ядре и запись в планировщике, но пока всё это терпимо.',
        shows: ['10 000', 'Соединений'],
      },
      {
        p: 'Сорок тысяч — и ядро говорит «нет». Стек каждого потока — два отображения памяти, сам стек и сторожевая страница, а лимит ядра на число отображений процесса по умолчанию 65 530. Значит, после 32 765 потоков следующий не создать, сколько бы памяти ни было свободно. У вашего дистрибутива значение может быть другим; важно, что эта стена — счётчик, а не память. Сервер при этом не медленный и не перегружен: он просто не может создать ещё один поток.',
        shows: ['40 000', '32 765 потоков'],
      },
      {
        p: 'Java даёт потокам стек поменьше, один мегабайт вместо восьми. Это экономит адресное пространство, но потолки ядра не сдвигает: лимит отображений и лимит потоков те же, и число потоков упирается в ту же стену. А каждый поток по-прежнему стоит пробуждения и засыпания на каждый запрос — два переключения контекста, и после каждого следующий поток начинает с холодным кэшем. Память можно сэкономить, а эти переключения — нет: их ровно столько, сколько запросов.',
        shows: ['Стек потока (виртуальный)', '100 000'],
      },
      {
        p: 'Миллион соединений: на ногах только цикл событий. Один поток, а на соединение — только объект с его состоянием, пара килобайт. Этот объект и есть вся цена ожидающего соединения: ни стека, ни места в планировщике, ни пробуждения ради каждого запроса. Вся остальная глава о том, как одному потоку узнать, в каком из миллиона сокетов есть данные, — а сказать это может только ядро.',
        shows: ['1 000 000', 'Соединений'],
      },
    ],
    appendix: [
      {
        p: '`vm.max_map_count`: 65 530 — значение ядра (`DEFAULT_MAX_MAP_COUNT` в include/linux/mm.h: 65 535 минус 5); на машине, где собиралась эта колода, `cat /proc/sys/vm/max_map_count` даёт 65530. Каждый стек — два отображения: стек и сторожевая страница (видно в /proc/PID/maps; в репозитории есть проба, которая их считает). Отсюда около 32 765 потоков на процесс, меньше при других отображениях. Дистрибутивы ставят своё: Fedora с версии 39 — 1 048 576; тогда первым потолком становится `kernel.threads-max` или `ulimit -u`. Своё значение: `sysctl vm.max_map_count`.',
      },
      {
        p: '`kernel.threads-max` ядро выставляет при загрузке: память / (8 × 16 КиБ) = память / 128 КиБ; `ulimit -u` (RLIMIT_NPROC) по умолчанию — половина этого. `kernel.pid_max` по умолчанию 32 768 (systemd поднимает до 4 194 304): поток занимает идентификатор из того же пространства.',
      },
      {
        p: 'Переключения: два на запрос. Таблица считает только прямую цену — 2–5 мкс на переключение: 10 000 соединений по запросу в секунду — 20 000 переключений в секунду, 0,04–0,1 ядра. Li, Ding и Shen (2007) намерили прямую цену 3,8 мкс (Linux 2.6.17) и отдельно — косвенную: промахи кэша, когда процесс снова берётся за свои данные. Она растёт с объёмом данных процесса и шагом доступа к ним, и полная цена одного переключения у них — от нескольких микросекунд до более чем тысячи. Эту часть таблица не считает: она зависит от программы.',
      },
    ],
  },
  en: {
    body: [
      {
        p: 'A thread per connection, blocking in `read()`: the simplest code. But a sleeping thread still costs.',
      },
      {
        details: [
          {
            ul: [
              'Stack: 8 MB of virtual memory (`ulimit -s`; Java’s `-Xss`: 1 MB), tens of KB really used. Plus a 16 KB kernel stack and the scheduler’s structures.',
              'Each request wakes the thread and puts it back to sleep: two context switches of 3.8 µs as Li, Ding and Shen measured it in 2007, plus cache misses that grow with the thread’s data, up to 1,000 µs and more.',
            ],
          },
          {
            p: 'Move the sliders and compare with an event loop: one thread, and per connection only an object with its state.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'C10K is Dan Kegel’s problem from 1999: ten thousand connections on one machine. The simplest server gives every connection its own thread, which sleeps in a read until data comes: read, process, reply, the clearest code there is. But a thread costs something even while it sleeps. Here are ten thousand of them with Linux’s default stacks of eight megabytes: 78 gigabytes of virtual memory. That sounds frightening, but it is address space; what the stacks really touch is a few hundred megabytes. Ten thousand threads fit under every ceiling.',
        shows: ['10,000', 'Connections'],
      },
      {
        p: 'Forty thousand, and the kernel says no. Every thread’s stack is two memory mappings, the stack and its guard page, and the kernel’s default limit on mappings per process is 65,530. So past 32,765 threads the next one cannot be created, however much memory is free. Your distribution may set another value; the point is that this wall is a count, not memory.',
        shows: ['40,000', '32,765 threads'],
      },
      {
        p: 'Java gives its threads smaller stacks, one megabyte instead of eight. That saves address space, but it does not move the kernel’s ceilings: the count of mappings and the limit on threads are the same, and the thread count hits the same wall. And every thread still costs a wake-up and a sleep for each request: two context switches, each of them a cold cache for the next thread.',
        shows: ['Thread stack (virtual)', '100,000'],
      },
      {
        p: 'A million connections: only the event loop is still standing. One thread, and for each connection just an object with its state, a couple of kilobytes. That object is the whole cost of a waiting connection: no stack per connection, no switch per request. The rest of this chapter is about how one thread can learn which of a million sockets has data, and that is something only the kernel can tell us.',
        shows: ['1,000,000', 'Connections'],
      },
    ],
    appendix: [
      {
        p: '`vm.max_map_count`: 65,530 is the kernel’s default (`DEFAULT_MAX_MAP_COUNT` in include/linux/mm.h: 65,535 minus 5); on the machine this deck was built on, `cat /proc/sys/vm/max_map_count` gives 65530. Each stack is two mappings, the stack and its guard page (visible in /proc/PID/maps; the repository has a probe that counts them). Hence about 32,765 threads per process, fewer with other mappings. Distributions set their own: Fedora since 39, 1,048,576; then `kernel.threads-max` or `ulimit -u` comes first. To see yours: `sysctl vm.max_map_count`.',
      },
      {
        p: 'The kernel sets `kernel.threads-max` at boot to RAM / (8 × 16 KiB) = RAM / 128 KiB; `ulimit -u` (RLIMIT_NPROC) defaults to half of that. `kernel.pid_max` defaults to 32,768 (systemd raises it to 4,194,304): a thread takes an id from the same space.',
      },
      {
        p: 'Switches: two per request. The table counts only the direct cost, 2–5 µs a switch: 10,000 connections at one request a second each make 20,000 switches a second, 0.04–0.1 of a core. Li, Ding and Shen (2007) measured a direct cost of 3.8 µs (Linux 2.6.17) and, apart from it, the indirect one: the cache misses when a process gets back to its data. That grows with how much data the process touches and the stride it touches it with, and in their runs the total cost of one switch ranged from several microseconds to more than a thousand. The table leaves that part out: it depends on the program.',
      },
    ],
  },
});
