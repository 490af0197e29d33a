/**
 * Lib/asyncio/taskgroups.py (3.11) `TaskGroup`, for a body that only creates tasks:
 *
 *   async with asyncio.TaskGroup() as tg:
 *       tg.create_task(a())
 *       tg.create_task(b())
 *
 * `__aexit__` waits on `_on_completed_fut` until no task is left. The first task that fails (`_on_task_done`)
 * aborts the group — every other task is cancelled — and cancels the parent task, whose wait is interrupted
 * (the CancelledError is swallowed: the group is already aborting); once all are done the errors are raised as
 * an ExceptionGroup. Nothing keeps running after a failure, unlike gather.
 */
import { PyException, isCancelledError } from './exceptions.ts';
import type { Coro, Future } from './futures.ts';
import type { BaseEventLoop } from './loop.ts';
import type { Coroutine, Task } from './tasks.ts';
import { SOURCE } from './debug.ts';

export function* taskGroup(loop: BaseEventLoop, coros: readonly Coroutine[]): Coro<void> {
  // __aenter__
  const parent = loop.current_task();
  if (parent === null) throw new PyException('RuntimeError', 'TaskGroup cannot determine the parent task');
  const tasks = new Set<Task>();
  const errors: PyException[] = [];
  let aborting = false;
  let parentCancelRequested = false;
  let onCompleted: Future<boolean> | null = null;
  const abort = () => {
    aborting = true;
    for (const t of tasks) if (!t.done()) t.cancel();
  };
  const _on_task_done = (task: Future): void => {
    tasks.delete(task as Task);
    if (onCompleted !== null && tasks.size === 0 && !onCompleted.done()) onCompleted.set_result(true);
    if (task.cancelled()) return;
    const exc = task.exception();
    if (exc === null) return;
    errors.push(exc);
    if (parent.done()) return;
    if (!aborting && !parentCancelRequested) {
      abort();
      parentCancelRequested = true;
      parent.cancel();
    }
  };
  // the body: tg.create_task(…) for each
  for (const c of coros) {
    const task = loop.create_task(c);
    task.add_done_callback({
      qualname: 'TaskGroup._on_task_done',
      source: SOURCE.task_group_on_task_done,
      fn: _on_task_done,
    });
    tasks.add(task);
  }
  // __aexit__(None, None, None)
  let propagate: PyException | null = null;
  while (tasks.size > 0) {
    onCompleted ??= loop.create_future<boolean>();
    try {
      yield* onCompleted.__await__();
    } catch (e) {
      if (!isCancelledError(e)) throw e;
      if (!aborting) {
        propagate = e;
        abort();
      }
    }
    onCompleted = null;
  }
  if (propagate !== null && errors.length === 0) throw propagate;
  if (errors.length > 0) {
    const n = errors.length;
    throw new PyException(
      'ExceptionGroup',
      `unhandled errors in a TaskGroup (${n} sub-exception${n === 1 ? '' : 's'})`,
    );
  }
}
