import type { Bilingual } from '../../lib/i18n.ts';
import type { CbEvent, Continuation, Failure, Outcome, Style } from './callbacks-promises-await-model.ts';
import { listings } from './callbacks-promises-await-listing.ts';

const en = {
  demoLabel: 'One operation in three styles',
  codeLabel: (style: string) => `load(id) with ${style}`,
  styleName: { callbacks: 'callbacks', promises: 'promises', await: 'async/await' } as Record<Style, string>,
  tradeoff: {
    callbacks: 'Nesting grows, an error is easy to lose, an exception from a callback cannot be caught outside.',
    promises: 'A chain instead of nesting, errors go to a single .catch. But loops and branches are still awkward.',
    await:
      'Looks like synchronous code: ordinary try/catch, for, if. The compiler cuts the function into pieces itself; we show how next.',
  } as Record<Style, string>,
  code: listings('en'),
  stateDetails: 'Steps',
  /** Presented, the loop picture's words (callbacks-promises-await-scene.ts): the region of what the continuations wait on. */
  picture: { waiting: 'Waiting' },
  stylesLabel: 'Style',
  failureLabel: 'What happens',
  failure: {
    ok: 'everything succeeds',
    'db-error': 'db.get fails',
    throw: 'posts is null: posts.length throws',
  } as Record<Failure, string>,
  operation: (db: number, api: number) =>
    `The same operation in each style: db.get(id) answers after ${db} ms, api.posts(user) after ${api} ms, then posts.length.`,
  clock: (t: number) => `Virtual time: ${t} ms`,
  stack: 'Call stack',
  stackEmpty: 'empty: the thread is back in the event loop',
  waiting: 'Registered continuations',
  waitingEmpty: 'none',
  microtasks: 'Microtask queue',
  queueEmpty: 'empty',
  result: 'Result',
  resultPending: 'not yet',
  continuation: (c: Continuation): string => {
    switch (c.kind) {
      case 'callback':
        return `callback passed to ${c.holder}: ${c.code}`;
      case 'reaction':
        return `${c.code}: a reaction on promise ${c.holder}`;
      case 'frame':
        return `the suspended frame of ${c.code === 'main' ? 'the caller' : 'load'} (line ${c.line}), waiting on promise ${c.holder}`;
    }
  },
  /**
   * Presented: the step's caption, one short sentence (the notes explain it): the start asks the slide's question, a
   * wait says the stack is empty, the end where the result or the error went; other steps (a person stepping) as in
   * the self-paced view.
   */
  eventPresented: (e: CbEvent, style: Style): string =>
    e.k === 'start'
      ? 'While the thread sleeps, where does the rest of load wait?'
      : e.k === 'idle'
        ? `Stack empty: the thread sleeps, ${e.from} → ${e.to} ms.`
        : e.k === 'outcome'
          ? e.outcome.k === 'uncaught'
            ? 'Uncaught: the try/catch ended at 0 ms.'
            : e.outcome.k === 'handled'
              ? `Handled ${e.outcome.via === 'done' ? 'through done(err)' : e.outcome.via === 'catch-method' ? 'in .catch' : 'in try/catch'} at ${e.outcome.at} ms.`
              : en.outcome(e.outcome)
          : en.event(e, style),
  outcome: (o: Outcome): string => {
    switch (o.k) {
      case 'value':
        return `show(${o.value}) at ${o.at} ms`;
      case 'handled':
        return `handle(${o.error}) at ${o.at} ms, ${o.via === 'done' ? 'through done(err)' : o.via === 'catch-method' ? 'in .catch' : 'in try/catch'}`;
      case 'uncaught':
        return `uncaught at ${o.at} ms: ${o.error}`;
    }
  },
  event: (e: CbEvent, style: Style): string => {
    switch (e.k) {
      case 'start':
        return 'Press Step: the caller is about to call load(42).';
      case 'call-load':
        return 'Inside try, the caller calls load(42, callback).';
      case 'db-call':
        return style === 'callbacks'
          ? 'db.get(id, callback) sends the query and keeps the callback: that function is the continuation. db.get returns at once.'
          : style === 'promises'
            ? 'db.get(id) sends the query and returns promise p1, still pending.'
            : 'db.get(id) sends the query and returns promise p1, still pending.';
      case 'api-call':
        return style === 'callbacks'
          ? 'api.posts(user, callback) sends the request and keeps the second callback: the next continuation.'
          : 'api.posts(user) sends the request and returns a pending promise.';
      case 'then-register':
        return `.then registers ${e.handler} as a reaction on ${e.on} and returns a new promise ${e.returns}. Nothing runs yet: the whole chain is built now, at 0 ms.`;
      case 'load-returns':
        return style === 'callbacks'
          ? 'load returns undefined: its work is not done, it has only been handed over.'
          : style === 'promises'
            ? `load returns ${e.value}, the last promise of its chain, still pending.`
            : `return posts.length: load's promise p3 is fulfilled with ${e.value}.`;
      case 'try-ends':
        return 'The try block ends without an exception. The try/catch is gone; the callback held by db.get outlives it.';
      case 'suspend':
        return e.fn === 'load'
          ? `await ${e.on}: load is suspended. Its frame (locals, the line to resume at) is saved, the stack unwinds, load returns promise p3 to the caller.`
          : `await ${e.on}: the caller is suspended as well. The stack is empty.`;
      case 'idle':
        return `The stack is empty: the thread is in the event loop, asleep, ${e.from} → ${e.to} ms, waiting for ${e.waitingFor === 'db' ? 'the database' : 'the API'}.`;
      case 'callback-runs':
        return e.err === null
          ? `The reply came: the event loop calls the callback held by ${e.service === 'db' ? 'db.get' : 'api.posts'} with err = null.`
          : `db.get calls the callback with err = ${e.err}. The error is an argument: it goes on only because this level checks it (if (err) return done(err)). A level that forgets the check carries on with user = undefined and the error is lost.`;
      case 'call-done':
        return `done(null, posts.length): the result ${e.value} is handed to the caller's callback.`;
      case 'callback-returns':
        return 'The first callback returns; the stack is empty again. The second callback waits in api.posts.';
      case 'settle':
        return `Promise ${e.promise} is ${e.ok ? `fulfilled with ${e.value}` : `rejected with ${e.value}`}: ${e.queued ?? 'nothing'} is queued as a microtask.`;
      case 'reaction-runs':
        return `A microtask runs the reaction ${e.handler} registered on ${e.promise}.`;
      case 'adopt':
        return `The handler returned a promise, so ${e.promise} follows it (${e.follows}): the next .then waits for the API.`;
      case 'skip':
        return `${e.promise} is rejected and .then(${e.handler}) has no rejection handler: the handler is skipped, ${e.next} is rejected with the same error.`;
      case 'resume':
        return e.fn === 'load'
          ? e.throws
            ? 'A microtask resumes load, but the awaited promise was rejected: the await throws, right at this line. load has no try, so its promise p3 is rejected.'
            : 'A microtask resumes load from its saved frame at this line, with the value of the awaited promise.'
          : e.throws
            ? 'The caller resumes and its await throws: the error lands in catch (e).'
            : 'The caller resumes with the value.';
      case 'throw':
        return e.inCallback
          ? `posts.length throws ${e.error} inside the callback. Below this callback there is only the event loop: the try/catch around load() finished at 0 ms.`
          : `posts.length throws ${e.error}. ${style === 'promises' ? 'Inside a .then handler a throw rejects the promise it returned (p3).' : 'Inside an async function a throw rejects its promise.'}`;
      case 'outcome':
        return e.outcome.k === 'uncaught'
          ? `${en.outcome(e.outcome)}. The try/catch never saw it; Node raises process 'uncaughtException' (and exits when nothing listens).`
          : en.outcome(e.outcome);
    }
  },
};

