/**
 * M tasks on N OS threads: a pure model of how three runtimes with green threads react when the task on the first
 * thread blocks, computes or waits. Parameters in, a short recording of scheduler states out; the demo steps
 * through it with lib/stepping. No DOM, no timers, no randomness.
 *
 * What each scenario reproduces (sources in the slide's notes; the Go and Erlang figures are checked against the
 * real runtimes in tests/unit/green-threads-real.test.ts):
 * - Go (GMP: a G runs on an M, an OS thread, holding a P; GOMAXPROCS Ps):
 *   - a blocking syscall (`entersyscall`): the M blocks in the kernel with its G, its P marked _Psyscall; sysmon
 *     (runtime/proc.go, `retake`) takes the P after one sysmon tick (at least 20 µs) if other work waits and hands
 *     it to another M (`handoffp`, an idle M or a new OS thread); when the call returns, the G finds no P and goes
 *     to the global run queue, the M sleeps;
 *   - a long loop: sysmon preempts a G that has run 10 ms (`forcePreemptNS`), asynchronously (a signal) since Go 1.14;
 *   - a channel receive with nothing to receive: `gopark`, the G leaves its M, which runs the next G at once; a send
 *     makes it runnable again (`goready`, into the sender's P's `runnext`).
 * - Java 21+ virtual threads (mounted on carrier threads of a ForkJoinPool; parallelism = cores):
 *   - blocking socket I/O: the virtual thread unmounts (its frames are copied to the heap) and the carrier takes the
 *     next one; when data arrives it is resubmitted to the pool;
 *   - a long loop: nothing happens; virtual threads are not preempted by time (JEP 444);
 *   - `BlockingQueue.take()` on an empty queue: parks and unmounts, like I/O;
 *   - `synchronized` + I/O: before Java 24 (JEP 491) the virtual thread cannot unmount while it holds a monitor:
 *     it pins its carrier, which blocks in the kernel.
 * - Erlang/Elixir (one scheduler thread per core, each with a run queue):
 *   - a file read: the file NIF runs on a dirty I/O scheduler (a separate pool of threads), the process is
 *     suspended and the scheduler runs the next one;
 *   - a long loop: a process is switched out when its reductions run out (CONTEXT_REDS = 4,000, erl_vm.h);
 *   - `receive` with no matching message: the process is parked out of the run queue until a message arrives.
 */

import * as stepping from '../../lib/stepping.ts';
import {
  choose,
  initialQuizState,
  reveal,
  setMode,
  tryAgain,
  type QuizMode,
  type QuizQuestion,
  type QuizState,
} from '../shared/quiz/quiz-model.ts';
import { SPEAKER_SEQUENCE } from './green-threads-sequence.ts';
import { MEASURED } from './green-threads-measured.ts';
import { ANSWER } from './green-threads-answer.ts';

export { SPEAKER_SEQUENCE };

export const RUNTIMES = ['go', 'java', 'erlang'] as const;
export type Runtime = (typeof RUNTIMES)[number];

export const ACTIONS = ['syscall', 'cpu', 'receive', 'pinned'] as const;
export type Action = (typeof ACTIONS)[number];

/** The actions a runtime offers: `synchronized` is Java's. */
export function actionsOf(runtime: Runtime): readonly Action[] {
  return runtime === 'java' ? ACTIONS : ACTIONS.filter((a) => a !== 'pinned');
}

export const LIMITS = {
  threads: { min: 1, max: 8 },
  tasks: { min: 1, max: 10_000 },
} as const;

export interface GreenParams {
  readonly runtime: Runtime;
  readonly action: Action;
  /**
   * What runs tasks at once: Go's Ps (GOMAXPROCS; each held by an M, an OS thread, and a blocked M's P goes to a new
   * M, so Ms can outnumber Ps), the carrier pool's parallelism (OS threads), the number of schedulers (OS threads).
   */
  readonly threads: number;
  /** Tasks: goroutines, virtual threads, processes. */
  readonly tasks: number;
}

