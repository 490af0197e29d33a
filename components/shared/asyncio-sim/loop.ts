/**
 * Lib/asyncio/base_events.py `BaseEventLoop` with selector_events.py's `BaseSelectorEventLoop` under it: three
 * containers — `_ready` (a deque of Handles), `_scheduled` (a heapq of TimerHandles) and `_selector` (epoll) —
 * and `_run_once`, the one function that calls anything, in its six steps:
 *
 *   1. remove cancelled timers (from the head of the heap; all of them, rebuilding it, when more than half of
 *      more than 100 are cancelled);
 *   2. the timeout: 0 if `_ready` is not empty or the loop is stopping, else until the nearest timer, else forever;
 *   3. `selector.select(timeout)` — the only place the thread sleeps;
 *   4. `_process_events`: the readers of ready descriptors are appended to `_ready`;
 *   5. timers with `when < time() + clock_resolution` are moved from `_scheduled` to `_ready`;
 *   6. `ntodo = len(self._ready)`, and exactly that many handles are popped and run: a handle added while they
 *      run waits for the next turn.
 *
 * Time is virtual (machine.ts); every turn is recorded (trace.ts).
 */
import { heapify, heappop, heappush } from './heapq.ts';
import { Handle, TimerHandle, formatCallbackSource, type Callback, type HandleLoop } from './events.ts';
import { PyException } from './exceptions.ts';
import { Future, wrap_future, type Coro } from './futures.ts';
import { Coroutine, Task, gather, type TaskLoop } from './tasks.ts';
import {
  DEFAULT_ASYNCIO_DIR,
  DEFAULT_SLOW_CALLBACK_DURATION,
  SOURCE,
  formatHandle,
  resolveSource,
  slowCallbackWarning,
} from './debug.ts';
import { Machine, PoolExecutor, type Work } from './machine.ts';
import { EpollSelector } from './selector.ts';
import { Deque } from './collections.ts';
import { handleInfo, scheduledInfo, type CallbackRun, type HandleInfo, type RunPhase, type Turn } from './trace.ts';

export const _MIN_SCHEDULED_TIMER_HANDLES = 100;
export const _MIN_CANCELLED_TIMER_HANDLES_FRACTION = 0.5;
/** MAXIMUM_SELECT_TIMEOUT = 24 * 3600 seconds, in ns. */
export const MAXIMUM_SELECT_TIMEOUT = 24 * 3600 * 1e9;

export interface LoopOptions {
  /** Debug mode (`loop.set_debug(True)`, `asyncio.run(debug=True)`). Off by default. */
  readonly debug?: boolean;
  /** `loop.slow_callback_duration` in ms (0.1 s by default); only debug mode reads it. */
  readonly slowCallbackDurationMs?: number;
  /** How late the kernel wakes a sleeping thread (epoll_wait, time.sleep) after its time (0: an ideal machine). */
  readonly wakeLatencyMs?: number;
  /**
   * sys.getswitchinterval() in ms (CPython: 5), or 0 (the default) not to model it: woken from select() or
   * time.sleep while a pool thread computes, the loop's thread waits that long for the GIL.
   */
  readonly gilSwitchIntervalMs?: number;
  /** os.cpu_count(): the default executor has min(32, cpu_count + 4) threads. */
  readonly cpuCount?: number;
  /** Where the asyncio package is, for "created at" in debug messages. */
  readonly asyncioDir?: string;
  /** The virtual clock's start (ns); CPython's is time.monotonic(). */
  readonly startNs?: number;
  /** A safety net for programs that never end (a task re-scheduling itself forever). */
  readonly maxTurns?: number;
  /**
   * false removes the `ntodo` snapshot from step 6 (a thought experiment, not CPython): the loop then runs
   * `_ready` until it is empty, so a task that re-schedules itself starves timers and I/O. After
   * `starvationLimit` callbacks in one step 6 (1000 by default) the model records the turn as starved and the
   * run ends with LoopStarved.
   */
  readonly ntodoSnapshot?: boolean;
  readonly starvationLimit?: number;
}

export interface LogRecord {
  readonly time: number;
  readonly turn: number;
  readonly level: 'WARNING' | 'ERROR';
  readonly message: string;
}

