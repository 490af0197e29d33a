/**
 * The task-queue simulator: a pure model of how Node (CommonJS, Node ≥ 11, libuv ≥ 1.45) and a browser
 * (Chromium) order the callbacks of a JavaScript snippet.
 *
 * The snippet is parsed with acorn (sim-parse.ts) and interpreted node by node; the person's code is never
 * evaluated by the host. Promises follow ECMA-262 (§27.2): resolving functions, PromiseResolveThenableJob,
 * PromiseReactionJob, `await` as PerformPromiseThen on PromiseResolve(v) (one tick for a native promise),
 * `return p` in an async function resolving its promise with a thenable (two more ticks). Node's order follows
 * lib/internal/process/task_queues.js (nextTick queue, then all microtasks, repeated) and
 * lib/internal/timers.js (timers in due-time order, `runNextTicks()` between callbacks); the loop's phases follow
 * libuv's uv_run (timers, pending, poll, check, closing; since libuv 1.45 timers run at the end of an iteration).
 *
 * `simulate()` runs the whole snippet up front (a virtual clock, no host timers) and returns every step as a plain
 * snapshot, so stepping backwards is reading an earlier snapshot. It is deterministic: same input, same output.
 *
 * Time and turns of the loop. Running code takes no virtual time; the clock moves when the loop sleeps until a timer
 * is due. A real turn of the loop does take time — a few microseconds (on this machine a bare setImmediate turn takes
 * about 2.5 µs, a polling `await new Promise(r => setImmediate(r))` turn about 4–8 µs: 600–1,200 turns before a 5 ms
 * timer) — too little to matter for a short chain of callbacks, but it is why a loop that polls with setImmediate
 * eventually sees a timer fall due. Simulating each of those turns would blow the step cap, so the simulator
 * fast-forwards a *spin* (see `turnBoundary`): when the loop has made the same turn SPIN_TURNS times in a row — the
 * same callbacks on the same lines, nothing printed, no I/O, the same work left pending (a timer or immediate the turn
 * re-creates counts as the same) — while a timer set before the spin waits, the turns that would follow are taken as
 * identical and skipped: with setImmediate polling (a turn costs ~0 ms of virtual time) the clock jumps to the timer;
 * with timer polling (each turn sleeps P ms: 1 ms in Node, 4 ms for nested timers in a browser) whole turns are
 * skipped only when the rest would not fit in the step budget. Skipping is sound only if the skipped turns change
 * nothing the program later prints (a counter that is printed, or tested, would differ), and how many turns really
 * fit before the timer depends on the machine; so `simulate()` re-runs such a program with the spin skipped late
 * (after half the step budget) and not at all, and calls the output timing-dependent ('loopSpin') if they differ.
 */
import type * as A from 'acorn';
import { excerpt, parseSnippet, SimRefusal, type SimError } from './sim-parse.ts';

export type Runtime = 'node' | 'browser';
export type { SimError, SimErrorCode } from './sim-parse.ts';

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
  | 'combinator'; // an element of Promise.all / allSettled / race

export interface TaskView {
  id: number;
  kind: TaskKind;
  /** the function's name or a short excerpt of its source */
  name: string;
  line: number | null;
  /** timers only: the virtual time (ms) at which it is due */
  due?: number;
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
  microtasks: TaskView[];
  ticks: TaskView[];
  timers: TaskView[];
  immediates: TaskView[];
  io: TaskView[];
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
  | 'infiniteLoop' // one task never returns
  | 'tooLong' // the program keeps scheduling work (e.g. setInterval) past the step cap
  | 'crashUncaught' // Node: an uncaught exception ends the process
  | 'crashUnhandledRejection'; // Node: an unhandled rejection ends the process

export type TimingCode =
  | 'timerVsImmediate' // a timer due within 1 ms while setImmediate callbacks are pending (Node)
  | 'timersAcrossTasks' // two timers set by different callbacks become due within 2 ms of each other
  | 'ioVsOther' // an I/O callback races with timers or immediates
  | 'ioVsIo' // several I/O operations in flight: completion order is not fixed
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
 * callbacks start a few ms late because the callback itself ran late).
 */
export type Variant = 'nominal' | 'ioEarly' | 'ioLate' | 'callbackTimersLate' | 'spinLate' | 'spinNever';
const VARIANTS: Variant[] = ['ioEarly', 'ioLate', 'callbackTimersLate'];
/**
 * How a spin of the loop (see the file comment) is skipped: 'nominal' after SPIN_TURNS identical turns; 'spinLate'
 * only once half the step budget is used (many more turns before the timer); 'spinNever' never (every turn costs no
 * time at all: a possible output only if the program then finishes by itself).
 */
const SPIN_VARIANTS: Variant[] = ['spinLate', 'spinNever'];
/** identical turns in a row after which the loop is taken to be spinning */
const SPIN_TURNS = 3;
/**
 * At each point where a timer is nearly due while setImmediate callbacks (or I/O) wait, the real loop may find it
 * not yet due ('n', the nominal choice), due ('a': the loop is late, every timer with that due time runs) or only
 * that one timer due ('o': Node takes each timer's start from the current millisecond, so timers set one after
 * another can straddle a millisecond boundary). simulate() explores these choices breadth-first, up to this many
 * runs, to list the outputs a real run may print.
 */
const MAX_TIMING_RUNS = 60;
type Decision = 'n' | 'a' | 'o';

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
}

export const DEFAULT_MAX_STEPS = 3000;
const MAX_OPS = 2_000_000;
const MAX_DEPTH = 150;
/** Node coerces a timer delay outside [1, TIMEOUT_MAX] to 1 ms (lib/internal/timers.js) */
const TIMEOUT_MAX = 2 ** 31 - 1;
/** how close (ms) two timers set by different callbacks may be due (a callback can run several ms late, more so at start-up) before their order is called timing-dependent */
const TIMER_SLACK = 5;
/** how soon (ms) a timer may be due while setImmediate callbacks wait before the order is timing-dependent */
const IMMEDIATE_SLACK = 2;
/** the same on the loop's first turn: Node finishes start-up after the script, which can take several ms */
const IMMEDIATE_SLACK_STARTUP = 10;
/** an I/O completion is assumed to take less than this (ms): timers due later run after it */
const IO_WINDOW = 100;

/** where a turn of the loop began (see Machine.turnBoundary) */
interface TurnMark {
  step: number;
  output: number;
  now: number;
  /** Timer.seq of the last timer created before the turn: later ones were created by the turn */
  seq: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Values of the interpreted program

type Value = undefined | null | boolean | number | string | Obj;

type Native = (thisV: Value, args: Value[], site: A.Node) => Value;

class Obj {
  props = new Map<string, Value>();
  /** 'Error' objects carry name/message in props */
  isError = false;
}
class ArrayObj extends Obj {
  constructor(public items: Value[]) {
    super();
  }
}
class FnObj extends Obj {
  /** user function: its AST node, closure and the `this` it captured (arrows) */
  node: A.Function | null = null;
  env: Env | null = null;
  lexicalThis: Value | typeof NO_THIS = NO_THIS;
  native: Native | null = null;
  /** for natives used as promise handlers: what the queued job is called */
  jobKind: TaskKind = 'callback';
  jobLine: number | null = null;
  constructor(public name: string) {
    super();
  }
}
type PromiseState = 'pending' | 'fulfilled' | 'rejected';
interface Reaction {
  capability: Capability | null;
  type: 'fulfill' | 'reject';
  handler: FnObj | null;
}
class PromiseObj extends Obj {
  state: PromiseState = 'pending';
  result: Value = undefined;
  fulfillReactions: Reaction[] = [];
  rejectReactions: Reaction[] = [];
  handled = false;
  constructor(public id: number) {
    super();
  }
}
/** what setTimeout/setImmediate return in Node; the browser returns a number */
class HandleObj extends Obj {
  constructor(
    public kind: 'timeout' | 'immediate',
    public id: number,
  ) {
    super();
  }
}
/** a value the simulator only passes around (file contents, module objects' internals) */
class OpaqueObj extends Obj {
  constructor(public what: string) {
    super();
  }
}
interface Capability {
  promise: PromiseObj;
  resolve: FnObj;
  reject: FnObj;
}

const NO_THIS = Symbol('no this');
type ThisValue = Value | typeof NO_THIS;

interface Binding {
  value: Value;
  mutable: boolean;
  initialized: boolean;
}
class Env {
  vars = new Map<string, Binding>();
  constructor(public parent: Env | null) {}
  lookup(name: string): Binding | undefined {
    for (let e: Env | null = this; e; e = e.parent) {
      const b = e.vars.get(name);
      if (b) return b;
    }
    return undefined;
  }
}

/** A JavaScript exception travelling through the interpreter. */
class Throw {
  constructor(public value: Value) {}
}
/** The run is over (step cap, Node crash); unwinds everything. */
class Halt {
  constructor(public end: SimEnd) {}
}

type Completion = { type: 'normal' } | { type: 'return'; value: Value } | { type: 'break' } | { type: 'continue' };
const NORMAL: Completion = { type: 'normal' };

interface AwaitRequest {
  value: Value;
  node: A.AwaitExpression;
}
type G<T> = Generator<AwaitRequest, T, Value>;

interface FnCtx {
  thisV: ThisValue;
  /** the function being run (null for the script) */
  fn: FnObj | null;
  /** the variable environment where `var` lands */
  varEnv: Env;
}

interface Job {
  view: TaskView;
  run: () => void;
}
interface Timer {
  view: TaskView;
  seq: number;
  due: number;
  ms: number;
  fn: FnObj;
  args: Value[];
  repeat: boolean;
  /** index of the task that created it (-1: the script) */
  createdInTask: number;
  createdAt: number;
  nesting: number;
  handle: Value;
  cleared: boolean;
}
interface Immediate {
  view: TaskView;
  fn: FnObj;
  args: Value[];
  cleared: boolean;
  handle: HandleObj;
}
interface IoOp {
  view: TaskView;
  fn: FnObj;
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers on values

function isObj(v: Value): v is Obj {
  return v instanceof Obj;
}
function isCallable(v: Value): v is FnObj {
  return v instanceof FnObj;
}

function numberToString(n: number): string {
  return String(n);
}

// ---------------------------------------------------------------------------------------------------------------
// The machine

class Machine {
  readonly steps: Snapshot[] = [];
  readonly output: OutputLine[] = [];
  timing: TimingNote | null = null;

