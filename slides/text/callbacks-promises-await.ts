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
        p: 'Одна операция, три записи: спросить базу, потом API, потом посчитать посты. Внизу — один и тот же цикл событий.',
      },
      {
        p: 'Колбэки. С 0 до 30 мс стек пуст, поток спит в цикле. Продолжение — функция, которую мы отдали `db.get`: её держит драйвер.',
      },
      { p: 'Промисы: вся цепочка построена сразу, в 0 мс. Четыре реакции ждут на четырёх промисах.' },
      {
        p: 'async/await: ждёт собственный приостановленный кадр `load` на строке 2, и над ним — кадр вызывающего. Тот же цикл, то же ожидание.',
      },
      {
        p: 'Теперь `db.get` падает. В колбэках ошибка — просто аргумент: она доходит, только потому что каждый уровень её проверяет.',
      },
      {
        p: 'А исключение внутри колбэка: `try/catch` вокруг `load` закончился ещё в 0 мс. Его никто не ловит, Node сообщает `uncaughtException` и завершается.',
      },
      { p: 'Промисы: отклонение пропускает все `.then` и приходит в единственный `.catch`.' },
      {
        p: 'async/await: `await` бросает исключение прямо в своей строке, и работает обычный `try/catch`. Как компилятор это делает — на следующем слайде.',
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
        p: 'One operation, written three ways: ask the database, then the API, then count the posts. Underneath, the same event loop.',
      },
      {
        p: 'Callbacks. From 0 to 30 ms the stack is empty and the thread sleeps in the loop. The continuation is the function we handed to `db.get`: the driver holds it.',
      },
      { p: 'Promises: the whole chain is built at once, at 0 ms. Four reactions wait on four promises.' },
      {
        p: 'async/await: what waits is `load`’s own suspended frame, at line 2, and the caller’s above it. Same loop, same wait.',
      },
      {
        p: 'Now `db.get` fails. With callbacks the error is an argument: it gets through only because every level checks it.',
      },
      {
        p: 'And a throw inside a callback: the `try/catch` around `load` finished at 0 ms. Nobody catches it; Node reports `uncaughtException` and exits.',
      },
      { p: 'Promises: the rejection skips every `.then` and lands in the single `.catch`.' },
      {
        p: 'async/await: the `await` throws right at its line, so an ordinary `try/catch` works. How the compiler does that is the next slide.',
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