// ------------------------------------------------------------------------------------------ measured figures

export { MEASURED } from './green-threads-measured.ts';

/** Go's sysmon: the first tick, and the slice after which a running G is preempted (runtime/proc.go). */
export const GO_SYSMON_TICK_US = 20;
export const GO_PREEMPT_MS = 10;
/** Erlang's reductions per slice (CONTEXT_REDS in erts/emulator/beam/erl_vm.h). */
export const ERLANG_REDUCTIONS = 4000;
/** How long the blocking call, the wait for data or a message lasts in the story (an assumption, not a measurement), µs. */
export const BLOCKING_CALL_US = 5000;
/** An OS thread's stack reservation on Linux (`ulimit -s`), for the comparison line: address space, not memory. */
export const OS_THREAD_STACK_BYTES = 8 * 1024 * 1024;

/**
 * What `tasks` idle OS threads would cost, for the comparison line: the address space their stacks reserve (virtual,
 * VmSize) and the memory they hold (resident, VmRSS, as measured on this machine: MEASURED.osThread).
 */
export function osThreadCost(tasks: number): { reserved: number; resident: number; residentEach: number } {
  const residentEach = MEASURED.osThread.residentPerThread;
  return { reserved: tasks * OS_THREAD_STACK_BYTES, resident: tasks * residentEach, residentEach };
}

export interface TaskMemory {
  /** Bytes per task, as the slide states it. */
  readonly bytes: number;
  /** Where the figure comes from. */
  readonly basis: 'measured' | 'cited';
}

/**
 * Memory per task. Go: the measured 2 KB stack and the runtime's structures; Erlang: the measured fresh process;
 * Java: a parked virtual thread's frames on the heap, "hundreds of bytes to a KB" (seed 004; it depends on the
 * depth of the stack), taken at 1 KB.
 */
export function taskMemory(runtime: Runtime): TaskMemory {
  switch (runtime) {
    case 'go':
      return { bytes: MEASURED.go.stackPerTask + MEASURED.go.overheadPerTask, basis: 'measured' };
    case 'java':
      return { bytes: 1024, basis: 'cited' };
    case 'erlang':
      return { bytes: MEASURED.erlang.processBytes, basis: 'measured' };
  }
}

export type ByteUnit = 'B' | 'KB' | 'MB' | 'GB';

/** A size in the unit the slide shows it in (binary multiples: 1 KB = 1,024 B). */
export function inUnits(bytes: number): { value: number; unit: ByteUnit } {
  if (bytes < 1024) return { value: bytes, unit: 'B' };
  if (bytes < 1024 ** 2) return { value: bytes / 1024, unit: 'KB' };
  if (bytes < 1024 ** 3) return { value: bytes / 1024 ** 2, unit: 'MB' };
  return { value: bytes / 1024 ** 3, unit: 'GB' };
}

export function totalMemory(p: GreenParams): number {
  return taskMemory(p.runtime).bytes * p.tasks;
}

// ------------------------------------------------------------------------------------------ the recording

/** What an OS thread is doing. `kernel`: blocked in a syscall; `pinned`: a carrier blocked with its virtual thread. */
export type LaneStatus = 'running' | 'kernel' | 'pinned' | 'idle' | 'dirty';

export interface Lane {
  /** `worker`: one of the N threads; `extra`: a thread the runtime added (Go's new M, Erlang's dirty I/O scheduler). */
  readonly kind: 'worker' | 'extra';
  /** 1-based number of the OS thread. */
  readonly thread: number;
  /** Go: the number of the P this M holds (null: none). */
  readonly p: number | null;
  /** The task on it, 1-based, or null. */
  readonly task: number | null;
  readonly status: LaneStatus;
}

/** Where the first task is. `heap`: a virtual thread unmounted, its frames on the heap; `done`: finished. */
export type Task1Status = 'running' | 'kernel' | 'pinned' | 'queued' | 'parked' | 'heap' | 'dirty' | 'next' | 'done';

