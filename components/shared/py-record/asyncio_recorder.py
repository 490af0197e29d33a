"""Records what CPython's own asyncio loop does with a program: every _run_once turn, from the loop itself.

Plain Python, no Pyodide API: the same file runs under the machine's python3 (3.11+) and under Pyodide (3.14).

    python3 asyncio_recorder.py FILE.py [--max-turns N] [--max-bytes N] [--budget SECONDS] [--debug]
        → one JSON object on stdout (see `record`).

The loop is asyncio.BaseEventLoop with a virtual clock, the pattern of CPython's test_asyncio/utils.py TestLoop:
time() is virtual, the selector's select(timeout) advances the clock by the timeout and returns no events,
_process_events and _write_to_self do nothing. So the turns, their order and the times are CPython's own, and a
program of an hour's sleeps records in milliseconds. time.sleep(s) inside the program advances the clock while
nothing else runs: the handle that called it "blocked the loop for s".

Threads in executors (asyncio.to_thread, loop.run_in_executor with the default executor) run: the function runs
when it is submitted, on a worker of a pool as large as CPython's default (min(32, cpu_count + 4)), its time.sleep
advancing that worker's clock, not the loop's; what it prints is released, and its future's result set (by
call_soon_threadsafe, as CPython's pool does), at the virtual time it would have happened. Under CPython the
function runs in a real thread, named as the pool's (asyncio_0…), which the loop joins before its clock moves on;
under Pyodide (no threads in WebAssembly) the worker is modelled: the function runs in the loop's thread. Each turn
says what the workers did in it (`threads`), and the recording which it was (`threads`: real or modelled).

Refused (the program must not reach the network, processes or the page): the threading, concurrent.futures and
multiprocessing modules themselves, sockets and subprocesses (socket, ssl, subprocess, the loop's network and subprocess methods), input() and standard input, and
any import that is not in the standard library. Pyodide's bridge to JavaScript (js, pyodide*, _pyodide*) is refused
at import itself, whatever the route (`import`, __import__, builtins.__import__, importlib): it is out of sys.modules
and a finder first on sys.meta_path refuses it while the program runs. (That is the first wall only: a program can
undo a Python-level guard, so the worker that runs this file in a page holds no way out either; py-worker.ts.)
A syntax error gives CPython's own message and line.
"""
import ast
import asyncio
import asyncio.base_events
import asyncio.events
import asyncio.runners
import builtins
import concurrent.futures
import functools
import gc
import heapq
import io
import itertools
import json
import linecache
import os
import selectors
import signal
import sys
import threading
import time
import traceback
import weakref

FILENAME = '<your code>'
MAX_TURNS = 2000
MAX_BYTES = 2_000_000
BUDGET_S = 5.0
SHORT = 60  # characters of a repr in a label
MAX_COLLECTIONS = 100  # gc passes a recording makes for tasks that failed (run_handle)

# What the program may not import, by top-level name, and why (a refusal code).
REFUSED_MODULES = {
    'threading': 'threads', '_thread': 'threads', 'concurrent': 'threads', 'multiprocessing': 'threads',
    'socket': 'sockets', 'ssl': 'sockets', 'socketserver': 'sockets', 'http': 'sockets', 'urllib': 'sockets',
    'ftplib': 'sockets', 'smtplib': 'sockets', 'selectors': 'sockets', 'select': 'sockets',
    'subprocess': 'subprocess', 'os': 'subprocess', 'signal': 'subprocess', 'pty': 'subprocess',
    'ctypes': 'sandbox', 'js': 'sandbox', 'pyodide': 'sandbox', 'pyodide_js': 'sandbox', '_pyodide': 'sandbox',
    'importlib': 'sandbox', 'runpy': 'sandbox', 'code': 'sandbox',
}
REFUSAL_TEXT = {
    'threads': 'this module is not available here: asyncio.to_thread and loop.run_in_executor run (on workers '
               'whose time.sleep moves their own clock), but threading, concurrent.futures and multiprocessing '
               'themselves do not.',
    'sockets': 'sockets are not available here: the program runs in a sandbox without a network.',
    'subprocess': 'processes are not available here: the program runs in a sandbox without processes.',
    'input': 'input() is not available here: the program runs without a keyboard; put the value in the code.',
    'sandbox': 'this module is not available here: the program runs in a sandbox and cannot reach the page.',
    'import': 'only the standard library is available here: this module is not in it.',
}


class Refused(Exception):
    """The program uses something the recorder does not run; `code` is a key of REFUSAL_TEXT."""

    def __init__(self, code, what):
        super().__init__(f'{what}: {REFUSAL_TEXT[code]}')
        self.code = code
        self.what = what


class Bound(Exception):
    """A bound of the recording was reached: 'turns', 'bytes', 'budget' or 'deadlock'."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def short(value):
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a repr that raises must not stop the recording
        text = f'<{type(value).__name__}>'
    return text if len(text) <= SHORT else text[: SHORT - 1] + '…'


class Names:
    """Stable, readable names for futures: fut-1, fut-2… in the order the recording first meets them."""

    def __init__(self):
        self._ids = {}
        self._keep = []  # keeps the objects alive so that an id is never reused
        self.calls = weakref.WeakKeyDictionary()  # task -> the call it runs, as written: worker(2)

    def call(self, task):
        """The call a task runs, `worker(2)`: three tasks of one coroutine function told apart."""
        return self.calls.get(task) or task.get_coro().__qualname__

    def future(self, fut):
        if isinstance(fut, asyncio.Task):
            return f"task '{fut.get_name()}'"
        key = id(fut)
        if key not in self._ids:
            self._ids[key] = f'fut-{len(self._ids) + 1}'
            self._keep.append(fut)
        return f'future {self._ids[key]}'


def arg_text(value):
    """An argument in a call's name: its repr, short; an object whose repr is an address is its type, `<Queue>`."""
    text = short(value)
    return f'<{type(value).__name__}>' if ' at 0x' in text or ' object at ' in text else text


