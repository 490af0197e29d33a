/**
 * Node as a host (CommonJS, Node ≥ 11, libuv ≥ 1.45). The order follows lib/internal/process/task_queues.js (the
 * nextTick queue, then all microtasks, repeated until both are empty) and lib/internal/timers.js (timers in due-time
 * order, `runNextTicks()` between callbacks); the loop's phases follow libuv's uv_run (timers, pending, poll, check,
 * closing; since libuv 1.45 timers run at the end of an iteration). An uncaught exception or an unhandled
 * rejection ends the process. Node adds setImmediate, process.nextTick, require('fs').readFile, __filename and
 * __dirname to the globals.
 */
import type * as A from 'acorn';
import { describe, reasonText, typeOf } from './conversions.ts';
import type { Realm } from './host.ts';
import { formatLogArgs } from './inspect.ts';
import { EventLoop, type Slices, type Timer } from './loop.ts';
import { refuseAt } from './parse.ts';
import { TIMER_SLACK } from './timing.ts';
import type { Queues } from './recorder.ts';
import { JobQueue } from './job-queue.ts';
import type { TaskView } from './types.ts';
import {
  Halt,
  HandleObj,
  isCallable,
  isObj,
  Obj,
  OpaqueObj,
  type FnObj,
  type PromiseObj,
  type Value,
} from './values.ts';

/** an event name in a refusal: `'exit'` */
function describeEvent(v: Value): string {
  return typeof v === 'string' ? `'${v}'` : typeOf(v);
}

/** the globals only Node has (a browser refuses them by name; in recording.ts, which reads without the simulator) */
export { NODE_ONLY } from './recording.ts';

/** Node coerces a timer delay outside [1, TIMEOUT_MAX] to 1 ms (lib/internal/timers.js) */
const TIMEOUT_MAX = 2 ** 31 - 1;
/** the process id a simulated warning names (a real one differs from run to run) */
export const NODE_PID = 4242;
/** how soon (ms) a timer may be due while setImmediate callbacks wait before the order is timing-dependent */
const IMMEDIATE_SLACK = 2;
/** the same on the loop's first turn: Node finishes start-up after the script, which can take several ms */
const IMMEDIATE_SLACK_STARTUP = 10;
/** an I/O completion is assumed to take less than this (ms): timers due later run after it */
const IO_WINDOW = 100;

/** one of Node's timer lists (lib/internal/timers.js): the timers of one duration, first in, first out */
interface TimerList {
  /** the priority queue breaks a tie of expiry by this id: the list's creation, renewed when the list is re-armed */
  id: number;
  timers: Timer[];
}

