import type { Bilingual } from '../../lib/i18n.ts';
import type { Fit, ModelId, ReasonKey } from './comparison-model.ts';
import type { WorkloadPreset } from './comparison-sequence.ts';

/** One row of seed 004's table. */
interface Row {
  readonly name: string;
  readonly examples: string;
  readonly memory: string;
  readonly preemption: string;
  readonly colors: string;
  readonly when: string;
}

const en = {
  demoLabel: 'The five models compared, filtered by a workload',
  workload: 'Your workload',
  presetsGroup: 'Examples',
  /** The full table's disclosure (closed while presenting, where the models are listed with their fit only). */
  tableLabel: 'Table',
  /** While presenting, a workload set by hand rather than one of the examples. */
  customWorkload: 'set by hand',
  presets: {
    proxy: 'a proxy, 50k connections',
    cpu: 'a CPU-heavy service',
    legacy: 'legacy blocking drivers',
    telecom: 'a telecom system',
  } satisfies Record<WorkloadPreset, string>,
  connections: 'Concurrent connections',
  cpuShare: 'Share of CPU work',
  percent: (v: string) => `${v} %`,
  blockingLibs: 'Blocking libraries you must keep',
  isolation: 'Fault isolation needed',
  latency: 'Predictable latency needed',
  head: {
    model: 'Model',
    memory: 'Memory per task',
    preemption: 'Preemption',
    colors: 'Colors',
    when: 'Choose it when',
    fit: 'For this workload',
  },
  rows: {
    threads: {
      name: 'OS thread per request',
      examples: 'Java before 21, Python WSGI, Rails',
      memory: 'tens of KB + 8 MB of addresses',
      preemption: 'yes, the kernel',
      colors: 'no',
      when: 'Hundreds of concurrent requests, blocking libraries, simple code needed.',
    },
    loop: {
      name: 'Event loop + async/await',
      examples: 'Node, asyncio, Tokio, C#',
      memory: 'hundreds of bytes to a KB',
      preemption: 'no, cooperative',
      colors: 'yes',
      when: 'Many connections and little computation: proxies, gateways, WebSocket, chats, calls to external APIs.',
    },
    goroutines: {
      name: 'Goroutines',
      examples: 'Go',
      memory: 'from 2 KB, grows',
      preemption: 'yes, the runtime',
      colors: 'no',
      when: 'Network services with concurrency and computation at once; every core without effort.',
    },
    virtual: {
      name: 'Virtual threads',
      examples: 'Java 21+',
      memory: 'hundreds of bytes to a KB, on the heap',
      preemption: 'no, only at blocking calls',
      colors: 'no',
      when: 'Existing blocking Java code (JDBC, Spring MVC) that needs thousands of requests.',
    },
    erlang: {
      name: 'Erlang processes',
      examples: 'Erlang, Elixir',
      memory: '~2.7 KB, its own heap',
      preemption: 'yes, by reductions',
      colors: 'no',
      when: 'Millions of long-lived connections, fault isolation, predictable latency.',
    },
  } satisfies Record<ModelId, Row>,
  fits: { good: '✓ fits', care: '~ with care', poor: '✗ poor fit' } satisfies Record<Fit, string>,
  reasons: {
    'threads-few': 'up to a thousand threads: affordable, and the code stays simple',
    'threads-thousands': 'thousands of threads: stacks and context switches start to cost',
    'threads-c10k': 'tens of thousands of threads: memory and switches run out (C10K)',
    'threads-blocking': 'blocking libraries work as they are',
    'threads-cpu': 'the kernel preempts and uses every core',
    'loop-connections': 'one thread holds the connections, hundreds of bytes each',
    'loop-cpu-some': 'while a callback computes, every other request waits',
    'loop-cpu-heavy': 'mostly computation: one core, and each heavy callback stops the loop',
    'loop-blocking': 'a blocking call stops the whole loop: you need async versions of the libraries',
    'loop-latency': 'cooperative: one long callback delays everyone',
    'go-fit': 'cheap goroutines, preempted, on every core, no colors',
    'go-rewrite': 'your blocking libraries are in another language: a rewrite',
    'virtual-fit': 'cheap threads for ordinary blocking Java code',
    'virtual-blocking': 'blocking Java code (JDBC, Spring MVC) runs as it is; watch `synchronized` before Java 24',
    'virtual-cpu': 'not preempted by time: computing threads hold their carriers',
    'virtual-latency': 'no time slices: a long computation delays others on its carrier',
    'erlang-fit': 'millions of processes of a few KB each',
    'erlang-isolation': 'a process has its own heap; a crash stays in it and a supervisor restarts it',
    'erlang-latency': 'preempted every 4,000 reductions, a GC per process: latency stays even',
    'erlang-cpu': 'the BEAM is slow at number crunching: heavy math goes to NIFs or ports',
    'erlang-rewrite': 'your blocking libraries are in another language: a rewrite',
    'threads-shared':
      'one heap for all threads: an uncaught exception ends its thread, but a leak or running out of memory hits every request',
    'loop-shared':
      'one thread, one heap: an uncaught error ends a Node process, and a leak or running out of memory hits every task',
    'go-panic': 'a panic no goroutine recovers ends the whole program; the heap and the GC are shared',
    'virtual-shared':
      'an uncaught exception ends only its thread, but the heap and the GC are shared: a leak or an OutOfMemoryError hits every task; no supervisor',
  } satisfies Record<ReasonKey, string>,
  summary: (good: string) => `Fit: ${good}.`,
  noneFits: 'no model fits well: split the work',
};

