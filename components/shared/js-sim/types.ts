/**
 * The simulator's public types: what `simulate()` takes and returns. Every snapshot is plain data, so stepping
 * backwards is reading an earlier snapshot, and a demo can render one without knowing the interpreter.
 */

export type Runtime = 'node' | 'browser';

// ---------------------------------------------------------------------------------------------------------------
// Refusals (parse.ts and the interpreter)

/** Error codes of the simulator; a demo's text file turns each into a sentence in both languages. */
export type SimErrorCode =
  | 'syntax' // acorn's message in `detail`
  | 'unsupported' // a construct outside the subset, named by `construct`
  | 'unknownName' // an identifier that is neither declared nor a supported global
  | 'nodeOnly' // setImmediate, process, require … in the browser runtime
  | 'unsupportedNew' // new X for an X other than Promise / Error
  | 'unsupportedProperty' // a property or method the simulator does not model
  | 'unsupportedLog' // console.log of an object, array, function
  | 'unsupportedValue' // converting an object the simulator does not model to a string
  | 'unsupportedModule' // require('http')
  | 'unsupportedThis' // `this` outside a method call
  | 'tooDeep'; // synchronous recursion deeper than the simulator follows

export interface SimError {
  code: SimErrorCode;
  line: number;
  column: number;
  /** for 'unsupported': a key of the construct (see CONSTRUCTS in the text file) */
  construct?: string;
  /** a name in the code: identifier, property, operator, module */
  name?: string;
  /** for 'syntax': the parser's own message (English) */
  detail?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Public snapshot types

export type TaskKind =
  | 'script' // the whole snippet, the first macrotask
  | 'callback' // a callback the person passed (timer, immediate, nextTick, queueMicrotask, I/O)
  | 'reaction' // a then/catch/finally handler the person passed
  | 'passThrough' // a reaction without a handler: the value or the error passes on to the next promise
  | 'resume' // the continuation of an async function after await (fulfilled)
  | 'resumeThrow' // the continuation after await of a rejected promise (throws at the await)
  | 'thenableJob' // PromiseResolveThenableJob: calls then() of a value a promise was resolved with
  | 'resolveWith' // a resolving function used as a handler (a promise adopting another promise's state)
  | 'finallyStep' // the internal steps of .finally()
  | 'combinator' // an element of Promise.all / allSettled / race
  | 'forAwaitStep'; // for await over an array: the step that turns the next item into the loop's next result

export interface TaskView {
  id: number;
  kind: TaskKind;
  /** the function's name or a short excerpt of its source */
  name: string;
  line: number | null;
  /** timers only: the virtual time (ms) at which it is due */
  due?: number;
}

/**
 * A queue as a snapshot stores it: runs of a list that every snapshot of this queue in one run shares, not a list of
 * its own per step (recording.ts; `queueViews` gives the entries).
 */
export interface QueueRuns {
  /** the list the runs index into (it only grows while the run is recorded) */
  readonly pool: readonly TaskView[];
  /** [from, to) pairs of indices into `pool`, in the queue's order */
  readonly runs: readonly number[];
  /** how many entries the queue holds */
  readonly length: number;
}

export interface FrameView {
  name: string;
  kind: 'script' | 'function' | 'async' | 'job';
  line: number | null;
}

export type Phase = 'script' | 'microtasks' | 'ticks' | 'timers' | 'poll' | 'check' | 'idle' | 'done';

export type StepCode =
  | 'start' // before anything runs
  | 'statement' // about to run the highlighted line
  | 'statements' // params.count more statements ran unrecorded (a long loop), from line params.from
  | 'taskStart' // a task was taken from a queue; params.queue says which
  | 'await' // an async function suspends at await
  | 'sleep' // the loop sleeps until the next timer is due
  | 'waitIo' // nothing else to do: the loop waits in epoll_wait for an I/O operation
  | 'spin' // the loop keeps making the same turn: identical turns are skipped and the clock jumps ahead
  | 'uncaught' // an exception reached the top of a task
  | 'end'; // the program finished or was stopped; see SimResult.end

export interface StepEvent {
  code: StepCode;
  params: Record<string, string | number>;
}

export interface Snapshot {
  index: number;
  event: StepEvent;
  /** line of the code that is highlighted, or null */
  line: number | null;
  now: number;
  phase: Phase;
  stack: FrameView[];
  /** the queues, as runs of a list the run's snapshots share (queueViews in recording.ts gives the entries) */
  microtasks: QueueRuns;
  ticks: QueueRuns;
  timers: QueueRuns;
  immediates: QueueRuns;
  io: QueueRuns;
  /** number of output lines printed so far (a prefix of SimResult.output) */
  outputLength: number;
}

export interface OutputLine {
  text: string;
  kind: 'log' | 'error';
  /** index of the step at which it was printed */
  step: number;
}

export type EndCode =
  | 'done'
  | 'starvedMicrotasks' // the microtask queue never empties
  | 'starvedTicks' // process.nextTick keeps queueing itself
  | 'infiniteLoop' // one task did not return within the work limit (endless, or longer than the simulator follows)
  | 'tooLong' // the program keeps scheduling work (e.g. setInterval) past the step cap
  | 'crashUncaught' // Node: an uncaught exception ends the process
  | 'crashUnhandledRejection'; // Node: an unhandled rejection ends the process

export type TimingCode =
  | 'timerVsImmediate' // a timer due within 1 ms while setImmediate callbacks are pending (Node)
  | 'timersAcrossTasks' // two timers set by different callbacks become due within 2 ms of each other
  | 'ioVsOther' // an I/O callback races with timers or immediates
  | 'ioVsIo' // several I/O operations in flight: completion order is not fixed
  | 'clockTicks' // Node: the clock may advance between two setTimeout calls, and timers of one list then fall due apart
  | 'loopSpin'; // the loop spins while a timer waits: how many turns fit before it is due changes the output

export interface TimingNote {
  code: TimingCode;
  params: Record<string, string | number>;
  /** whether another plausible timing prints the lines in a different order */
  affectsOutput: boolean;
  /** when it does: the output of another timing */
  alternative: string[] | null;
  /** every distinct output the perturbed timings produce (besides the nominal one) */
  alternatives: string[][];
}

/**
 * Perturbations of the virtual clock used to test whether a timing-dependent order changes the output: 'ioEarly' (an I/O operation completes
 * at the first poll), 'ioLate' (it completes only after the timers due soon), 'callbackTimersLate' (timers set by
 * callbacks start a few ms late because the callback itself ran late); 'spinLate' and 'spinNever' change when a
 * spin of the loop is skipped (see spin.ts).
 */
export type Variant = 'nominal' | 'ioEarly' | 'ioLate' | 'callbackTimersLate' | 'spinLate' | 'spinNever';

/**
 * A choice at a timing decision point: 'n' the nominal timing, 'a' the loop is late (every timer with that due
 * time runs), 'o' only that one timer is due (see timing.ts).
 */
export type Decision = 'n' | 'a' | 'o';

export interface SimEnd {
  code: EndCode;
  params: Record<string, string | number>;
}

export type SimResult =
  | {
      ok: true;
      runtime: Runtime;
      steps: Snapshot[];
      output: OutputLine[];
      end: SimEnd;
      /** non-null when the real order depends on timing; the steps then show one possible order */
      timing: TimingNote | null;
    }
  | { ok: false; runtime: Runtime; error: SimError };

export interface SimOptions {
  /** maximum number of snapshots before the run is stopped (starvation, endless programs) */
  maxSteps?: number;
  /** a perturbation of timing (see Variant); the default is 'nominal' */
  variant?: Variant;
  /** choices at the timing decision points (see Decision); 'n' beyond the list */
  decisions?: readonly Decision[];
  /** whether to explore other timings when the order depends on timing (default true) */
  exploreTiming?: boolean;
  /**
   * Asked every 1,024 operations inside a task (simulateSlices drives a run in slices that end only between tasks):
   * true stops the whole simulation with an Overrun (a task has held the thread too long to go on). Default: never.
   */
  interrupt?: () => boolean;
  /**
   * Whether code without an `await` inside takes the synchronous path (fast.ts; default true). False sends every
   * statement and expression through evaluate.ts's generators: the tests run the corpus both ways, which must agree.
   */
  syncPath?: boolean;
}

export const DEFAULT_MAX_STEPS = 3000;
