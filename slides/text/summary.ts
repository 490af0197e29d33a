import { slideText } from '../types.ts';

/** The words of the slide `summary` (its title is in `slides/summary.ts`): seed 004's five points and last line. */
export default slideText({
  ru: {
    body: [
      {
        ul: [
          'Поток на соединение: просто, но дорого.',
          'В основе: неблокирующие сокеты и epoll.',
          'Одна долгая функция стоит всему циклу.',
          'async/await: автомат, красящий функции.',
          'Зелёные потоки прячут цикл в рантайм.',
        ],
      },
      { p: '**Асинхронность не ускоряет работу — она позволяет не тратить ресурсы на ожидание.**' },
    ],
    notes: [
      {
        p: 'Пять выводов, по одному на часть. Поток на соединение прост, но стоит памяти и переключений контекста, и начиная с тысяч соединений нужна другая модель. Под всеми моделями — неблокирующие сокеты и epoll или kqueue: один вызов возвращает только готовые дескрипторы, а io_uring идёт дальше и сообщает уже о выполненных операциях. Цикл событий кооперативный: одна долгая функция останавливает всех, а микрозадачи выполняются раньше таймеров и ввода-вывода. async/await — синтаксис для конечного автомата, и плата за него — раскраска функций и постоянная забота о блокирующих вызовах. Горутины, виртуальные потоки и процессы Erlang прячут цикл событий внутри рантайма: код блокирующий, а потоков ОС мало. И одна фраза, которую стоит запомнить: асинхронность не ускоряет работу — она позволяет не тратить ресурсы на ожидание. Спасибо; вопросы?',
      },
    ],
    appendix: [
      {
        p: 'Полнее: поток на соединение стоит памяти и переключений контекста; epoll/kqueue возвращают готовые дескрипторы, io_uring — уже выполненные операции; микрозадачи выполняются до опустошения очереди, раньше таймеров и ввода-вывода; async/await требует всё время помнить про блокирующие вызовы; горутины, виртуальные потоки и процессы Erlang блокируют код, а потоков ОС мало.',
      },
      {
        p: 'Справа — счёт слушателя: ответы на все вопросы презентации. Их сохраняет сам элемент вопроса в localStorage этого браузера; считается первый ответ на каждый вопрос. Ответы из окна докладчика и в режиме ведущего не записываются. Если сохранённые данные повреждены, счёт показывается пустым, и слайд прямо об этом говорит. Каждый вопрос — ссылка на свой слайд; ниже — ссылки на начало каждой главы. При показе залу счёт и главы закрыты под раскрывающимися строками.',
      },
    ],
  },
  en: {
    body: [
      {
        ul: [
          'A thread per connection: simple, but costly.',
          'Underneath: non-blocking sockets and epoll.',
          'One long function stops the whole loop.',
          'async/await: a state machine that colours functions.',
          'Green threads hide the loop in the runtime.',
        ],
      },
      { p: '**Asynchrony does not make work faster — it lets you not waste resources on waiting.**' },
    ],
    notes: [
      {
        p: 'Five things to take home, one per part. A thread per connection is simple, but it costs memory and context switches, and from thousands of connections on you need another model. Under every model lie non-blocking sockets and epoll or kqueue: one call returns only the ready descriptors, and io_uring goes further and reports completed operations. The event loop is cooperative: one long function stops everyone, and microtasks run before timers and I/O. async/await is syntax for a state machine, paid for with colored functions and constant care about blocking calls. Goroutines, virtual threads and Erlang processes hide the event loop inside the runtime: the code blocks, the OS threads are few. And the one sentence to remember: asynchrony does not make the work faster; it stops you from spending resources on waiting. Thank you; questions?',
      },
    ],
    appendix: [
      {
        p: 'In full: a thread per connection costs memory and context switches; epoll/kqueue return the ready descriptors, io_uring the operations already done; microtasks run until their queue is empty, before timers and I/O; async/await means keeping blocking calls in mind all the time; goroutines, virtual threads and Erlang processes let the code block, with few OS threads.',
      },
      {
        p: 'Beside them, the person’s score: their answers to every quiz of the deck. The quiz element itself keeps them in this browser’s localStorage; the first answer to each question counts. Answers in the speaker view and in presenter mode are not recorded. If the stored data is damaged, the score shows as empty and the slide says so. Each quiz links to its slide; below, links to the start of each chapter. Presented to a hall, the score and the chapters are closed disclosures.',
      },
    ],
  },
});