def coro_call(coro):
    """A coroutine not yet started as the call that made it: its function's name and arguments, `worker(2)`."""
    try:
        code, frame = coro.cr_code, coro.cr_frame
        if code is RecorderLoop.shutdown_default_executor.__code__:  # CPython's own, as asyncio.run calls it
            return 'BaseEventLoop.shutdown_default_executor()'
        values = frame.f_locals
        n = code.co_argcount + code.co_kwonlyargcount
        names = list(code.co_varnames[: code.co_argcount])
        if names and names[0] in ('self', 'cls'):
            names = names[1:]
        shown = [arg_text(values[a]) for a in names]
        if code.co_flags & 0x04:  # *args
            shown += [arg_text(v) for v in values[code.co_varnames[n]]]
        shown += [f'{a}={arg_text(values[a])}' for a in code.co_varnames[code.co_argcount: n]]
        return f"{coro.__qualname__}({', '.join(shown)})"
    except Exception:  # noqa: BLE001 - not a plain coroutine: its name
        return getattr(coro, '__qualname__', type(coro).__name__)


def program_line(obj):
    """The line of the program a task's coroutine is at (the innermost of its awaits that is the program's), or a
    plain callback's first line; None when it is not the program's."""
    if isinstance(obj, asyncio.Task):
        coro, line = obj.get_coro(), None
        for _ in range(100):
            frame = getattr(coro, 'cr_frame', None) or getattr(coro, 'gi_frame', None) or getattr(coro, 'ag_frame', None)
            if frame is None:
                break
            if frame.f_code.co_filename == FILENAME:
                line = frame.f_lineno
            coro = getattr(coro, 'cr_await', None) or getattr(coro, 'gi_yieldfrom', None)
        return line
    code = getattr(obj, '__code__', None)
    return code.co_firstlineno if code is not None and code.co_filename == FILENAME else None


def unwrap(cb):
    while isinstance(cb, functools.partial):
        cb = cb.func
    return cb


def callback_name(cb):
    """The name the model and the probe use: Task.__step, Task.__wakeup, else the function's __qualname__."""
    cb = unwrap(cb)
    owner = getattr(cb, '__self__', None)
    if isinstance(owner, asyncio.Task):
        n = getattr(cb, '__name__', type(cb).__name__)
        if n in ('TaskStepMethWrapper', '_Task__step', '__step') or type(cb).__name__ == 'TaskStepMethWrapper':
            return 'Task.__step'
        if 'wakeup' in n:
            return 'Task.__wakeup'
    if type(cb).__name__ == 'TaskStepMethWrapper':
        return 'Task.__step'
    return getattr(cb, '__qualname__', type(cb).__name__)


def describe(handle, names):
    """A handle as a person reads it: what it calls, on what."""
    cb = unwrap(handle._callback)
    fn = callback_name(cb)
    owner = getattr(cb, '__self__', None)
    args = handle._args or ()
    loop = getattr(handle, '_loop', None)
    if fn == 'Task.__step' and isinstance(owner, asyncio.Task):
        return fn, f"Task.__step of {names.future(owner)} ({names.call(owner)})"
    if fn == 'Task.__wakeup' and isinstance(owner, asyncio.Task):
        woke = f' ({names.future(args[0])} is done)' if args else ''
        return fn, f"Task.__wakeup of {names.future(owner)} ({names.call(owner)}){woke}"
    shutdown = getattr(loop, '_shutdown_future', None)
    if shutdown is not None and (owner is shutdown or (args and args[0] is shutdown)):
        # 3.11: future.set_result; 3.12+: futures._set_result_unless_cancelled(future, None)
        return fn, f'the default executor shut down: set the result of {names.future(shutdown)}'
    if fn.endswith('_set_result_unless_cancelled') and args:
        return fn, f'asyncio.sleep timer: set the result of {names.future(args[0])}'
    executor = getattr(loop, '_default_executor', None)
    if fn.endswith('_set_state') and len(args) == 2 and isinstance(executor, VirtualExecutor):
        job = executor.job_of(args[1])
        if job is not None:
            return fn, f'the result of {job.call} from worker {job.name}: set the result of {names.future(args[0])}'
    if fn.endswith('_call_check_cancel') and args and isinstance(executor, VirtualExecutor):
        return fn, f'{names.future(args[0])} is done: was it cancelled? (then its worker\'s job would be too)'
    if args and isinstance(args[0], asyncio.Task):
        return fn, f'{fn}: a callback of {names.future(args[0])} ({names.call(args[0])})'
    if args and isinstance(args[0], asyncio.Future):
        return fn, f'{fn}: a callback of {names.future(args[0])}'
    return fn, f"{fn}({', '.join(short(a) for a in args)})"