  private now = 0;
  private phase: Phase = 'script';
  private stack: { view: FrameView }[] = [];
  private microtasks: Job[] = [];
  private ticks: Job[] = [];
  private timers: Timer[] = [];
  private immediates: Immediate[] = [];
  /** the batch the check phase is running */
  private checkBatch: Immediate[] = [];
  private io: IoOp[] = [];
  private ids = 0;
  private seq = 0;
  private ops = 0;
  private depth = 0;
  private currentLine: number | null = null;
  /** index of the macrotask being run (-1: script) and the nesting level of the timer being run (browser) */
  private taskIndex = -1;
  private taskCount = 0;
  private timerNesting = 0;
  /** statistics used to explain a stop at the step cap */
  private stepsAtTaskStart = 0;
  private stepsAtDrainStart = 0;
  private draining: 'microtasks' | 'ticks' | null = null;
  private drainTicksRun = 0;
  private drainMicroRun = 0;
  private unhandled: PromiseObj[] = [];
  private readonly global = new Env(null);
  private readonly maxSteps: number;
  private readonly variant: Variant;
  /** completed turns of the Node loop */
  private loopTurns = 0;
  private readonly decisions: readonly Decision[];
  /** timing decision points met so far */
  decisionsSeen = 0;
  /** the current turn of the loop, and the last turn's signature and how many turns in a row had it */
  private turn: TurnMark | null = null;
  private spinSig = '';
  private spinCount = 0;
  /** the first skipped spin's parameters (see turnBoundary), for a 'loopSpin' timing note */
  spinParams: Record<string, string | number> | null = null;

  constructor(
    private readonly source: string,
    readonly runtime: Runtime,
    options: SimOptions,
  ) {
    this.maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
    this.variant = options.variant ?? 'nominal';
    this.decisions = options.decisions ?? [];
    this.installGlobals();
  }

  // ----- snapshots

  private nextId(): number {
    return ++this.ids;
  }

  snap(code: StepCode, params: Record<string, string | number> = {}, line: number | null = this.currentLine): void {
    if (this.steps.length >= this.maxSteps) throw new Halt(this.capEnd());
    const top = this.stack[this.stack.length - 1];
    if (top && line !== null) top.view = { ...top.view, line };
    const timers = [...this.timers].filter((t) => !t.cleared).sort((a, b) => a.due - b.due || a.seq - b.seq);
    this.steps.push({
      index: this.steps.length,
      event: { code, params },
      line,
      now: this.now,
      phase: this.phase,
      stack: this.stack.map((f) => f.view),
      microtasks: this.microtasks.map((j) => j.view),
      ticks: this.ticks.map((j) => j.view),
      timers: timers.map((t) => ({ ...t.view, due: t.due })),
      immediates: [...this.checkBatch, ...this.immediates].filter((i) => !i.cleared).map((i) => i.view),
      io: this.io.map((o) => o.view),
      outputLength: this.output.length,
    });
  }

  private capEnd(): SimEnd {
    const steps = this.steps.length;
    const pending = this.timers.filter((t) => !t.cleared).length + this.immediates.length + this.io.length;
    if (this.draining && steps - this.stepsAtDrainStart > steps / 2) {
      const ticks = this.draining === 'ticks' || this.drainTicksRun > this.drainMicroRun;
      return {
        code: ticks ? 'starvedTicks' : 'starvedMicrotasks',
        params: { steps, jobs: this.drainTicksRun + this.drainMicroRun, pending },
      };
    }
    if (steps - this.stepsAtTaskStart > steps / 2) return { code: 'infiniteLoop', params: { steps, pending } };
    return { code: 'tooLong', params: { steps, pending, now: this.now } };
  }

  private flagTiming(code: TimingCode, params: Record<string, string | number>): void {
    if (!this.timing) this.timing = { code, params, affectsOutput: false, alternative: null, alternatives: [] };
  }

  private tick(): void {
    if (++this.ops > MAX_OPS) throw new Halt(this.capEnd());
  }

  // ----- errors

  private refuse(node: A.Node, error: Omit<SimError, 'line' | 'column'>): never {
    const loc = node.loc?.start;
    throw new SimRefusal({ ...error, line: loc?.line ?? 1, column: (loc?.column ?? 0) + 1 } as SimError);
  }

  private makeError(name: string, message: string): Obj {
    const e = new Obj();
    e.isError = true;
    e.props.set('name', name);
    e.props.set('message', message);
    return e;
  }

  private throwError(name: string, message: string): never {
    throw new Throw(this.makeError(name, message));
  }

  // ----- labels

  private lineOf(node: A.Node | null | undefined): number | null {
    return node?.loc?.start.line ?? null;
  }

  private fnName(fn: FnObj): string {
    if (fn.name) return fn.name;
    if (fn.node) return excerpt(this.source, fn.node);
    return 'anonymous';
  }

  private viewFor(kind: TaskKind, fn: FnObj | null, extraName?: string): TaskView {
    if (fn && fn.native && kind === 'reaction') {
      return { id: this.nextId(), kind: fn.jobKind, name: fn.name, line: fn.jobLine };
    }
    return {
      id: this.nextId(),
      kind,
      name: extraName ?? (fn ? this.fnName(fn) : ''),
      line: fn?.node ? this.lineOf(fn.node) : (fn?.jobLine ?? null),
    };
  }

  // ----- natives

  private native(name: string, impl: Native, jobKind: TaskKind = 'callback', jobLine: number | null = null): FnObj {
    const f = new FnObj(name);
    f.native = impl;
    f.jobKind = jobKind;
    f.jobLine = jobLine;
    return f;
  }

  private defineGlobal(name: string, value: Value): void {
    this.global.vars.set(name, { value, mutable: true, initialized: true });
  }


  private installGlobals(): void {
    const console = new Obj();
    console.props.set(
      'log',
      this.native('console.log', (_t, args, site) => {
        this.log(args, site);
        return undefined;
      }),
    );
    this.defineGlobal('console', console);
    this.defineGlobal('undefined', undefined);
    this.defineGlobal('NaN', NaN);
    this.defineGlobal('Infinity', Infinity);

    this.defineGlobal('setTimeout', this.native('setTimeout', (_t, a, site) => this.setTimer(a, site, false)));
    this.defineGlobal('setInterval', this.native('setInterval', (_t, a, site) => this.setTimer(a, site, true)));
    const clear = this.native('clearTimeout', (_t, a) => {
      this.clearTimer(a[0]);
      return undefined;
    });
    this.defineGlobal('clearTimeout', clear);
    this.defineGlobal('clearInterval', clear);
    this.defineGlobal(
      'queueMicrotask',
      this.native('queueMicrotask', (_t, a, site) => {
        const fn = a[0];
        if (!isCallable(fn)) this.throwError('TypeError', `The "callback" argument must be of type function.`);
        this.microtasks.push({ view: this.viewFor('callback', fn), run: () => this.runCallbackTask(fn, [], site) });
        return undefined;
      }),
    );

    // Promise
    const P = this.native('Promise', () => {
      this.throwError('TypeError', "Promise constructor cannot be invoked without 'new'");
    });
    P.props.set('resolve', this.native('Promise.resolve', (_t, a) => this.promiseResolve(a[0])));
    P.props.set(
      'reject',
      this.native('Promise.reject', (_t, a) => {
        const p = this.newPromise();
        this.rejectPromise(p, a[0]);
        return p;
      }),
    );
    P.props.set('all', this.native('Promise.all', (_t, a, site) => this.promiseAll(a[0], site, 'all')));
    P.props.set('allSettled', this.native('Promise.allSettled', (_t, a, site) => this.promiseAll(a[0], site, 'allSettled')));
    P.props.set('race', this.native('Promise.race', (_t, a, site) => this.promiseRace(a[0], site)));
    this.defineGlobal('Promise', P);
    for (const name of ['Error', 'TypeError', 'RangeError']) {
      this.defineGlobal(
        name,
        this.native(name, (_t, a) => this.makeError(name, a[0] === undefined ? '' : this.toStr(a[0], null))),
      );
    }
    this.defineGlobal(
      'String',
      this.native('String', (_t, a) => (a.length === 0 ? '' : this.toStr(a[0], null))),
    );

    if (this.runtime === 'node') {
      this.defineGlobal('setImmediate', this.native('setImmediate', (_t, a, site) => this.setImmediate(a, site)));
      this.defineGlobal(
        'clearImmediate',
        this.native('clearImmediate', (_t, a) => {
          const h = a[0];
          if (h instanceof HandleObj) for (const i of [...this.checkBatch, ...this.immediates]) if (i.handle === h) i.cleared = true;
          return undefined;
        }),
      );
      const process = new Obj();
      process.props.set(
        'nextTick',
        this.native('process.nextTick', (_t, a, site) => {
          const fn = a[0];
          if (!isCallable(fn)) this.throwError('TypeError', 'The "callback" argument must be of type function.');
          const args = a.slice(1);
          this.ticks.push({ view: this.viewFor('callback', fn), run: () => this.runCallbackTask(fn, args, site) });
          return undefined;
        }),
      );
      this.defineGlobal('process', process);
      const fs = new Obj();
      fs.props.set('readFile', this.native('fs.readFile', (_t, a, site) => this.readFile(a, site)));
      this.defineGlobal(
        'require',
        this.native('require', (_t, a, site) => {
          if (a[0] === 'fs' || a[0] === 'node:fs') return fs;
          this.refuse(site, { code: 'unsupportedModule', name: String(a[0]) });
        }),
      );
      this.defineGlobal('__filename', new OpaqueObj('__filename'));
      this.defineGlobal('__dirname', new OpaqueObj('__dirname'));
    }
  }