/** A moment a program marked (`ticks.append(loop.time())`), with the turn and the task it ran in. */
export interface Mark {
  readonly time: number;
  readonly turn: number;
  readonly label: string;
  readonly task: string | null;
}

export { Deque };

/** Thrown by `_run_once` without the ntodo snapshot when `_ready` never empties (the turn is recorded first). */
export class LoopStarved extends Error {
  constructor(readonly turn: number) {
    super(`the loop is starved: step 6 of turn ${turn} never ends`);
  }
}

export class BaseEventLoop implements HandleLoop, TaskLoop {
  readonly machine: Machine;
  readonly _selector: EpollSelector;
  _ready = new Deque<Handle>();
  _scheduled: TimerHandle[] = [];
  _timer_cancelled_count = 0;
  /** time.get_clock_info('monotonic').resolution on Linux: 1e-09 s. */
  readonly _clock_resolution = 1;
  _stopping = false;
  _closed = false;
  _debug: boolean;
  /** Seconds, as in CPython. A separate knob from debug mode. */
  slow_callback_duration: number;
  _current_handle: Handle | null = null;
  _default_executor: PoolExecutor | null = null;
  _executor_shutdown_called = false;
  readonly _asyncio_dir: string;
  readonly cpuCount: number;
  readonly ntodoSnapshot: boolean;
  private readonly maxTurns: number;
  private readonly starvationLimit: number;
  private readonly _ssock: number;
  private _all_tasks = new Set<Task>();
  private _current_task: Task | null = null;
  private handleIds = 0;
  private taskNames = 0;

  /** The recording: one entry per `_run_once`. */
  readonly turns: Turn[] = [];
  readonly log: LogRecord[] = [];
  readonly marks: Mark[] = [];
  /** Which asyncio.run call the coming turns belong to. */
  phase: RunPhase = 'loop';

  constructor(options: LoopOptions = {}) {
    this.machine = new Machine(
      options.startNs ?? 0,
      (options.wakeLatencyMs ?? 0) * 1e6,
      (options.gilSwitchIntervalMs ?? 0) * 1e6,
    );
    this._selector = new EpollSelector(this.machine);
    this._debug = options.debug ?? false;
    this.slow_callback_duration = (options.slowCallbackDurationMs ?? DEFAULT_SLOW_CALLBACK_DURATION * 1000) / 1000;
    this._asyncio_dir = options.asyncioDir ?? DEFAULT_ASYNCIO_DIR;
    this.cpuCount = options.cpuCount ?? 2;
    this.maxTurns = options.maxTurns ?? 200_000;
    this.ntodoSnapshot = options.ntodoSnapshot ?? true;
    this.starvationLimit = options.starvationLimit ?? 1000;
    // _make_self_pipe: the loop wakes itself (call_soon_threadsafe) by writing a byte to a socket it reads.
    this._ssock = this._selector.newFd();
    this._add_reader(this._ssock, {
      qualname: 'BaseSelectorEventLoop._read_from_self',
      fn: () => this._selector.drain(this._ssock),
    });
  }

  // -- HandleLoop / TaskLoop -----------------------------------------------------------------------------------
  get_debug(): boolean {
    return this._debug;
  }
  set_debug(enabled: boolean): void {
    this._debug = enabled;
  }
  _next_handle_id(): number {
    return ++this.handleIds;
  }
  _next_task_name(): string {
    return `Task-${++this.taskNames}`;
  }
  _timer_handle_cancelled(handle: TimerHandle): void {
    if (handle._scheduled) this._timer_cancelled_count += 1;
  }
  _register_task(task: Task): void {
    this._all_tasks.add(task);
  }
  _unregister_task(task: Task): void {
    this._all_tasks.delete(task);
  }
  _enter_task(task: Task): void {
    this._current_task = task;
  }
  _leave_task(_task: Task): void {
    this._current_task = null;
  }
  current_task(): Task | null {
    return this._current_task;
  }
  /** asyncio.all_tasks(loop): the tasks not done. */
  all_tasks(): Task[] {
    return [...this._all_tasks].filter((t) => !t.done());
  }

  // -- the clock -----------------------------------------------------------------------------------------------
  /** loop.time() in seconds (virtual). */
  time(): number {
    return this.machine.now / 1e9;
  }
  /** The clock in ns. */
  now(): number {
    return this.machine.now;
  }