def task_state(task, names):
    """A task's state, read without retrieving its exception: task.exception() would mark it retrieved, and
    CPython's "Task exception was never retrieved" for a failed fire-and-forget task would never print."""
    exception = getattr(task, '_exception', None)
    if task.cancelled():
        state = 'cancelled'
    elif task.done():
        state = 'failed' if exception is not None else 'done'
    else:
        state = 'pending'
    out = {'name': task.get_name(), 'coro': task.get_coro().__qualname__, 'call': names.call(task), 'state': state}
    waiter = getattr(task, '_fut_waiter', None)
    if state == 'pending' and waiter is not None:
        out['waiting'] = names.future(waiter)
    if state == 'done':
        out['result'] = short(task.result())
    if state == 'failed':
        out['exception'] = short(exception)
    return out


class VirtualSelector(selectors.BaseSelector):
    """select(timeout) is where the loop sleeps: the virtual clock jumps by the timeout; no I/O is ever ready."""

    def __init__(self, loop):
        self._loop = loop
        self._keys = {}

    def register(self, fileobj, events, data=None):
        raise Refused('sockets', 'waiting for a file or socket')

    def unregister(self, fileobj):
        raise KeyError(fileobj)

    def select(self, timeout=None):
        loop = self._loop
        wake = None if timeout is None else loop._time + timeout
        event = loop.next_event()  # a worker that ends first wakes the loop (its call_soon_threadsafe)
        if event is not None and (wake is None or event < wake):
            wake = max(loop._time, event)
            loop._slept += wake - loop._time
            loop._time = wake
        elif wake is None:
            raise Bound('deadlock', 'the loop would wait forever: nothing is ready and no timer is set')
        else:
            loop._slept += timeout
            loop._time += timeout
        loop.fire_until(loop._time)
        return []

    def get_map(self):
        return self._keys

    def close(self):
        pass


class OrderedTimerHandle(asyncio.TimerHandle):
    """A timer that breaks a tie of deadlines by the order the timers were scheduled. On the virtual clock five
    sleep(0.2) started in one turn get exactly the same deadline, and the heap (which compares `when` only) pops
    them in its own order; under CPython's real clock their deadlines differ by the microseconds between the calls,
    so they run first in, first out. (Two call_at of the very same float run in that order here too.)"""

    __slots__ = ('_seq',)

    def __lt__(self, other):
        if self._when != other._when:
            return self._when < other._when
        return self._seq < getattr(other, '_seq', self._seq)

    def __le__(self, other):
        return self < other or self.__eq__(other)

    def __gt__(self, other):
        return other < self

    def __ge__(self, other):
        return other < self or self.__eq__(other)


def call_text(fn, args, kwargs):
    """A call as the program wrote it, short: `blocking_io(0.3)` (to_thread's partial of Context.run unwrapped)."""
    while True:
        if isinstance(fn, functools.partial):
            args, kwargs = tuple(fn.args) + tuple(args), {**fn.keywords, **kwargs}
            fn = fn.func
        elif getattr(fn, '__name__', None) == 'run' and type(getattr(fn, '__self__', None)).__name__ == 'Context' and args:
            fn, args = args[0], tuple(args[1:])
        else:
            break
    name = getattr(fn, '__qualname__', None) or type(fn).__name__
    shown = [arg_text(a) for a in args] + [f'{k}={arg_text(v)}' for k, v in kwargs.items()]
    return f"{name}({', '.join(shown)})"


class Job:
    """One function submitted to the executor: the worker that runs it, from when (virtual seconds), how long its
    time.sleeps took on the worker's clock, what it printed (at which second of that clock) and how it ended."""

    def __init__(self, n, worker, call, submitted, start):
        self.n = n
        self.worker = worker
        self.call = call
        self.submitted = submitted
        self.start = start
        self.elapsed = 0.0
        self.out = []  # (elapsed, stream, text)
        self.outcome = None  # (True, result) or (False, exception)
        self.thread = None
        self.cf = concurrent.futures.Future()

    @property
    def name(self):
        return f'asyncio_{self.worker}'


