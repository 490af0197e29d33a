/**
 * Lib/asyncio/events.py: `Handle` (what `call_soon` returns and `_ready` holds) and `TimerHandle` (what
 * `call_later`/`call_at` return and `_scheduled` holds), with CPython's comparisons and `__repr__`.
 *
 * A callback is a plain function plus what `format_helpers._format_callback_source` prints about it: its
 * `__qualname__`, its arguments' reprs and, for a Python function, where it is defined. A bound method of a Task
 * (the C `TaskStepMethWrapper`, `Task.task_wakeup`) carries the task as `self`, so `_format_handle` in
 * base_events.py prints the task instead of the handle, as the real loop does.
 */
import type { Ordered } from './heapq.ts';
import { reprlibRepr, resolveSource } from './debug.ts';

export interface Callback {
  /** `__qualname__` (or the repr CPython falls back to), e.g. `Task.task_wakeup`, `_set_result_unless_cancelled`. */
  readonly qualname: string;
  /** The body: runs on the loop's thread, may compute or block (advancing the virtual clock). */
  readonly fn: () => void;
  /** The arguments' reprs, as `_format_args_and_kwargs` prints them (computed when printed, as repr is). */
  readonly args?: () => readonly string[];
  /** ` at file:line` of a Python function's definition; absent for C functions and wrappers. */
  readonly source?: string;
  /** `__self__` of a bound method: a Task for the task's step and wake-up. */
  readonly self?: { repr(): string; readonly isTask: true };
}

/** What a handle needs of its loop (BaseEventLoop implements it). */
export interface HandleLoop {
  get_debug(): boolean;
  _timer_handle_cancelled(handle: TimerHandle): void;
  /** A fresh number for a handle, per loop (so a run is the same every time). */
  _next_handle_id(): number;
  readonly _asyncio_dir: string;
}

/** format_helpers._format_callback_source (each argument through reprlib.repr, as `_format_args_and_kwargs`). */
export function formatCallbackSource(cb: Callback, asyncioDir: string): string {
  const args = (cb.args?.() ?? []).map((a) => reprlibRepr(a)).join(', ');
  return `${cb.qualname}(${args})${cb.source ? ` at ${resolveSource(cb.source, asyncioDir)}` : ''}`;
}

export class Handle {
  /** A number for traces and tests (CPython's handles have only their identity). */
  readonly id: number;
  _callback: Callback | null;
  _cancelled = false;
  _repr: string | null = null;
  /** `created at file:line`: recorded only in debug mode, as `_source_traceback` is. */
  readonly _source_traceback: string | null;
  /** For traces: the callback's qualname, kept after `cancel()` clears `_callback`. */
  readonly label: string;
  readonly owner: string | undefined;

  constructor(
    callback: Callback,
    readonly _loop: HandleLoop,
    createdAt?: string,
  ) {
    this.id = _loop._next_handle_id();
    this._callback = callback;
    this._source_traceback = _loop.get_debug() && createdAt ? createdAt : null;
    this.label = callback.qualname;
    this.owner = callback.self ? taskNameOf(callback.self) : undefined;
  }

  get kind(): 'Handle' | 'TimerHandle' {
    return 'Handle';
  }

  _repr_info(): string[] {
    const info: string[] = [this.kind];
    if (this._cancelled) info.push('cancelled');
    if (this._callback !== null) info.push(formatCallbackSource(this._callback, this._loop._asyncio_dir));
    if (this._source_traceback)
      info.push(`created at ${resolveSource(this._source_traceback, this._loop._asyncio_dir)}`);
    return info;
  }

  repr(): string {
    if (this._repr !== null) return this._repr;
    return `<${this._repr_info().join(' ')}>`;
  }

  cancel(): void {
    if (!this._cancelled) {
      this._cancelled = true;
      // Keep a representation in debug mode to keep callback and parameters.
      if (this._loop.get_debug()) this._repr = this.repr();
      this._callback = null;
    }
  }

  cancelled(): boolean {
    return this._cancelled;
  }

  /** `Handle._run`: exceptions go to the loop's exception handler (the caller: BaseEventLoop). */
  _run(): void {
    this._callback?.fn();
  }
}

function taskNameOf(self: { repr(): string }): string | undefined {
  return (self as { get_name?: () => string }).get_name?.();
}

/** Python's `repr(float)` of a time in seconds, for `when=`: the shortest round-trip form, as JavaScript's. */
export function reprSeconds(ns: number): string {
  const s = ns / 1e9;
  return Number.isInteger(s) ? `${s}.0` : String(s);
}

export class TimerHandle extends Handle implements Ordered<TimerHandle> {
  _scheduled = false;

  /** `when` is virtual time in nanoseconds (CPython: float seconds of `loop.time()`). */
  constructor(
    readonly _when: number,
    callback: Callback,
    loop: HandleLoop,
    createdAt?: string,
  ) {
    super(callback, loop, createdAt);
  }

  override get kind(): 'TimerHandle' {
    return 'TimerHandle';
  }

  override _repr_info(): string[] {
    const info = super._repr_info();
    info.splice(this._cancelled ? 2 : 1, 0, `when=${reprSeconds(this._when)}`);
    return info;
  }

  /** `__lt__`: by `when` only, as CPython (so heapq's order for equal `when`s is CPython's). */
  lt(other: TimerHandle): boolean {
    return this._when < other._when;
  }

  override cancel(): void {
    if (!this._cancelled) this._loop._timer_handle_cancelled(this);
    super.cancel();
  }

  when(): number {
    return this._when;
  }
}