  // -- scheduling ----------------------------------------------------------------------------------------------
  call_soon(callback: Callback, createdAt?: string): Handle {
    this._check_closed();
    const handle = new Handle(callback, this, createdAt);
    this._ready.append(handle);
    return handle;
  }

  call_later(delayNs: number, callback: Callback, createdAt?: string): TimerHandle {
    return this.call_at(this.machine.now + delayNs, callback, createdAt);
  }

  call_at(whenNs: number, callback: Callback, createdAt?: string): TimerHandle {
    this._check_closed();
    const timer = new TimerHandle(whenNs, callback, this, createdAt);
    heappush(this._scheduled, timer);
    timer._scheduled = true;
    return timer;
  }

  /** From another thread: append to `_ready`, then write to the self-pipe so select() returns. */
  call_soon_threadsafe(callback: Callback): Handle {
    const handle = this.call_soon(callback);
    this._write_to_self();
    return handle;
  }

  _write_to_self(): void {
    this._selector.makeReadable(this._ssock);
  }

  _add_reader(fd: number, callback: Callback): Handle {
    const handle = new Handle(callback, this);
    this._selector.register(fd, handle);
    return handle;
  }

  _remove_reader(fd: number): void {
    this._selector.unregister(fd);
  }

  create_future<T = unknown>(createdAt?: string): Future<T> {
    return new Future<T>(this, createdAt);
  }

  create_task<T>(coro: Coroutine<T>, createdAt: string = SOURCE.create_task, name?: string): Task<T> {
    this._check_closed();
    return new Task(coro, this, name, createdAt);
  }

  /** A coroutine object of asyncio's own code (shutdown_asyncgens, …). */
  stdlibCoroutine<T>(qualname: string, file: string, line: number, body: () => Coro<T>): Coroutine<T> {
    return new Coroutine(qualname, resolveSource(`@/${file}`, this._asyncio_dir), line, () => body());
  }

  // -- running -------------------------------------------------------------------------------------------------
  _check_closed(): void {
    if (this._closed) throw new PyException('RuntimeError', 'Event loop is closed');
  }

  is_closed(): boolean {
    return this._closed;
  }

  stop(): void {
    this._stopping = true;
  }

  close(): void {
    this._closed = true;
    this._ready = new Deque();
    this._default_executor = null;
  }

  run_forever(): void {
    this._check_closed();
    try {
      for (;;) {
        if (this.turns.length >= this.maxTurns) throw new Error(`model: more than ${this.maxTurns} turns`);
        this._run_once();
        if (this._stopping) break;
      }
    } finally {
      this._stopping = false;
    }
  }

  /** Wraps a coroutine in a Task (ensure_future), runs until it is done, returns its result or throws. */
  run_until_complete<T>(future: Future<T> | Coroutine<T>, createdAt: string = SOURCE.ensure_future): T {
    this._check_closed();
    const fut: Future<T> = future instanceof Future ? future : this.create_task(future, createdAt);
    const _run_until_complete_cb = (f: Future): void => {
      if (!f.cancelled()) {
        const exc = f.exception();
        if (exc && (exc.type === 'SystemExit' || exc.type === 'KeyboardInterrupt')) return;
      }
      this.stop();
    };
    fut.add_done_callback({
      qualname: '_run_until_complete_cb',
      source: SOURCE.run_until_complete_cb,
      fn: _run_until_complete_cb,
    });
    try {
      this.run_forever();
    } finally {
      fut.remove_done_callback(_run_until_complete_cb);
    }
    if (!fut.done()) throw new PyException('RuntimeError', 'Event loop stopped before Future completed.');
    return fut.result();
  }

  call_exception_handler(context: { message: string; exception?: PyException }): void {
    const exc = context.exception ? `\n${context.exception.type}: ${context.exception.message}` : '';
    this.emit('ERROR', `${context.message}${exc}`);
  }

  emit(level: LogRecord['level'], message: string): void {
    this.log.push({ time: this.machine.now, turn: this.turns.length, level, message });
  }

  mark(label: string): void {
    this.marks.push({
      time: this.machine.now,
      turn: this.turns.length,
      label,
      task: this._current_task?.get_name() ?? null,
    });
  }