/** whether calling the function may queue work: it calls anything but console methods, or awaits; built-ins may */
const schedules = new WeakMap<A.Node, boolean>();
function maySchedule(fn: FnObj): boolean {
  const node = fn.node;
  if (!node) return true;
  let known = schedules.get(node);
  if (known === undefined) {
    known = callsSomething(node.body);
    schedules.set(node, known);
  }
  return known;
}
function callsSomething(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(callsSomething);
  if (!node || typeof node !== 'object' || !('type' in node)) return false;
  const n = node as A.AnyNode;
  if (n.type === 'AwaitExpression' || n.type === 'NewExpression' || n.type === 'YieldExpression') return true;
  if (n.type === 'CallExpression') {
    const c = n.callee;
    const toConsole = c.type === 'MemberExpression' && c.object.type === 'Identifier' && c.object.name === 'console';
    if (!toConsole) return true;
  }
  for (const [k, v] of Object.entries(n))
    if (k !== 'loc' && v && typeof v === 'object' && callsSomething(v)) return true;
  return false;
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

export class NodeRuntime extends EventLoop {
  private readonly ticks = new JobQueue();
  private immediates: Immediate[] = [];
  /** the batch the check phase is running */
  private checkBatch: Immediate[] = [];
  private io: IoOp[] = [];
  /** completed turns of the loop */
  private loopTurns = 0;
  /** Node's timer lists by duration, and the list whose timers are running (it lives on while its last one runs) */
  private lists = new Map<number, TimerList>();
  private listIds = 0;
  private processing: TimerList | null = null;
  /** output lines printed before each timer read the clock; whether setTimer is inserting a new timer */
  private printedAt = new WeakMap<Timer, number>();
  private inserting = false;
  protected readonly intervalRequeued = 'after';
  protected readonly minInterval = 1;
  readonly promiseWithResolvers = false;
  readonly runtime = 'node';
  /** process.on('unhandledRejection') listeners, the process object, and the modules required (one object each) */
  private readonly rejectionListeners: FnObj[] = [];
  private processObj: Obj | null = null;
  private events: Value | undefined;
  private util: Value | undefined;
  private timersModule: Value | undefined;
  /** a warning was printed (its hint is printed once) */
  private warned = false;
  /** timers that do not keep the process alive (AbortSignal.timeout's) */
  private readonly unrefd = new Set<Value>();

  unrefTimer(handle: Value): void {
    this.unrefd.add(handle);
  }

  formatLog(args: Value[], site: A.Node, source: string): string {
    return formatLogArgs(args, 'node', site, source);
  }

  /** a value util.inspect spreads over several lines, or a string with newlines: one output line each */
  override log(text: string, kind: 'log' | 'error' = 'log'): void {
    for (const line of text.split('\n')) super.log(line, kind);
  }

  // ----- globals

  defineGlobals(realm: Realm): void {
    realm.defineGlobal(
      'setImmediate',
      realm.native('setImmediate', (_t, a, site) => this.setImmediate(realm, a, site)),
    );
    realm.defineGlobal(
      'clearImmediate',
      realm.native('clearImmediate', (_t, a) => {
        const h = a[0];
        if (h instanceof HandleObj)
          for (const i of [...this.checkBatch, ...this.immediates]) if (i.handle === h) i.cleared = true;
        return undefined;
      }),
    );
    const process = new Obj();
    process.props.set(
      'nextTick',
      realm.native('process.nextTick', (_t, a, site) => {
        const fn = a[0];
        if (!isCallable(fn)) realm.throwError('TypeError', 'The "callback" argument must be of type function.');
        const args = a.slice(1);
        this.ticks.push({
          view: realm.viewFor('callback', fn),
          run: () => realm.runCallbackTask(fn, args, site),
          drain: this.drainSerial,
        });
        return undefined;
      }),
    );
    // process.on('unhandledRejection', fn): fn(reason, promise) instead of the crash (processPromiseRejections)
    const on = realm.native('process.on', (_t, a, site) => {
      if (a[0] !== 'unhandledRejection')
        refuseAt(site, { code: 'unsupportedProperty', name: `process.on(${describeEvent(a[0])})` });
      if (!isCallable(a[1])) refuseAt(site, { code: 'unsupportedValue', name: typeOf(a[1]) });
      this.rejectionListeners.push(a[1]);
      return process;
    });
    process.props.set('on', on);
    process.props.set('addListener', on);
    realm.defineGlobal('process', process);
    this.processObj = process;
    const fs = new Obj();
    fs.props.set(
      'readFile',
      realm.native('fs.readFile', (_t, a, site) => this.readFile(realm, a, site)),
    );
    realm.defineGlobal(
      'require',
      realm.native('require', (_t, a, site) => {
        if (a[0] === 'fs' || a[0] === 'node:fs') return fs;
        const name = typeof a[0] === 'string' ? a[0].replace(/^node:/, '') : '';
        if (name === 'timers/promises') return this.timersPromises(realm);
        if (name === 'events') return (this.events ??= realm.eventsModule((text) => this.emitWarning(text)));
        if (name === 'util')
          return (this.util ??= realm.utilModule((fn) => {
            // setTimeout and setImmediate have their own promisified form (util.promisify.custom): timers/promises'
            const own = ['setTimeout', 'setImmediate'].find((n) => realm.globalValue(n) === fn);
            const module = this.timersPromises(realm);
            return own && module instanceof Obj ? (module.props.get(own) ?? null) : null;
          }));
        refuseAt(site, { code: 'unsupportedModule', name: isObj(a[0]) ? describe(a[0]) : String(a[0]) });
      }),
    );
    realm.defineGlobal('__filename', new OpaqueObj('__filename'));
    realm.defineGlobal('__dirname', new OpaqueObj('__dirname'));
  }

  isForeignGlobal(): boolean {
    return false;
  }

  /** require('timers/promises'): one module object, whoever asks (util.promisify(setTimeout) too) */
  private timersPromises(realm: Realm): Value {
    return (this.timersModule ??= realm.timersPromises());
  }

  /**
   * process.emitWarning: the warning is printed to stderr from a nextTick, the process's first with a hint
   */
  private emitWarning(text: string): void {
    this.ticks.push({
      view: { id: this.rec.nextId(), kind: 'callback', name: 'emitWarning', line: null },
      run: () => {
        const hint = this.warned ? '' : '\n(Use `node --trace-warnings ...` to show where the warning was created)';
        this.warned = true;
        this.log(`(node:${NODE_PID}) ${text}${hint}`, 'error');
      },
    });
  }

  /**
   * processPromiseRejections with 'unhandledRejection' listeners: each promise still unhandled when its turn comes
   * is given to every listener, `(reason, promise)`, before the ticks and microtasks they queue (the listeners'
   * calls go first in the nextTick queue, which the checkpoint then drains)
   */
  protected override handleRejections(rejected: PromiseObj[]): boolean {
    // a rejection the listeners saw that got a handler later: 'rejectionHandled' has no listener, so a warning
    const late = this.realm.takeLateHandledRejections();
    for (const p of late)
      this.emitWarning(
        `PromiseRejectionHandledWarning: Promise rejection was handled asynchronously (rejection id: ${p.rejectionId ?? 0})`,
      );
    if (rejected.length === 0 || this.rejectionListeners.length === 0) return late.length > 0 && rejected.length === 0;
    const listeners = [...this.rejectionListeners];
    for (const p of rejected) {
      this.ticks.push({
        view: this.realm.viewFor('callback', listeners[0]!),
        run: () => {
          if (p.handled) return;
          p.reported = true;
          for (const l of listeners) this.realm.runCallbackTask(l, [p.result, p], null, this.processObj);
        },
      });
    }
    return true;
  }

  private setImmediate(realm: Realm, a: Value[], site: A.Node): Value {
    const fn = a[0];
    if (!isCallable(fn)) refuseAt(site, { code: 'unsupportedValue', name: typeOf(fn) });
    const handle = new HandleObj('immediate', this.rec.nextId());
    this.immediates.push({ view: realm.viewFor('callback', fn), fn, args: a.slice(1), cleared: false, handle });
    return handle;
  }

  private readFile(realm: Realm, a: Value[], site: A.Node): Value {
    const fn = a[a.length - 1];
    if (!isCallable(fn)) refuseAt(site, { code: 'unsupportedValue', name: typeOf(fn) });
    this.io.push({ view: realm.viewFor('callback', fn), fn });
    return undefined;
  }

  // ----- timers, errors

  /**
   * lib/internal/timers.js: a delay outside [1, TIMEOUT_MAX] becomes 1 (above TIMEOUT_MAX with a
   * TimeoutOverflowWarning, which process.emitWarning prints from a nextTick), and `insert()` truncates it, so 1.7 ms
   * joins the 1 ms list (first in, first out with the timers already there).
   */
  protected clampDelay(delay: number): { ms: number; nesting: number } {
    if (delay > TIMEOUT_MAX) this.warnOverflow(delay);
    return { ms: delay >= 1 && delay <= TIMEOUT_MAX ? Math.trunc(delay) : 1, nesting: 0 };
  }

  private warnOverflow(delay: number): void {
    this.emitWarning(
      `TimeoutOverflowWarning: ${String(delay)} does not fit into a 32-bit signed integer.\nTimeout duration was set to 1.`,
    );
  }

  protected timerHandle(id: number): Value {
    return new HandleObj('timeout', id);
  }

  // ----- Node's timer lists and its clock (the part of timing: see timing.ts)

  override setTimer(fn: FnObj, delay: number, args: Value[], repeat: boolean): Value {
    this.inserting = true;
    try {
      return super.setTimer(fn, delay, args, repeat);
    } finally {
      this.inserting = false;
    }
  }

  /** insert(): the timer joins the list of its duration (a new list, with a new id, if there is none) */
  protected override addTimer(t: Timer): void {
    if (this.inserting) this.clockMayTick(t);
    super.addTimer(t);
    this.printedAt.set(t, this.rec.output.length);
    let list = this.lists.get(t.ms);
    if (!list || (list !== this.processing && !this.listHead(list))) {
      list = { id: ++this.listIds, timers: [] };
      this.lists.set(t.ms, list);
    }
    list.timers.push(t);
  }

  /**
   * Node reads the clock at each setTimeout call (getLibuvNow() updates libuv's time), while the simulator's clock
   * stands still as a task runs. Where it can change the order, a new timer is a decision point: the clock may have
   * advanced since an earlier timer was set — when something was printed in between (a write to stdout takes time;
   * Node's first one takes milliseconds) or the two were set by different tasks — and the new timer is then due that
   * much later (and so is everything the task does after it). The advances tried are those that change how the new
   * timer stands to a pending one: of the same duration and due at the same time, 1 ms (the new one stays behind it
   * in their list, but may not be due yet when the loop runs the other, so that timers set meanwhile run between
   * them); set by the same task with another duration and due at most TIMER_SLACK − 1 ms later, just enough to fall
   * due after it. 'a' takes the smallest such advance, 'o' the largest.
   */
  private clockMayTick(t: Timer): void {
    const printed = this.rec.output.length;
    const ticks: number[] = [];
    let first: Timer | undefined;
    let others: boolean | undefined;
    for (const x of this.timers) {
      if (x.cleared) continue;
      const sameTask = x.createdInTask === t.createdInTask;
      if (sameTask && (this.printedAt.get(x) ?? printed) >= printed) continue;
      const ahead = x.due - t.due;
      const matters =
        x.ms === t.ms
          ? ahead === 0 && (maySchedule(x.fn) || (others ??= this.mayRunBetween(t)))
          : sameTask && ahead >= 0 && ahead < TIMER_SLACK;
      if (matters) {
        ticks.push(x.ms === t.ms ? 1 : ahead + 1);
        first ??= x;
      }
    }
    if (!first) return;
    this.timing.flag('clockTicks', { first: first.view.name, second: t.view.name, ms: t.ms });
    const choice = this.timing.decide();
    const tick = choice === 'a' ? Math.min(...ticks) : choice === 'o' ? Math.max(...ticks) : 0;
    this.now += tick;
    t.due += tick;
    t.createdAt += tick;
  }

  /**
   * Whether anything but the callback of a timer of `t`'s list due with it could run before `t` if `t` were due 1 ms
   * later: an immediate or file read pending, or a timer of another duration that may run in between (due by then,
   * and either due after the other or calling something). (Whether that callback may queue work is `maySchedule`.)
   */
  private mayRunBetween(t: Timer): boolean {
    if (this.immediates.length > 0 || this.io.length > 0) return true;
    return this.timers.some(
      (z) => !z.cleared && z.ms !== t.ms && z.due <= t.due + 1 && (z.due > t.due || maySchedule(z.fn)),
    );
  }

  /** the list's first timer still pending (those run or cleared are dropped) */
  private listHead(list: TimerList): Timer | undefined {
    for (;;) {
      const h = list.timers[0];
      if (!h || (!h.cleared && this.timers.includes(h))) return h;
      list.timers.shift();
    }
  }

  /** the first list of the priority queue: the earliest expiry (its first timer's due time), then the lowest id */
  private firstList(): { list: TimerList; head: Timer } | undefined {
    let best: { list: TimerList; head: Timer } | undefined;
    for (const [ms, list] of this.lists) {
      const head = this.listHead(list);
      if (!head) {
        if (list !== this.processing) this.lists.delete(ms);
        continue;
      }
      if (!best || head.due < best.head.due || (head.due === best.head.due && list.id < best.list.id))
        best = { list, head };
    }
    return best;
  }

  protected override nextTimer(): Timer | undefined {
    return this.firstList()?.head;
  }

  /**
   * processTimers(now) and listOnTimeout(list, now): `now` is read once; lists run in the queue's order while due,
   * each one's timers first in, first out while due; a list whose next timer is not due yet is re-armed with a new id
   * (behind a list of the same expiry created meanwhile), and timers set by the callbacks wait for a later turn.
   */
  private *runDueTimers(): Slices {
    const now = this.now;
    for (;;) {
      const first = this.firstList();
      if (!first || first.head.due > now) return;
      this.processing = first.list;
      try {
        for (let h: Timer | undefined = first.head; h; h = this.listHead(first.list)) {
          if (h.due > now) {
            first.list.id = ++this.listIds;
            break;
          }
          yield;
          this.runTimer(h);
        }
      } finally {
        this.processing = null;
      }
    }
  }

  /** process 'uncaughtException' with no listener: the process prints the error and exits */
  uncaught(reason: string): void {
    this.rec.snap('uncaught', { reason });
    throw new Halt({ code: 'crashUncaught', params: { reason } });
  }

  /** --unhandled-rejections=throw (the default since Node 15): the first one ends the process */
  protected reportRejections(reasons: Value[]): void {
    const reason = reasonText(reasons[0]);
    this.rec.snap('uncaught', { reason, rejection: 1 });
    throw new Halt({ code: 'crashUnhandledRejection', params: { reason } });
  }

  // ----- queues

  protected override jobsQueued(): number {
    return this.ticks.length + super.jobsQueued();
  }

  /** processTicksAndRejections(): the nextTick queue, then the microtasks, until both are empty */
  protected drainQueues(): void {
    do {
      while (this.ticks.length > 0) {
        this.phase = 'ticks';
        this.draining = 'ticks';
        this.runJob('ticks', this.ticks.shift()!);
      }
      this.runMicrotasks();
    } while (this.ticks.length > 0);
  }

  override queues(): Queues {
    const immediates: TaskView[] = [];
    for (const list of [this.checkBatch, this.immediates])
      for (const i of list) if (!i.cleared) immediates.push(i.view);
    return {
      ...super.queues(),
      ticks: this.share(
        'ticks',
        this.ticks.map((j) => j.view),
      ),
      immediates: this.share('immediates', immediates),
      io: this.share(
        'io',
        this.io.map((o) => o.view),
      ),
    };
  }

  protected override pendingCount(): number {
    return super.pendingCount() + this.immediates.length + this.io.length;
  }

  pendingImmediates(): string[] {
    return this.immediates.filter((i) => !i.cleared).map((i) => `${i.view.name}:${i.view.line ?? ''}`);
  }

  ioPending(): boolean {
    return this.io.length > 0;
  }

  nestingSignature(): number {
    return 0;
  }

  // ----- the loop

  protected *runLoop(): Slices {
    // uv_run (libuv ≥ 1.45): update time and run due timers once before the loop …
    yield* this.timersPhase();
    // an unref'd timer (AbortSignal.timeout's) runs when it is due but does not keep the loop alive
    const alive = (): boolean => this.timers.some((t) => !t.cleared && !this.unrefd.has(t.handle));
    while (alive() || this.immediates.length > 0 || this.io.length > 0) {
      // … then pending, idle/prepare, poll, check, closing, update time, timers
      yield;
      this.pollPhase();
      yield* this.checkPhase();
      this.loopTurns++;
      this.spin.boundary(this);
      yield* this.timersPhase();
    }
  }

  private *timersPhase(): Slices {
    const next = this.nextTimer();
    const slack = this.loopTurns === 0 ? IMMEDIATE_SLACK_STARTUP : IMMEDIATE_SLACK;
    if (
      next &&
      next.due > this.now &&
      next.due <= this.now + slack &&
      (this.immediates.length > 0 || this.io.length > 0)
    ) {
      this.timing.flag(this.io.length > 0 ? 'ioVsOther' : 'timerVsImmediate', { timer: next.view.name, ms: next.ms });
      const choice = this.timing.decide();
      if (choice === 'a') this.now = next.due;
      if (choice === 'o') {
        this.now = next.due;
        yield;
        this.runTimer(next);
        return;
      }
    }
    yield* this.runDueTimers();
  }

  private pollPhase(): void {
    const variant = this.timing.variant;
    if (this.immediates.length > 0 && this.io.length > 0) {
      this.timing.flag('ioVsOther', { io: this.io[0]!.view.name, other: this.immediates[0]!.view.name });
    }
    if (this.immediates.length > 0 && !(variant === 'ioEarly' && this.io.length > 0)) return;
    const soon = this.nextTimer();
    const ioWaits = variant === 'ioLate' && soon !== undefined && soon.due <= this.now + IO_WINDOW;
    if (this.io.length > 0 && !ioWaits) {
      if (soon && soon.due <= this.now + IO_WINDOW)
        this.timing.flag('ioVsOther', { io: this.io[0]!.view.name, other: soon.view.name });
      if (this.io.length > 1) this.timing.flag('ioVsIo', { count: this.io.length });
      this.phase = 'poll';
      this.rec.snap('waitIo', { name: this.io[0]!.view.name }, null);
      const op = this.io.shift()!;
      this.macrotask('poll', op.view, () => this.realm.runCallbackTask(op.fn, [null, new OpaqueObj('data')], null));
      return;
    }
    const next = this.nextTimer();
    if (next && next.due > this.now) this.sleepUntil(next.due);
  }

  private *checkPhase(): Slices {
    // the immediates queued before the phase started run now; those queued meanwhile wait for the next iteration
    this.checkBatch = this.immediates;
    this.immediates = [];
    while (this.checkBatch.length > 0) {
      const im = this.checkBatch.shift()!;
      if (im.cleared) continue;
      yield;
      this.phase = 'check';
      // Node calls an immediate's callback as a method of its Immediate object
      this.macrotask('check', im.view, () => this.realm.runCallbackTask(im.fn, im.args, null, im.handle));
    }
  }
}
