import { slideText } from '../types.ts';

/**
 * The words of the slide `title` (its title is in `slides/title.ts`): loaded with the slide. What the talk is about
 * is in the disclosure: presented, the chapters' questions on the map say it.
 */
export default slideText({
  ru: {
    body: [
      {
        details: [
          {
            p: 'Как один поток держит десятки тысяч соединений, что на самом деле делает `await`, почему одна тяжёлая функция вешает весь Node-сервер и чем горутины отличаются от `async def`.',
          },
          { p: 'Листайте стрелками ← →, свайпом или кнопками внизу. В схемах нажимайте кнопки и двигайте ползунки.' },
        ],
      },
    ],
    notes: [
      {
        p: 'Доклад о том, как серверы ждут: от потока на соединение до цикла событий, async/await и зелёных потоков. Сервер почти всё время чего-то ждёт — сети, диска, базы данных, — и весь доклад о том, кто именно ждёт и чего это стоит. Каждая глава на карте — вопрос. Почему бы не завести поток на каждое соединение? Кто и когда вызывает мой колбэк? Что на самом деле делает await в Python? И можно ли с зелёными потоками обойтись совсем без async? Каждая глава заканчивается ответом, а две из них — вопросом к вам. Почти на каждом слайде живая схема, и я буду идти по ней шаг за шагом.',
        shows: ['Почему не поток на каждое соединение?', 'Кто вызывает мой колбэк?', 'Можно ли обойтись без async?'],
      },
    ],
    appendix: [
      {
        ul: [
          'Навигация: ← → или PageDown/PageUp (кликер), пробел; Esc — обзор; F — полный экран; S — окно докладчика.',
          'В схемах: Tab переводит фокус на ползунок или кнопку, стрелки двигают ползунок, Esc возвращает клавиши презентации.',
          'Язык и тема — кнопки в правом верхнем углу, или ?lang=ru|en и ?theme=dark|light в адресе.',
        ],
      },
    ],
  },
  en: {
    body: [
      {
        details: [
          {
            p: 'How one thread holds tens of thousands of connections, what `await` really does, why one heavy function hangs a whole Node server, and how goroutines differ from `async def`.',
          },
          {
            p: 'Move with the ← → arrow keys, a swipe or the buttons at the bottom. In the demos, press the buttons and move the sliders.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'A talk about how servers wait: from a thread per connection to the event loop, async/await and green threads. A server spends most of its life waiting, for the network, for the disk, for a database, and this talk is about who does the waiting and what it costs. Each chapter on the map is a question. Why not simply a thread for every connection? Who runs my callback, and when? What does await actually do in Python? And can green threads let us skip async altogether? Each chapter ends with its answer, and two of them end with a question for you. Almost every slide is a live demo, and we will walk through it step by step.',
        shows: ['Why not a thread for each connection?', 'Who runs my callback?', 'Can we do without async?'],
      },
    ],
    appendix: [
      {
        ul: [
          'Navigation: ← → or PageDown/PageUp (a clicker), Space; Esc: overview; F: full screen; S: speaker view.',
          'In the demos: Tab moves focus to a slider or button, the arrows move the slider, Esc gives the keys back to the deck.',
          'Language and theme: the buttons at the top right, or ?lang=ru|en and ?theme=dark|light in the address.',
        ],
      },
    ],
  },
});