  /** The loop's thread computes (holding the GIL) or blocks (time.sleep) for `ns`. */
  busy(kind: Work['kind'], ns: number, label: string): void {
    this.machine.runMain({ kind, ns }, label);
  }

  // -- executors -----------------------------------------------------------------------------------------------
  /** run_in_executor(executor, func): `work` runs in a pool's worker; the result comes back via call_soon_threadsafe. */
  run_in_executor<T>(
    executor: PoolExecutor | null,
    label: string,
    work: readonly Work[],
    outcome: T | PyException,
  ): Future<T> {
    this._check_closed();
    if (executor === null) {
      if (this._executor_shutdown_called) throw new PyException('RuntimeError', 'Executor shutdown has been called');
      if (this._default_executor === null) {
        this._default_executor = new PoolExecutor(this.machine, 'thread', Math.min(32, this.cpuCount + 4), 'asyncio');
      }
      executor = this._default_executor;
    }
    const { future, complete } = wrap_future<T>(this);
    executor.submit(label, work, () =>
      complete(outcome instanceof PyException ? { ok: false, error: outcome } : { ok: true, value: outcome }),
    );
    return future;
  }

  /** A ProcessPoolExecutor (or another ThreadPoolExecutor) the program makes itself. */
  newExecutor(kind: 'thread' | 'process', maxWorkers: number, prefix: string): PoolExecutor {
    return new PoolExecutor(this.machine, kind, maxWorkers, prefix);
  }

  // -- sockets (sockets.ts) -------------------------------------------------------------------------------------
  /** Sockets with data waiting to be read. */
  readonly _peer_wrote = new Set<number>();

  // -- asyncio.run's shutdown coroutines -----------------------------------------------------------------------
  shutdown_asyncgens(): Coroutine<void> {
    // No async generators are modelled: `if not len(self._asyncgens): return`.
    return this.stdlibCoroutine('BaseEventLoop.shutdown_asyncgens', 'base_events.py', 539, function* () {});
  }

  shutdown_default_executor(): Coroutine<void> {
    return this.stdlibCoroutine('BaseEventLoop.shutdown_default_executor', 'base_events.py', 564, () =>
      this._shutdown_default_executor_body(),
    );
  }

  /** The body of the coroutine shutdown_default_executor returns. */
  private *_shutdown_default_executor_body(): Coro<void> {
    this._executor_shutdown_called = true;
    const executor = this._default_executor;
    if (executor === null) return;
    const future = this.create_future<void>();
    // thread = threading.Thread(target=self._do_shutdown, args=(future,)); thread.start()
    executor.shutdown(() => {
      if (!this.is_closed())
        this.call_soon_threadsafe({
          qualname: 'Future.set_result',
          args: () => ['None'],
          fn: () => future.set_result(undefined),
        });
    });
    yield* future.__await__(); // finally: thread.join() — the thread is already over
  }

  /** runners._cancel_all_tasks: cancel what is left and run until all of it has finished. */
  _cancel_all_tasks(): void {
    const to_cancel = this.all_tasks();
    if (to_cancel.length === 0) return;
    for (const task of to_cancel) task.cancel();
    this.run_until_complete(gather(this, to_cancel, true));
    for (const task of to_cancel) {
      if (task.cancelled()) continue;
      const exc = task.exception();
      if (exc !== null)
        this.call_exception_handler({ message: 'unhandled exception during asyncio.run() shutdown', exception: exc });
    }
  }