class VirtualExecutor(concurrent.futures.Executor):
    """The loop's default executor: a pool of CPython's default size whose workers live on the virtual clock.

    submit() runs the function at once: in a real thread (`real`, under CPython) that the loop joins before its clock
    moves on (`settle`), or in the loop's own thread (Pyodide: WebAssembly has no threads), a worker's time.sleep
    moving only that worker's clock. A job starts when it is submitted, or when a worker becomes free if all are
    busy; it ends `elapsed` later, and then its output is released and its concurrent future set, whose callback
    (asyncio's own _chain_future) hands the result to the loop with call_soon_threadsafe, as from a real pool."""

    def __init__(self, loop, rec, real):
        self._loop = loop
        self._rec = rec
        self.real = real
        self.max_workers = min(32, (os.cpu_count() or 1) + 4)  # ThreadPoolExecutor's default
        self.free_at = []  # per worker, the virtual time it is free (inf while its job is not settled)
        self.jobs = {}  # id(concurrent future) -> Job
        self.unsettled = []
        self._shut = False

    def submit(self, fn, /, *args, **kwargs):
        if self._shut:
            raise RuntimeError('cannot schedule new futures after shutdown')
        self.settle()
        now = self._loop._time
        idle = [i for i, t in enumerate(self.free_at) if t <= now]
        if idle:
            worker, start = idle[0], now
        elif len(self.free_at) < self.max_workers:
            worker, start = len(self.free_at), now
            self.free_at.append(now)
        else:
            worker = min(range(len(self.free_at)), key=lambda i: self.free_at[i])
            start = self.free_at[worker]
        job = Job(len(self.jobs) + 1, worker, call_text(fn, args, kwargs), now, start)
        job.cf.set_running_or_notify_cancel()  # it runs now: cancelling the asyncio future no longer cancels it
        self.free_at[worker] = float('inf')
        self.jobs[id(job.cf)] = job
        self._rec.thread_event(job, 'submitted', now)
        if self.real:
            job.thread = threading.Thread(target=self._run, args=(job, fn, args, kwargs), name=job.name, daemon=True)
            self.unsettled.append(job)
            job.thread.start()
        else:
            self._run(job, fn, args, kwargs)
            self._settled(job)
        return job.cf

    def _run(self, job, fn, args, kwargs):
        local = self._rec.local
        local.job = job
        try:
            job.outcome = (True, fn(*args, **kwargs))
        except BaseException as e:  # noqa: BLE001 - as a pool's work item: the exception is the future's
            job.outcome = (False, e)
        finally:
            local.job = None

    def settle(self):
        """Joins the real threads still running (within the recording's budget) and puts their ends on the clock."""
        while self.unsettled:
            job = self.unsettled.pop(0)
            while job.thread.is_alive():
                job.thread.join(0.05)
                self._rec.check_budget()
            self._settled(job)

    def _settled(self, job):
        end = job.start + job.elapsed
        self.free_at[job.worker] = end
        for at, stream, text in job.out:
            self._loop.at(job.start + at, lambda job=job, stream=stream, text=text, when=job.start + at: self._rec.worker_output(job, stream, text, when),
                          'output')
        self._loop.at(end, lambda: self._finish(job, end))

    def _finish(self, job, when):
        self._rec.thread_event(job, 'finished', when)
        ok, value = job.outcome
        if ok:
            job.cf.set_result(value)
        else:
            job.cf.set_exception(value)

    def job_of(self, cf):
        return self.jobs.get(id(cf)) if isinstance(cf, concurrent.futures.Future) else None

    def idle_at(self):
        self.settle()
        return max([self._loop._time] + self.free_at)

    def shutdown(self, wait=True, *, cancel_futures=False):
        self._shut = True
        if wait:
            self.settle()


class RecorderLoop(asyncio.BaseEventLoop):
    def __init__(self, recorder):
        super().__init__()
        self._recorder = recorder
        self._selector = VirtualSelector(self)
        self._time = 0.0
        self._slept = 0.0
        self._clock_resolution = 1e-9
        # weakly, as asyncio's own _all_tasks: a task the program drops is freed as under CPython (a failed one says
        # "Task exception was never retrieved"); its last state stays in the recording (`_task_last`)
        self._tasks_seen = []
        self._task_last = {}
        self._timer_seq = itertools.count()
        self._events = []  # (when, seq, fire, kind): what the executor's workers do, on the virtual clock
        self._event_seq = itertools.count()
        self._shutdown_future = None
        self.set_debug(recorder.debug)

    def time(self):
        return self._time

    def _process_events(self, event_list):
        pass

    def at(self, when, fire, kind='end'):
        """A worker's deed at virtual time `when`: done by `fire_until` once the clock reaches it."""
        heapq.heappush(self._events, (when, next(self._event_seq), fire, kind))

    def settle_workers(self):
        if isinstance(self._default_executor, VirtualExecutor):
            self._default_executor.settle()

    def next_event(self):
        self.settle_workers()
        return self._events[0][0] if self._events else None

    def fire_until(self, now):
        """The workers' deeds due by `now`, in the order of their times (then of their scheduling)."""
        while self._events and self._events[0][0] <= now:
            _, _, fire, _ = heapq.heappop(self._events)
            fire()

    def run_in_executor(self, executor, func, *args):
        """BaseEventLoop's, with the default executor a VirtualExecutor (made on first use, as CPython makes its pool)."""
        if executor is None and self._default_executor is None and not self._executor_shutdown_called:
            self._default_executor = VirtualExecutor(self, self._recorder, self._recorder.real_threads)
        return super().run_in_executor(executor, func, *args)

    async def shutdown_default_executor(self, timeout=None):
        """CPython's: the pool shut down (its workers' last jobs done) and the result handed back by
        call_soon_threadsafe (_do_shutdown, the version's own), at the virtual time the last worker is free."""
        self._executor_shutdown_called = True
        if self._default_executor is None:
            return
        future = self._shutdown_future = self.create_future()
        executor = self._default_executor
        self.at(executor.idle_at(), lambda: self._do_shutdown(future))
        await future

    def _write_to_self(self):
        pass

    def create_task(self, coro, **kwargs):
        call = coro_call(coro)  # before its first step, while its frame holds the arguments as passed
        task = super().create_task(coro, **kwargs)
        self._recorder.names.calls[task] = call
        self._tasks_seen.append(weakref.ref(task))
        return task

    def task_states(self, names):
        """Every task the program created, in order: a live one as it is now, a freed one as it was last seen."""
        out = []
        for ref in self._tasks_seen:
            task = ref()
            if task is not None:
                self._task_last[ref] = task_state(task, names)
            if ref in self._task_last:
                out.append(self._task_last[ref])
        return out

    def seen_after_step(self, task, names):
        """A task's state after one of its own steps: the last chance to see it if the program dropped it."""
        for ref in reversed(self._tasks_seen):
            if ref() is task:
                self._task_last[ref] = task_state(task, names)
                return

    def call_at(self, when, callback, *args, context=None):
        """BaseEventLoop.call_at (the same from 3.11 to 3.14), with a timer that keeps the order of equal deadlines."""
        if when is None:
            raise TypeError('when cannot be None')
        self._check_closed()
        if self._debug:
            self._check_thread()
            self._check_callback(callback, 'call_at')
        timer = OrderedTimerHandle(when, callback, args, self, context)
        timer._seq = next(self._timer_seq)
        if timer._source_traceback:
            del timer._source_traceback[-1]
        heapq.heappush(self._scheduled, timer)
        timer._scheduled = True
        return timer

    def _run_once(self):
        self._recorder.turn(self, super()._run_once)

    def run_until_complete(self, future):
        if asyncio.iscoroutine(future):
            self._recorder.phase = future.__qualname__.rsplit('.', 1)[-1]
        elif isinstance(future, asyncio.Task):
            self._recorder.phase = 'main'  # Runner.run: the main coroutine's task
        else:  # runners._cancel_all_tasks: gather(*to_cancel, return_exceptions=True)
            self._recorder.phase = 'cancel_all_tasks'
        return super().run_until_complete(future)

    # Refused: another executor, sockets, processes.
    def set_default_executor(self, executor):
        raise Refused('threads', 'set_default_executor')

    def _refuse_sockets(self, *args, **kwargs):
        raise Refused('sockets', 'a network call of the loop')

    def _refuse_processes(self, *args, **kwargs):
        raise Refused('subprocess', 'a subprocess')

    create_connection = create_server = create_datagram_endpoint = _refuse_sockets
    create_unix_connection = create_unix_server = connect_accepted_socket = _refuse_sockets
    sock_recv = sock_sendall = sock_connect = sock_accept = getaddrinfo = getnameinfo = _refuse_sockets
    add_reader = add_writer = _refuse_sockets
    subprocess_exec = subprocess_shell = _refuse_processes


