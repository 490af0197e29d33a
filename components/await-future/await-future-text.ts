import type { Bilingual } from '../../lib/i18n.ts';
import type { ExcerptId } from './await-future-code.ts';
import type { FrameState } from './await-future-model.ts';

const en = {
  demoLabel: 'How a future wakes a task',
  already: 'Result already there',
  steps: {
    call: 'Task-1’s __step calls coro.send(None): handler → fetch → sock_recv. No data yet: sock_recv makes a future and awaits it.',
    yield:
      '1 · await fut: Future.__await__ sets _asyncio_future_blocking and yields itself, up through the whole chain.',
    park: '2 · The task sees the flag: add_done_callback(__wakeup), _fut_waiter = fut. From now on the loop knows nothing of it.',
    setResult: '3 · Data arrives: select() wakes, step 4 queues the reader, step 6 runs it: fut.set_result(data).',
    schedule: '4 · set_result resumes nothing: __schedule_callbacks puts __wakeup into _ready with call_soon.',
    wakeup: '5 · Step 6 of the next turn calls __wakeup → __step → coro.send(None).',
    resume: '6 · __await__ returns self.result(): sock_recv returns the data, fetch and handler go on.',
    already: 'The data is already in the socket: sock.recv returns it at once. No future, no yield, no loop.',
    alreadyDone:
      'The chain collapses inside the same __step: fetch and handler return, Task-1 is done. Zero turns of its own.',
  } as Record<ExcerptId, string>,
  /** Presented: one sentence under the picture, what this step just moved. */
  captions: {
    call: 'No data yet: sock_recv makes a future, fut, and the socket is watched.',
    yield: 'await fut yields fut up the chain: the three frames freeze on it.',
    park: 'Task-1 hangs its __wakeup on fut and leaves: the thread is free.',
    setResult: 'Data arrives: the socket’s reader calls fut.set_result(data).',
    schedule: 'set_result resumes no one: it moves fut’s callbacks into _ready.',
    wakeup: 'The next turn runs __wakeup: the frames go on where they froze.',
    resume: 'await returns the data, the frames return, and Task-1 is done.',
    already: 'The data is already there: sock_recv returns it at once, no future.',
    alreadyDone: 'The chain returns inside the same __step: not one turn of its own.',
  } as Record<ExcerptId, string>,
  stepOf: (i: number, n: number) => `${i} / ${n}`,
  where: (turn: number, total: number, loopStep: number) => `Turn ${turn} of ${total}, step ${loopStep} of _run_once`,
  slept: (ms: number) => `select() slept ${ms} ms`,
  frames: 'Frames of Task-1 (handler → fetch → sock_recv)',
  frameLine: {
    handler: 'body = await fetch(sock)',
    fetch: 'return await loop.sock_recv(sock, 65536)',
    sock_recv: 'return await fut',
  } as Record<'handler' | 'fetch' | 'sock_recv', string>,
  frameState: { running: 'running', frozen: 'frozen', resumed: 'resumed', returned: 'returned' } as Record<
    FrameState,
    string
  >,
  loop: 'The loop',
  ready: '_ready',
  selector: '_selector',
  scheduled: '_scheduled',
  empty: 'empty',
  future: 'fut',
  futureState: { none: 'not made', pending: 'pending', finished: 'finished, result=b’data’' } as Record<
    'none' | 'pending' | 'finished',
    string
  >,
  callbacks: 'callbacks',
  waiter: (on: boolean) => (on ? 'Task-1._fut_waiter = fut' : 'Task-1._fut_waiter = None'),
  code: 'CPython 3.11.7, Lib/asyncio: the lines at work',
  presentedMore: 'CPython’s lines',
  cost: 'An await that never meets a pending future costs no turn: about 91 ns, three quarters of it creating the coroutine object; a real suspension through the loop costs 2.0 µs (measured in the asyncio article).',
};

const ru: typeof en = {
  demoLabel: 'Как футура будит задачу',
  already: 'Результат уже готов',
  steps: {
    call: '__step задачи Task-1 вызывает coro.send(None): handler → fetch → sock_recv. Данных пока нет: sock_recv создаёт футуру и ждёт её.',
    yield:
      '1 · await fut: Future.__await__ ставит _asyncio_future_blocking и отдаёт себя через yield — вверх по всей цепочке.',
    park: '2 · Задача видит флаг: add_done_callback(__wakeup), _fut_waiter = fut. С этого момента цикл о ней не знает.',
    setResult:
      '3 · Пришли данные: select() просыпается, шаг 4 ставит читателя в очередь, шаг 6 вызывает его: fut.set_result(data).',
    schedule: '4 · set_result ничего не возобновляет: __schedule_callbacks кладёт __wakeup в _ready через call_soon.',
    wakeup: '5 · Шаг 6 следующего оборота вызывает __wakeup → __step → coro.send(None).',
    resume: '6 · __await__ возвращает self.result(): sock_recv возвращает данные, fetch и handler продолжаются.',
    already: 'Данные уже в сокете: sock.recv сразу их возвращает. Ни футуры, ни yield, ни цикла.',
    alreadyDone:
      'Цепочка схлопывается внутри того же __step: fetch и handler возвращаются, Task-1 завершена. Своих оборотов — ноль.',
  },
  captions: {
    call: 'Данных нет: sock_recv создаёт футуру fut, сокет под наблюдением.',
    yield: 'await fut отдаёт fut вверх по цепочке: три кадра замирают на ней.',
    park: 'Task-1 вешает свой __wakeup на fut и уходит: поток свободен.',
    setResult: 'Данные пришли: читатель сокета зовёт fut.set_result(data).',
    schedule: 'set_result никого не будит: он переносит колбэки fut в _ready.',
    wakeup: 'Следующий оборот вызывает __wakeup: кадры идут дальше с места, где замерли.',
    resume: 'await возвращает данные, кадры возвращаются, Task-1 завершена.',
    already: 'Данные уже есть: sock_recv сразу их возвращает, футуры нет.',
    alreadyDone: 'Цепочка возвращается внутри того же __step: ни одного своего оборота.',
  },
  stepOf: (i: number, n: number) => `${i} / ${n}`,
  where: (turn: number, total: number, loopStep: number) => `Оборот ${turn} из ${total}, шаг ${loopStep} _run_once`,
  slept: (ms: number) => `select() спал ${ms} мс`,
  frames: 'Кадры Task-1 (handler → fetch → sock_recv)',
  frameLine: {
    handler: 'body = await fetch(sock)',
    fetch: 'return await loop.sock_recv(sock, 65536)',
    sock_recv: 'return await fut',
  },
  frameState: { running: 'работает', frozen: 'заморожен', resumed: 'возобновлён', returned: 'вернул' },
  loop: 'Цикл',
  ready: '_ready',
  selector: '_selector',
  scheduled: '_scheduled',
  empty: 'пусто',
  future: 'fut',
  futureState: { none: 'не создана', pending: 'ждёт', finished: 'готова, result=b’data’' },
  callbacks: 'колбэки',
  waiter: (on: boolean) => (on ? 'Task-1._fut_waiter = fut' : 'Task-1._fut_waiter = None'),
  code: 'CPython 3.11.7, Lib/asyncio: строки, которые работают',
  presentedMore: 'Строки CPython',
  cost: 'await, который не встретил ждущей футуры, не стоит ни одного оборота: около 91 нс, три четверти из них — создание объекта корутины; настоящая приостановка через цикл — 2,0 мкс (замер из статьи об asyncio).',
};

export const awaitFutureText: Bilingual<typeof en> = { en, ru };
