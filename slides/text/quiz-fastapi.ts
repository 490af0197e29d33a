import { slideText } from '../types.ts';

/** The words of the slide `quiz-fastapi` (its title is in `slides/quiz-fastapi.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'FastAPI documentation: Concurrency and async / await (plain def path operations run in a threadpool)',
      'https://fastapi.tiangolo.com/async/',
    ],
    [
      'Starlette documentation: Thread Pool (the default thread pool size is 40 tokens)',
      'https://www.starlette.io/threadpool/',
    ],
    [
      'AnyIO documentation: Working with threads (the default capacity limiter)',
      'https://anyio.readthedocs.io/en/stable/threads.html',
    ],
    ['HTTPX documentation: Async Support (httpx.AsyncClient)', 'https://www.python-httpx.org/async/'],
  ],
  ru: {
    // The question, its code and its choices are the demo's own words (components/quiz-fastapi/).
    body: [],
    notes: [
      {
        p: 'Вопрос в конце главы. Обработчик FastAPI, объявленный через async, вызывает библиотеку requests, и вызов длится 200 миллисекунд. Один процесс uvicorn. Разом пришло пятьдесят запросов. Сколько ждёт последний? Прочитайте ответы и подумайте. Такой код встречается очень часто.',
        shows: ['requests.get(RATES_URL)', '50 запросов'],
      },
      {
        p: 'Голосуем: на телефонах или поднимите руки, пока я читаю ответы. Подсказка: подумайте, кто выполняет обработчик и в каком потоке. Вспомните, что мы видели на слайде про блокирующие вызовы.',
        shows: ['Поднимите руки: какой ответ?'],
      },
      {
        p: 'Ответ — второй, около 10 секунд. Блокирующий вызов держит поток цикла, и пятьдесят запросов идут строго по очереди: пятьдесят раз по 200 миллисекунд. Парадокс: уберите async, и FastAPI сам выполнит обычную функцию в своём пуле из 40 потоков — около 400 миллисекунд. Правильное лечение — асинхронный HTTP-клиент, и все пятьдесят закончатся за 200 миллисекунд. Пока он ждёт ответа, цикл свободен, и запросы ждут одновременно. Дело не в FastAPI: так поведёт себя любой асинхронный фреймворк с блокирующим вызовом внутри.',
        shows: ['50 × 200 мс строго подряд', 'правильный ответ', '400 мс: 40 потоков, два круга'],
      },
    ],
    appendix: [
      {
        p: 'Ведущий: `?present` (или подключённое окно докладчика) включает режим ведущего сам; иначе `?quiz=presenter` или клавиша Q. Первое нажатие открывает голосование, второе показывает ответ; R показывает сразу. Отвлекающий ответ «цикл на ядро»: один процесс uvicorn — один цикл; несколько циклов дают только несколько процессов (`--workers`), это слайд «Все ядра».',
      },
      {
        p: 'Ответ: около 10 с. `requests.get` блокирует поток цикла событий, и 50 × 200 мс выполняются строго подряд: пока один обработчик ждёт API курсов внутри `requests.get`, цикл не принимает ни новых соединений, ни ответов.',
      },
      {
        p: 'Парадокс: если убрать `async` и объявить обычный `def`, FastAPI сам запустит обработчик в пуле потоков — Starlette вызывает `anyio.to_thread.run_sync`, у которого по умолчанию 40 мест (общих с синхронными зависимостями). 50 запросов — два круга: 40 и 10, около 400 мс. Правильно — асинхронный клиент: `await httpx.AsyncClient().get(...)` (лучше один клиент на приложение): цикл ждёт все 50 сокетов разом, около 200 мс.',
      },
      {
        p: 'После ответа вкладка «Три обработчика рядом» показывает, когда ответят последнему, для числа запросов и задержки, которые вы выберете: n × задержка, ⌈n / 40⌉ × задержка и одна задержка. Считается только ожидание.',
      },
      {
        p: 'Проверено в CPython 3.11 (tests/unit/quiz-fastapi-real.test.ts). FastAPI, uvicorn и httpx здесь не установить, поэтому три варианта написаны тем, что они делают внутри: `async def` с настоящим `requests.get`; обычная функция с `requests.get` через `run_in_executor` на `ThreadPoolExecutor(40)`; `async def` на потоках asyncio (`open_connection`), как httpx.AsyncClient. Против маленького HTTP-сервера на loopback, отвечающего с задержкой. 50 × 20 мс с `requests.get` внутри `async def` идут строго подряд (сервер ни разу не держит двух запросов) и заканчиваются не раньше 1 с; в пуле сервер держит не больше 40, и последние 10 ждут второго круга (не раньше 600 мс при 300 мс); асинхронный клиент держит больше 40 сразу и заканчивает около 300 мс. Сверх модели — только собственная работа машины, измеренная в том же прогоне (на нагруженной машине `requests.get` тратит десятки миллисекунд процессора).',
      },
    ],
  },
  en: {
    body: [],
    notes: [
      {
        p: 'A question to close the chapter. A FastAPI handler, declared async, calls the requests library, and the call takes 200 milliseconds. One uvicorn process. Fifty requests arrive at once. How long does the last of them wait? Read the answers and take a moment.',
        shows: ['requests.get(RATES_URL)', 'One uvicorn process, 50 requests at once.'],
      },
      {
        p: 'Vote now: on your phones, or hands up as I read the answers. A hint: think of who runs the handler, and on which thread.',
        shows: ['Hands up: which one?'],
      },
      {
        p: 'The answer is two, about 10 seconds. The blocking call holds the loop’s thread, so the fifty requests run strictly one after another, fifty times 200 milliseconds. The paradox: drop the async, and FastAPI runs the plain function in its pool of 40 threads by itself, about 400 milliseconds. The right fix is an async HTTP client, and all fifty finish in 200 milliseconds. It is not about FastAPI: any async framework behaves like this with a blocking call inside.',
        shows: ['50 × 200 ms, one after another', 'right answer', '400 ms: 40 threads, two rounds'],
      },
    ],
    appendix: [
      {
        p: 'Presenting: `?present` (or a connected speaker view) turns presenter mode on by itself; otherwise `?quiz=presenter` or the Q key. The first press opens the vote, the second reveals; R reveals at once. The distractor “one loop per core”: one uvicorn process is one loop; several loops take several processes (`--workers`): the “All the cores” slide.',
      },
      {
        p: 'The answer: about 10 s. `requests.get` blocks the event loop’s thread, and 50 × 200 ms run strictly one after another: while one handler waits for the rates API inside `requests.get`, the loop takes neither new connections nor answers.',
      },
      {
        p: 'The paradox: drop `async` and declare a plain `def`, and FastAPI runs the handler in a thread pool itself — Starlette calls `anyio.to_thread.run_sync`, whose default limiter has 40 tokens (shared with sync dependencies). 50 requests make two rounds, 40 and 10: about 400 ms. The right fix is an asynchronous client: `await httpx.AsyncClient().get(...)` (better, one client for the application): the loop waits on all 50 sockets at once, about 200 ms.',
      },
      {
        p: 'After the answer, the tab "Three handlers, side by side" shows when the last request is answered, for the number of requests and the latency you choose: n × latency, ⌈n / 40⌉ × latency, and one latency. Only the waiting is counted.',
      },
      {
        p: 'Checked under CPython 3.11 (tests/unit/quiz-fastapi-real.test.ts). FastAPI, uvicorn and httpx cannot be installed here, so the three kinds are written with what they do underneath: `async def` with a real `requests.get`; a plain function with `requests.get` through `run_in_executor` on a `ThreadPoolExecutor(40)`; `async def` on asyncio streams (`open_connection`), as httpx.AsyncClient does. Against a small HTTP server on loopback that answers after a delay. 50 × 20 ms with `requests.get` inside `async def` run strictly one after another (the server never holds two requests) and end no sooner than 1 s; in the pool the server holds at most 40, and the last 10 wait for a second round (no sooner than 600 ms at 300 ms); the async client has more than 40 in flight at once and ends at about 300 ms. Beyond the model there is only the machine’s own work, measured in the same run (on a loaded machine a `requests.get` costs tens of milliseconds of CPU).',
      },
    ],
  },
});