class Output(io.TextIOBase):
    """sys.stdout / sys.stderr while the program runs: the text goes to the running handle, bounded in bytes."""

    def __init__(self, recorder, stream):
        self._recorder = recorder
        self._stream = stream

    def writable(self):
        return True

    def write(self, text):
        self._recorder.output(self._stream, str(text))
        return len(text)


class Recorder:
    def __init__(self, max_turns=MAX_TURNS, max_bytes=MAX_BYTES, budget_s=BUDGET_S, debug=False):
        self.max_turns = max_turns
        self.max_bytes = max_bytes
        self.budget_s = budget_s
        self.debug = debug
        self.turns = []
        self.phase = 'loop'
        self.names = Names()
        self.current = None  # the handle record being run
        self.stdout = []
        self.stderr = []
        self.bytes = 0
        self.loop = None
        self.hit = None  # the first bound reached: asyncio.run's cleanup after it may reach another
        self._chunks = None  # what the running handle printed, by stream, joined when it returns
        self._in_turn = False
        self.collections = 0  # gc passes after a task failed (collect_failed), at most MAX_COLLECTIONS
        self._collect = False  # a task failed in the last handle: collect_failed before the next or at the turn's end
        self._perf = time.perf_counter  # the real clock, for the budget
        self._started = self._perf()
        # the executor's workers: real threads under CPython, modelled in the loop's thread under Pyodide
        self.real_threads = sys.platform != 'emscripten'
        self.local = threading.local()  # .job: the Job whose function this thread is running, if any

    def bound(self, code, message):
        if self.hit is None:
            self.hit = Bound(code, message)
        return Bound(code, message)

    def check_budget(self):
        if self._perf() - self._started > self.budget_s:
            raise self.bound('budget', f'the recording took longer than {self.budget_s:g} s and was stopped')

    def output(self, stream, text):
        self.bytes += len(text.encode('utf-8', 'replace'))
        if self.bytes > self.max_bytes:
            raise self.bound('bytes', f'the program printed more than {self.max_bytes} bytes')
        job = getattr(self.local, 'job', None)
        if job is not None:  # a worker's: out at the virtual time it printed (worker_output)
            job.out.append((job.elapsed, stream, text))
            return
        (self.stdout if stream == 'stdout' else self.stderr).append(text)
        if self._chunks is not None:
            self._chunks.setdefault(stream, []).append(text)
        elif self._in_turn and self.turns and self.turns[-1]['ran']:
            # between two handles of a turn: what the loop printed as it let go of the last one (a task it freed
            # says "Task exception was never retrieved"), with that handle
            last = self.turns[-1]['ran'][-1]
            last[stream] = last.get(stream, '') + text

    def worker_label(self, job):
        how = 'a real thread' if self.real_threads else 'modelled: WebAssembly has no threads'
        return f'worker {job.name} ({how})'

    def _thread_entry(self, job, kind, when):
        """The turn's record of what a worker did in it (the turn the loop is in), or None between turns."""
        if not (self._in_turn and self.turns):
            return None
        turn = self.turns[-1]
        entries = turn.setdefault('threads', [])
        last = entries[-1] if entries else None
        after = len(turn['ran'])
        if kind == 'printed' and last and last['kind'] == 'printed' and last['job'] == job.n and last['after'] == after \
                and last['time'] == round(when, 9):
            return last
        entry = {'time': round(when, 9), 'after': after, 'thread': job.name, 'job': job.n, 'kind': kind,
                 'real': self.real_threads}
        entries.append(entry)
        self.bytes += 150
        return entry

    def thread_event(self, job, kind, when):
        entry = self._thread_entry(job, kind, when)
        if entry is None:
            return
        who = self.worker_label(job)
        if kind == 'submitted':
            later = f', free at {round(job.start, 9):g} s' if job.start > job.submitted else ''
            entry['what'] = f'{job.call} submitted to {who}{later}'
        else:
            ok, value = job.outcome
            ended = 'returned' if ok else f'raised {type(value).__name__}'
            entry['what'] = (f'{who} finished {job.call}: {ended} after {round(job.elapsed, 9):g} s of its own '
                             f'clock; the result goes to the loop (call_soon_threadsafe)')

    def worker_output(self, job, stream, text, when):
        (self.stdout if stream == 'stdout' else self.stderr).append(text)
        entry = self._thread_entry(job, 'printed', when)
        if entry is not None:
            entry.setdefault('what', f'{self.worker_label(job)} running {job.call} printed')
            entry[stream] = entry.get(stream, '') + text

    def snapshot_queue(self, loop):
        return [describe(h, self.names)[1] for h in loop._ready if not h._cancelled]

    def snapshot_timers(self, loop):
        timers = sorted((h for h in loop._scheduled if not h._cancelled), key=lambda h: (h._when, getattr(h, '_seq', 0)))
        return [{'when': round(h._when, 9), 'what': describe(h, self.names)[1]} for h in timers]

    def turn(self, loop, run_once):
        self.check_budget()
        if len(self.turns) >= self.max_turns:
            raise self.bound('turns', f'the program ran more than {self.max_turns} turns of the loop')
        if self.bytes > self.max_bytes:
            raise self.bound('bytes', f'the recording grew past {self.max_bytes} bytes (its turns and output)')
        self.loop = loop
        record = {
            'n': len(self.turns) + 1,
            'phase': self.phase,
            'time': round(loop._time, 9),
            'ready': self.snapshot_queue(loop),
            'scheduled': self.snapshot_timers(loop),
            'ran': [],
        }
        self.turns.append(record)
        loop._slept = 0.0
        self.bytes += 200
        self._in_turn = True
        try:
            run_once()
        finally:
            self.collect_failed()
            self._in_turn = False
            record['slept'] = round(loop._slept, 9)
            record['time_after'] = round(loop._time, 9)
            record['ready_after'] = self.snapshot_queue(loop)
            record['scheduled_after'] = self.snapshot_timers(loop)
            record['tasks'] = loop.task_states(self.names)
            self.bytes += recorded_size(record)

    def collect_failed(self):
        """Since 3.12 a failed step's frame keeps Handle._run's (the handle, so the task) in a cycle: a task the
        program dropped is freed by a gc pass only, and its "Task exception was never retrieved" came after the
        recording. Under 3.11 it is freed as _run_once lets go of the handle (the next one, or the turn's end): a pass
        then does the same, the message with the handle that failed."""
        if self._collect and self.collections < MAX_COLLECTIONS:
            self.collections += 1
            gc.collect()
        self._collect = False

    def run_handle(self, handle, original):
        loop = self.loop
        if loop is None or self.turns == [] or getattr(handle, '_loop', None) is not loop:
            return original(handle)
        self.collect_failed()
        self.check_budget()
        fn, what = describe(handle, self.names)
        cb = unwrap(handle._callback)
        # the raw name, as tests/probes/asyncio_loop_probe.py and the TS model name it (TaskStepMethWrapper, …)
        entry = {'fn': fn, 'qualname': getattr(cb, '__qualname__', type(cb).__name__), 'what': what}
        self.turns[-1]['ran'].append(entry)
        owner = getattr(cb, '__self__', None)
        # the program's lines this handle ran at: where a task resumed (and, below, where it paused)
        lines = {program_line(owner if isinstance(owner, asyncio.Task) else cb)}
        outer, self.current = self.current, entry
        outer_chunks, self._chunks = self._chunks, {}
        t0 = loop._time
        try:
            return original(handle)
        finally:
            for stream, chunks in self._chunks.items():
                entry[stream] = ''.join(chunks)
            self.current, self._chunks = outer, outer_chunks
            if loop._time > t0:
                entry['blocked'] = round(loop._time - t0, 9)
            failed = False
            if isinstance(owner, asyncio.Task) and not owner.done():
                lines.add(program_line(owner))
            lines.discard(None)
            if lines:
                entry['lines'] = sorted(lines)
            if isinstance(owner, asyncio.Task) and owner.done():
                loop.seen_after_step(owner, self.names)
                failed = getattr(owner, '_exception', None) is not None and getattr(owner, '_log_traceback', False)
            # this frame outlives the call when a task's exception keeps it (its traceback's frame keeps its callers):
            # it must not keep the task too
            handle = cb = owner = None
            self._collect = self._collect or failed

    def sleep(self, seconds):
        """time.sleep inside the program: the clock moves while nothing else runs."""
        seconds = float(seconds)
        if seconds < 0:
            raise ValueError('sleep length must be non-negative')
        job = getattr(self.local, 'job', None)
        if job is not None:  # a worker's sleep: its own clock, not the loop's
            job.elapsed += seconds
            return
        if self.loop is not None:
            self.loop.settle_workers()
            self.loop._time += seconds
            self.loop.fire_until(self.loop._time)  # a worker that ends meanwhile hands its result over now