const ru: typeof en = {
  demoLabel: 'Пять моделей рядом, с фильтром по нагрузке',
  workload: 'Ваша нагрузка',
  presetsGroup: 'Примеры',
  tableLabel: 'Таблица',
  customWorkload: 'задана вручную',
  presets: {
    proxy: 'прокси на 50 тыс. соединений',
    cpu: 'сервис с тяжёлым счётом',
    legacy: 'старые блокирующие драйверы',
    telecom: 'телеком-система',
  },
  connections: 'Одновременных соединений',
  cpuShare: 'Доля работы CPU',
  percent: (v: string) => `${v} %`,
  blockingLibs: 'Блокирующие библиотеки остаются',
  isolation: 'Нужна изоляция сбоев',
  latency: 'Нужны предсказуемые задержки',
  head: {
    model: 'Модель',
    memory: 'Память на задачу',
    preemption: 'Вытеснение',
    colors: 'Цвета',
    when: 'Брать, когда',
    fit: 'Для этой нагрузки',
  },
  rows: {
    threads: {
      name: 'Поток ОС на запрос',
      examples: 'Java до 21, Python WSGI, Rails',
      memory: 'десятки КБ + 8 МБ адресов',
      preemption: 'да, ядро',
      colors: 'нет',
      when: 'Сотни одновременных запросов, блокирующие библиотеки, нужен простой код.',
    },
    loop: {
      name: 'Цикл событий + async/await',
      examples: 'Node, asyncio, Tokio, C#',
      memory: 'сотни байт — КБ',
      preemption: 'нет, кооперативно',
      colors: 'да',
      when: 'Много соединений и мало счёта: прокси, шлюзы, WebSocket, чаты, вызовы внешних API.',
    },
    goroutines: {
      name: 'Горутины',
      examples: 'Go',
      memory: 'от 2 КБ, растёт',
      preemption: 'да, рантайм',
      colors: 'нет',
      when: 'Сетевые сервисы с конкурентностью и счётом одновременно, все ядра без усилий.',
    },
    virtual: {
      name: 'Виртуальные потоки',
      examples: 'Java 21+',
      memory: 'сотни байт — КБ в куче',
      preemption: 'нет, только на блокировках',
      colors: 'нет',
      when: 'Существующий блокирующий Java-код (JDBC, Spring MVC), которому нужны тысячи запросов.',
    },
    erlang: {
      name: 'Процессы Erlang',
      examples: 'Erlang, Elixir',
      memory: '~2,7 КБ, своя куча',
      preemption: 'да, по редукциям',
      colors: 'нет',
      when: 'Миллионы долгоживущих соединений, изоляция сбоев, предсказуемые задержки.',
    },
  },
  fits: { good: '✓ подходит', care: '~ с оговорками', poor: '✗ плохо' },
  reasons: {
    'threads-few': 'до тысячи потоков: терпимо, и код остаётся простым',
    'threads-thousands': 'тысячи потоков: стеки и переключения контекста уже дороги',
    'threads-c10k': 'десятки тысяч потоков: кончаются память и время на переключения (C10K)',
    'threads-blocking': 'блокирующие библиотеки работают как есть',
    'threads-cpu': 'ядро вытесняет потоки и занимает все ядра',
    'loop-connections': 'один поток держит соединения, по сотне байт на каждое',
    'loop-cpu-some': 'пока колбэк считает, все остальные запросы ждут',
    'loop-cpu-heavy': 'в основном счёт: одно ядро, и каждый тяжёлый колбэк останавливает цикл',
    'loop-blocking': 'блокирующий вызов останавливает весь цикл: нужны асинхронные версии библиотек',
    'loop-latency': 'кооперативно: один долгий колбэк задерживает всех',
    'go-fit': 'дешёвые горутины, вытесняются, все ядра, цветов нет',
    'go-rewrite': 'ваши блокирующие библиотеки на другом языке: придётся переписать',
    'virtual-fit': 'дешёвые потоки для обычного блокирующего Java-кода',
    'virtual-blocking':
      'блокирующий Java-код (JDBC, Spring MVC) работает как есть; до Java 24 осторожно с `synchronized`',
    'virtual-cpu': 'по времени не вытесняются: считающие потоки держат носители',
    'virtual-latency': 'квантов времени нет: долгий счёт задерживает соседей по носителю',
    'erlang-fit': 'миллионы процессов по нескольку КБ',
    'erlang-isolation': 'у процесса своя куча; сбой остаётся в нём, супервизор его перезапустит',
    'erlang-latency': 'вытеснение каждые 4000 редукций, сборка мусора у каждого процесса своя: задержки ровные',
    'erlang-cpu': 'BEAM медленно считает числа: тяжёлую математику выносят в NIF или порты',
    'erlang-rewrite': 'ваши блокирующие библиотеки на другом языке: придётся переписать',
    'threads-shared':
      'куча одна на все потоки: необработанное исключение завершает свой поток, но утечка или нехватка памяти бьёт по всем запросам',
    'loop-shared':
      'один поток, одна куча: необработанная ошибка завершает процесс Node, а утечка или нехватка памяти бьёт по всем задачам',
    'go-panic': 'panic, которую не перехватила ни одна горутина, завершает всю программу; куча и сборщик мусора общие',
    'virtual-shared':
      'необработанное исключение завершает только свой поток, но куча и сборщик мусора общие: утечка или OutOfMemoryError бьёт по всем задачам; супервизора нет',
  },
  summary: (good: string) => `Подходят: ${good}.`,
  noneFits: 'хорошо не подходит ни одна: разделите работу',
};

export const comparisonText: Bilingual<typeof en> = { en, ru };