  // -- the turn ------------------------------------------------------------------------------------------------
  _run_once(): void {
    const start = this.machine.now;
    const readyAtStart = this._ready.toArray().map(handleInfo);
    const scheduledAtStart = scheduledInfo(this._scheduled);

    // Step 1: remove cancelled timers.
    const removed: HandleInfo[] = [];
    let rebuilt = false;
    const sched_count = this._scheduled.length;
    if (
      sched_count > _MIN_SCHEDULED_TIMER_HANDLES &&
      this._timer_cancelled_count / sched_count > _MIN_CANCELLED_TIMER_HANDLES_FRACTION
    ) {
      rebuilt = true;
      const new_scheduled: TimerHandle[] = [];
      for (const handle of this._scheduled) {
        if (handle._cancelled) {
          handle._scheduled = false;
          removed.push(handleInfo(handle));
        } else new_scheduled.push(handle);
      }
      heapify(new_scheduled);
      this._scheduled = new_scheduled;
      this._timer_cancelled_count = 0;
    } else {
      while (this._scheduled.length > 0 && this._scheduled[0]!._cancelled) {
        this._timer_cancelled_count -= 1;
        const handle = heappop(this._scheduled);
        handle._scheduled = false;
        removed.push(handleInfo(handle));
      }
    }

    // Step 2: how long select() may sleep.
    let timeout: number | null = null;
    if (this._ready.length > 0 || this._stopping) timeout = 0;
    else if (this._scheduled.length > 0) {
      const when = this._scheduled[0]!._when;
      timeout = Math.min(Math.max(0, when - this.machine.now), MAXIMUM_SELECT_TIMEOUT);
    }

    // Step 3: select().
    const selectStart = this.machine.now;
    const readyBeforeSelect = this._ready.length;
    const event_list = this._selector.select(timeout);
    const selectEnd = this.machine.now;
    const arrived = this._ready.toArray().slice(readyBeforeSelect).map(handleInfo);

    // Step 4: _process_events.
    const added: HandleInfo[] = [];
    for (const { fd, reader } of event_list) {
      if (reader._cancelled) this._remove_reader(fd);
      else if (!reader._cancelled) {
        this._ready.append(reader);
        added.push(handleInfo(reader));
      }
    }

    // Step 5: timers that are due move to _ready.
    const end_time = this.machine.now + this._clock_resolution;
    const moved: HandleInfo[] = [];
    while (this._scheduled.length > 0) {
      const head = this._scheduled[0]!;
      if (head._when >= end_time) break;
      const handle = heappop(this._scheduled);
      handle._scheduled = false;
      this._ready.append(handle);
      moved.push(handleInfo(handle));
    }

    // Step 6: the only place where callbacks are actually *called*.
    const ntodo = this._ready.length;
    const lastHandleId = this.handleIds;
    const ran: CallbackRun[] = [];
    let starved = false;
    for (let i = 0; this.ntodoSnapshot ? i < ntodo : this._ready.length > 0; i++) {
      if (!this.ntodoSnapshot && i >= this.starvationLimit) {
        starved = true;
        break;
      }
      const handle = this._ready.popleft();
      const t0 = this.machine.now;
      if (handle._cancelled) {
        ran.push({ handle: handleInfo(handle), start: t0, end: t0, skipped: true });
        continue;
      }
      const info = handleInfo(handle);
      let warning: string | undefined;
      this._current_handle = handle;
      try {
        this.runHandle(handle);
      } finally {
        this._current_handle = null;
      }
      const dt = (this.machine.now - t0) / 1e9;
      if (this._debug && dt >= this.slow_callback_duration) {
        warning = slowCallbackWarning(formatHandle(handle), dt);
        this.emit('WARNING', warning);
      }
      ran.push({ handle: info, start: t0, end: this.machine.now, skipped: false, ...(warning ? { warning } : {}) });
    }

    this.turns.push({
      index: this.turns.length,
      phase: this.phase,
      start,
      end: this.machine.now,
      readyAtStart,
      scheduledAtStart,
      step1: { removed, rebuilt },
      step2: { timeout },
      step3: { start: selectStart, end: selectEnd, arrived },
      step4: { added },
      step5: { endTime: end_time, moved },
      step6: {
        ntodo: this.ntodoSnapshot ? ntodo : ran.length,
        lastHandleId,
        ran,
        ...(starved ? { starved: true as const } : {}),
      },
      readyAtEnd: this._ready.toArray().map(handleInfo),
      scheduledAtEnd: scheduledInfo(this._scheduled),
    });
    if (starved) throw new LoopStarved(this.turns.length - 1);
  }

  /** Handle._run: an exception from a callback goes to the loop's exception handler. */
  private runHandle(handle: Handle): void {
    const cb = handle._callback;
    try {
      handle._run();
    } catch (e) {
      if (!(e instanceof PyException)) throw e;
      this.call_exception_handler({
        message: `Exception in callback ${cb ? formatCallbackSource(cb, this._asyncio_dir) : '?'}`,
        exception: e,
      });
    }
  }
}
