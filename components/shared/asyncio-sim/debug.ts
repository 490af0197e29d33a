/**
 * Debug mode's words: the reprs of handles, futures and tasks (events.py `Handle.__repr__`, base_futures.py
 * `_future_repr_info`, base_tasks.py `_task_repr_info`, coroutines.py `_format_coroutine`) and the warning of
 * `_run_once` step 6 — `Executing %s took %.3f seconds`, where `%s` is `_format_handle(handle)`: the task for a
 * task's step or wake-up, the handle otherwise.
 *
 * Debug mode (`loop.set_debug`, `asyncio.run(debug=True)`, PYTHONASYNCIODEBUG=1) and the threshold
 * (`loop.slow_callback_duration`, 0.1 s by default) are two separate knobs: the threshold exists without debug
 * mode, and nothing is measured or printed unless debug mode is on.
 *
 * Where CPython's own code creates a future, a task or a handle, "created at" names that line of the standard
 * library: the numbers below are CPython 3.11.7's (checked against this machine's sources by the tests). A
 * source beginning with `@/` is inside the asyncio package and is printed under the loop's `asyncioDir`.
 */

/** base_events.py: `slow_callback_duration = 0.1`. */
export const DEFAULT_SLOW_CALLBACK_DURATION = 0.1;

/** Where CPython 3.11.7's asyncio creates things ("created at", "at" of a callback's definition). */
export const SOURCE = {
  create_future: '@/base_events.py:427',
  task_step_handle: '@/base_events.py:436',
  run_until_complete_cb: '@/base_events.py:180',
  create_task: '@/tasks.py:384',
  ensure_future: '@/tasks.py:680',
  runner_create_task: '@/runners.py:100',
  sleep_call_later: '@/tasks.py:645',
  set_result_unless_cancelled: '@/futures.py:311',
  gathering_future: '@/tasks.py:709',
  gather_done_callback: '@/tasks.py:764',
  set_state: '@/futures.py:381',
  chain_future_call_soon_threadsafe: '@/futures.py:403',
  task_group_on_task_done: '@/taskgroups.py:184',
} as const;

/** What each of those lines says in CPython 3.11.7 (the tests read the installed sources and compare). */
export const SOURCE_TEXT: Readonly<Record<keyof typeof SOURCE, string>> = {
  create_future: 'return futures.Future(loop=self)',
  task_step_handle: 'task = tasks.Task(coro, loop=self, name=name, context=context)',
  run_until_complete_cb: 'def _run_until_complete_cb(fut):',
  create_task: 'task = loop.create_task(coro)',
  ensure_future: 'return loop.create_task(coro_or_future)',
  runner_create_task: 'task = self._loop.create_task(coro, context=context)',
  sleep_call_later: 'h = loop.call_later(delay,',
  set_result_unless_cancelled: 'def _set_result_unless_cancelled(fut, result):',
  gathering_future: 'super().__init__(loop=loop)',
  gather_done_callback: 'def _done_callback(fut):',
  set_state: 'def _set_state(future, other):',
  chain_future_call_soon_threadsafe: 'dest_loop.call_soon_threadsafe(_set_state, destination, source)',
  task_group_on_task_done: 'def _on_task_done(self, task):',
};

export const DEFAULT_ASYNCIO_DIR = '/usr/lib/python3.11/asyncio';

export function resolveSource(source: string, asyncioDir: string): string {
  return source.startsWith('@/') ? `${asyncioDir}/${source.slice(2)}` : source;
}

/** reprlib.repr of an object: at most 30 characters, the middle elided as reprlib does. */
export function reprlibRepr(s: string, maxother = 30): string {
  if (s.length <= maxother) return s;
  const i = Math.max(0, Math.floor((maxother - 3) / 2));
  const j = Math.max(0, maxother - 3 - i);
  return `${s.slice(0, i)}...${s.slice(s.length - j)}`;
}

interface CallbackLike {
  readonly qualname: string;
  readonly source?: string;
}

