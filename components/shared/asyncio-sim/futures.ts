/**
 * Lib/asyncio/futures.py: `Future` — a result that is not there yet. Completing it (`set_result`,
 * `set_exception`, `cancel`) never runs anyone: `__schedule_callbacks` hands every done-callback to
 * `loop.call_soon`, so they run in step 6 of a later turn. `__await__` is the whole protocol: if not done, set
 * `_asyncio_future_blocking` and `yield self` up through the chain of awaits to the Task that drives it.
 *
 * Also `_chain_future`/`wrap_future`: a concurrent.futures future completed in another thread reaches its
 * asyncio future with `call_soon_threadsafe(_set_state, …)`.
 */
import type { Callback } from './events.ts';
import { CancelledError, InvalidStateError, PyException } from './exceptions.ts';
import { futureReprInfo, SOURCE } from './debug.ts';

/** What a future and a task need of their loop (BaseEventLoop). */
export interface FutureLoop {
  call_soon(callback: Callback, createdAt?: string): unknown;
  call_soon_threadsafe(callback: Callback): unknown;
  get_debug(): boolean;
  readonly _asyncio_dir: string;
}

/** A done-callback: `fn(future)`, with what `_format_callbacks` prints of it. */
export interface DoneCallback {
  readonly qualname: string;
  readonly source?: string;
  readonly self?: Callback['self'];
  readonly fn: (fut: Future) => void;
}

/** What a coroutine's generator yields: a future to wait for, or nothing (a bare `yield`: one turn). */
export type Yielded = Future | undefined;
export type Coro<T = unknown> = Generator<Yielded, T, unknown>;

export type FutureState = 'PENDING' | 'CANCELLED' | 'FINISHED';

export class Future<T = unknown> {
  _state: FutureState = 'PENDING';
  _result: T | undefined = undefined;
  _exception: PyException | null = null;
  _callbacks: DoneCallback[] = [];
  _cancel_message: string | null = null;
  _cancelled_exc: CancelledError | null = null;
  _asyncio_future_blocking = false;
  /** `created at file:line`, debug mode only. */
  _source_traceback: string | null;

  constructor(
    readonly _loop: FutureLoop,
    createdAt: string = SOURCE.create_future,
  ) {
    this._source_traceback = _loop.get_debug() ? createdAt : null;
  }

  get className(): string {
    return 'Future';
  }

  /** `__schedule_callbacks`: each callback goes to `call_soon`, none runs now. */
  protected __schedule_callbacks(): void {
    const callbacks = this._callbacks.slice();
    if (callbacks.length === 0) return;
    this._callbacks = [];
    for (const cb of callbacks) {
      this._loop.call_soon({
        qualname: cb.qualname,
        ...(cb.source ? { source: cb.source } : {}),
        ...(cb.self ? { self: cb.self } : {}),
        args: () => [this.repr()],
        fn: () => cb.fn(this),
      });
    }
  }

  cancel(msg: string | null = null): boolean {
    if (this._state !== 'PENDING') return false;
    this._state = 'CANCELLED';
    this._cancel_message = msg;
    this.__schedule_callbacks();
    return true;
  }

  cancelled(): boolean {
    return this._state === 'CANCELLED';
  }

  done(): boolean {
    return this._state !== 'PENDING';
  }

  _make_cancelled_error(): CancelledError {
    if (this._cancelled_exc !== null) {
      const exc = this._cancelled_exc;
      this._cancelled_exc = null;
      return exc;
    }
    return new CancelledError(this._cancel_message ?? '');
  }

  result(): T {
    if (this._state === 'CANCELLED') throw this._make_cancelled_error();
    if (this._state !== 'FINISHED') throw new InvalidStateError('Result is not ready.');
    if (this._exception !== null) throw this._exception;
    return this._result as T;
  }

  exception(): PyException | null {
    if (this._state === 'CANCELLED') throw this._make_cancelled_error();
    if (this._state !== 'FINISHED') throw new InvalidStateError('Exception is not set.');
    return this._exception;
  }

  add_done_callback(cb: DoneCallback): void {
    if (this._state !== 'PENDING') {
      this._loop.call_soon({
        qualname: cb.qualname,
        ...(cb.source ? { source: cb.source } : {}),
        ...(cb.self ? { self: cb.self } : {}),
        fn: () => cb.fn(this),
      });
    } else {
      this._callbacks.push(cb);
    }
  }

  remove_done_callback(fn: DoneCallback['fn']): number {
    const before = this._callbacks.length;
    this._callbacks = this._callbacks.filter((c) => c.fn !== fn);
    return before - this._callbacks.length;
  }

  set_result(result: T): void {
    if (this._state !== 'PENDING') throw new InvalidStateError(`${this._state}: ${this.repr()}`);
    this._result = result;
    this._state = 'FINISHED';
    this.__schedule_callbacks();
  }

  set_exception(exception: PyException): void {
    if (this._state !== 'PENDING') throw new InvalidStateError(`${this._state}: ${this.repr()}`);
    this._exception = exception;
    this._state = 'FINISHED';
    this.__schedule_callbacks();
  }

  /** `__await__` (also `__iter__`): `yield self` if not done — "this tells Task to wait for completion". */
  *__await__(): Coro<T> {
    if (!this.done()) {
      this._asyncio_future_blocking = true;
      yield this;
    }
    if (!this.done()) throw new PyException('RuntimeError', "await wasn't used with future");
    return this.result();
  }

  repr(): string {
    return `<${this.className} ${futureReprInfo(this).join(' ')}>`;
  }
}

/** futures._set_result_unless_cancelled: what asyncio.sleep's timer calls. */
export function _set_result_unless_cancelled<T>(fut: Future<T>, result: T): void {
  if (fut.cancelled()) return;
  fut.set_result(result);
}

/** The state a worker thread (or process) leaves its concurrent.futures.Future in. */
export type ConcurrentOutcome<T> = { ok: true; value: T } | { ok: false; error: PyException };

/**
 * `wrap_future(concurrent_future, loop=loop)` seen from the loop: returns the asyncio future, and a function the
 * worker calls when its concurrent future completes — `_chain_future`'s `_call_set_state`, which crosses to the
 * loop's thread with `call_soon_threadsafe(_set_state, destination, source)`.
 */
export function wrap_future<T>(
  loop: FutureLoop,
  createdAt?: string,
): { future: Future<T>; complete: (o: ConcurrentOutcome<T>) => void } {
  const future = new Future<T>(loop, createdAt);
  const complete = (o: ConcurrentOutcome<T>) => {
    loop.call_soon_threadsafe({
      qualname: '_set_state',
      args: () => [future.repr(), '<Future at 0x… state=finished>'],
      fn: () => {
        // _copy_future_state
        if (future.cancelled()) return;
        if (o.ok) future.set_result(o.value);
        else future.set_exception(o.error);
      },
    });
  };
  return { future, complete };
}