export type EventKey =
  | 'start'
  | 'go-syscall-enter'
  | 'go-handoff'
  | 'go-no-work'
  | 'go-syscall-exit'
  | 'go-preempt'
  | 'go-park'
  | 'go-ready'
  | 'java-unmount'
  | 'java-remount'
  | 'java-no-preempt'
  | 'java-loop-done'
  | 'java-park'
  | 'java-unpark'
  | 'java-pinned'
  | 'java-pinned-exit'
  | 'erl-dirty'
  | 'erl-dirty-done'
  | 'erl-reductions'
  | 'erl-receive'
  | 'erl-message';

export interface Frame {
  /** Time since the action began, µs (null: not a matter of time, e.g. 4,000 reductions). */
  readonly t: number | null;
  readonly event: EventKey;
  readonly lanes: readonly Lane[];
  /** Runnable tasks waiting for a thread, in the order they will get one. */
  readonly queue: readonly number[];
  /** Tasks waiting for something other than a thread (a message, data), not runnable. */
  readonly parked: readonly number[];
  readonly task1: Task1Status;
  /** OS threads the runtime uses for tasks (lanes), not counting its helpers (Go's sysmon). */
  readonly osThreads: number;
  /** Erlang: reductions the first process has left in its slice (null elsewhere). */
  readonly reductionsLeft: number | null;
  /** The task that got a thread in this step (the first thread, or Go's new M), or null when none waited. */
  readonly next: number | null;
}

/** A scheduler state under construction: lanes, queue and parked tasks. */
interface Sched {
  lanes: Lane[];
  queue: number[];
  parked: number[];
}

function startSched(p: GreenParams): Sched {
  const lanes: Lane[] = [];
  for (let i = 1; i <= p.threads; i++) {
    const task = i <= p.tasks ? i : null;
    lanes.push({
      kind: 'worker',
      thread: i,
      p: p.runtime === 'go' ? i : null,
      task,
      status: task === null ? 'idle' : 'running',
    });
  }
  const queue: number[] = [];
  for (let i = p.threads + 1; i <= p.tasks; i++) queue.push(i);
  return { lanes, queue, parked: [] };
}

function snapshot(
  s: Sched,
  t: number | null,
  event: EventKey,
  task1: Task1Status,
  next: number | null = null,
  reductionsLeft: number | null = null,
): Frame {
  return {
    next,
    t,
    event,
    lanes: s.lanes.map((l) => ({ ...l })),
    queue: [...s.queue],
    parked: [...s.parked],
    task1,
    osThreads: s.lanes.length,
    reductionsLeft,
  };
}

function setLane(s: Sched, index: number, change: Partial<Lane>): void {
  const lane = s.lanes[index];
  if (lane) s.lanes[index] = { ...lane, ...change };
}

/** The head of the run queue (or null), taken off it. */
function takeNext(s: Sched): number | null {
  return s.queue.shift() ?? null;
}

/** Lane `index` takes the next runnable task (returned), or goes idle (null). */
function runNext(s: Sched, index: number): number | null {
  const next = takeNext(s);
  setLane(s, index, { task: next, status: next === null ? 'idle' : 'running' });
  return next;
}

function goSyscall(p: GreenParams): Frame[] {
  const s = startSched(p);
  const frames = [snapshot(s, 0, 'start', 'running')];
  setLane(s, 0, { status: 'kernel' });
  frames.push(snapshot(s, 0, 'go-syscall-enter', 'kernel'));
  if (s.queue.length === 0) {
    frames.push(snapshot(s, GO_SYSMON_TICK_US, 'go-no-work', 'kernel'));
    setLane(s, 0, { status: 'running' });
    frames.push(snapshot(s, BLOCKING_CALL_US, 'go-syscall-exit', 'running'));
    return frames;
  }
  // sysmon: the P leaves M1 (blocked in the kernel with G1) for another M, a new OS thread
  setLane(s, 0, { p: null });
  const next = takeNext(s);
  s.lanes.push({ kind: 'extra', thread: p.threads + 1, p: 1, task: next, status: 'running' });
  frames.push(snapshot(s, GO_SYSMON_TICK_US, 'go-handoff', 'kernel', next));
  // the call returns: G1 has no P, goes to the global run queue; M1 sleeps
  setLane(s, 0, { task: null, status: 'idle' });
  s.queue.push(1);
  frames.push(snapshot(s, BLOCKING_CALL_US, 'go-syscall-exit', 'queued', next));
  return frames;
}

