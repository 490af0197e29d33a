import type { SlideTextDef } from '../types.ts';

/** The words of the slide `summary` (its title is in `slides/summary.ts`): seed 004's five points and last line. */
const content: SlideTextDef = {
  text: {
    ru: {
      body: [
        {
          ul: [
            'Поток на соединение прост, но стоит памяти и переключений контекста. Начиная с тысяч соединений нужна другая модель.',
            'Основа всех моделей — неблокирующие сокеты и epoll/kqueue: один вызов возвращает готовые дескрипторы. io_uring сообщает уже о выполненных операциях.',
            'Цикл событий кооперативный: одна долгая функция останавливает всех. Микрозадачи выполняются до опустошения очереди, раньше таймеров и ввода-вывода.',
            'async/await — синтаксис для конечного автомата. Плата — раскраска функций и необходимость всё время помнить про блокирующие вызовы.',
            'Горутины, виртуальные потоки и процессы Erlang прячут цикл событий в рантайм: код блокирующий, а потоков ОС мало.',
          ],
        },
        { p: '**Асинхронность не ускоряет работу — она позволяет не тратить ресурсы на ожидание.**' },
      ],
      notes: [
        {
          p: 'Пять выводов доклада, по одному на каждую часть: поток на соединение (слайд C10K), неблокирующий ввод-вывод и мультиплексоры (select/epoll, io_uring), цикл событий и микрозадачи (тяжёлая задача, микро- и макрозадачи), async/await как конечный автомат и его цена (раскраска функций), зелёные потоки (Go, Java, Erlang).',
        },
        {
          p: 'Справа — счёт слушателя: ответы на все вопросы презентации. Их сохраняет сам элемент вопроса в localStorage этого браузера; считается первый ответ на каждый вопрос. Ответы из окна докладчика и в режиме ведущего не записываются. Если сохранённые данные повреждены, счёт показывается пустым, и слайд прямо об этом говорит. Каждый вопрос — ссылка на свой слайд; ниже — ссылки на начало каждой главы.',
        },
        {
          p: 'Последняя строка — главное: ни одна модель не делает быстрее сам ввод-вывод, они экономят память и переключения, пока задачи ждут.',
        },
      ],
      appendix: [],
    },
    en: {
      body: [
        {
          ul: [
            'A thread per connection is simple, but it costs memory and context switches. From thousands of connections on, you need another model.',
            'Every model rests on non-blocking sockets and epoll/kqueue: one call returns the ready descriptors. io_uring reports operations already done.',
            'The event loop is cooperative: one long function stops everyone. Microtasks run until their queue is empty, before timers and I/O.',
            'async/await is syntax for a state machine. The price: function coloring, and having to keep blocking calls in mind all the time.',
            'Goroutines, virtual threads and Erlang processes hide the event loop in the runtime: the code blocks, and there are few OS threads.',
          ],
        },
        { p: '**Asynchrony does not make work faster — it lets you not waste resources on waiting.**' },
      ],
      notes: [
        {
          p: 'The talk’s five conclusions, one per part: a thread per connection (the C10K slide), non-blocking I/O and multiplexers (select/epoll, io_uring), the event loop and microtasks (the heavy task, micro- and macrotasks), async/await as a state machine and its price (function coloring), green threads (Go, Java, Erlang).',
        },
        {
          p: 'Beside them, the person’s score: their answers to every quiz of the deck. The quiz element itself keeps them in this browser’s localStorage; the first answer to each question counts. Answers in the speaker view and in presenter mode are not recorded. If the stored data is damaged, the score shows as empty and the slide says so. Each quiz links to its slide; below, links to the start of each chapter.',
        },
        {
          p: 'The last line is the point: no model makes I/O itself faster; they save memory and switches while tasks wait.',
        },
      ],
      appendix: [],
    },
  },
};

export default content;
