import { slideText } from '../types.ts';

/** The words of the slide `async-state-machine` (its title is in `slides/async-state-machine.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'TypeScript #62196: “Deprecate --target es5, make lowest target es2015” (TypeScript 7 has no ES5 output, no __generator)',
      'https://github.com/microsoft/TypeScript/issues/62196',
    ],
    [
      'tslib: the __awaiter and __generator helpers (label, sent, trys)',
      'https://github.com/microsoft/tslib/blob/main/tslib.js',
    ],
    [
      'Stephen Toub, “How Async/Await Really Works in C#” (.NET Blog, 2023)',
      'https://devblogs.microsoft.com/dotnet/how-async-await-really-works/',
    ],
    [
      'Kotlin KEEP: Coroutines, “State machines”',
      'https://github.com/Kotlin/KEEP/blob/master/proposals/coroutines.md#state-machines',
    ],
    [
      'Asynchronous Programming in Rust (the async book): Future, poll and the generated state machine',
      'https://rust-lang.github.io/async-book/',
    ],
    ['V8 blog, “Faster async functions and promises” (2018)', 'https://v8.dev/blog/fast-async'],
    ['PEP 492: coroutines with async and await syntax (Python)', 'https://peps.python.org/pep-0492/'],
  ],
  ru: {
    body: [
      // Presented, the title and the demo say it: the words are one click away (open when browsing and in print).
      {
        details: [
          {
            p: 'Компилятор режет функцию по каждому `await`. Локальные переменные, нужные после паузы, переезжают со стека в объект в куче, а номер следующего куска хранится в поле `state`. Так работают C#, Rust, Kotlin; в JS и Python тот же принцип реализован через сохранённый кадр генератора.',
          },
          {
            p: 'Это бесстековые корутины: при паузе стек полностью освобождается, и поток свободен для других задач. Нажимайте «Шаг» и следите за стеком и объектом в куче.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Та же функция load, как её видит компилятор. Он режет её по каждому await на куски. Вызов создаёт в куче маленький объект: аргументы, локальные переменные, которые должны пережить паузу, и поле состояния, сейчас ноль, — какой кусок выполнять следующим. Слева — его состояния, а на каждой стрелке — await, после которого состояние продолжается. Пройдём по шагам и будем следить за подсвеченным состоянием, стеком и объектом в куче.',
        shows: ['Объект f в куче', 'state = 0'],
      },
      {
        p: 'Первый кусок выполняется прямо в вызове, на стеке вызывающего, как любая функция. Он запускает запрос к базе и доходит до первого await. Пока всё как в обычной функции: кадр на стеке, код выполняется.',
        shows: ['step(f) · case 0', 'на стеке вызывающего'],
      },
      {
        p: 'На await кусок записывает «в следующий раз — состояние один» и просто возвращается. Стек пуст. Вся приостановленная функция теперь — этот маленький объект в куче, и поток свободен для других. Вызывающему возвращается промис — обещание, что результат будет.',
        shows: ['пуст: поток свободен', 'ждём db.get(…)'],
      },
      {
        p: 'База ответила. Микрозадача снова вызывает автомат; он смотрит на состояние и прыгает сразу во второй кусок. Полученный пользователь сохраняется в объекте: он понадобится следующему куску после ещё одной паузы. Кусок запускает запрос к API. Локальная переменная пережила паузу, хотя стека у функции всё это время не было.',
        shows: ['step(f) · case 1', '{ name: "Ann" }'],
      },
      {
        p: 'Второй await: состояние два, стек снова пуст. Тем временем поток обслуживает другие запросы; каждая так ожидающая функция — это один маленький объект, а не стек. Сколько бы ни было await, между кусками стек всегда пуст.',
        shows: ['пуст: поток свободен', 'ждём api.posts(…)'],
      },
      {
        p: 'API ответил, выполняется третий кусок: он считает посты и возвращает число. Кадр на стеке снова живёт ровно столько, сколько выполняется кусок.',
        shows: ['step(f) · case 2', '["p1", "p2", "p3"]'],
      },
      {
        p: 'Промис выполнен, объект — мусор. Ожидающий запрос стоит маленького объекта, а не стека потока: поэтому такие корутины и называют бесстековыми. C#, Rust и Kotlin генерируют именно такой автомат; JavaScript и Python хранят приостановленный кадр генератора — идея та же. Ключевое слово async просто просит компилятор написать этот автомат за нас.',
        shows: ['освобождён', 'промис выполнен'],
      },
    ],
    appendix: [
      {
        p: 'Слева — функция, как её пишут. Посередине — она же, разрезанная по `await`: объект `f` в куче с полем `state`, параметрами и локальными переменными, и функция `step`, в которой `switch` по `state`. Каждый `case` — кусок кода между двумя `await`. Перед паузой кусок записывает в `state` номер следующего куска и возвращает ожидаемый промис; когда промис завершится, микрозадача снова вызовет `step(f, sent, thrown)`, и выполнение продолжится с нужного `case`.',
      },
      {
        p: 'Главное — стек. Пока функция ждёт, на стеке от неё ничего нет: всё её состояние — маленький объект в куче. Поэтому десятки тысяч ожидающих запросов стоят сотни байт каждый, а не мегабайты стека, как поток.',
      },
      {
        p: 'Три примера: `load(id)` из прошлого слайда; цикл с `await` — переменные `i` и `sum` переживают паузы в объекте, а из цикла получается переход между `case 1` и `case 2`; `try/catch` вокруг `await` — отклонённый промис приходит в `case 1` с `thrown = true`, и автомат переходит в кусок `catch`. В `load` при падении `db.get` ловить некому: ошибка выбрасывается в точке `await` и отклоняет промис, который вернула `load`.',
      },
      {
        p: 'Здесь в объект переносятся все локальные переменные, как в старом ES5-выводе TypeScript (там они становились переменными замыкания). Компилятор C# в release-сборке переносит только те, что живут через `await`; Rust кладёт в перечисление состояний только живые переменные каждого состояния, поэтому размер future — размер самого большого состояния. Kotlin хранит номер куска в поле `label` объекта-продолжения.',
      },
      {
        p: 'В JS и Python компилятор так не режет: движок сохраняет кадр функции целиком, как у генератора. V8 при `await` копирует регистры интерпретатора в объект генератора; CPython хранит кадр в объекте корутины. Принцип тот же: состояние в куче, стек свободен.',
      },
      {
        p: 'Проверка в репозитории: автомат посередине — настоящий JavaScript; тест выполняет его и сравнивает состояния и объект `f` на каждой паузе с моделью. Исходный вариант проверки — метки `case N:` в ES5-выводе TypeScript (`__generator`) — невозможен: TypeScript 7 удалил `--target ES5` (ошибка TS5108) вместе с этим преобразованием. Поэтому тест компилирует функции с `--target es2015`, где каждый `await` становится `yield` генератора, и сверяет число, порядок и выражения этих `yield` с точками возобновления модели, а затем прогоняет скомпилированный код с теми же ответами сервисов.',
      },
    ],
  },
  en: {
    body: [
      // Presented, the title and the demo say it: the words are one click away (open when browsing and in print).
      {
        details: [
          {
            p: 'The compiler cuts the function at every `await`. Local variables needed after a pause move from the stack into an object on the heap, and the number of the next piece is kept in a `state` field. This is how C#, Rust and Kotlin do it; JS and Python apply the same principle through a saved generator frame.',
          },
          {
            p: 'These are stackless coroutines: at a pause the stack is freed completely, and the thread is free for other tasks. Press “Step” and watch the stack and the object on the heap.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'The same load function, as the compiler sees it. The compiler cuts it at every await into pieces. The call creates a small object on the heap: the arguments, the locals that must survive a pause, and a state field, now zero, which says which piece runs next. On the left are its states, and on each arrow the await a state resumes after. As we step, watch the lit state, the stack and the object on the heap.',
        shows: ['Heap object f', 'state = 0'],
      },
      {
        p: 'The first piece runs right inside the call, on the caller’s stack, like any function. It starts the database query and reaches the first await.',
        shows: ['step(f) · case 0', 'load(7)'],
      },
      {
        p: 'At the await the piece writes “next time, state one” and simply returns. The stack is empty. The whole suspended function is now this small object on the heap, and the thread is free for anyone else. The caller gets back a promise of the result.',
        shows: ['empty: the thread is free', 'waiting for db.get(…)'],
      },
      {
        p: 'The database answers. A microtask calls the machine again; it looks at the state and jumps straight into the second piece. The user it got back is stored in the object, because the next piece will need it after another pause, and the piece starts the request to the API. A local variable survived the pause, though the function had no stack all that time.',
        shows: ['step(f) · case 1', '{ name: "Ann" }'],
      },
      {
        p: 'The second await: state two, the stack empty again. Meanwhile the thread serves other requests; every function waiting like this is one small object, not a stack.',
        shows: ['empty: the thread is free', 'waiting for api.posts(…)'],
      },
      {
        p: 'The API answers, and the third piece runs: it counts the posts and returns the number.',
        shows: ['step(f) · case 2', '["p1", "p2", "p3"]'],
      },
      {
        p: 'The promise is fulfilled, and the object is garbage. A waiting request costs a small object, not a thread’s stack: that is why these are called stackless coroutines. C#, Rust and Kotlin generate exactly such a machine; JavaScript and Python keep a suspended generator frame, which is the same idea.',
        shows: ['released', 'the promise is fulfilled'],
      },
    ],
    appendix: [
      {
        p: 'On the left is the function as it is written. In the middle is the same function cut at each `await`: an object `f` on the heap holding `state`, the parameters and the locals, and a function `step` with a `switch` over `state`. Each `case` is the code between two `await`s. Before a pause, a piece writes the number of the next piece into `state` and returns the awaited promise; when the promise settles, a microtask calls `step(f, sent, thrown)` again, and execution continues at the right `case`.',
      },
      {
        p: 'The point is the stack. While the function waits, nothing of it is on the stack: its whole state is a small object on the heap. That is why tens of thousands of waiting requests cost hundreds of bytes each, not megabytes of stack as a thread does.',
      },
      {
        p: 'Three examples: `load(id)` from the previous slide; a loop with `await`, where `i` and `sum` survive the pauses in the object and the loop becomes a jump between `case 1` and `case 2`; and `try/catch` around `await`, where a rejected promise arrives in `case 1` with `thrown = true` and the machine moves to the `catch` piece. In `load`, when `db.get` fails, nobody catches: the error is thrown at the `await` and rejects the promise that `load` returned.',
      },
      {
        p: 'Here every local moves into the object, as in TypeScript’s old ES5 output (where they became closure variables). The C# compiler in a release build hoists only the locals that live across an `await`; Rust puts into its enum of states only the variables live in each state, so the size of a future is the size of its largest state. Kotlin keeps the piece number in a `label` field of the continuation object.',
      },
      {
        p: 'In JS and Python the compiler does not cut the function like this: the engine saves the whole frame, as for a generator. At an `await`, V8 copies the interpreter’s registers into the generator object; CPython keeps the frame in the coroutine object. The principle is the same: the state on the heap, the stack free.',
      },
      {
        p: 'The check in the repository: the machine in the middle is real JavaScript; a test runs it and compares the states and the object `f` at every pause with the model. The check first planned, the `case N:` labels of TypeScript’s ES5 output (`__generator`), is impossible: TypeScript 7 removed `--target ES5` (error TS5108) together with that transform. So the test compiles the functions with `--target es2015`, where every `await` becomes a generator `yield`, compares the number, order and expressions of those `yield`s with the model’s resume points, and then runs the compiled code against the same service answers.',
      },
    ],
  },
});