function goCpu(p: GreenParams): Frame[] {
  const s = startSched(p);
  const frames = [snapshot(s, 0, 'start', 'running')];
  if (s.queue.length === 0) {
    frames.push(snapshot(s, GO_PREEMPT_MS * 1000, 'go-preempt', 'running'));
    return frames;
  }
  s.queue.push(1);
  const next = runNext(s, 0);
  frames.push(snapshot(s, GO_PREEMPT_MS * 1000, 'go-preempt', 'queued', next));
  return frames;
}

function goReceive(p: GreenParams): Frame[] {
  const s = startSched(p);
  const frames = [snapshot(s, 0, 'start', 'running')];
  s.parked.push(1);
  frames.push(snapshot(s, 0, 'go-park', 'parked', runNext(s, 0)));
  s.parked = s.parked.filter((x) => x !== 1);
  s.queue.unshift(1);
  frames.push(snapshot(s, BLOCKING_CALL_US, 'go-ready', 'next'));
  return frames;
}

function javaUnmounting(p: GreenParams, leave: EventKey, back: EventKey): Frame[] {
  const s = startSched(p);
  const frames = [snapshot(s, 0, 'start', 'running')];
  s.parked.push(1);
  frames.push(snapshot(s, 0, leave, 'heap', runNext(s, 0)));
  s.parked = s.parked.filter((x) => x !== 1);
  const idle = s.lanes.findIndex((l) => l.status === 'idle');
  if (idle >= 0) {
    setLane(s, idle, { task: 1, status: 'running' });
    frames.push(snapshot(s, BLOCKING_CALL_US, back, 'running'));
  } else {
    s.queue.push(1);
    frames.push(snapshot(s, BLOCKING_CALL_US, back, 'queued'));
  }
  return frames;
}

function javaCpu(p: GreenParams): Frame[] {
  const s = startSched(p);
  const frames = [snapshot(s, 0, 'start', 'running')];
  frames.push(snapshot(s, GO_PREEMPT_MS * 1000, 'java-no-preempt', 'running'));
  // the loop ends after a second: only then does the carrier take the next virtual thread
  frames.push(snapshot(s, 1_000_000, 'java-loop-done', 'done', runNext(s, 0)));
  return frames;
}

function javaPinned(p: GreenParams): Frame[] {
  const s = startSched(p);
  const frames = [snapshot(s, 0, 'start', 'running')];
  setLane(s, 0, { status: 'pinned' });
  frames.push(snapshot(s, 0, 'java-pinned', 'pinned'));
  setLane(s, 0, { status: 'running' });
  frames.push(snapshot(s, BLOCKING_CALL_US, 'java-pinned-exit', 'running'));
  return frames;
}

function erlangDirty(p: GreenParams): Frame[] {
  const s = startSched(p);
  // a dirty I/O scheduler: its threads exist from the start (10 by default, +SDio); one is drawn
  const dirty = s.lanes.length;
  s.lanes.push({ kind: 'extra', thread: p.threads + 1, p: null, task: null, status: 'idle' });
  const frames = [snapshot(s, 0, 'start', 'running')];
  const next = runNext(s, 0);
  setLane(s, dirty, { task: 1, status: 'dirty' });
  frames.push(snapshot(s, 0, 'erl-dirty', 'dirty', next));
  setLane(s, dirty, { task: null, status: 'idle' });
  const idle = s.lanes.findIndex((l) => l.kind === 'worker' && l.status === 'idle');
  if (idle >= 0) {
    setLane(s, idle, { task: 1, status: 'running' });
    frames.push(snapshot(s, BLOCKING_CALL_US, 'erl-dirty-done', 'running'));
  } else {
    s.queue.push(1);
    frames.push(snapshot(s, BLOCKING_CALL_US, 'erl-dirty-done', 'queued'));
  }
  return frames;
}

