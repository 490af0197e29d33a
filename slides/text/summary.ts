import { slideText } from '../types.ts';

/**
 * The words of the slide `summary` (its title is in `slides/summary.ts`): each chapter's answer is its demo's picture
 * (components/summary), the deck's last line is the body.
 */
export default slideText({
  ru: {
    body: [{ p: '**Асинхронность не ускоряет работу — она позволяет не тратить ресурсы на ожидание.**' }],
    notes: [
      {
        p: 'Вопросы, с которых мы начинали, и ответы на них. Почему не поток на соединение? Он прост, но стоит памяти и переключений контекста; под всеми моделями — неблокирующие сокеты и epoll: один поток ждёт за всех. Кто вызывает мой колбэк? Цикл событий, по одному: одна долгая функция останавливает всех, а микрозадачи идут раньше таймеров. Что делает await? Приостанавливает конечный автомат и возвращает управление циклу; плата — раскраска функций. Можно ли без async? Да: горутины и виртуальные потоки прячут цикл в рантайме, код блокирующий, а потоков ОС мало. А в продакшене измеряйте задержку цикла и смотрите системные вызовы. И одна фраза, которую стоит запомнить: асинхронность не ускоряет работу — она позволяет не тратить ресурсы на ожидание. Спасибо; вопросы?',
        shows: ['Асинхронность не ускоряет работу', 'Приостанавливает автомат', 'Кто вызывает мой колбэк?'],
      },
    ],
    appendix: [
      {
        p: 'Полнее: поток на соединение стоит памяти и переключений контекста; epoll/kqueue возвращают готовые дескрипторы, io_uring — уже выполненные операции; микрозадачи выполняются до опустошения очереди, раньше таймеров и ввода-вывода; async/await требует всё время помнить про блокирующие вызовы; горутины, виртуальные потоки и процессы Erlang блокируют код, а потоков ОС мало.',
      },
      {
        p: 'На картинке — вопрос каждой главы и короткий ответ; вопрос ведёт к началу главы. Ниже — счёт слушателя: ответы на все вопросы презентации. Их сохраняет сам элемент вопроса в localStorage этого браузера; считается первый ответ на каждый вопрос. Ответы из окна докладчика и в режиме ведущего не записываются. Если сохранённые данные повреждены, счёт показывается пустым, и слайд прямо об этом говорит. Каждый вопрос теста — ссылка на свой слайд; ниже — ссылки на начало каждой главы. При показе залу остаётся одна картинка: счёт и ссылки — в режиме самостоятельного чтения.',
      },
    ],
  },
  en: {
    body: [{ p: '**Asynchrony does not make work faster — it lets you not waste resources on waiting.**' }],
    notes: [
      {
        p: 'The questions we started with, and their answers. Why not a thread per connection? It is simple, but costs memory and context switches; under every model lie non-blocking sockets and epoll: one thread waits for all. Who runs my callback? The event loop, one at a time: one long function stops everyone, and microtasks run before timers. What does await do? It pauses a state machine and hands control back to the loop; the price is colored functions. Can we do without async? Yes: goroutines and virtual threads hide the loop inside the runtime, the code blocks, the OS threads are few. And in production, measure the loop’s lag and watch the system calls. The one sentence to remember: asynchrony does not make the work faster; it stops you from spending resources on waiting. Thank you; questions?',
        shows: ['Asynchrony does not make work faster', 'Pauses a state machine', 'Who runs my callback?'],
      },
    ],
    appendix: [
      {
        p: 'In full: a thread per connection costs memory and context switches; epoll/kqueue return the ready descriptors, io_uring the operations already done; microtasks run until their queue is empty, before timers and I/O; async/await means keeping blocking calls in mind all the time; goroutines, virtual threads and Erlang processes let the code block, with few OS threads.',
      },
      {
        p: 'The picture: each chapter’s question and a short answer; a question links to its chapter’s start. Below it, the person’s score: their answers to every quiz of the deck. The quiz element itself keeps them in this browser’s localStorage; the first answer to each question counts. Answers in the speaker view and in presenter mode are not recorded. If the stored data is damaged, the score shows as empty and the slide says so. Each quiz links to its slide; below, links to the start of each chapter. Presented to a hall, the picture stays alone: the score and the links are in the self-paced view.',
      },
    ],
  },
});