def recorded_size(record):
    """About the characters a turn takes in the recording's JSON (its labels, and room for the keys), so that the
    recording's bound covers turns as well as output: 2,000 turns of 60 tasks each are tens of MB."""
    size = 200
    size += sum(len(w) + 4 for w in record['ready'] + record['ready_after'])
    size += sum(len(t['what']) + 30 for t in record['scheduled'] + record['scheduled_after'])
    size += sum(len(h['what']) + len(h['fn']) + len(h['qualname']) + 40 for h in record['ran'])
    size += sum(sum(len(str(v)) + 12 for v in t.values()) + 10 for t in record['tasks'])
    return size


def check_source(source, filename):
    """Compiles; refuses the imports the sandbox does not run. Raises SyntaxError or Refused."""
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Name) and node.id == 'input':
            raise Refused('input', 'input()').at(node)
        for name in names:
            refusal = import_refusal(name)
            if refusal:
                raise Refused(refusal, f'import {name}').at(node)
    return compile(tree, filename, 'exec')


def _at(self, node):
    self.line = getattr(node, 'lineno', None)
    return self


Refused.line = None
Refused.at = _at


def import_refusal(name):
    top = name.split('.', 1)[0]
    if top in REFUSED_MODULES:
        return REFUSED_MODULES[top]
    if top not in sys.stdlib_module_names:
        return 'import'
    return None