  // ----- console.log

  private log(args: Value[], site: A.Node): void {
    const first = args[0];
    if (args.length > 1 && typeof first === 'string' && /%[sdifjoOc%]/.test(first)) {
      this.refuse(site, { code: 'formatSpecifier' });
    }
    const parts = args.map((v) => {
      if (isObj(v)) this.refuse(site, { code: 'unsupportedLog', name: this.describe(v) });
      // console.log prints -0 as -0 (util.inspect / the DevTools formatter), unlike String(-0)
      if (typeof v === 'number' && Object.is(v, -0)) return '-0';
      return this.toStr(v, site);
    });
    this.output.push({ text: parts.join(' '), kind: 'log', step: this.steps.length });
  }

  private describe(v: Obj): string {
    if (v instanceof ArrayObj) return 'array';
    if (v instanceof FnObj) return 'function';
    if (v instanceof PromiseObj) return 'Promise';
    if (v.isError) return 'Error';
    return 'object';
  }

  // ----- conversions

  private toStr(v: Value, site: A.Node | null): string {
    if (typeof v === 'string') return v;
    if (typeof v === 'number') return numberToString(v);
    if (v === undefined || v === null || typeof v === 'boolean') return String(v);
    if (v instanceof ArrayObj) return v.items.map((x) => (x === undefined || x === null ? '' : this.toStr(x, site))).join(',');
    if (v instanceof PromiseObj) return '[object Promise]';
    if (v.isError) {
      const name = this.toStr(v.props.get('name'), site);
      const msg = this.toStr(v.props.get('message') ?? '', site);
      return msg ? `${name}: ${msg}` : name;
    }
    if (v instanceof FnObj || v instanceof HandleObj || v instanceof OpaqueObj) {
      if (site) this.refuse(site, { code: 'unsupportedValue', name: this.describe(v) });
      return '[object]';
    }
    return '[object Object]';
  }

  private toPrim(v: Value, site: A.Node): Exclude<Value, Obj> {
    return isObj(v) ? this.toStr(v, site) : v;
  }

  private truthy(v: Value): boolean {
    if (isObj(v)) return true;
    return Boolean(v);
  }

  private typeOf(v: Value): string {
    if (v === null) return 'object';
    if (v instanceof FnObj) return 'function';
    if (isObj(v)) return 'object';
    return typeof v;
  }

  // ----- promises (ECMA-262 §27.2)

  private newPromise(): PromiseObj {
    return new PromiseObj(this.nextId());
  }

  private createResolvingFunctions(p: PromiseObj): { resolve: FnObj; reject: FnObj } {
    let already = false;
    const resolve = this.native(
      'resolve',
      (_t, a) => {
        if (already) return undefined;
        already = true;
        this.resolvePromise(p, a[0]);
        return undefined;
      },
      'resolveWith',
    );
    const reject = this.native(
      'reject',
      (_t, a) => {
        if (already) return undefined;
        already = true;
        this.rejectPromise(p, a[0]);
        return undefined;
      },
      'resolveWith',
    );
    return { resolve, reject };
  }

  private newCapability(): Capability {
    const promise = this.newPromise();
    return { promise, ...this.createResolvingFunctions(promise) };
  }

  /** the [[Resolve]] steps of a promise resolve function */
  private resolvePromise(p: PromiseObj, resolution: Value): void {
    if (resolution === p) {
      this.rejectPromise(p, this.makeError('TypeError', 'Chaining cycle detected for promise #<Promise>'));
      return;
    }
    if (!isObj(resolution)) {
      this.fulfillPromise(p, resolution);
      return;
    }
    let then: Value;
    try {
      then = this.getThen(resolution);
    } catch (e) {
      if (e instanceof Throw) {
        this.rejectPromise(p, e.value);
        return;
      }
      throw e;
    }
    if (!isCallable(then)) {
      this.fulfillPromise(p, resolution);
      return;
    }
    // NewPromiseResolveThenableJob
    const thenFn = then;
    const name = resolution instanceof PromiseObj ? 'Promise' : 'thenable';
    this.microtasks.push({
      view: { id: this.nextId(), kind: 'thenableJob', name, line: thenFn.node ? this.lineOf(thenFn.node) : null },
      run: () => {
        this.beginJob({ name: `${name}.then`, kind: 'job', line: null });
        const { resolve, reject } = this.createResolvingFunctions(p);
        try {
          this.call(thenFn, resolution, [resolve, reject], null);
        } catch (e) {
          if (!(e instanceof Throw)) throw e;
          this.call(reject, undefined, [e.value], null);
        } finally {
          this.endJob();
        }
      },
    });
  }

  private getThen(v: Obj): Value {
    if (v instanceof PromiseObj) return this.protoThen;
    if (v instanceof FnObj || v instanceof ArrayObj || v instanceof HandleObj || v instanceof OpaqueObj) return undefined;
    return v.props.get('then');
  }

  private fulfillPromise(p: PromiseObj, value: Value): void {
    const reactions = p.fulfillReactions;
    p.state = 'fulfilled';
    p.result = value;
    p.fulfillReactions = [];
    p.rejectReactions = [];
    for (const r of reactions) this.enqueueReaction(r, value);
  }

  private rejectPromise(p: PromiseObj, reason: Value): void {
    const reactions = p.rejectReactions;
    p.state = 'rejected';
    p.result = reason;
    p.fulfillReactions = [];
    p.rejectReactions = [];
    if (!p.handled) this.unhandled.push(p);
    for (const r of reactions) this.enqueueReaction(r, reason);
  }

  private enqueueReaction(r: Reaction, arg: Value): void {
    const view: TaskView = r.handler
      ? r.handler.native
        ? { id: this.nextId(), kind: r.handler.jobKind, name: r.handler.name, line: r.handler.jobLine }
        : this.viewFor('reaction', r.handler)
      : { id: this.nextId(), kind: 'passThrough', name: r.type === 'fulfill' ? 'value' : 'error', line: null };
    this.microtasks.push({ view, run: () => this.runReaction(r, arg, view) });
  }

  private runReaction(r: Reaction, arg: Value, view: TaskView): void {
    // a user handler gets its own frame from call(); built-in steps (pass-through, resolve …) get one here
    const isResume = view.kind === 'resume' || view.kind === 'resumeThrow' || (r.handler !== null && r.handler.native === null);
    if (!isResume) this.beginJob({ name: view.name, kind: 'job', line: view.line });
    try {
      let result: Value;
      let threw: Throw | null = null;
      if (!r.handler) {
        if (r.type === 'fulfill') result = arg;
        else threw = new Throw(arg);
      } else {
        try {
          result = this.call(r.handler, undefined, [arg], null);
        } catch (e) {
          if (!(e instanceof Throw)) throw e;
          threw = e;
        }
      }
      if (!r.capability) return;
      if (threw) this.call(r.capability.reject, undefined, [threw.value], null);
      else this.call(r.capability.resolve, undefined, [result], null);
    } finally {
      if (!isResume) this.endJob();
    }
  }

  private performThen(p: PromiseObj, onF: Value, onR: Value, capability: Capability | null): void {
    const f: Reaction = { capability, type: 'fulfill', handler: isCallable(onF) ? onF : null };
    const r: Reaction = { capability, type: 'reject', handler: isCallable(onR) ? onR : null };
    if (p.state === 'pending') {
      p.fulfillReactions.push(f);
      p.rejectReactions.push(r);
    } else if (p.state === 'fulfilled') {
      this.enqueueReaction(f, p.result);
    } else {
      if (!p.handled) this.unhandled = this.unhandled.filter((u) => u !== p);
      this.enqueueReaction(r, p.result);
    }
    p.handled = true;
  }

  /** PromiseResolve(%Promise%, x) */
  private promiseResolve(x: Value): PromiseObj {
    if (x instanceof PromiseObj) return x;
    const cap = this.newCapability();
    this.call(cap.resolve, undefined, [x], null);
    return cap.promise;
  }

  private thisPromise(t: Value, method: string): PromiseObj {
    if (!(t instanceof PromiseObj)) this.throwError('TypeError', `Method Promise.prototype.${method} called on incompatible receiver`);
    return t;
  }

  private readonly protoThen: FnObj = this.native('then', (t, a) => {
    const p = this.thisPromise(t, 'then');
    const cap = this.newCapability();
    this.performThen(p, a[0], a[1], cap);
    return cap.promise;
  });
  private readonly protoCatch: FnObj = this.native('catch', (t, a) => {
    const p = this.thisPromise(t, 'catch');
    return this.call(this.protoThen, p, [undefined, a[0]], null);
  });
  private readonly protoFinally: FnObj = this.native('finally', (t, a, site) => {
    const p = this.thisPromise(t, 'finally');
    const onFinally = a[0];
    if (!isCallable(onFinally)) return this.call(this.protoThen, p, [onFinally, onFinally], null);
    const line = this.lineOf(site);
    const label = this.fnName(onFinally);
    const thenFinally = this.native(
      label,
      (_t, [value]) => {
        const result = this.call(onFinally, undefined, [], null);
        const promise = this.promiseResolve(result);
        const valueThunk = this.native('() => value', () => value, 'finallyStep', line);
        return this.call(this.protoThen, promise, [valueThunk], null);
      },
      'reaction',
      line,
    );
    const catchFinally = this.native(
      label,
      (_t, [reason]) => {
        const result = this.call(onFinally, undefined, [], null);
        const promise = this.promiseResolve(result);
        const thrower = this.native('() => { throw reason }', () => {
          throw new Throw(reason);
        }, 'finallyStep', line);
        return this.call(this.protoThen, promise, [thrower], null);
      },
      'reaction',
      line,
    );
    return this.call(this.protoThen, p, [thenFinally, catchFinally], null);
  });

  private iterableItems(v: Value, site: A.Node): Value[] {
    if (!(v instanceof ArrayObj)) this.refuse(site, { code: 'unsupportedValue', name: 'iterable' });
    return [...v.items];
  }

