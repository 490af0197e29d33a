/**
 * Lib/asyncio/tasks.py (as its C twin `_asyncio.Task` behaves): `Task` drives a coroutine. `__step` sends into
 * it; what comes out decides what happens next:
 * - it returned: `set_result`; it raised: `set_exception` (CancelledError: `cancel`);
 * - it yielded a Future with `_asyncio_future_blocking` set: the task parks itself on it
 *   (`add_done_callback(self.__wakeup)`, `_fut_waiter = result`) — from now on the loop knows nothing of it;
 * - a bare `yield` (asyncio.sleep(0)): `call_soon(self.__step)`, one turn.
 * `__wakeup` runs `__step` again once the future is done. Also `sleep`, `gather`, `ensure_future`.
 */
import type { Callback } from './events.ts';
import { CancelledError, PyException, isCancelledError } from './exceptions.ts';
import { Future, _set_result_unless_cancelled, type Coro, type DoneCallback, type FutureLoop } from './futures.ts';
import { formatCoroutine, taskReprInfo, SOURCE } from './debug.ts';

/** A coroutine object: a generator plus the frame facts `_format_coroutine` prints. */
export class Coroutine<T = unknown> {
  /** The line the frame is at (of its current `await`), or null once it is done (`cr_frame is None`). */
  lineno: number;
  finished = false;
  private readonly gen: Coro<T>;

  constructor(
    readonly __qualname__: string,
    readonly filename: string,
    readonly co_firstlineno: number,
    body: (self: Coroutine<T>) => Coro<T>,
  ) {
    this.lineno = co_firstlineno;
    this.gen = body(this);
  }

  send(): IteratorResult<Future | undefined, T> {
    return this.track(() => this.gen.next());
  }

  throw(exc: PyException): IteratorResult<Future | undefined, T> {
    return this.track(() => this.gen.throw(exc));
  }

  private track(f: () => IteratorResult<Future | undefined, T>): IteratorResult<Future | undefined, T> {
    try {
      const r = f();
      if (r.done) this.finished = true;
      return r;
    } catch (e) {
      this.finished = true;
      throw e;
    }
  }

  /** `await coro` inside another coroutine: `yield from` its generator (no loop involved). */
  *__await__(): Coro<T> {
    try {
      return yield* this.gen;
    } finally {
      this.finished = true;
    }
  }
}

/** What Task needs of its loop beyond a future's. */
export interface TaskLoop extends FutureLoop {
  _register_task(task: Task): void;
  _unregister_task(task: Task): void;
  _enter_task(task: Task): void;
  _leave_task(task: Task): void;
  _next_task_name(): string;
  readonly _asyncio_dir: string;
}

export class Task<T = unknown> extends Future<T> {
  readonly isTask = true as const;
  _fut_waiter: Future | null = null;
  _must_cancel = false;
  _num_cancels_requested = 0;
  private readonly _name: string;
  /** What the loop's trace and a timeline call this task's step (the C implementation's names). */
  readonly stepCallback: (exc?: PyException) => Callback;
  readonly wakeupCallback: DoneCallback;

  constructor(
    readonly _coro: Coroutine<T>,
    override readonly _loop: TaskLoop,
    name?: string,
    createdAt?: string,
  ) {
    super(_loop, createdAt);
    this._name = name ?? _loop._next_task_name();
    this.stepCallback = (exc?: PyException) => ({
      qualname: 'TaskStepMethWrapper',
      self: this,
      fn: () => this.__step(exc),
    });
    this.wakeupCallback = { qualname: 'Task.task_wakeup', self: this, fn: (fut) => this.__wakeup(fut) };
    _loop.call_soon(this.stepCallback(), SOURCE.task_step_handle);
    _loop._register_task(this);
  }

  override get className(): string {
    return 'Task';
  }

  get_name(): string {
    return this._name;
  }

  get_coro(): Coroutine<T> {
    return this._coro;
  }

  cancelling(): number {
    return this._num_cancels_requested;
  }

  override set_result(): void {
    throw new PyException('RuntimeError', 'Task does not support set_result operation');
  }

  override set_exception(): void {
    throw new PyException('RuntimeError', 'Task does not support set_exception operation');
  }

  override cancel(msg: string | null = null): boolean {
    if (this.done()) return false;
    this._num_cancels_requested += 1;
    if (this._fut_waiter !== null) {
      if (this._fut_waiter.cancel(msg)) return true; // Leave self._fut_waiter; it may be a Task that catches and ignores the cancellation
    }
    this._must_cancel = true;
    this._cancel_message = msg;
    return true;
  }

  private finish(how: 'result' | 'exception' | 'cancel', value?: unknown): void {
    if (how === 'result') super.set_result(value as T);
    else if (how === 'exception') super.set_exception(value as PyException);
    else super.cancel(value === undefined ? null : (value as string | null));
    this._loop._unregister_task(this);
  }