const ru: typeof en = {
  demoLabel: 'Одна операция в трёх стилях',
  codeLabel: (style: string) => `load(id): ${style}`,
  styleName: { callbacks: 'колбэки', promises: 'промисы', await: 'async/await' },
  tradeoff: {
    callbacks: 'Вложенность растёт, ошибку легко потерять, исключение из колбэка не поймать снаружи.',
    promises: 'Цепочка вместо вложенности, ошибки идут в один .catch. Но циклы и ветвления по-прежнему неудобны.',
    await:
      'Выглядит как синхронный код: обычные try/catch, for, if. Компилятор сам разрежет функцию на куски — дальше покажем как.',
  },
  code: listings('ru'),
  stateDetails: 'Шаги',
  picture: { waiting: 'Ждут' },
  stylesLabel: 'Стиль',
  failureLabel: 'Что происходит',
  failure: {
    ok: 'всё успешно',
    'db-error': 'db.get падает с ошибкой',
    throw: 'posts = null: posts.length бросает исключение',
  },
  operation: (db: number, api: number) =>
    `Одна и та же операция в каждом стиле: db.get(id) отвечает через ${db} мс, api.posts(user) — через ${api} мс, затем posts.length.`,
  clock: (t: number) => `Виртуальное время: ${t} мс`,
  stack: 'Стек вызовов',
  stackEmpty: 'пуст: поток вернулся в цикл событий',
  waiting: 'Зарегистрированные продолжения',
  waitingEmpty: 'нет',
  microtasks: 'Очередь микрозадач',
  queueEmpty: 'пусто',
  result: 'Результат',
  resultPending: 'пока нет',
  continuation: (c: Continuation): string => {
    switch (c.kind) {
      case 'callback':
        return `колбэк, переданный в ${c.holder}: ${c.code}`;
      case 'reaction':
        return `${c.code}: реакция на промис ${c.holder}`;
      case 'frame':
        return `приостановленный кадр ${c.code === 'main' ? 'вызывающего кода' : 'load'} (строка ${c.line}) ждёт промис ${c.holder}`;
    }
  },
  eventPresented: (e: CbEvent, style: Style): string =>
    e.k === 'start'
      ? 'Пока поток спит, где ждёт остаток load?'
      : e.k === 'idle'
        ? `Стек пуст: поток спит, ${e.from} → ${e.to} мс.`
        : e.k === 'outcome'
          ? e.outcome.k === 'uncaught'
            ? 'Не поймано: try/catch закончился в 0 мс.'
            : e.outcome.k === 'handled'
              ? `Обработано ${e.outcome.via === 'done' ? 'через done(err)' : e.outcome.via === 'catch-method' ? 'в .catch' : 'в try/catch'} в ${e.outcome.at} мс.`
              : ru.outcome(e.outcome)
          : ru.event(e, style),
  outcome: (o: Outcome): string => {
    switch (o.k) {
      case 'value':
        return `show(${o.value}) в ${o.at} мс`;
      case 'handled':
        return `handle(${o.error}) в ${o.at} мс, ${o.via === 'done' ? 'через done(err)' : o.via === 'catch-method' ? 'в .catch' : 'в try/catch'}`;
      case 'uncaught':
        return `не поймано, ${o.at} мс: ${o.error}`;
    }
  },
  event: (e: CbEvent, style: Style): string => {
    switch (e.k) {
      case 'start':
        return 'Нажмите «Шаг»: вызывающий код сейчас вызовет load(42).';
      case 'call-load':
        return 'Внутри try вызывающий код вызывает load(42, колбэк).';
      case 'db-call':
        return style === 'callbacks'
          ? 'db.get(id, колбэк) отправляет запрос и сохраняет колбэк: эта функция и есть продолжение. db.get сразу возвращается.'
          : 'db.get(id) отправляет запрос и возвращает промис p1, пока в ожидании.';
      case 'api-call':
        return style === 'callbacks'
          ? 'api.posts(user, колбэк) отправляет запрос и сохраняет второй колбэк — следующее продолжение.'
          : 'api.posts(user) отправляет запрос и возвращает промис в ожидании.';
      case 'then-register':
        return `.then регистрирует ${e.handler} как реакцию на ${e.on} и возвращает новый промис ${e.returns}. Пока ничего не выполняется: вся цепочка строится сейчас, в 0 мс.`;
      case 'load-returns':
        return style === 'callbacks'
          ? 'load возвращает undefined: работа не сделана, её только передали дальше.'
          : style === 'promises'
            ? `load возвращает ${e.value} — последний промис цепочки, пока в ожидании.`
            : `return posts.length: промис load (p3) выполнен со значением ${e.value}.`;
      case 'try-ends':
        return 'Блок try закончился без исключения. try/catch больше нет, а колбэк, который держит db.get, живёт дальше.';
      case 'suspend':
        return e.fn === 'load'
          ? `await ${e.on}: load приостановлена. Её кадр (локальные переменные, строка продолжения) сохранён, стек раскручен, load вернула вызывающему промис p3.`
          : `await ${e.on}: вызывающий код тоже приостановлен. Стек пуст.`;
      case 'idle':
        return `Стек пуст: поток в цикле событий и спит, ${e.from} → ${e.to} мс, ждёт ${e.waitingFor === 'db' ? 'базу данных' : 'API'}.`;
      case 'callback-runs':
        return e.err === null
          ? `Пришёл ответ: цикл событий вызывает колбэк, который держал ${e.service === 'db' ? 'db.get' : 'api.posts'}, с err = null.`
          : `db.get вызывает колбэк с err = ${e.err}. Ошибка — просто аргумент: дальше она идёт, только потому что этот уровень её проверяет (if (err) return done(err)). Уровень, который забыл проверку, продолжит с user = undefined, и ошибка потеряется.`;
      case 'call-done':
        return `done(null, posts.length): результат ${e.value} передаётся колбэку вызывающего кода.`;
      case 'callback-returns':
        return 'Первый колбэк вернулся, стек снова пуст. Второй колбэк ждёт в api.posts.';
      case 'settle':
        return `Промис ${e.promise} ${e.ok ? `выполнен со значением ${e.value}` : `отклонён с ${e.value}`}: в очередь микрозадач встаёт ${e.queued ?? 'ничего'}.`;
      case 'reaction-runs':
        return `Микрозадача выполняет реакцию ${e.handler}, зарегистрированную на ${e.promise}.`;
      case 'adopt':
        return `Обработчик вернул промис, поэтому ${e.promise} следует за ним (${e.follows}): следующий .then ждёт API.`;
      case 'skip':
        return `${e.promise} отклонён, а у .then(${e.handler}) нет обработчика ошибки: обработчик пропущен, ${e.next} отклонён с той же ошибкой.`;
      case 'resume':
        return e.fn === 'load'
          ? e.throws
            ? 'Микрозадача возобновляет load, но ожидаемый промис отклонён: await бросает исключение прямо в этой строке. В load нет try, и её промис p3 отклонён.'
            : 'Микрозадача возобновляет load с сохранённого кадра на этой строке, со значением ожидаемого промиса.'
          : e.throws
            ? 'Вызывающий код возобновляется, и его await бросает исключение: ошибка попадает в catch (e).'
            : 'Вызывающий код возобновляется со значением.';
      case 'throw':
        return e.inCallback
          ? `posts.length бросает ${e.error} внутри колбэка. Под этим колбэком только цикл событий: try/catch вокруг load() закончился ещё в 0 мс.`
          : `posts.length бросает ${e.error}. ${style === 'promises' ? 'Исключение в обработчике .then отклоняет возвращённый им промис (p3).' : 'Исключение в async-функции отклоняет её промис.'}`;
      case 'outcome':
        return e.outcome.k === 'uncaught'
          ? `${ru.outcome(e.outcome)}. try/catch его не видел; Node генерирует process 'uncaughtException' (и завершается, если никто не слушает).`
          : ru.outcome(e.outcome);
    }
  },
};

export const callbacksPromisesAwaitText: Bilingual<typeof en> = { en, ru };