  private promiseAll(iterable: Value, site: A.Node, mode: 'all' | 'allSettled'): Value {
    const cap = this.newCapability();
    const items = this.iterableItems(iterable, site);
    const values: Value[] = [];
    let remaining = 1;
    const line = this.lineOf(site);
    const finish = (): void => {
      if (--remaining === 0) this.call(cap.resolve, undefined, [new ArrayObj(values)], null);
    };
    items.forEach((item, index) => {
      values.push(undefined);
      const next = this.promiseResolve(item);
      let called = false;
      const settle = (status: 'fulfilled' | 'rejected', x: Value): Value => {
        if (called) return undefined;
        called = true;
        if (mode === 'allSettled') {
          const o = new Obj();
          o.props.set('status', status);
          o.props.set(status === 'fulfilled' ? 'value' : 'reason', x);
          values[index] = o;
        } else values[index] = x;
        finish();
        return undefined;
      };
      const onF = this.native(`Promise.${mode}[${index}]`, (_t, [x]) => settle('fulfilled', x), 'combinator', line);
      const onR =
        mode === 'all'
          ? cap.reject
          : this.native(`Promise.${mode}[${index}]`, (_t, [x]) => settle('rejected', x), 'combinator', line);
      remaining++;
      this.call(this.protoThen, next, [onF, onR], null);
    });
    finish();
    return cap.promise;
  }

  private promiseRace(iterable: Value, site: A.Node): Value {
    const cap = this.newCapability();
    for (const item of this.iterableItems(iterable, site)) {
      this.call(this.protoThen, this.promiseResolve(item), [cap.resolve, cap.reject], null);
    }
    return cap.promise;
  }

  // ----- timers, immediates, I/O

  private setTimer(a: Value[], site: A.Node, repeat: boolean): Value {
    const fn = a[0];
    if (!isCallable(fn)) this.refuse(site, { code: 'unsupportedValue', name: this.typeOf(fn) });
    const raw = a[1] === undefined ? 0 : Number(this.toPrim(a[1], site));
    let ms: number;
    let nesting = 0;
    if (this.runtime === 'node') {
      ms = raw >= 1 && raw <= TIMEOUT_MAX ? raw : 1;
    } else {
      // HTML: timeout is a WebIDL long; negative → 0; nested more than 5 levels → at least 4 ms
      ms = Number.isFinite(raw) ? Math.trunc(raw) : 0;
      if (ms < 0) ms = 0;
      nesting = this.timerNesting;
      if (nesting > 5 && ms < 4) ms = 4;
    }
    const late = this.variant === 'callbackTimersLate' && this.taskIndex > -1 ? TIMER_SLACK + 0.5 : 0;
    const due = this.now + ms + late;
    const id = this.nextId();
    const handle: Value = this.runtime === 'node' ? new HandleObj('timeout', id) : id;
    const timer: Timer = {
      view: this.viewFor('callback', fn),
      seq: ++this.seq,
      due: due,
      ms,
      fn,
      args: a.slice(2),
      repeat,
      createdInTask: this.taskIndex,
      createdAt: this.now,
      nesting: nesting + 1,
      handle,
      cleared: false,
    };
    // a timer set by a later callback that falls due close to one set earlier (and not yet due when this one was
    // set): how late each callback really ran decides the order
    for (const other of this.timers) {
      if (other.cleared || other.createdInTask === timer.createdInTask) continue;
      if (other.due > this.now && Math.abs(other.due - timer.due) <= TIMER_SLACK) {
        this.flagTiming('timersAcrossTasks', {
          first: other.view.name,
          second: timer.view.name,
          firstDue: other.due,
          secondDue: timer.due,
        });
        // a decision point: this timer may really fall due just after ('a') or just before ('o') the other
        const choice = this.decisions[this.decisionsSeen++] ?? 'n';
        if (choice === 'a') timer.due = Math.max(timer.due, other.due + 0.5);
        if (choice === 'o') timer.due = Math.min(timer.due, other.due - 0.5);
      }
    }
    this.timers.push(timer);
    return handle;
  }

  private clearTimer(h: Value): void {
    for (const t of this.timers) if (t.handle === h || (typeof h === 'number' && t.view.id === h)) t.cleared = true;
    this.timers = this.timers.filter((t) => !t.cleared);
  }

  private setImmediate(a: Value[], site: A.Node): Value {
    const fn = a[0];
    if (!isCallable(fn)) this.refuse(site, { code: 'unsupportedValue', name: this.typeOf(fn) });
    const handle = new HandleObj('immediate', this.nextId());
    this.immediates.push({ view: this.viewFor('callback', fn), fn, args: a.slice(1), cleared: false, handle });
    return handle;
  }

  private readFile(a: Value[], site: A.Node): Value {
    const fn = a[a.length - 1];
    if (!isCallable(fn)) this.refuse(site, { code: 'unsupportedValue', name: this.typeOf(fn) });
    this.io.push({ view: this.viewFor('callback', fn), fn });
    return undefined;
  }

  // ----- call stack

  private beginJob(frame: FrameView): void {
    this.stack.push({ view: frame });
  }
  private endJob(): void {
    this.stack.pop();
  }

  // ----- calling functions

  call(fn: Value, thisV: ThisValue, args: Value[], site: A.Node | null, calleeText?: string): Value {
    if (!isCallable(fn)) {
      this.throwError('TypeError', `${calleeText ?? this.describeCallee(fn)} is not a function`);
    }
    if (fn.native) return fn.native(thisV === NO_THIS ? undefined : thisV, args, site ?? ({ type: 'Native', start: 0, end: 0 } as A.Node));
    const node = fn.node!;
    if (node.async) return this.callAsync(fn, thisV, args);
    if (++this.depth > MAX_DEPTH) this.refuse(site ?? node, { code: 'tooDeep' });
    const frame = { view: { name: this.fnName(fn), kind: 'function' as const, line: this.lineOf(node) } };
    this.stack.push(frame);
    const savedLine = this.currentLine;
    try {
      const gen = this.runBody(fn, thisV, args);
      const r = gen.next();
      if (!r.done) throw new Error('await outside an async function');
      return r.value;
    } finally {
      this.stack.pop();
      this.depth--;
      this.currentLine = savedLine;
    }
  }

  private describeCallee(v: Value): string {
    return typeof v === 'string' ? JSON.stringify(v) : String(isObj(v) ? this.describe(v) : v);
  }

  private callAsync(fn: FnObj, thisV: ThisValue, args: Value[]): Value {
    const cap = this.newCapability();
    const gen = this.runBody(fn, thisV, args);
    const name = this.fnName(fn);
    const line = this.lineOf(fn.node);
    const step = (input: { kind: 'start' } | { kind: 'value'; value: Value } | { kind: 'throw'; value: Value }): void => {
      const frame = { view: { name, kind: 'async' as const, line } };
      if (++this.depth > MAX_DEPTH) this.refuse(fn.node!, { code: 'tooDeep' });
      this.stack.push(frame);
      const savedLine = this.currentLine;
      try {
        let r: IteratorResult<AwaitRequest, Value>;
        try {
          r =
            input.kind === 'start'
              ? gen.next()
              : input.kind === 'value'
                ? gen.next(input.value)
                : gen.throw(new Throw(input.value));
        } catch (e) {
          if (!(e instanceof Throw)) throw e;
          this.call(cap.reject, undefined, [e.value], null);
          return;
        }
        if (r.done) {
          this.call(cap.resolve, undefined, [r.value], null);
          return;
        }
        // Await(v): PerformPromiseThen(PromiseResolve(%Promise%, v), onFulfilled, onRejected)
        const awaitLine = this.lineOf(r.value.node);
        const promise = this.promiseResolve(r.value.value);
        const onF = this.native(name, (_t, [v]) => {
          step({ kind: 'value', value: v });
          return undefined;
        }, 'resume', awaitLine);
        const onR = this.native(name, (_t, [v]) => {
          step({ kind: 'throw', value: v });
          return undefined;
        }, 'resumeThrow', awaitLine);
        this.performThen(promise, onF, onR, null);
        this.snap('await', { fn: name }, awaitLine);
      } finally {
        this.stack.pop();
        this.depth--;
        this.currentLine = savedLine;
      }
    };
    step({ kind: 'start' });
    return cap.promise;
  }

  private *runBody(fn: FnObj, thisV: ThisValue, args: Value[]): G<Value> {
    const node = fn.node!;
    const env = new Env(fn.env);
    node.params.forEach((p, i) => {
      env.vars.set((p as A.Identifier).name, { value: args[i], mutable: true, initialized: true });
    });
    const ctx: FnCtx = {
      thisV: node.type === 'ArrowFunctionExpression' ? fn.lexicalThis : thisV,
      fn,
      varEnv: env,
    };
    if (node.body.type === 'BlockStatement') {
      this.hoistVars(node.body.body, env);
      const c = yield* this.execBlockBody(node.body.body, env, ctx);
      return c.type === 'return' ? c.value : undefined;
    }
    this.currentLine = this.lineOf(node.body);
    this.snap('statement', {}, this.currentLine);
    return yield* this.evalExpr(node.body, env, ctx);
  }

  private makeClosure(node: A.Function, env: Env, ctx: FnCtx, name?: string): FnObj {
    const f = new FnObj(node.id?.name ?? name ?? '');
    f.node = node;
    f.env = env;
    if (node.type === 'ArrowFunctionExpression') f.lexicalThis = ctx.thisV;
    return f;
  }

  // ----- hoisting

  private hoistVars(body: A.Node[], env: Env): void {
    const visit = (n: A.Node | null | undefined): void => {
      if (!n) return;
      const s = n as A.AnyNode;
      switch (s.type) {
        case 'VariableDeclaration':
          if (s.kind === 'var')
            for (const d of s.declarations) {
              const name = (d.id as A.Identifier).name;
              if (!env.vars.has(name)) env.vars.set(name, { value: undefined, mutable: true, initialized: true });
            }
          return;
        case 'BlockStatement':
          s.body.forEach(visit);
          return;
        case 'IfStatement':
          visit(s.consequent);
          visit(s.alternate);
          return;
        case 'ForStatement':
          visit(s.init);
          visit(s.body);
          return;
        case 'WhileStatement':
        case 'DoWhileStatement':
          visit(s.body);
          return;
        case 'TryStatement':
          visit(s.block);
          visit(s.handler?.body);
          visit(s.finalizer);
          return;
        default:
          return;
      }
    };
    body.forEach(visit);
  }