function erlangCpu(p: GreenParams): Frame[] {
  const s = startSched(p);
  const frames = [snapshot(s, 0, 'start', 'running', null, ERLANG_REDUCTIONS)];
  if (s.queue.length === 0) {
    // nobody else to run: a new slice at once, on the same scheduler
    frames.push(snapshot(s, null, 'erl-reductions', 'running', null, ERLANG_REDUCTIONS));
    return frames;
  }
  s.queue.push(1);
  const next = runNext(s, 0);
  frames.push(snapshot(s, null, 'erl-reductions', 'queued', next, 0));
  return frames;
}

function erlangReceive(p: GreenParams): Frame[] {
  const s = startSched(p);
  const frames = [snapshot(s, 0, 'start', 'running')];
  s.parked.push(1);
  frames.push(snapshot(s, 0, 'erl-receive', 'parked', runNext(s, 0)));
  s.parked = s.parked.filter((x) => x !== 1);
  const idle = s.lanes.findIndex((l) => l.status === 'idle');
  if (idle >= 0) {
    setLane(s, idle, { task: 1, status: 'running' });
    frames.push(snapshot(s, BLOCKING_CALL_US, 'erl-message', 'running'));
  } else {
    s.queue.push(1);
    frames.push(snapshot(s, BLOCKING_CALL_US, 'erl-message', 'queued'));
  }
  return frames;
}

/** The recording of one scenario: the scheduler's states, one per thing the runtime does. */
export function scenario(params: GreenParams): readonly Frame[] {
  const p = normalize(params);
  switch (p.runtime) {
    case 'go':
      if (p.action === 'syscall') return goSyscall(p);
      if (p.action === 'cpu') return goCpu(p);
      return goReceive(p);
    case 'java':
      if (p.action === 'syscall') return javaUnmounting(p, 'java-unmount', 'java-remount');
      if (p.action === 'cpu') return javaCpu(p);
      if (p.action === 'receive') return javaUnmounting(p, 'java-park', 'java-unpark');
      return javaPinned(p);
    case 'erlang':
      if (p.action === 'syscall') return erlangDirty(p);
      if (p.action === 'cpu') return erlangCpu(p);
      return erlangReceive(p);
  }
}

/** Parameters brought into range: integers within LIMITS, an action the runtime has. */
export function normalize(p: GreenParams): GreenParams {
  const clampInt = (v: number, lim: { min: number; max: number }) =>
    Number.isFinite(v) ? Math.min(lim.max, Math.max(lim.min, Math.round(v))) : lim.min;
  const runtime = RUNTIMES.includes(p.runtime) ? p.runtime : 'go';
  const action = actionsOf(runtime).includes(p.action) ? p.action : 'syscall';
  return { runtime, action, threads: clampInt(p.threads, LIMITS.threads), tasks: clampInt(p.tasks, LIMITS.tasks) };
}

/** Threads with a task on them, running Go/Java/Erlang code (not blocked in the kernel). */
export function runningThreads(f: Frame): number {
  return f.lanes.filter((l) => l.status === 'running').length;
}

/** Every task is somewhere exactly once: on a lane, in the queue, or parked. */
export function placedTasks(f: Frame): number[] {
  const on = f.lanes.flatMap((l) => (l.task === null ? [] : [l.task]));
  return [...on, ...f.queue, ...f.parked].sort((a, b) => a - b);
}

// ------------------------------------------------------------------------------------------ the quiz