def bridge_module(name):
    """Whether `name` is part of Pyodide's bridge to JavaScript: js, pyodide_js, pyodide.*, _pyodide*."""
    top = name.split('.', 1)[0]
    return top == 'js' or top.startswith(('pyodide', '_pyodide'))


class ImportGuard:
    """First on sys.meta_path while the program runs: an import of the bridge that is not in sys.modules (the
    recorder takes it out) reaches this finder before Pyodide's, and is refused."""

    def find_spec(self, name, path=None, target=None):
        if bridge_module(name):
            raise Refused('sandbox', f'import {name}')
        return None


class RefusedInput(io.TextIOBase):
    """sys.stdin while the program runs: no keyboard, as input()."""

    def readable(self):
        return True

    def read(self, size=-1):
        raise Refused('input', 'reading standard input')

    def readline(self, size=-1):
        raise Refused('input', 'reading standard input')


def program_builtins():
    """The program's builtins: input() and open() of standard input refused, and an __import__ that refuses what
    check_source refuses."""
    own = dict(builtins.__dict__)
    real_import = builtins.__import__
    real_open = builtins.open

    def guarded_open(file, *args, **kwargs):
        if file in (0, '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0'):
            raise Refused('input', 'reading standard input')
        return real_open(file, *args, **kwargs)

    def guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
        if level == 0:
            refusal = import_refusal(name)
            if refusal:
                raise Refused(refusal, f'import {name}')
        return real_import(name, globals, locals, fromlist, level)

    def refused_input(*args):
        raise Refused('input', 'input()')

    own['__import__'] = guarded_import
    own['input'] = refused_input
    own['open'] = guarded_open
    return own