  /** let/const (uninitialised until their declaration runs) and function declarations of one block */
  private hoistBlock(body: A.Node[], env: Env, ctx: FnCtx): void {
    for (const n of body) {
      const s = n as A.AnyNode;
      if (s.type === 'VariableDeclaration' && s.kind !== 'var') {
        for (const d of s.declarations) {
          env.vars.set((d.id as A.Identifier).name, { value: undefined, mutable: s.kind === 'let', initialized: false });
        }
      }
    }
    for (const n of body) {
      const s = n as A.AnyNode;
      if (s.type === 'FunctionDeclaration') {
        if (s.id) env.vars.set(s.id.name, { value: this.makeClosure(s, env, ctx), mutable: true, initialized: true });
      }
    }
  }

  // ----- statements

  private *execBlockBody(body: A.Statement[], env: Env, ctx: FnCtx): G<Completion> {
    this.hoistBlock(body, env, ctx);
    for (const s of body) {
      const c = yield* this.exec(s, env, ctx);
      if (c.type !== 'normal') return c;
    }
    return NORMAL;
  }

  private stmtSnap(node: A.Node): void {
    this.currentLine = this.lineOf(node);
    this.snap('statement', {}, this.currentLine);
  }

  private *exec(node: A.Statement, env: Env, ctx: FnCtx): G<Completion> {
    this.tick();
    switch (node.type) {
      case 'ExpressionStatement':
        this.stmtSnap(node);
        yield* this.evalExpr(node.expression, env, ctx);
        return NORMAL;
      case 'VariableDeclaration':
        this.stmtSnap(node);
        yield* this.declare(node, env, ctx);
        return NORMAL;
      case 'FunctionDeclaration':
      case 'EmptyStatement':
        return NORMAL;
      case 'ReturnStatement': {
        this.stmtSnap(node);
        const value = node.argument ? yield* this.evalExpr(node.argument, env, ctx) : undefined;
        return { type: 'return', value };
      }
      case 'IfStatement': {
        this.stmtSnap(node);
        const test = yield* this.evalExpr(node.test, env, ctx);
        if (this.truthy(test)) return yield* this.exec(node.consequent, env, ctx);
        if (node.alternate) return yield* this.exec(node.alternate, env, ctx);
        return NORMAL;
      }
      case 'BlockStatement':
        return yield* this.execBlockBody(node.body, new Env(env), ctx);
      case 'ThrowStatement': {
        this.stmtSnap(node);
        const v = yield* this.evalExpr(node.argument, env, ctx);
        throw new Throw(v);
      }
      case 'BreakStatement':
        this.stmtSnap(node);
        return { type: 'break' };
      case 'ContinueStatement':
        this.stmtSnap(node);
        return { type: 'continue' };
      case 'WhileStatement':
        for (;;) {
          this.stmtSnap(node);
          if (!this.truthy(yield* this.evalExpr(node.test, env, ctx))) return NORMAL;
          const c = yield* this.exec(node.body, env, ctx);
          if (c.type === 'break') return NORMAL;
          if (c.type === 'return') return c;
        }
      case 'DoWhileStatement':
        for (;;) {
          const c = yield* this.exec(node.body, env, ctx);
          if (c.type === 'break') return NORMAL;
          if (c.type === 'return') return c;
          this.stmtSnap(node.test);
          if (!this.truthy(yield* this.evalExpr(node.test, env, ctx))) return NORMAL;
        }
      case 'ForStatement':
        return yield* this.execFor(node, env, ctx);
      case 'TryStatement':
        return yield* this.execTry(node, env, ctx);
      default:
        this.refuse(node, { code: 'unsupported', construct: 'other', name: node.type });
    }
  }

