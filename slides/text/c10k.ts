import type { SlideTextDef } from '../types.ts';

/** The words of the slide `c10k` (its title is in `slides/c10k.ts`): loaded with the slide. */
const content: SlideTextDef = {
  sources: [
    {
      title: 'Linux, include/linux/mm.h: DEFAULT_MAX_MAP_COUNT (USHRT_MAX - MAPCOUNT_ELF_CORE_MARGIN)',
      url: 'https://github.com/torvalds/linux/blob/master/include/linux/mm.h',
    },
    {
      title:
        'Fedora Changes/IncreaseVmMaxMapCount (Fedora 39): vm.max_map_count 1048576, "up from the Linux default 65530"',
      url: 'https://fedoraproject.org/wiki/Changes/IncreaseVmMaxMapCount',
    },
    { title: 'Dan Kegel, “The C10K problem”', url: 'http://www.kegel.com/c10k.html' },
    {
      title: 'pthread_create(3): default stack size from RLIMIT_STACK (ulimit -s)',
      url: 'https://man7.org/linux/man-pages/man3/pthread_create.3.html',
    },
    {
      title: 'Linux, Documentation/admin-guide/sysctl/vm.rst: max_map_count ("The default value is 65530")',
      url: 'https://docs.kernel.org/admin-guide/sysctl/vm.html#max-map-count',
    },
    {
      title: 'Linux, kernel/fork.c: set_max_threads() and RLIMIT_NPROC = max_threads / 2',
      url: 'https://github.com/torvalds/linux/blob/master/kernel/fork.c',
    },
    {
      title: 'C. Li, C. Ding, K. Shen, “Quantifying the cost of context switch” (ExpCS 2007)',
      url: 'https://www.usenix.org/legacy/events/expcs07/papers/2-li.pdf',
    },
    {
      title: 'Java SE: java -Xss (thread stack size, 1 MiB default on 64-bit Linux)',
      url: 'https://docs.oracle.com/en/java/javase/21/docs/specs/man/java.html',
    },
  ],
  text: {
    ru: {
      body: [
        {
          p: 'Самая простая модель сервера — поток на соединение, который блокируется в `read()`. Код линейный и понятный. Но поток стоит денег, даже когда спит.',
        },
        {
          ul: [
            'Стек: 8 МБ виртуальной памяти (`ulimit -s`; в Java `-Xss` 1 МБ), реально занято — десятки КБ. Плюс стек ядра 16 КБ и структуры планировщика.',
            'Каждый запрос — разбудить поток и усыпить: два переключения контекста по 2–5 мкс с промахами кэша.',
          ],
        },
        { p: 'Двигайте ползунки и сравните с циклом событий: один поток, а на соединение — лишь объект с состоянием.' },
      ],
      notes: [
        {
          p: 'C10K — задача Дэна Кегела (1999): как обслужить десять тысяч соединений одной машиной. Поток на соединение — самый понятный код: прочитал, обработал, ответил, и всё это линейно.',
        },
        {
          p: 'Виртуальная память: 10 000 потоков по 8 МиБ — это 78 ГиБ адресного пространства. На 64-битной машине это ещё не беда, реально заняты десятки КиБ стека на поток. Беда в потолках ядра (демо их перечисляет): `vm.max_map_count` (два отображения на стек), `kernel.threads-max`, `ulimit -u`.',
        },
        {
          p: '`vm.max_map_count` по умолчанию в ядре 65 530 (`DEFAULT_MAX_MAP_COUNT` в include/linux/mm.h: 65 535 минус 5), а каждый стек — два отображения: сам стек и сторожевая страница под ним (это видно в /proc/PID/maps; в репозитории есть проба, которая их считает). Значит, около 32 765 потоков на процесс — меньше, если у процесса много других отображений. Это значение ядра, не каждой машины: дистрибутивы ставят своё (Fedora с версии 39 — 1 048 576, для игр через Wine), и тогда первым потолком становится `kernel.threads-max` или `ulimit -u`. Посмотреть своё: `sysctl vm.max_map_count`.',
        },
        {
          p: '`kernel.threads-max` ядро выставляет при загрузке: память / (8 × 16 КиБ), то есть память / 128 КиБ; `ulimit -u` (RLIMIT_NPROC) по умолчанию — половина этого. Ещё бывает `kernel.pid_max`: поток занимает идентификатор из того же пространства, а ядро по умолчанию ставит 32 768 (systemd поднимает до 4 194 304).',
        },
        {
          p: 'Переключения: каждый запрос будит поток и снова усыпляет — два переключения по 2–5 мкс вместе с промахами кэша. При 10 000 соединений по одному запросу в секунду это 20 000 переключений и 0,04–0,1 ядра только на них.',
        },
      ],
      appendix: [],
    },
    en: {
      body: [
        {
          p: 'The simplest server model: a thread per connection, blocking in `read()`. The code is linear and easy to follow. But a thread costs money even while it sleeps.',
        },
        {
          ul: [
            'Stack: 8 MB of virtual memory (`ulimit -s`; Java’s `-Xss`: 1 MB), tens of KB really used. Plus a 16 KB kernel stack and the scheduler’s structures.',
            'Each request wakes the thread and puts it back to sleep: two context switches of 2–5 µs each, cache misses included.',
          ],
        },
        {
          p: 'Move the sliders and compare with an event loop: one thread, and per connection only an object with its state.',
        },
      ],
      notes: [
        {
          p: 'C10K is Dan Kegel’s problem (1999): how to serve ten thousand connections from one machine. A thread per connection gives the clearest code: read, process, reply, all in a straight line.',
        },
        {
          p: 'Virtual memory: 10,000 threads at 8 MiB is 78 GiB of address space. On a 64-bit machine that is not yet a problem; a thread really touches tens of KiB of its stack. The problem is the kernel’s ceilings (the demo lists them): `vm.max_map_count` (two mappings per stack), `kernel.threads-max`, `ulimit -u`.',
        },
        {
          p: '`vm.max_map_count` is 65,530 by the kernel’s default (`DEFAULT_MAX_MAP_COUNT` in include/linux/mm.h: 65,535 minus 5), and every stack is two mappings: the stack and the guard page below it (visible in /proc/PID/maps; the repository has a probe that counts them). So about 32,765 threads per process, fewer if the process has many other mappings. That is the kernel’s value, not every machine’s: distributions set their own (Fedora since 39: 1,048,576, for games under Wine), and then `kernel.threads-max` or `ulimit -u` comes first. To see yours: `sysctl vm.max_map_count`.',
        },
        {
          p: 'The kernel sets `kernel.threads-max` at boot to RAM / (8 × 16 KiB), that is RAM / 128 KiB; `ulimit -u` (RLIMIT_NPROC) defaults to half of that. There is also `kernel.pid_max`: a thread takes an id from the same space, and the kernel’s default is 32,768 (systemd raises it to 4,194,304).',
        },
        {
          p: 'Switches: each request wakes a thread and puts it back to sleep, two switches of 2–5 µs with cache misses. At 10,000 connections with one request a second each, that is 20,000 switches a second and 0.04–0.1 of a core spent on them alone.',
        },
      ],
      appendix: [],
    },
  },
};

export default content;