def user_traceback(exc):
    """The traceback from the program's own frames only (the recorder's are not the program's)."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == FILENAME]
    lines = ['Traceback (most recent call last):\n'] if frames else []
    lines += traceback.format_list(frames)
    lines += traceback.format_exception_only(type(exc), exc)
    return ''.join(lines)


def record(source, max_turns=MAX_TURNS, max_bytes=MAX_BYTES, budget_s=BUDGET_S, debug=False):
    """Runs `source` as __main__ and returns the recording (a JSON-able dict):

    python, ok, end ('done' | 'exception' | 'refused' | 'syntax' | 'turns' | 'bytes' | 'budget' | 'deadlock'),
    message, line, turns (n, phase, time, ready, scheduled, ran [fn, what, stdout, stderr, blocked, lines], slept,
    time_after, ready_after, scheduled_after, tasks [name, coro, call, state…], threads [time, after, thread,
    job, kind, real, what, stdout, stderr]), stdout, stderr, traceback, source, threads ('real' | 'modelled').
    """
    out = {
        'python': '.'.join(map(str, sys.version_info[:3])),
        'platform': sys.platform,
        'ok': False,
        'end': 'done',
        'message': None,
        'line': None,
        'turns': [],
        'stdout': '',
        'stderr': '',
        'traceback': None,
        'source': source,
    }
    try:
        code = check_source(source, FILENAME)
    except SyntaxError as e:
        out.update(end='syntax', line=e.lineno, message=''.join(traceback.format_exception_only(type(e), e)).strip())
        return out
    except Refused as e:
        out.update(end='refused', code=e.code, line=e.line, message=str(e))
        return out

    rec = Recorder(max_turns, max_bytes, budget_s, debug)
    alarm = _BudgetAlarm(rec)
    saved = {
        'stdout': sys.stdout, 'stderr': sys.stderr, 'sleep': time.sleep,
        'new_event_loop': asyncio.events.new_event_loop, 'handle_run': asyncio.events.Handle._run,
        'running': asyncio.events._get_running_loop(), 'run': asyncio.run,
        'policy_loop': None,
    }
    original_handle_run = saved['handle_run']

    def new_event_loop():
        return RecorderLoop(rec)

    def handle_run(handle):
        return rec.run_handle(handle, original_handle_run)

    saved['stdin'] = sys.stdin
    # the program's lines for tracebacks, CPython's "Task exception was never retrieved" among them, as a file's
    linecache.cache[FILENAME] = (len(source), None, source.splitlines(True), FILENAME)
    hidden = {name: sys.modules.pop(name) for name in list(sys.modules) if bridge_module(name)}
    guard = ImportGuard()
    sys.meta_path.insert(0, guard)
    asyncio.events._set_running_loop(None)  # Pyodide's own WebLoop is set aside while the program runs
    asyncio.events.new_event_loop = new_event_loop
    asyncio.new_event_loop = new_event_loop
    asyncio.events.Handle._run = handle_run
    asyncio.run = asyncio.runners.run  # CPython's own (Pyodide wraps it: its wrapper imports the bridge)
    time.sleep = rec.sleep
    sys.stdout = Output(rec, 'stdout')
    sys.stderr = Output(rec, 'stderr')
    sys.stdin = RefusedInput()
    env = {'__name__': '__main__', '__builtins__': program_builtins(), '__file__': FILENAME}
    try:
        alarm.start()  # inside the try: a bound it raises is the recording's end, and `finally` undoes the patches
        exec(code, env)
        out.update(ok=True, end='done')
    except Refused as e:
        out.update(end='refused', code=e.code, message=str(e), line=_program_line(e))
    except Bound as e:
        first = rec.hit or e
        out.update(end=first.code, message=str(first))
    except BaseException as e:  # noqa: BLE001 - the program's own exception is the result (SystemExit too)
        inner = _refusal_inside(e)
        if inner is not None:
            out.update(end='refused', code=inner.code, message=str(inner), line=_program_line(inner))
        else:
            bound = rec.hit or _bound_inside(e)
            if bound is not None:
                out.update(end=bound.code, message=str(bound))
            else:
                out.update(end='exception', message=''.join(traceback.format_exception_only(type(e), e)).strip(),
                           traceback=user_traceback(e), line=_program_line(e))
    finally:
        alarm.cancel()
        sys.stdout, sys.stderr, sys.stdin = saved['stdout'], saved['stderr'], saved['stdin']
        linecache.cache.pop(FILENAME, None)
        if guard in sys.meta_path:
            sys.meta_path.remove(guard)
        sys.modules.update(hidden)
        time.sleep = saved['sleep']
        asyncio.events.new_event_loop = saved['new_event_loop']
        asyncio.new_event_loop = saved['new_event_loop']
        asyncio.events.Handle._run = saved['handle_run']
        asyncio.run = saved['run']
        if rec.loop is not None and not rec.loop.is_closed() and not rec.loop.is_running():
            try:
                rec.loop.close()
            except Exception:  # noqa: BLE001
                pass
        asyncio.events._set_running_loop(saved['running'])
    if rec.loop is not None:  # what workers still running printed after the loop's end (CPython joins them at exit)
        try:
            rec.loop.settle_workers()
        except Bound:
            pass
        for when, _, fire, kind in sorted(rec.loop._events, key=lambda e: e[:2]):
            if kind == 'output':
                fire()
    out['threads'] = 'real' if rec.real_threads else 'modelled'
    out['turns'] = rec.turns
    out['stdout'] = ''.join(rec.stdout)
    out['stderr'] = ''.join(rec.stderr)
    return out


class _BudgetAlarm:
    """Under CPython's main thread, the budget also stops a handle that never returns (`while True: pass`): SIGALRM
    raises the bound between two bytecodes, where `check_budget` only runs between handles. The handler is installed
    at once, the timer started by `start()` inside `record`'s try, so that the bound cannot escape before it; `cancel()`
    stops both. Pyodide has no such signal (its worker is terminated from outside instead), nor has a thread that is
    not main: there it does nothing."""

    def __init__(self, rec):
        self.budget_s = rec.budget_s
        self.on = sys.platform != 'emscripten' and threading.current_thread() is threading.main_thread()
        if self.on:
            # the clock has passed the budget when it rings: check_budget raises the bound
            self.previous = signal.signal(signal.SIGALRM, lambda signum, frame: rec.check_budget())

    def start(self):
        if self.on:
            signal.setitimer(signal.ITIMER_REAL, self.budget_s + 0.001)

    def cancel(self):
        if self.on:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)


def _chain(e):
    seen = set()
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        yield e
        if isinstance(e, BaseExceptionGroup):
            for sub in e.exceptions:
                yield from _chain(sub)
        e = e.__context__


def _refusal_inside(e):
    return next((x for x in _chain(e) if isinstance(x, Refused)), None)


def _bound_inside(e):
    return next((x for x in _chain(e) if isinstance(x, Bound)), None)


def _program_line(e):
    frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename == FILENAME]
    return frames[-1].lineno if frames else getattr(e, 'line', None)


def main(argv):
    args = list(argv)
    opts = {'max_turns': MAX_TURNS, 'max_bytes': MAX_BYTES, 'budget_s': BUDGET_S, 'debug': False}
    files = []
    while args:
        a = args.pop(0)
        if a == '--debug':
            opts['debug'] = True
        elif a in ('--max-turns', '--max-bytes'):
            opts[a[2:].replace('-', '_')] = int(args.pop(0))
        elif a == '--budget':
            opts['budget_s'] = float(args.pop(0))
        else:
            files.append(a)
    if len(files) != 1:
        sys.stderr.write('usage: asyncio_recorder.py FILE.py [--max-turns N] [--max-bytes N] [--budget S] [--debug]\n')
        return 1
    with open(files[0], encoding='utf-8') as f:
        source = f.read()
    sys.stdout.write(json.dumps(record(source, **opts), ensure_ascii=False) + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