  private *declare(node: A.VariableDeclaration, env: Env, ctx: FnCtx): G<void> {
    for (const d of node.declarations) {
      const name = (d.id as A.Identifier).name;
      let value: Value = undefined;
      if (d.init) {
        const init = d.init;
        if ((init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') && !init.id) {
          value = this.makeClosure(init, env, ctx, name);
        } else value = yield* this.evalExpr(init, env, ctx);
      } else if (node.kind === 'var') continue;
      if (node.kind === 'var') {
        const b = env.lookup(name) ?? ctx.varEnv.vars.get(name);
        if (b) b.value = value;
        else ctx.varEnv.vars.set(name, { value, mutable: true, initialized: true });
      } else {
        const b = env.vars.get(name);
        if (b) {
          b.value = value;
          b.initialized = true;
        } else env.vars.set(name, { value, mutable: node.kind === 'let', initialized: true });
      }
    }
  }

  private *execFor(node: A.ForStatement, outer: Env, ctx: FnCtx): G<Completion> {
    let env = new Env(outer);
    const init = node.init;
    let perIteration: string[] = [];
    if (init) {
      if (init.type === 'VariableDeclaration') {
        this.stmtSnap(node);
        if (init.kind !== 'var') {
          this.hoistBlock([init], env, ctx);
          perIteration = init.declarations.map((d) => (d.id as A.Identifier).name);
        }
        yield* this.declare(init, env, ctx);
      } else {
        this.stmtSnap(node);
        yield* this.evalExpr(init, env, ctx);
      }
    }
    const copy = (): void => {
      if (perIteration.length === 0) return;
      const next = new Env(outer);
      for (const name of perIteration) {
        const b = env.vars.get(name)!;
        next.vars.set(name, { ...b });
      }
      env = next;
    };
    copy();
    for (;;) {
      if (node.test) {
        this.stmtSnap(node);
        if (!this.truthy(yield* this.evalExpr(node.test, env, ctx))) return NORMAL;
      }
      const c = yield* this.exec(node.body, env, ctx);
      if (c.type === 'break') return NORMAL;
      if (c.type === 'return') return c;
      copy();
      if (node.update) yield* this.evalExpr(node.update, env, ctx);
    }
  }

  private *execTry(node: A.TryStatement, env: Env, ctx: FnCtx): G<Completion> {
    let completion: Completion = NORMAL;
    let pending: Throw | null = null;
    try {
      completion = yield* this.exec(node.block, env, ctx);
    } catch (e) {
      if (!(e instanceof Throw)) throw e;
      if (node.handler) {
        const catchEnv = new Env(env);
        if (node.handler.param) {
          catchEnv.vars.set((node.handler.param as A.Identifier).name, { value: e.value, mutable: true, initialized: true });
        }
        try {
          completion = yield* this.exec(node.handler.body, catchEnv, ctx);
        } catch (e2) {
          if (!(e2 instanceof Throw) || !node.finalizer) throw e2;
          pending = e2;
        }
      } else pending = e;
    }
    if (node.finalizer) {
      const f = yield* this.exec(node.finalizer, env, ctx);
      if (f.type !== 'normal') return f;
    }
    if (pending) throw pending;
    return completion;
  }

  // ----- expressions

  private *evalExpr(node: A.Expression | A.SpreadElement | A.PrivateIdentifier | A.Super, env: Env, ctx: FnCtx): G<Value> {
    this.tick();
    switch (node.type) {
      case 'Literal':
        return node.value as Value;
      case 'Identifier':
        return this.lookup(node, env);
      case 'TemplateLiteral': {
        let s = node.quasis[0]?.value.cooked ?? '';
        for (let i = 0; i < node.expressions.length; i++) {
          const v = yield* this.evalExpr(node.expressions[i]!, env, ctx);
          s += this.toStr(v, node) + (node.quasis[i + 1]?.value.cooked ?? '');
        }
        return s;
      }
      case 'ArrayExpression': {
        const items: Value[] = [];
        for (const el of node.elements) items.push(yield* this.evalExpr(el!, env, ctx));
        return new ArrayObj(items);
      }
      case 'ObjectExpression': {
        const o = new Obj();
        for (const p of node.properties) {
          const prop = p as A.Property;
          const key = prop.key.type === 'Identifier' ? prop.key.name : String((prop.key as A.Literal).value);
          const vn = prop.value as A.Expression;
          let v: Value;
          if ((vn.type === 'FunctionExpression' || vn.type === 'ArrowFunctionExpression') && !vn.id) {
            v = this.makeClosure(vn, env, ctx, key);
          } else v = yield* this.evalExpr(vn, env, ctx);
          o.props.set(key, v);
        }
        return o;
      }
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        return this.makeClosure(node, env, ctx);
      case 'UnaryExpression': {
        if (node.operator === 'typeof' && node.argument.type === 'Identifier' && !env.lookup(node.argument.name)) {
          return 'undefined';
        }
        const v = yield* this.evalExpr(node.argument, env, ctx);
        switch (node.operator) {
          case '!':
            return !this.truthy(v);
          case '-':
            return -Number(this.toPrim(v, node));
          case '+':
            return Number(this.toPrim(v, node));
          case 'typeof':
            return this.typeOf(v);
          case 'void':
            return undefined;
          default:
            this.refuse(node, { code: 'unsupported', construct: 'operator', name: node.operator });
        }
      }
      case 'UpdateExpression': {
        const ref = yield* this.reference(node.argument as A.Identifier | A.MemberExpression, env, ctx);
        const old = Number(this.toPrim(ref.get(), node));
        const next = node.operator === '++' ? old + 1 : old - 1;
        ref.set(next);
        return node.prefix ? next : old;
      }
      case 'BinaryExpression': {
        const l = yield* this.evalExpr(node.left, env, ctx);
        const r = yield* this.evalExpr(node.right, env, ctx);
        return this.binary(node.operator, l, r, node);
      }
      case 'LogicalExpression': {
        const l = yield* this.evalExpr(node.left, env, ctx);
        if (node.operator === '&&') return this.truthy(l) ? yield* this.evalExpr(node.right, env, ctx) : l;
        if (node.operator === '||') return this.truthy(l) ? l : yield* this.evalExpr(node.right, env, ctx);
        return l === null || l === undefined ? yield* this.evalExpr(node.right, env, ctx) : l;
      }
      case 'AssignmentExpression': {
        const ref = yield* this.reference(node.left as A.Identifier | A.MemberExpression, env, ctx);
        const op = node.operator;
        if (op === '=') {
          let v: Value;
          const rn = node.right;
          if ((rn.type === 'ArrowFunctionExpression' || rn.type === 'FunctionExpression') && !rn.id && node.left.type === 'Identifier') {
            v = this.makeClosure(rn, env, ctx, node.left.name);
          } else v = yield* this.evalExpr(rn, env, ctx);
          ref.set(v);
          return v;
        }
        const old = ref.get();
        if (op === '||=' || op === '&&=' || op === '??=') {
          const skip = op === '||=' ? this.truthy(old) : op === '&&=' ? !this.truthy(old) : old !== null && old !== undefined;
          if (skip) return old;
          const v = yield* this.evalExpr(node.right, env, ctx);
          ref.set(v);
          return v;
        }
        const r = yield* this.evalExpr(node.right, env, ctx);
        const v = this.binary(op.slice(0, -1) as A.BinaryOperator, old, r, node);
        ref.set(v);
        return v;
      }
      case 'ConditionalExpression': {
        const t = yield* this.evalExpr(node.test, env, ctx);
        return yield* this.evalExpr(this.truthy(t) ? node.consequent : node.alternate, env, ctx);
      }
      case 'SequenceExpression': {
        let v: Value = undefined;
        for (const e of node.expressions) v = yield* this.evalExpr(e, env, ctx);
        return v;
      }
      case 'ThisExpression':
        if (ctx.thisV === NO_THIS) this.refuse(node, { code: 'unsupportedThis' });
        return ctx.thisV;
      case 'MemberExpression': {
        const obj = yield* this.evalExpr(node.object as A.Expression, env, ctx);
        const key = yield* this.memberKey(node, env, ctx);
        return this.getProp(obj, key, node);
      }
      case 'CallExpression': {
        let fn: Value;
        let thisV: ThisValue = NO_THIS;
        const callee = node.callee;
        if (callee.type === 'MemberExpression') {
          const obj = yield* this.evalExpr(callee.object as A.Expression, env, ctx);
          const key = yield* this.memberKey(callee, env, ctx);
          fn = this.getProp(obj, key, callee);
          thisV = obj;
        } else fn = yield* this.evalExpr(callee as A.Expression, env, ctx);
        const args: Value[] = [];
        for (const a of node.arguments) args.push(yield* this.evalExpr(a, env, ctx));
        return this.call(fn, thisV, args, node, excerpt(this.source, callee, 60));
      }
      case 'NewExpression': {
        const callee = node.callee;
        const name = callee.type === 'Identifier' ? callee.name : excerpt(this.source, callee);
        const args: Value[] = [];
        if (callee.type === 'Identifier' && !env.lookup(callee.name)) this.refuse(node, { code: 'unsupportedNew', name });
        const ctor = yield* this.evalExpr(callee as A.Expression, env, ctx);
        for (const a of node.arguments) args.push(yield* this.evalExpr(a, env, ctx));
        if (ctor === this.global.vars.get('Promise')?.value) return this.newPromiseWithExecutor(args[0], node);
        if (name === 'Error' || name === 'TypeError' || name === 'RangeError') {
          if (ctor === this.global.vars.get(name)?.value) return this.call(ctor, undefined, args, node);
        }
        this.refuse(node, { code: 'unsupportedNew', name });
      }
      case 'AwaitExpression': {
        const v = yield* this.evalExpr(node.argument, env, ctx);
        return yield { value: v, node };
      }
      case 'ParenthesizedExpression':
        return yield* this.evalExpr(node.expression, env, ctx);
      default:
        this.refuse(node, { code: 'unsupported', construct: 'other', name: node.type });
    }
  }

  private newPromiseWithExecutor(executor: Value, site: A.Node): Value {
    if (!isCallable(executor)) this.throwError('TypeError', `Promise resolver ${this.describeCallee(executor)} is not a function`);
    const p = this.newPromise();
    const { resolve, reject } = this.createResolvingFunctions(p);
    try {
      this.call(executor, undefined, [resolve, reject], site);
    } catch (e) {
      if (!(e instanceof Throw)) throw e;
      this.call(reject, undefined, [e.value], null);
    }
    return p;
  }

  private *memberKey(node: A.MemberExpression, env: Env, ctx: FnCtx): G<string | number> {
    if (!node.computed) return (node.property as A.Identifier).name;
    const k = yield* this.evalExpr(node.property as A.Expression, env, ctx);
    if (typeof k === 'number') return k;
    return this.toStr(k, node);
  }

  private lookup(node: A.Identifier, env: Env): Value {
    const b = env.lookup(node.name);
    if (!b) {
      if (this.runtime === 'browser' && NODE_ONLY.has(node.name)) {
        this.refuse(node, { code: 'nodeOnly', name: node.name });
      }
      this.refuse(node, { code: 'unknownName', name: node.name });
    }
    if (!b.initialized) this.throwError('ReferenceError', `Cannot access '${node.name}' before initialization`);
    return b.value;
  }

  private *reference(
    node: A.Identifier | A.MemberExpression,
    env: Env,
    ctx: FnCtx,
  ): G<{ get: () => Value; set: (v: Value) => void }> {
    if (node.type === 'Identifier') {
      const name = node.name;
      return {
        get: () => this.lookup(node, env),
        set: (v) => {
          const b = env.lookup(name);
          if (!b) this.refuse(node, { code: 'unknownName', name });
          if (!b.initialized) this.throwError('ReferenceError', `Cannot access '${name}' before initialization`);
          if (!b.mutable) this.throwError('TypeError', 'Assignment to constant variable.');
          b.value = v;
        },
      };
    }
    const obj = yield* this.evalExpr(node.object as A.Expression, env, ctx);
    const key = yield* this.memberKey(node, env, ctx);
    return { get: () => this.getProp(obj, key, node), set: (v) => this.setProp(obj, key, v, node) };
  }

  private getProp(obj: Value, key: string | number, node: A.MemberExpression): Value {
    const name = String(key);
    if (obj === undefined || obj === null) {
      this.throwError('TypeError', `Cannot read properties of ${String(obj)} (reading '${name}')`);
    }
    if (obj instanceof PromiseObj) {
      if (name === 'then') return this.protoThen;
      if (name === 'catch') return this.protoCatch;
      if (name === 'finally') return this.protoFinally;
    } else if (obj instanceof ArrayObj) {
      const arrayMethod = this.arrayMethod(obj, name, node);
      if (arrayMethod !== null) return arrayMethod;
    } else if (typeof obj === 'string') {
      if (name === 'length') return obj.length;
      if (/^\d+$/.test(name)) return obj[Number(name)];
      if (name === 'toUpperCase') return this.native('toUpperCase', () => obj.toUpperCase());
      if (name === 'toLowerCase') return this.native('toLowerCase', () => obj.toLowerCase());
    } else if (obj instanceof FnObj || (obj instanceof Obj && !(obj instanceof HandleObj) && !(obj instanceof OpaqueObj))) {
      if (obj.isError && name === 'stack') this.refuse(node, { code: 'unsupportedProperty', name });
      if (obj.props.has(name)) return obj.props.get(name);
      if (!(obj instanceof FnObj) && !this.isBuiltinObject(obj)) return undefined;
    }
    this.refuse(node, { code: 'unsupportedProperty', name });
  }

  private isBuiltinObject(o: Obj): boolean {
    for (const n of ['console', 'process']) if (this.global.vars.get(n)?.value === o) return true;
    return false;
  }

  private arrayMethod(arr: ArrayObj, name: string, node: A.MemberExpression): Value | null {
    if (name === 'length') return arr.items.length;
    if (/^\d+$/.test(name)) return arr.items[Number(name)];
    switch (name) {
      case 'push':
        return this.native('push', (_t, a) => {
          arr.items.push(...a);
          return arr.items.length;
        });
      case 'pop':
        return this.native('pop', () => arr.items.pop());
      case 'shift':
        return this.native('shift', () => arr.items.shift());
      case 'join':
        return this.native('join', (_t, a) =>
          arr.items.map((x) => (x === undefined || x === null ? '' : this.toStr(x, node))).join(a[0] === undefined ? ',' : this.toStr(a[0], node)),
        );
      case 'includes':
        return this.native('includes', (_t, a) => arr.items.some((x) => x === a[0] || (Number.isNaN(x) && Number.isNaN(a[0]))));
      case 'indexOf':
        return this.native('indexOf', (_t, a) => arr.items.indexOf(a[0]));
      case 'forEach':
        return this.native('forEach', (_t, a, site) => {
          const items = [...arr.items];
          items.forEach((x, i) => this.call(a[0], undefined, [x, i, arr], site));
          return undefined;
        });
      case 'map':
        return this.native('map', (_t, a, site) => new ArrayObj([...arr.items].map((x, i) => this.call(a[0], undefined, [x, i, arr], site))));
      default:
        return null;
    }
  }

  private setProp(obj: Value, key: string | number, v: Value, node: A.MemberExpression): void {
    const name = String(key);
    if (obj === undefined || obj === null) {
      this.throwError('TypeError', `Cannot set properties of ${String(obj)} (setting '${name}')`);
    }
    if (obj instanceof ArrayObj && /^\d+$/.test(name)) {
      const i = Number(name);
      while (obj.items.length < i) obj.items.push(undefined);
      obj.items[i] = v;
      return;
    }
    if (obj instanceof Obj && obj.constructor === Obj && !this.isBuiltinObject(obj)) {
      obj.props.set(name, v);
      return;
    }
    this.refuse(node, { code: 'unsupportedProperty', name });
  }

  private binary(op: A.BinaryOperator, l: Value, r: Value, node: A.Node): Value {
    if (op === '===') return l === r;
    if (op === '!==') return !(l === r);
    if (op === '==' || op === '!=') {
      let eq: boolean;
      if (isObj(l) && isObj(r)) eq = l === r;
      else if ((l === null || l === undefined) && (r === null || r === undefined)) eq = true;
      else if (l === null || l === undefined || r === null || r === undefined) eq = false;
      else {
        const a = this.toPrim(l, node);
        const b = this.toPrim(r, node);
        // eslint-disable-next-line eqeqeq
        eq = a == b;
      }
      return op === '==' ? eq : !eq;
    }
    const a = this.toPrim(l, node);
    const b = this.toPrim(r, node);
    switch (op) {
      case '+':
        if (typeof a === 'string' || typeof b === 'string') return this.toStr(a, node) + this.toStr(b, node);
        return Number(a) + Number(b);
      case '-':
        return Number(a) - Number(b);
      case '*':
        return Number(a) * Number(b);
      case '/':
        return Number(a) / Number(b);
      case '%':
        return Number(a) % Number(b);
      case '**':
        return Number(a) ** Number(b);
      case '<':
      case '>':
      case '<=':
      case '>=': {
        if (typeof a === 'string' && typeof b === 'string') {
          return op === '<' ? a < b : op === '>' ? a > b : op === '<=' ? a <= b : a >= b;
        }
        const x = Number(a);
        const y = Number(b);
        return op === '<' ? x < y : op === '>' ? x > y : op === '<=' ? x <= y : x >= y;
      }
      default:
        this.refuse(node, { code: 'unsupported', construct: 'operator', name: op });
    }
  }

  // ----- tasks

  /** runs a callback task (timer, immediate, tick, queueMicrotask, I/O); an exception is uncaught */
  private runCallbackTask(fn: FnObj, args: Value[], site: A.Node | null): void {
    try {
      this.call(fn, NO_THIS, args, site);
    } catch (e) {
      if (!(e instanceof Throw)) throw e;
      this.uncaught(e.value);
    }
  }

  private uncaught(reason: Value): void {
    const text = this.reasonText(reason);
    if (this.runtime === 'node') {
      this.snap('uncaught', { reason: text });
      throw new Halt({ code: 'crashUncaught', params: { reason: text } });
    }
    this.output.push({ text: `Uncaught ${text}`, kind: 'error', step: this.steps.length });
    this.snap('uncaught', { reason: text });
  }

  private reasonText(v: Value): string {
    if (isObj(v) && !v.isError && !(v instanceof ArrayObj)) return this.describe(v);
    try {
      return this.toStr(v, null);
    } catch {
      return 'value';
    }
  }

  private startTask(queue: string, view: TaskView): void {
    this.currentLine = null;
    // the snapshot shows the task on the stack, as it is about to be called
    this.stack.push({ view: { name: view.name, kind: 'job', line: view.line } });
    try {
      this.snap('taskStart', { queue, name: view.name, kind: view.kind }, view.line);
    } finally {
      this.stack.pop();
    }
  }

  private runJob(queue: 'microtasks' | 'ticks', job: Job): void {
    if (queue === 'microtasks') this.drainMicroRun++;
    else this.drainTicksRun++;
    this.startTask(queue, job.view);
    job.run();
    this.currentLine = null;
  }

  /** Node: processTicksAndRejections(); the browser: a microtask checkpoint */
  private drain(): void {
    const saved = this.phase;
    this.stepsAtDrainStart = this.steps.length;
    this.drainTicksRun = 0;
    this.drainMicroRun = 0;
    if (this.runtime === 'node') {
      do {
        while (this.ticks.length > 0) {
          this.phase = 'ticks';
          this.draining = 'ticks';
          this.runJob('ticks', this.ticks.shift()!);
        }
        while (this.microtasks.length > 0) {
          this.phase = 'microtasks';
          this.draining = 'microtasks';
          this.runJob('microtasks', this.microtasks.shift()!);
        }
      } while (this.ticks.length > 0);
    } else {
      while (this.microtasks.length > 0) {
        this.phase = 'microtasks';
        this.draining = 'microtasks';
        this.runJob('microtasks', this.microtasks.shift()!);
      }
    }
    this.draining = null;
    this.phase = saved;
    this.checkRejections();
  }

  private checkRejections(): void {
    const list = this.unhandled.filter((p) => !p.handled);
    this.unhandled = [];
    if (list.length === 0) return;
    const first = list[0]!;
    if (this.runtime === 'node') {
      const reason = this.reasonText(first.result);
      this.snap('uncaught', { reason, rejection: 1 });
      throw new Halt({ code: 'crashUnhandledRejection', params: { reason } });
    }
    for (const p of list) {
      const reason = this.reasonText(p.result);
      this.output.push({ text: `Uncaught (in promise) ${reason}`, kind: 'error', step: this.steps.length });
    }
  }

  private macrotask(queue: string, view: TaskView, run: () => void): void {
    this.taskIndex = ++this.taskCount;
    this.stepsAtTaskStart = this.steps.length;
    this.startTask(queue, view);
    run();
    this.currentLine = null;
    this.drain();
  }

  private runTimer(t: Timer): void {
    this.timers = this.timers.filter((x) => x !== t);
    this.phase = 'timers';
    // HTML: the timer's nesting level holds for the whole task, including the microtask checkpoint after the
    // callback (Chromium keeps it set until the callback's microtasks have run): a setTimeout called after an await
    // in a timer chain is nested, and clamped to 4 ms beyond level 5 like a direct one (checked in Chromium)
    this.timerNesting = t.nesting;
    try {
      this.macrotask('timers', t.view, () => {
        if (t.repeat) {
          // setInterval: rescheduled from the time the callback starts
          const next: Timer = { ...t, view: { ...t.view, id: this.nextId() }, due: this.now + Math.max(t.ms, this.runtime === 'node' ? 1 : 0), seq: ++this.seq };
          this.timers.push(next);
          this.runCallbackTask(t.fn, t.args, null);
          if (next.cleared || t.cleared) this.timers = this.timers.filter((x) => x !== next);
        } else this.runCallbackTask(t.fn, t.args, null);
      });
    } finally {
      this.timerNesting = 0;
    }
  }

  private nextTimer(): Timer | undefined {
    let best: Timer | undefined;
    for (const t of this.timers) {
      if (t.cleared) continue;
      if (!best || t.due < best.due || (t.due === best.due && t.seq < best.seq)) best = t;
    }
    return best;
  }

  // ----- the event loops

  /**
   * Called between turns of the loop (Node: before each timers phase inside the loop; browser: before each task).
   * Compares the turn that just ended with the one before it and, once the loop has made the same turn SPIN_TURNS
   * times in a row while a timer set before the spin waits, skips the identical turns that would follow (see the
   * file comment). A turn counts as the same if it printed nothing, started no I/O, took the same steps (events,
   * lines, callbacks), advanced the clock by the same period P, left the same immediates and the same older timers
   * pending, and created timers alike (callback, delay, due time relative to now; in a browser, whether the nesting
   * clamp applies).
   */
  private turnBoundary(): void {
    const start = this.turn;
    this.turn = { step: this.steps.length, output: this.output.length, now: this.now, seq: this.seq };
    if (!start || this.variant === 'spinNever') return;
    if (this.output.length !== start.output || this.io.length > 0) {
      this.spinCount = 0;
      return;
    }
    const trace = this.steps
      .slice(start.step)
      .map((st) => `${st.event.code}:${st.line ?? ''}:${st.event.params['queue'] ?? ''}:${st.event.params['name'] ?? ''}:${st.event.params['kind'] ?? ''}`);
    if (trace.some((t) => t.startsWith('waitIo:') || t.startsWith('uncaught:'))) {
      this.spinCount = 0;
      return;
    }
    const period = this.now - start.now;
    const live = this.timers.filter((t) => !t.cleared);
    const fresh = live.filter((t) => t.seq > start.seq);
    const old = live.filter((t) => t.seq <= start.seq);
    const sig = JSON.stringify([
      trace,
      period,
      this.immediates.filter((i) => !i.cleared).map((i) => `${i.view.name}:${i.view.line ?? ''}`),
      old.map((t) => t.seq).sort((a, b) => a - b),
      fresh
        .map((t) => `${t.view.name}:${t.view.line ?? ''}:${t.ms}:${t.due - this.now}:${t.repeat}:${this.runtime === 'browser' ? Math.min(t.nesting, 7) : 0}`)
        .sort(),
    ]);
    if (sig === this.spinSig) this.spinCount++;
    else {
      this.spinSig = sig;
      this.spinCount = 1;
    }
    if (this.spinCount < SPIN_TURNS) return;
    // the timer the spin waits for: the earliest one set before the spin
    let wait: Timer | undefined;
    for (const t of old) if (t.due > this.now && (!wait || t.due < wait.due || (t.due === wait.due && t.seq < wait.seq))) wait = t;
    if (!wait) return;
    const late = this.variant === 'spinLate';
    if (late && this.steps.length < this.maxSteps / 2) return;
    let shift: number;
    let turns = 0;
    if (period === 0) {
      // setImmediate polling: real turns take microseconds each; the clock jumps to the timer
      if (fresh.some((t) => t.due <= this.now)) return;
      shift = wait.due - this.now;
    } else {
      // timer polling: skip whole turns, up to TIMER_SLACK before the timer (the approach is simulated as usual),
      // and only when the rest would not fit comfortably in the step budget
      if (fresh.length === 0) return;
      const lastFresh = Math.max(...fresh.map((t) => t.due));
      turns = Math.floor((wait.due - TIMER_SLACK - lastFresh) / period);
      if (turns < 1) return;
      const perTurn = this.steps.length - start.step;
      if (turns * perTurn <= (this.maxSteps - this.steps.length) / 2) return;
      shift = turns * period;
    }
    const from = this.now;
    const params = { from, to: from + shift, timer: wait.view.name, due: wait.due, period, turns };
    this.phase = 'idle';
    this.snap('spin', params, null);
    this.now += shift;
    for (const t of fresh) {
      t.due += shift;
      t.nesting += turns;
    }
    this.spinParams ??= params;
    this.spinCount = 0;
    this.spinSig = '';
    this.turn = { step: this.steps.length, output: this.output.length, now: this.now, seq: this.seq };
  }

  runScript(program: A.Program): void {
    this.snap('start', {}, null);
    const ctx: FnCtx = { thisV: NO_THIS, fn: null, varEnv: this.global };
    const env = new Env(this.global);
    ctx.varEnv = env;
    this.stack.push({ view: { name: 'script', kind: 'script', line: null } });
    this.phase = 'script';
    this.stepsAtTaskStart = 0;
    try {
      this.hoistVars(program.body, env);
      const gen = this.execBlockBody(program.body as A.Statement[], env, ctx);
      const r = gen.next();
      if (!r.done) throw new Error('await at top level');
    } catch (e) {
      if (!(e instanceof Throw)) throw e;
      this.stack.pop();
      this.uncaught(e.value);
      this.stack.push({ view: { name: 'script', kind: 'script', line: null } });
    }
    this.stack.pop();
    this.currentLine = null;
    this.drain();
  }

  runBrowser(): void {
    for (;;) {
      this.turnBoundary();
      const t = this.nextTimer();
      if (!t) break;
      if (t.due > this.now) {
        this.phase = 'idle';
        this.snap('sleep', { from: this.now, to: t.due }, null);
        this.now = t.due;
      }
      this.runTimer(t);
    }
  }

  private timersPhase(): void {
    const next = this.nextTimer();
    const slack = this.loopTurns === 0 ? IMMEDIATE_SLACK_STARTUP : IMMEDIATE_SLACK;
    if (next && next.due > this.now && next.due <= this.now + slack && (this.immediates.length > 0 || this.io.length > 0)) {
      this.flagTiming(this.io.length > 0 ? 'ioVsOther' : 'timerVsImmediate', { timer: next.view.name, ms: next.ms });
      const choice = this.decisions[this.decisionsSeen++] ?? 'n';
      if (choice === 'a') this.now = next.due;
      if (choice === 'o') {
        this.now = next.due;
        this.runTimer(next);
        return;
      }
    }
    for (;;) {
      const t = this.nextTimer();
      if (!t || t.due > this.now) break;
      this.runTimer(t);
    }
  }

  private pollPhase(): void {
    if (this.immediates.length > 0 && this.io.length > 0) {
      this.flagTiming('ioVsOther', { io: this.io[0]!.view.name, other: this.immediates[0]!.view.name });
    }
    if (this.immediates.length > 0 && !(this.variant === 'ioEarly' && this.io.length > 0)) return;
    const soon = this.nextTimer();
    const ioWaits = this.variant === 'ioLate' && soon !== undefined && soon.due <= this.now + IO_WINDOW;
    if (this.io.length > 0 && !ioWaits) {
      if (soon && soon.due <= this.now + IO_WINDOW) this.flagTiming('ioVsOther', { io: this.io[0]!.view.name, other: soon.view.name });
      if (this.io.length > 1) this.flagTiming('ioVsIo', { count: this.io.length });
      this.phase = 'poll';
      this.snap('waitIo', { name: this.io[0]!.view.name }, null);
      const op = this.io.shift()!;
      this.macrotask('poll', op.view, () => this.runCallbackTask(op.fn, [null, new OpaqueObj('data')], null));
      return;
    }
    const next = this.nextTimer();
    if (next && next.due > this.now) {
      this.phase = 'idle';
      this.snap('sleep', { from: this.now, to: next.due }, null);
      this.now = next.due;
    }
  }

  private checkPhase(): void {
    // the immediates queued before the phase started run now; those queued meanwhile wait for the next iteration
    this.checkBatch = this.immediates;
    this.immediates = [];
    while (this.checkBatch.length > 0) {
      const im = this.checkBatch.shift()!;
      if (im.cleared) continue;
      this.phase = 'check';
      this.macrotask('check', im.view, () => this.runCallbackTask(im.fn, im.args, null));
    }
  }

  runNode(): void {
    // uv_run (libuv ≥ 1.45): update time and run due timers once before the loop …
    this.timersPhase();
    while (this.timers.some((t) => !t.cleared) || this.immediates.length > 0 || this.io.length > 0) {
      // … then pending, idle/prepare, poll, check, closing, update time, timers
      this.pollPhase();
      this.checkPhase();
      this.loopTurns++;
      this.turnBoundary();
      this.timersPhase();
    }
  }

  finish(): void {
    this.phase = 'done';
    this.currentLine = null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Entry point

/** Runs a snippet in the model of the given runtime and returns every step. */
export function simulate(source: string, runtime: Runtime, options: SimOptions = {}): SimResult {
  const first = runOnce(source, runtime, options);
  const result = first.result;
  if (!result.ok || options.exploreTiming === false || result.end.code !== 'done') return result;
  if ((options.variant ?? 'nominal') !== 'nominal' || options.decisions !== undefined) return result;
  const seen = new Set([JSON.stringify(logLines(result))]);
  if (first.spinParams) {
    // a spin was skipped: the output must not depend on how many turns the loop really makes before the timer
    const spun: string[][] = [];
    for (const variant of SPIN_VARIANTS) {
      const r = runOnce(source, runtime, { ...options, variant, exploreTiming: false }).result;
      // a run that never finishes with free turns is no real possibility: real turns take time
      if (!r.ok || r.end.code !== 'done') continue;
      const lines = logLines(r);
      const key = JSON.stringify(lines);
      if (seen.has(key)) continue;
      seen.add(key);
      spun.push(lines);
    }
    if (spun.length > 0) {
      result.timing = { code: 'loopSpin', params: first.spinParams, affectsOutput: true, alternative: spun[0]!, alternatives: spun };
    }
  }
  if (!result.timing) return result;
  // the order depends on timing: list the outputs other plausible timings print
  const add = (r: SimResult): void => {
    if (!r.ok || !result.timing) return;
    const lines = logLines(r);
    const key = JSON.stringify(lines);
    if (seen.has(key)) return;
    seen.add(key);
    result.timing.affectsOutput = true;
    result.timing.alternative ??= lines;
    result.timing.alternatives.push(lines);
  };
  for (const variant of VARIANTS) add(runOnce(source, runtime, { ...options, variant, exploreTiming: false }).result);
  const queue: { decisions: Decision[]; seen: number }[] = [{ decisions: [], seen: first.decisionsSeen }];
  let runs = 0;
  while (queue.length > 0 && runs < MAX_TIMING_RUNS) {
    const { decisions, seen: points } = queue.shift()!;
    for (let i = decisions.length; i < points && runs < MAX_TIMING_RUNS; i++) {
      for (const choice of ['a', 'o'] as const) {
        const next: Decision[] = [...decisions, ...(Array(i - decisions.length).fill('n') as Decision[]), choice];
        const run = runOnce(source, runtime, { ...options, decisions: next, exploreTiming: false });
        runs++;
        add(run.result);
        queue.push({ decisions: next, seen: run.decisionsSeen });
      }
    }
  }
  return result;
}

interface Run {
  result: SimResult;
  decisionsSeen: number;
  /** the first skipped spin's parameters, or null if the loop never spun */
  spinParams: Record<string, string | number> | null;
}

function runOnce(source: string, runtime: Runtime, options: SimOptions): Run {
  const parsed = parseSnippet(source);
  if (!parsed.ok) return { result: { ok: false, runtime, error: parsed.error }, decisionsSeen: 0, spinParams: null };
  const m = new Machine(source, runtime, options);
  let end: SimEnd = { code: 'done', params: {} };
  try {
    m.runScript(parsed.program);
    if (runtime === 'node') m.runNode();
    else m.runBrowser();
  } catch (e) {
    if (e instanceof SimRefusal) return { result: { ok: false, runtime, error: e.error }, decisionsSeen: 0, spinParams: null };
    if (e instanceof Halt) end = e.end;
    else throw e;
  }
  m.finish();
  // the final snapshot is always recorded, even past the cap
  const last = m.steps[m.steps.length - 1];
  const output = m.output;
  const keep = end.code !== 'done';
  m.steps.push({
    index: m.steps.length,
    event: { code: 'end', params: { end: end.code } },
    line: null,
    now: last?.now ?? 0,
    phase: 'done',
    stack: [],
    microtasks: keep ? (last?.microtasks ?? []) : [],
    ticks: keep ? (last?.ticks ?? []) : [],
    timers: keep ? (last?.timers ?? []) : [],
    immediates: keep ? (last?.immediates ?? []) : [],
    io: keep ? (last?.io ?? []) : [],
    outputLength: output.length,
  });
  return { result: { ok: true, runtime, steps: m.steps, output, end, timing: m.timing }, decisionsSeen: m.decisionsSeen, spinParams: m.spinParams };
}

/** The console.log lines (not the errors) a run prints, in order. */
export function logLines(result: SimResult): string[] {
  return result.ok ? result.output.filter((o) => o.kind === 'log').map((o) => o.text) : [];
}

/** Whether the snippet uses anything that exists only in Node (so the browser runtime does not apply). */
export function needsNode(source: string): boolean {
  const parsed = parseSnippet(source);
  if (!parsed.ok) return false;
  return identifiers(parsed.program).some((n) => NODE_ONLY.has(n));
}

const NODE_ONLY = new Set(['setImmediate', 'clearImmediate', 'process', 'require', '__filename', '__dirname']);

function identifiers(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const n of node) identifiers(n, out);
  } else if (node && typeof node === 'object' && 'type' in node) {
    const n = node as { type: string; name?: string; [k: string]: unknown };
    if (n.type === 'Identifier' && n.name) out.push(n.name);
    for (const [k, v] of Object.entries(n)) if (k !== 'loc' && v && typeof v === 'object') identifiers(v, out);
  }
  return out;
}
