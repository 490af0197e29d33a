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
        p: 'Тот же `load`, как его видит компилятор. Вызов создаёт в куче объект `f`: аргументы, локальные переменные и поле `state`, сейчас 0.',
      },
      { p: '`case 0` выполняется прямо в вызове, на стеке вызывающего, и запускает `db.get`.' },
      {
        p: 'На `await` кусок пишет `state = 1` и возвращается. Стек пуст: вся функция — этот маленький объект в куче.',
      },
      {
        p: 'База ответила: микрозадача снова вызывает `step(f)`, `switch` прыгает в `case 1`, и `user` сохраняется в `f`.',
      },
      { p: 'Второй `await`: `state = 2`, стек снова пуст, поток тем временем обслуживает другие запросы.' },
      { p: 'API ответил: `case 2` выполняется и возвращает `posts.length`.' },
      {
        p: 'Промис выполнен, `f` — мусор. Ожидающий запрос стоит маленький объект, а не стек потока. C#, Rust и Kotlin генерируют такой автомат; JS и Python сохраняют кадр генератора — идея та же.',
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
        p: 'The same `load`, as the compiler sees it. The call creates an object `f` on the heap: the arguments, the locals and a `state` field, now 0.',
      },
      { p: '`case 0` runs right inside the call, on the caller’s stack, and starts `db.get`.' },
      {
        p: 'At the `await` the piece writes `state = 1` and returns. The stack is empty: the whole function is this small object on the heap.',
      },
      {
        p: 'The database answers: a microtask calls `step(f)` again, the `switch` jumps to `case 1`, and `user` is kept in `f`.',
      },
      { p: 'Second `await`: `state = 2`, the stack empty again, and the thread serves other requests meanwhile.' },
      { p: 'The API answers: `case 2` runs and returns `posts.length`.' },
      {
        p: 'The promise is fulfilled and `f` is garbage. A waiting request costs a small object, not a thread’s stack. C#, Rust and Kotlin generate such a machine; JS and Python save a generator frame: the same idea.',
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
