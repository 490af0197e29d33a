import { slideText } from '../types.ts';

/** The words of the slide `callbacks-promises-await` (its title is in `slides/callbacks-promises-await.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'ECMAScript 2024, 27.2 Promise Objects: PromiseReactionJob, NewPromiseResolveThenableJob',
      'https://tc39.es/ecma262/2024/#sec-promise-objects',
    ],
    ['ECMAScript 2024, 27.7 AsyncFunction Objects and Await', 'https://tc39.es/ecma262/2024/#sec-await'],
    ["Node.js docs: process, event 'uncaughtException'", 'https://nodejs.org/api/process.html#event-uncaughtexception'],
    [
      'Node.js docs: Error-first callbacks',
      'https://nodejs.org/en/learn/asynchronous-work/javascript-asynchronous-programming-and-callbacks',
    ],
  ],
  ru: {
    body: [
      // Presented, this line and the demo; the styles' trade-offs one click away (open when browsing and in print).
      { p: 'Один цикл, три записи «продолжи потом».' },
      {
        details: [
          {
            ul: [
              '**Колбэки**: вложенность растёт, ошибку легко потерять, исключение из колбэка не поймать снаружи.',
              '**Промисы**: цепочка вместо вложенности, ошибки — в один `.catch`. Но циклы и ветвления всё ещё неудобны.',
              '**async/await**: выглядит как синхронный код — обычные `try/catch`, `for`, `if`. Компилятор сам разрежет функцию на куски — дальше покажем как.',
            ],
          },
          { p: 'Запустите каждый вариант: где ждёт продолжение? Сломайте `db.get` — куда пойдёт ошибка?' },
        ],
      },
    ],
    notes: [
      {
        p: 'Одна операция, три записи: спросить у базы пользователя, потом спросить у API его посты, потом посчитать их. Колбэки, промисы, async/await. Под всеми тремя — один и тот же цикл событий; меняется только то, как мы пишем «продолжи, когда будет готово». Следите за тем, где живёт продолжение, пока поток спит: это единственная настоящая разница. Пока на стеке вызовов только вызывающий код, цикл ещё не начал работу.',
        shows: ['main', 'Стек вызовов'],
      },
      {
        p: 'Колбэки. С 0 до 30 миллисекунд стек пуст, и поток спит в цикле. Где в это время наша функция? Её продолжение — функция, которую мы отдали драйверу базы, и драйвер держит её, пока не придёт ответ. Никакого нашего кода на стеке нет — только замыкание где-то в куче. На картинке: стек пуст, цикл спит в фазе poll, запрос к базе ушёл в сокет ядра, а колбэк ждёт у драйвера.',
        shows: ['(err, user) => …', 'Ждут'],
      },
      {
        p: 'Промисы: вся цепочка построена сразу, в ноль миллисекунд, когда ещё никто не ответил. Четыре реакции ждут на четырёх промисах. Цепочка вместо вложенности, но ожидание то же самое. Каждая реакция — это колбэк, просто подвешенный на промис, а не переданный драйверу.',
        shows: ['user => api.posts(user)', 'Ждут'],
      },
      {
        p: 'async/await: теперь ждёт собственный приостановленный кадр функции, на строке 2, и над ним кадр вызывающего. Читается как обычный блокирующий код, а цикл тот же и ожидание то же: поток свободен. Кадр вызывающего тоже сохранён — поэтому ошибка потом сможет подняться к нему.',
        shows: ['Ждут', 'main'],
      },
      {
        p: 'Теперь пусть база упадёт. В колбэках ошибка — просто первый аргумент: она доходит наверх, только потому что каждый уровень её проверяет и передаёт дальше. Забыли одну проверку — ошибка потерялась. Каждый уровень вложенности повторяет одну и ту же проверку. На стеке сейчас колбэк, а над ним колбэк вызывающего, которому передали ошибку.',
        shows: ['(err, user) => …', 'Обработано через done(err)'],
      },
      {
        p: 'Ещё хуже — исключение, брошенное внутри колбэка. Try и catch вокруг нашего вызова закончились давно, ещё в ноль миллисекунд. Его никто не ловит: Node сообщает о непойманном исключении, и процесс завершается. Одна опечатка в колбэке — и падает весь сервер, со всеми соединениями. Посмотрите на стек: колбэк на нём один, под ним только цикл.',
        shows: ['(err, posts) => …', 'Не поймано: try/catch закончился в 0 мс.'],
      },
      {
        p: 'Промисы: отклонение пропускает все then и приходит в единственный catch в конце, по одной микрозадаче на каждый пропущенный шаг — они видны в списке выполненных. Одно место для ошибок, но циклы и ветвления через ожидания по-прежнему неудобны. Но забудьте этот catch — и в нынешнем Node необработанное отклонение завершит процесс.',
        shows: ['p1 → p2 (reject)', 'Обработано в .catch в 30 мс.'],
      },
      {
        p: 'async/await: await бросает исключение прямо в своей строке, поэтому работает обычный try и catch, а с ним циклы и условия. Кадр вызывающего снова на стеке, и его блок catch обрабатывает ошибку. Как компилятор это делает, если между ними стек пуст? Это следующий слайд. Это и есть главный выигрыш: обработка ошибок снова выглядит как в синхронном коде.',
        shows: ['resume load', 'Обработано в try/catch в 30 мс.'],
      },
    ],
    appendix: [
      {
        p: 'Одна операция: `db.get(id)` (ответ через 30 мс), потом `api.posts(user)` (через 50 мс), потом `posts.length`. Шаги докладчика: колбэки, промисы, async/await — каждый в первом ожидании (стек пуст, видно, где ждёт продолжение); потом отказы, каждый до конца (куда ушла ошибка).',
      },
      {
        p: "Колбэки: продолжение — функция, переданная в `db.get`; её держит драйвер, а стек пуст. Ошибка приходит аргументом `err` и идёт дальше, только если каждый уровень её проверяет (`if (err) return done(err)`). Исключение внутри колбэка (здесь `posts = null`, и `posts.length` бросает `TypeError`) попадает в цикл событий, а не в `try/catch` вокруг `load()`: тот закончился ещё в 0 мс. Node сообщает о нём через `process.on('uncaughtException')`, а без обработчика завершает процесс.",
      },
      {
        p: 'Промисы: вся цепочка строится сразу, в 0 мс; каждый `.then` — реакция на промис. Отклонение пропускает все `.then` без обработчика ошибки (по микрозадаче на каждый) и приходит в единственный `.catch`. Исключение в обработчике `.then` отклоняет его промис и тоже приходит в `.catch`.',
      },
      {
        p: 'async/await: продолжение — собственный приостановленный кадр async-функции, который ждёт промис. Если промис отклонён, `await` бросает исключение прямо в своей строке, поэтому работает обычный `try/catch` у вызывающего.',
      },
      {
        p: "Проверено на настоящем Node: tests/unit/callbacks-promises-await.test.ts запускает эти три листинга как есть, с `db` и `api` на `setTimeout`, в успешном режиме и в обоих режимах отказа, и сравнивает, что произошло (вызовы, `show`, `handle` и непойманный `TypeError`, пойманный через `process.on('uncaughtException')`), и когда, с тем, что говорит модель. Код и компромиссы — из сценария доклада; вызывающий код с `try/catch` добавлен, чтобы было видно, куда идёт ошибка.",
      },
    ],
  },
  en: {
    body: [
      // Presented, this line and the demo; the styles' trade-offs one click away (open when browsing and in print).
      { p: 'One loop, three ways to write “continue later”.' },
      {
        details: [
          {
            ul: [
              '**Callbacks**: nesting grows, an error is easy to lose, an exception from a callback cannot be caught outside.',
              '**Promises**: a chain instead of nesting, errors go to a single `.catch`. But loops and branches are still awkward.',
              '**async/await**: looks like synchronous code, with ordinary `try/catch`, `for`, `if`. The compiler cuts the function into pieces itself; we show how next.',
            ],
          },
          { p: 'Run each version: where does the continuation wait? Break `db.get`: where does the error go?' },
        ],
      },
    ],
    notes: [
      {
        p: 'One operation, written three ways: ask the database for a user, then ask an API for the user’s posts, then count them. Callbacks, promises, async/await. Underneath all three there is the same event loop; what changes is only how we write “go on when it is ready”. Watch where the continuation lives while the thread sleeps: that is the only real difference. For now only the caller is on the call stack; the loop has not started yet.',
        shows: ['main', 'Call stack'],
      },
      {
        p: 'Callbacks. From 0 to 30 milliseconds the stack is empty and the thread sleeps in the loop. Where is our function meanwhile? Its continuation is the function we handed to the database driver, and the driver holds it until the answer comes. In the picture: the stack is empty, the loop sleeps in its poll phase, the query waits on a socket in the kernel, and the callback waits with the driver.',
        shows: ['(err, user) => …', 'Waiting'],
      },
      {
        p: 'Promises: the whole chain is built at once, at zero milliseconds, before anything has answered. Four reactions wait on four promises. A chain instead of nesting, but still the same waiting.',
        shows: ['user => api.posts(user)', 'Waiting'],
      },
      {
        p: 'async/await: what waits now is the function’s own suspended frame, paused at line 2, and the caller’s frame above it. It reads like ordinary blocking code, yet it is the same loop and the same wait: the thread is free. The caller’s frame is kept too, which is why an error can later travel up to it.',
        shows: ['Waiting', 'main'],
      },
      {
        p: 'Now let the database fail. With callbacks the error is just the first argument: it gets to the top only because every level checks it and passes it on. Forget one check, and the error is lost. On the stack now: the callback, and above it the caller’s callback, handed the error.',
        shows: ['(err, user) => …', 'Handled through done(err)'],
      },
      {
        p: 'Worse, an exception thrown inside a callback. The try and catch around our call finished long ago, at zero milliseconds. Nobody catches it; Node reports an uncaught exception and the process exits. Look at the stack: the callback is alone on it, and below it there is only the loop.',
        shows: ['(err, posts) => …', 'Uncaught: the try/catch ended at 0 ms.'],
      },
      {
        p: 'Promises: the rejection skips every then and lands in the single catch at the end, one microtask for each step it skips: they are listed as ran. One place for errors, but loops and branches across awaits are still awkward. Forget that catch, though, and in today’s Node an unhandled rejection ends the process.',
        shows: ['p1 → p2 (reject)', 'Handled in .catch at 30 ms.'],
      },
      {
        p: 'async/await: the await throws right at its own line, so an ordinary try and catch works, and loops and ifs work too. The caller’s frame is back on the stack, and its catch block handles the error. How does the compiler pull that off, with an empty stack in between? That is the next slide.',
        shows: ['resume load', 'Handled in try/catch at 30 ms.'],
      },
    ],
    appendix: [
      {
        p: 'One operation: `db.get(id)` (answers after 30 ms), then `api.posts(user)` (after 50 ms), then `posts.length`. The speaker steps: callbacks, promises, async/await, each at its first wait (the stack empty, where the continuation waits shown); then the failures, each to its end (where the error went).',
      },
      {
        p: "Callbacks: the continuation is a function handed to `db.get`; the driver holds it while the stack is empty. An error arrives as the `err` argument and goes on only if every level checks it (`if (err) return done(err)`). An exception inside a callback (here `posts` is null and `posts.length` throws a `TypeError`) reaches the event loop, not the `try/catch` around `load()`, which finished at 0 ms. Node reports it through `process.on('uncaughtException')` and, without a handler, exits.",
      },
      {
        p: 'Promises: the whole chain is built at once, at 0 ms; each `.then` is a reaction on a promise. A rejection skips every `.then` without a rejection handler (one microtask each) and lands in the single `.catch`. A throw inside a `.then` handler rejects that handler’s promise and also lands in `.catch`.',
      },
      {
        p: 'async/await: the continuation is the async function’s own suspended frame, waiting on the awaited promise. When the promise rejects, the `await` throws right at its line, so the caller’s ordinary `try/catch` works.',
      },
      {
        p: "Checked against real Node: tests/unit/callbacks-promises-await.test.ts runs these three listings as they are, with `setTimeout`-based `db` and `api`, in the success mode and both failure modes, and compares what happened (the calls, `show`, `handle`, and the uncaught `TypeError` seen through `process.on('uncaughtException')`) and when, with what the model says. Code and trade-offs: the talk’s script; the caller with its `try/catch` is added to show where the error goes.",
      },
    ],
  },
});