interface FutureLike {
  readonly _state: 'PENDING' | 'CANCELLED' | 'FINISHED';
  readonly _exception: { repr(): string } | null;
  readonly _result: unknown;
  readonly _callbacks: readonly CallbackLike[];
  readonly _source_traceback: string | null;
  readonly _loop: { readonly _asyncio_dir?: string };
}

function dirOf(f: FutureLike): string {
  return f._loop._asyncio_dir ?? DEFAULT_ASYNCIO_DIR;
}

/** repr() of a Python value the model returns (None, numbers, strings, lists of them, exceptions). */
export function pyRepr(v: unknown): string {
  if (v === undefined || v === null) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v);
  if (typeof v === 'string') return `'${v}'`;
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(', ')}]`;
  if (typeof v === 'object' && 'repr' in v && typeof v.repr === 'function') return (v as { repr(): string }).repr();
  // Not a value the model returns (those are above): a bigint, a symbol or a function shows as JavaScript writes
  // it, and an object as `[object Object]`, knowingly.
  if (typeof v === 'bigint' || typeof v === 'symbol' || typeof v === 'function') return String(v);
  return Object.prototype.toString.call(v);
}

/** base_futures._format_callbacks */
function formatCallbacks(cbs: readonly CallbackLike[], dir: string): string {
  const one = (c: CallbackLike) => `${c.qualname}()${c.source ? ` at ${resolveSource(c.source, dir)}` : ''}`;
  let text: string;
  if (cbs.length === 1) text = one(cbs[0]!);
  else if (cbs.length === 2) text = `${one(cbs[0]!)}, ${one(cbs[1]!)}`;
  else text = `${one(cbs[0]!)}, <${cbs.length - 2} more>, ${one(cbs[cbs.length - 1]!)}`;
  return `cb=[${text}]`;
}

/** base_futures._future_repr_info */
export function futureReprInfo(f: FutureLike): string[] {
  const dir = dirOf(f);
  const info = [f._state.toLowerCase()];
  if (f._state === 'FINISHED') {
    if (f._exception !== null) info.push(`exception=${f._exception.repr()}`);
    else info.push(`result=${reprlibRepr(pyRepr(f._result))}`);
  }
  if (f._callbacks.length > 0) info.push(formatCallbacks(f._callbacks, dir));
  if (f._source_traceback) info.push(`created at ${resolveSource(f._source_traceback, dir)}`);
  return info;
}

interface TaskLike extends FutureLike {
  get_name(): string;
  cancelling(): number;
  done(): boolean;
  readonly _fut_waiter: { repr(): string } | null;
}

/** base_tasks._task_repr_info */
export function taskReprInfo(t: TaskLike, coro: string): string[] {
  const info = futureReprInfo(t);
  if (t.cancelling() > 0 && !t.done()) info[0] = 'cancelling';
  info.splice(1, 0, `name='${t.get_name()}'`);
  info.splice(2, 0, `coro=<${coro}>`);
  if (t._fut_waiter !== null) info.splice(3, 0, `wait_for=${t._fut_waiter.repr()}`);
  return info;
}

/** coroutines._format_coroutine for a coroutine object of a Python `async def`. */
export function formatCoroutine(c: {
  __qualname__: string;
  filename: string;
  co_firstlineno: number;
  lineno: number;
  finished: boolean;
}): string {
  return c.finished
    ? `${c.__qualname__}() done, defined at ${c.filename}:${c.co_firstlineno}`
    : `${c.__qualname__}() running at ${c.filename}:${c.lineno}`;
}

/** base_events._format_handle */
export function formatHandle(h: {
  repr(): string;
  readonly _callback: { readonly self?: { repr(): string; readonly isTask: true } } | null;
}): string {
  const self = h._callback?.self;
  return self?.isTask ? self.repr() : h.repr();
}

/** The warning `_run_once` logs in debug mode when a callback took `seconds` ≥ slow_callback_duration. */
export function slowCallbackWarning(formattedHandle: string, seconds: number): string {
  return `Executing ${formattedHandle} took ${seconds.toFixed(3)} seconds`;
}