/**
 * "Predict, then see": 10,000 goroutines blocked on a channel — how many OS threads? The answer is the measured
 * one (green-threads-answer-figures.ts: the threads with GOMAXPROCS=2), in green-threads-answer.ts (null in the phones' build).
 */
export const QUIZ: QuizQuestion = { id: 'green-threads-predict', choiceCount: 4, correct: ANSWER.correct };

// ------------------------------------------------------------------------------------------ the demo's state

export interface GreenState {
  readonly params: GreenParams;
  /** Index into scenario(params) (lib/stepping's cursor). */
  readonly index: number;
  /** Which panel shows: the scheduler or the question. */
  readonly panel: 'scheduler' | 'predict';
  readonly quiz: QuizState;
}

export const DEFAULT_PARAMS: GreenParams = { runtime: 'go', action: 'syscall', threads: 4, tasks: 10_000 };

export function initialState(): GreenState {
  return stateForStep(0, {
    params: DEFAULT_PARAMS,
    index: 0,
    panel: 'scheduler',
    quiz: initialQuizState(QUIZ),
  });
}

/** Speaker step `step` (clamped): its runtime, action and frame, with the person's M, N and quiz kept. */
export function stateForStep(step: number, current: GreenState): GreenState {
  const entry = SPEAKER_SEQUENCE[stepping.clampIndex(step, SPEAKER_SEQUENCE.length)] ?? SPEAKER_SEQUENCE[0];
  const params = normalize({ ...current.params, runtime: entry.runtime, action: entry.action });
  const length = scenario(params).length;
  return { ...current, params, panel: 'scheduler', index: stepping.clampIndex(entry.frame, length) };
}

export function frameCount(state: GreenState): number {
  return scenario(state.params).length;
}

export function currentFrame(state: GreenState): Frame {
  const frames = scenario(state.params);
  return frames[stepping.clampIndex(state.index, frames.length)] ?? frames[0]!;
}

/** A new runtime keeps the action when it has it (Go and Erlang have no `synchronized`), and starts over. */
export function setRuntime(state: GreenState, runtime: Runtime): GreenState {
  if (state.params.runtime === runtime) return state;
  return { ...state, params: normalize({ ...state.params, runtime }), index: 0 };
}

export function setAction(state: GreenState, action: Action): GreenState {
  if (state.params.action === action || !actionsOf(state.params.runtime).includes(action)) return state;
  return { ...state, params: { ...state.params, action }, index: 0 };
}

export function setCount(state: GreenState, key: 'threads' | 'tasks', value: number): GreenState {
  const params = normalize({ ...state.params, [key]: value });
  if (params[key] === state.params[key]) return state;
  return { ...state, params, index: 0 };
}

export function forward(state: GreenState): GreenState {
  return stepping.forward(state, frameCount(state));
}

export function back(state: GreenState): GreenState {
  return stepping.back(state);
}

export function reset(state: GreenState): GreenState {
  return stepping.reset(state);
}

export function goTo(state: GreenState, index: number): GreenState {
  return stepping.goTo(state, index, frameCount(state));
}

export function setPanel(state: GreenState, panel: GreenState['panel']): GreenState {
  return state.panel === panel ? state : { ...state, panel };
}

export function answer(state: GreenState, choice: number): GreenState {
  const quiz = choose(state.quiz, choice);
  return quiz === state.quiz ? state : { ...state, quiz };
}

export function revealAnswer(state: GreenState): GreenState {
  const quiz = reveal(state.quiz);
  return quiz === state.quiz ? state : { ...state, quiz };
}

export function retryQuiz(state: GreenState): GreenState {
  const quiz = tryAgain(state.quiz);
  return quiz === state.quiz ? state : { ...state, quiz };
}

export function setQuizMode(state: GreenState, mode: QuizMode): GreenState {
  const quiz = setMode(state.quiz, mode);
  return quiz === state.quiz ? state : { ...state, quiz };
}