  __step(exc?: PyException): void {
    if (this.done())
      throw new PyException('InvalidStateError', `_step(): already done: ${this.repr()}, ${exc?.repr()}`);
    if (this._must_cancel) {
      if (!isCancelledError(exc)) exc = this._make_cancelled_error();
      this._must_cancel = false;
    }
    this._fut_waiter = null;
    this._loop._enter_task(this);
    try {
      let result: IteratorResult<Future | undefined, T>;
      try {
        result = exc === undefined ? this._coro.send() : this._coro.throw(exc);
      } catch (e) {
        if (!(e instanceof PyException)) throw e;
        if (isCancelledError(e)) {
          this._cancelled_exc = e;
          this.finish('cancel'); // super().cancel(): I.e., Future.cancel(self).
        } else {
          this.finish('exception', e);
        }
        return;
      }
      if (result.done) {
        if (this._must_cancel) {
          this._must_cancel = false;
          this.finish('cancel', this._cancel_message);
        } else {
          this.finish('result', result.value);
        }
        return;
      }
      const yielded = result.value;
      if (yielded === undefined) {
        // Bare yield relinquishes control for one event loop iteration.
        this._loop.call_soon(this.stepCallback());
      } else if (yielded._asyncio_future_blocking) {
        if (yielded === (this as Future)) {
          this._loop.call_soon(
            this.stepCallback(new PyException('RuntimeError', `Task cannot await on itself: ${this.repr()}`)),
          );
        } else {
          yielded._asyncio_future_blocking = false;
          yielded.add_done_callback(this.wakeupCallback);
          this._fut_waiter = yielded;
          if (this._must_cancel) {
            if (this._fut_waiter.cancel(this._cancel_message)) this._must_cancel = false;
          }
        }
      } else {
        this._loop.call_soon(
          this.stepCallback(
            new PyException(
              'RuntimeError',
              `yield was used instead of yield from in task ${this.repr()} with ${yielded.repr()}`,
            ),
          ),
        );
      }
    } finally {
      this._loop._leave_task(this);
    }
  }

  __wakeup(future: Future): void {
    try {
      future.result();
    } catch (e) {
      if (!(e instanceof PyException)) throw e;
      // This may also be a cancellation.
      this.__step(e);
      return;
    }
    this.__step();
  }

  override repr(): string {
    return `<Task ${taskReprInfo(this, formatCoroutine(this._coro)).join(' ')}>`;
  }
}

/** loop.create_task / asyncio.create_task / ensure_future of a coroutine. */
export function create_task<T>(loop: TaskLoop, coro: Coroutine<T>, createdAt: string = SOURCE.create_task): Task<T> {
  return new Task(coro, loop, undefined, createdAt);
}

/** `asyncio.sleep(delay)`: 0 is a bare yield (`__sleep0`); otherwise a future, `call_later`, and await it. */
export function* sleep<T>(
  loop: TaskLoop & { call_later(delayNs: number, cb: Callback, createdAt?: string): { cancel(): void } },
  delayNs: number,
  result?: T,
): Coro<T | undefined> {
  if (delayNs <= 0) {
    yield undefined;
    return result;
  }
  const future = new Future<T | undefined>(loop);
  const h = loop.call_later(
    delayNs,
    {
      qualname: '_set_result_unless_cancelled',
      source: SOURCE.set_result_unless_cancelled,
      args: () => [future.repr(), 'None'],
      fn: () => _set_result_unless_cancelled(future, result),
    },
    SOURCE.sleep_call_later,
  );
  try {
    return yield* future.__await__();
  } finally {
    h.cancel();
  }
}

/** tasks._GatheringFuture: cancelling it cancels the children. */
export class _GatheringFuture<T> extends Future<T> {
  _cancel_requested = false;
  constructor(
    loop: FutureLoop,
    readonly _children: Future[],
  ) {
    super(loop, SOURCE.gathering_future);
  }
  override get className(): string {
    return '_GatheringFuture';
  }
  override cancel(msg: string | null = null): boolean {
    if (this.done()) return false;
    let ret = false;
    for (const child of this._children) if (child.cancel(msg)) ret = true;
    if (ret) this._cancel_requested = true;
    return ret;
  }
}

/** `asyncio.gather(*aws, return_exceptions=…)`: coroutines become tasks; results in argument order. */
export function gather(
  loop: TaskLoop,
  aws: readonly (Coroutine | Future)[],
  return_exceptions = false,
): Future<unknown[]> {
  if (aws.length === 0) {
    const outer = new Future<unknown[]>(loop);
    outer.set_result([]);
    return outer;
  }
  const children: Future[] = [];
  const seen = new Map<Coroutine | Future, Future>();
  let nfuts = 0;
  let nfinished = 0;
  let outer: _GatheringFuture<unknown[]> | null = null;
  const _done_callback = (fut: Future): void => {
    nfinished += 1;
    if (outer === null || outer.done()) {
      if (!fut.cancelled()) fut.exception(); // Mark exception retrieved.
      return;
    }
    if (!return_exceptions) {
      if (fut.cancelled()) {
        outer.set_exception(fut._make_cancelled_error());
        return;
      }
      const exc = fut.exception();
      if (exc !== null) {
        outer.set_exception(exc);
        return;
      }
    }
    if (nfinished === nfuts) {
      const results = children.map((f) =>
        f.cancelled() ? new CancelledError(f._cancel_message ?? '') : (f.exception() ?? f.result()),
      );
      if (outer._cancel_requested) outer.set_exception(fut._make_cancelled_error());
      else outer.set_result(results);
    }
  };
  const doneCb: DoneCallback = {
    qualname: 'gather.<locals>._done_callback',
    source: SOURCE.gather_done_callback,
    fn: _done_callback,
  };
  for (const arg of aws) {
    let fut = seen.get(arg);
    if (fut === undefined) {
      fut = arg instanceof Future ? arg : create_task(loop, arg, SOURCE.ensure_future);
      nfuts += 1;
      seen.set(arg, fut);
      fut.add_done_callback(doneCb);
    }
    children.push(fut);
  }
  outer = new _GatheringFuture<unknown[]>(loop, children);
  return outer;
}
