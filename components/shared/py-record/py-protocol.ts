/**
 * What the recorder's worker (py-worker.ts) and its client (py-runner.ts) say to each other, and the recording the
 * recorder returns (asyncio_recorder.py's `record`, as JSON). Types only, and one guard for what comes back.
 */

/** One handle step 6 of a turn ran. */
export interface RecordedHandle {
  /** `Task.__step`, `Task.__wakeup`, or the callback's qualname. */
  readonly fn: string;
  readonly qualname: string;
  /** As a person reads it: `Task.__step of task 'Task-1' (main)`. */
  readonly what: string;
  readonly stdout?: string;
  readonly stderr?: string;
  /** Seconds it kept the loop (time.sleep inside it). */
  readonly blocked?: number;
  /** The program's lines it ran at: where a task resumed and where it paused, a callback's first line. */
  readonly lines?: readonly number[];
}

export interface RecordedTimer {
  readonly when: number;
  readonly what: string;
}

export interface RecordedTask {
  readonly name: string;
  readonly coro: string;
  /** The call it runs, as written: `worker(2)`. */
  readonly call?: string;
  readonly state: 'pending' | 'done' | 'failed' | 'cancelled';
  readonly waiting?: string;
  readonly result?: string;
  readonly exception?: string;
}

/** What an executor's worker did during a turn (asyncio.to_thread, loop.run_in_executor). */
export interface RecordedThreadEvent {
  /** Virtual seconds. */
  readonly time: number;
  /** How many of the turn's handles had run (or were running) when it happened. */
  readonly after: number;
  /** The worker, as CPython's pool names its threads: asyncio_0, asyncio_1… */
  readonly thread: string;
  readonly job: number;
  readonly kind: 'submitted' | 'printed' | 'finished';
  /** A real thread (CPython) or a modelled worker (Pyodide: no threads in WebAssembly). */
  readonly real: boolean;
  readonly what: string;
  readonly stdout?: string;
  readonly stderr?: string;
}
/** One `_run_once` turn. */
export interface RecordedTurn {
  readonly n: number;
  /** main, cancel_all_tasks, shutdown_asyncgens, shutdown_default_executor (or loop: run_forever). */
  readonly phase: string;
  /** Virtual seconds at the start of the turn. */
  readonly time: number;
  readonly ready: readonly string[];
  readonly scheduled: readonly RecordedTimer[];
  readonly ran: readonly RecordedHandle[];
  /** Seconds the loop slept in select(). */
  readonly slept?: number;
  readonly time_after?: number;
  readonly ready_after?: readonly string[];
  readonly scheduled_after?: readonly RecordedTimer[];
  readonly tasks?: readonly RecordedTask[];
  /** What the executor's workers did in the turn, in order. */
  readonly threads?: readonly RecordedThreadEvent[];
}

/** How a recording ended (asyncio_recorder.py's `end`). */
const ENDS = ['done', 'exception', 'refused', 'syntax', 'turns', 'bytes', 'budget', 'deadlock'] as const;
export type RecordingEnd = (typeof ENDS)[number];

export interface PyRecording {
  readonly python: string;
  readonly ok: boolean;
  readonly end: RecordingEnd;
  /** The refusal's kind: threads, sockets, subprocess, input, sandbox, import. */
  readonly code?: string;
  readonly message: string | null;
  readonly line: number | null;
  readonly turns: readonly RecordedTurn[];
  readonly stdout: string;
  readonly stderr: string;
  readonly traceback: string | null;
  /** The program recorded. */
  readonly source?: string;
  /** How the executor's workers ran: real threads (CPython) or modelled in the loop's thread (Pyodide). */
  readonly threads?: 'real' | 'modelled';
}

/** Page → worker. */
export interface RunRequest {
  readonly kind: 'run';
  readonly id: number;
  readonly source: string;
  readonly budgetMs: number;
  readonly debug: boolean;
}

/** Page → worker: load Python now, ahead of a run (idle-time prefetch); nothing is posted back but progress. */
export interface WarmRequest {
  readonly kind: 'warm';
}

/**
 * The largest recording (characters of its JSON) the worker sends and the page reads. The recorder bounds itself
 * (2,000 turns, 2 MB of recording), but it runs beside the program, which can undo that: the worker, which makes the
 * JSON itself, does not send one over this bound, and the page refuses one before parsing it.
 */
export const MAX_RECORDING_CHARS = 16_000_000;

/** Worker → page. */
export type WorkerMessage =
  | { readonly kind: 'progress'; readonly loaded: number; readonly total: number }
  | { readonly kind: 'started'; readonly id: number; readonly python: string }
  | { readonly kind: 'result'; readonly id: number; readonly json: string }
  /** The recording was larger than MAX_RECORDING_CHARS: not sent. */
  | { readonly kind: 'oversize'; readonly id: number; readonly chars: number }
  | { readonly kind: 'failed'; readonly id: number; readonly message: string };

/** The recorder's JSON, or null when it is not a recording. */
export function parseRecording(json: string): PyRecording | null {
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const r = v as Partial<PyRecording>;
  if (typeof r.python !== 'string' || !(ENDS as readonly string[]).includes(String(r.end)) || !Array.isArray(r.turns))
    return null;
  return r as PyRecording;
}
