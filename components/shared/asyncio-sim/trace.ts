/**
 * The recording of a run: one `Turn` per call of `_run_once`, with what each of its six steps did, what `_ready`
 * and `_scheduled` held and the virtual clock. A demo steps through `turns` with lib/stepping.ts (a state with
 * an `index` into them).
 */
import type { Handle, TimerHandle } from './events.ts';

/** Which of asyncio.run's run_until_complete calls a turn belongs to (runners.py, Runner.run and Runner.close). */
export type RunPhase = 'main' | 'cancel_all_tasks' | 'shutdown_asyncgens' | 'shutdown_default_executor' | 'loop';

/** A handle as a trace shows it: frozen at the moment it was recorded. */
export interface HandleInfo {
  readonly id: number;
  readonly kind: 'Handle' | 'TimerHandle';
  /** The callback's qualname: `TaskStepMethWrapper`, `Task.task_wakeup`, `_set_result_unless_cancelled`, … */
  readonly callback: string;
  /** The task a bound method belongs to (`Task-2`), if any. */
  readonly task?: string;
  /** TimerHandle: when it is due (ns of virtual time). */
  readonly when?: number;
  readonly cancelled: boolean;
}

export interface CallbackRun {
  readonly handle: HandleInfo;
  readonly start: number;
  readonly end: number;
  /** Popped but not run: cancelled after it was put in `_ready`. */
  readonly skipped: boolean;
  /** The debug-mode warning this callback caused, if any. */
  readonly warning?: string;
}

export interface Turn {
  /** 0-based over the whole run. */
  readonly index: number;
  readonly phase: RunPhase;
  readonly start: number;
  readonly end: number;
  readonly readyAtStart: readonly HandleInfo[];
  readonly scheduledAtStart: readonly HandleInfo[];
  /** Step 1: cancelled timers removed (from the head of the heap, or all of them when the heap was rebuilt). */
  readonly step1: { readonly removed: readonly HandleInfo[]; readonly rebuilt: boolean };
  /** Step 2: the timeout for select(), ns (null: wait forever); 0 when `_ready` was not empty or the loop stops. */
  readonly step2: { readonly timeout: number | null };
  /**
   * Step 3: select() — when the loop's thread went to sleep and woke (equal when it did not sleep), and the
   * handles other threads appended to `_ready` meanwhile (`call_soon_threadsafe`: a worker thread finished).
   */
  readonly step3: { readonly start: number; readonly end: number; readonly arrived: readonly HandleInfo[] };
  /** Step 4: handles of I/O events appended to `_ready` (`_process_events`). */
  readonly step4: { readonly added: readonly HandleInfo[] };
  /** Step 5: timers whose `when` is before `end_time` moved from `_scheduled` to `_ready`. */
  readonly step5: { readonly endTime: number; readonly moved: readonly HandleInfo[] };
  /**
   * Step 6: `ntodo = len(self._ready)` and the handles run, in order. `lastHandleId`: the newest handle that
   * existed at the snapshot; anything newer was made while step 6 ran, and waits for a later turn.
   */
  readonly step6: {
    readonly ntodo: number;
    readonly lastHandleId: number;
    readonly ran: readonly CallbackRun[];
    /** Only without the ntodo snapshot: `_ready` never emptied and the model gave up on this turn. */
    readonly starved?: true;
  };
  readonly readyAtEnd: readonly HandleInfo[];
  readonly scheduledAtEnd: readonly HandleInfo[];
}

export function handleInfo(h: Handle | TimerHandle): HandleInfo {
  const timer = h.kind === 'TimerHandle' ? (h as TimerHandle) : null;
  return {
    id: h.id,
    kind: h.kind,
    callback: h.label,
    ...(h.owner ? { task: h.owner } : {}),
    ...(timer ? { when: timer._when } : {}),
    cancelled: h._cancelled,
  };
}

/** `_scheduled` as a person reads it: by `when`, ties in heap order. */
export function scheduledInfo(heap: readonly TimerHandle[]): HandleInfo[] {
  return heap
    .map((h, i) => ({ h, i }))
    .sort((a, b) => a.h._when - b.h._when || a.i - b.i)
    .map(({ h }) => handleInfo(h));
}

/** Which turns ran a callback matching `pred` (for reading a trace: "which turn woke the heartbeat?"). */
export function turnsRunning(turns: readonly Turn[], pred: (h: HandleInfo) => boolean): number[] {
  return turns.filter((t) => t.step6.ran.some((r) => !r.skipped && pred(r.handle))).map((t) => t.index);
}
