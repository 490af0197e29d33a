import { slideText } from '../types.ts';

/** The words of the slide `tasks-gather` (its title is in `slides/tasks-gather.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'Python documentation: Coroutines and Tasks (create_task, gather, TaskGroup)',
      'https://docs.python.org/3.11/library/asyncio-task.html',
    ],
    [
      'CPython 3.11, Lib/asyncio/tasks.py (gather, _all_tasks)',
      'https://github.com/python/cpython/blob/3.11/Lib/asyncio/tasks.py',
    ],
    [
      'CPython 3.11, Lib/asyncio/taskgroups.py (TaskGroup._abort, __aexit__)',
      'https://github.com/python/cpython/blob/3.11/Lib/asyncio/taskgroups.py',
    ],
  ],
  ru: {
    body: [
      // Presented, the timeline says it: the words are one click away (open in the self-paced view and in print).
      {
        details: [
          {
            p: '`await some_coro()` — это последовательно: вызов функции, который может приостановиться. Конкурентность начинается, когда корутина становится задачей: `asyncio.create_task` заворачивает её в Task. Три последовательных await стоят сумму задержек, три задачи — максимум.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Теперь конкурентность. Три вызова по 200, 100 и 300 миллисекунд, через await один за другим: обработчик продолжает через их сумму, 600 миллисекунд. Await на корутине — просто вызов функции, который может приостановиться. Он ничего не запускает параллельно. Пока ждём первый вызов, второй ещё даже не начался. Частая ошибка — думать, что несколько await подряд уже выполняются параллельно.',
        shows: ['Обработчик продолжает в 600 мс'],
      },
      {
        p: 'Завернём каждый вызов в задачу — и все три идут одновременно: 300 миллисекунд, самый долгий из них. Конкурентность начинается, когда вы создаёте задачу, а не когда пишете await; await потом только собирает результаты. Создать задачу — значит попросить цикл запустить корутину при первой возможности. Задача начинает работать сама, даже если её ещё никто не ждёт.',
        shows: ['asyncio.create_task(call(', 'Обработчик продолжает в 300 мс'],
      },
      {
        p: 'Gather делает то же самое и возвращает результаты в порядке своих аргументов, хотя b закончил первым. Обычно это и нужно: не приходится самим сопоставлять результаты с вызовами. Под капотом те же три задачи.',
        shows: ['asyncio.gather(', "['a', 'b', 'c']"],
      },
      {
        p: 'Теперь пусть b упадёт. Gather бросает исключение сразу, в 100 миллисекунд. Но a и c никто не отменяет: они работают дальше без присмотра, их результаты пропадут, а если упадут и они, никто об этом не узнает. Задачи-сироты продолжают тратить соединения и время.',
        shows: ["ValueError('b failed')", 'дальше без присмотра', 'Обработчик продолжает в 100 мс'],
      },
      {
        p: 'Если включить возврат исключений, gather ничего не бросает: исключение b приходит значением на месте b, в 300 миллисекунд, когда всё закончилось. Теперь каждый результат надо проверить самим. Это удобно, когда частичный результат лучше, чем никакого.',
        shows: ['return_exceptions=', "['a', ValueError('b failed'), 'c']"],
      },
      {
        p: 'TaskGroup, с Python 3.11: первая ошибка отменяет соседей, a и c сразу останавливаются, а вызывающий получает группу исключений с этой ошибкой. Это структурная конкурентность: ни одна задача не переживает свой блок. Из блока выходят, только когда все задачи в нём закончились или отменены. А если создаёте голые задачи, храните ссылку на каждую: цикл держит лишь слабую.',
        shows: ['asyncio.TaskGroup()', 'отменён', 'ExceptionGroup('],
      },
    ],
    appendix: [
      {
        p: 'Task — подкласс Future, который ведёт свою корутину и запоминает результат или исключение. `create_task` планирует первый шаг задачи на следующий оборот цикла и сразу возвращается. `gather` заворачивает каждый аргумент в Task и возвращает результаты в порядке аргументов; по умолчанию первое исключение пробрасывается сразу (`Lib/asyncio/tasks.py`, строки 774 и 785 в 3.11: `if not return_exceptions:` … `outer.set_exception(exc)`), и остальные задачи никто не отменяет. С `return_exceptions=True` исключения приходят как значения, для поэлементного разбора.',
      },
      {
        p: 'С `create_task` видно ещё одно: обработчик ждёт `ta` первым. Если b упадёт раньше a, исключение дойдёт до вызывающего только когда дойдёт очередь до `await tb`, а c всё равно доработает. Поведение «работаем дальше при ошибке» — скрытая утечка ресурсов для fan-out с побочными эффектами. `TaskGroup` (3.11) отменяет соседей при первой ошибке (`Lib/asyncio/taskgroups.py`, строка 182: `t.cancel()` в `_abort`) и бросает `ExceptionGroup` со всеми ошибками (строка 144).',
      },
      {
        p: 'Грабли с потерянной ссылкой: голый `asyncio.create_task(x)`, результат которого вы не сохранили, может быть собран сборщиком мусора прямо в полёте — цикл держит лишь слабую ссылку (`Lib/asyncio/tasks.py`, строка 941: `_all_tasks = weakref.WeakSet()`). Храните ссылки (например, в множестве, которое чистится в `add_done_callback`) или используйте `TaskGroup`.',
      },
      {
        p: 'Демо считает модель цикла asyncio (та же, что на соседних слайдах): `asyncio.sleep` — это футура и `call_later`, вызов длится ровно свою задержку. Сверено с CPython 3.11 (`tests/unit/tasks-gather-real.test.ts`): все пять стратегий, с ошибкой и без, на задержках в десятки миллисекунд — тот самый код обработчика со слайда, как в сервере: `main` продолжает работать, пока вызовы не закончатся. Совпадают точно: чем закончился каждый вызов (результат, исключение, отмена, не начинался), порядок завершений и что получил вызывающий (repr); времена — в пределах 20 мс + 25 %.',
      },
    ],
  },
  en: {
    body: [
      // Presented, the timeline says it: the words are one click away (open in the self-paced view and in print).
      {
        details: [
          {
            p: '`await some_coro()` is sequential: a function call that may pause. Concurrency starts when the coroutine becomes a task: `asyncio.create_task` wraps it in a Task. Three sequential awaits cost the sum of their latencies; three tasks cost the maximum.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Now concurrency. Three calls of 200, 100 and 300 milliseconds, awaited one after another: the handler resumes after their sum, 600 milliseconds. An await on a coroutine is just a function call that may pause. It does not start anything in parallel. A common mistake is to think that several awaits in a row already run concurrently.',
        shows: ['The handler resumes at 600 ms', 'awaits'],
      },
      {
        p: 'Wrap each call in a task, and the three run at once: 300 milliseconds, the longest of them. Concurrency starts when you create a task, not when you write await; the awaits afterwards only collect the results. Creating a task asks the loop to start the coroutine at its first chance.',
        shows: ['asyncio.create_task(call(', 'The handler resumes at 300 ms'],
      },
      {
        p: 'Gather does the same and hands the results back in the order of its arguments, though b finished first. That is usually what you want: you do not have to match results to calls yourself.',
        shows: ['asyncio.gather(', "['a', 'b', 'c']"],
      },
      {
        p: 'Now let b fail. Gather raises at once, at 100 milliseconds. But nobody cancels a and c: they run on unattended, their results are lost, and if they fail too, no one hears about it.',
        shows: ["ValueError('b failed')", 'runs on, unattended', 'The handler resumes at 100 ms'],
      },
      {
        p: 'With return exceptions switched on, gather does not raise: b’s exception comes back as a value in b’s place, at 300 milliseconds, once everything is done. Now you must check each result yourself. Useful when a partial result is better than none.',
        shows: ['return_exceptions=', "['a', ValueError('b failed'), 'c']"],
      },
      {
        p: 'TaskGroup, since Python 3.11: the first failure cancels the siblings, a and c stop at once, and the caller gets an exception group with the error. That is structured concurrency: no task outlives its block. And if you create bare tasks, keep a reference to each: the loop holds only a weak one.',
        shows: ['asyncio.TaskGroup()', 'cancelled', 'ExceptionGroup('],
      },
    ],
    appendix: [
      {
        p: 'A Task is a Future subclass that drives its coroutine and keeps its result or exception. `create_task` schedules the task’s first step for the next turn of the loop and returns at once. `gather` wraps each argument in a Task and returns the results in argument order; by default the first exception propagates at once (`Lib/asyncio/tasks.py`, lines 774 and 785 in 3.11: `if not return_exceptions:` … `outer.set_exception(exc)`), and nobody cancels the other tasks. With `return_exceptions=True` exceptions come back as values, to be examined one by one.',
      },
      {
        p: '`create_task` shows one more thing: the handler awaits `ta` first. If b fails before a is done, the exception reaches the caller only when the handler gets to `await tb`, and c still runs to its end. "Keep going on error" is a resource leak in disguise for a fan-out with side effects. `TaskGroup` (3.11) cancels the siblings at the first failure (`Lib/asyncio/taskgroups.py`, line 182: `t.cancel()` in `_abort`) and raises an `ExceptionGroup` of all the errors (line 144).',
      },
      {
        p: 'The dropped-reference pitfall: a bare `asyncio.create_task(x)` whose result you did not keep can be garbage-collected in flight — the loop keeps only a weak reference (`Lib/asyncio/tasks.py`, line 941: `_all_tasks = weakref.WeakSet()`). Keep references (say, in a set that a done-callback cleans) or use a `TaskGroup`.',
      },
      {
        p: 'The demo runs the model of asyncio’s loop (the one of the neighbouring slides): `asyncio.sleep` is a future plus `call_later`, and a call lasts exactly its latency. Checked against CPython 3.11 (`tests/unit/tasks-gather-real.test.ts`): all five strategies, with and without the failure, on latencies of tens of milliseconds — the very handler code of the slide, run as in a server: `main` goes on until the calls are over. Exactly equal: how each call ended (a result, the exception, cancelled, never started), the order in which things ended, and what the caller received (its repr); the times within 20 ms + 25 %.',
      },
    ],
  },
});
