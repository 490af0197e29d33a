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
import { EventLoop } from './loop.ts';
import { refuseAt } from './parse.ts';
import type { Queues } from './recorder.ts';
import type { TaskView } from './types.ts';
import { Halt, HandleObj, isCallable, isObj, Obj, OpaqueObj, type FnObj, type Job, type Value } from './values.ts';

/** the globals only Node has (a browser refuses them by name) */
export const NODE_ONLY = new Set(['setImmediate', 'clearImmediate', 'process', 'require', '__filename', '__dirname']);

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
  private ticks: Job[] = [];
  private immediates: Immediate[] = [];
  /** the batch the check phase is running */
  private checkBatch: Immediate[] = [];
  private io: IoOp[] = [];
  /** completed turns of the loop */
  private loopTurns = 0;
  protected readonly intervalRequeued = 'after';
  protected readonly minInterval = 1;
  readonly promiseWithResolvers = false;
  readonly runtime = 'node';
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
        this.ticks.push({ view: realm.viewFor('callback', fn), run: () => realm.runCallbackTask(fn, args, site) });
        return undefined;
      }),
    );
    realm.defineGlobal('process', process);
    const fs = new Obj();
    fs.props.set(
      'readFile',
      realm.native('fs.readFile', (_t, a, site) => this.readFile(realm, a, site)),
    );
    realm.defineGlobal(
      'require',
      realm.native('require', (_t, a, site) => {
        if (a[0] === 'fs' || a[0] === 'node:fs') return fs;
        if (a[0] === 'timers/promises' || a[0] === 'node:timers/promises') return realm.timersPromises();
        refuseAt(site, { code: 'unsupportedModule', name: isObj(a[0]) ? describe(a[0]) : String(a[0]) });
      }),
    );
    realm.defineGlobal('__filename', new OpaqueObj('__filename'));
    realm.defineGlobal('__dirname', new OpaqueObj('__dirname'));
  }

  isForeignGlobal(): boolean {
    return false;
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
    const text =
      `(node:${NODE_PID}) TimeoutOverflowWarning: ${String(delay)} does not fit into a 32-bit signed integer.\n` +
      'Timeout duration was set to 1.\n' +
      '(Use `node --trace-warnings ...` to show where the warning was created)';
    this.ticks.push({
      view: { id: this.rec.nextId(), kind: 'callback', name: 'emitWarning', line: null },
      run: () => this.log(text, 'error'),
    });
  }

  protected timerHandle(id: number): Value {
    return new HandleObj('timeout', id);
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

  protected runLoop(): void {
    // uv_run (libuv ≥ 1.45): update time and run due timers once before the loop …
    this.timersPhase();
    // an unref'd timer (AbortSignal.timeout's) runs when it is due but does not keep the loop alive
    const alive = (): boolean => this.timers.some((t) => !t.cleared && !this.unrefd.has(t.handle));
    while (alive() || this.immediates.length > 0 || this.io.length > 0) {
      // … then pending, idle/prepare, poll, check, closing, update time, timers
      this.pollPhase();
      this.checkPhase();
      this.loopTurns++;
      this.spin.boundary(this);
      this.timersPhase();
    }
  }

  private timersPhase(): void {
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

  private checkPhase(): void {
    // the immediates queued before the phase started run now; those queued meanwhile wait for the next iteration
    this.checkBatch = this.immediates;
    this.immediates = [];
    while (this.checkBatch.length > 0) {
      const im = this.checkBatch.shift()!;
      if (im.cleared) continue;
      this.phase = 'check';
      this.macrotask('check', im.view, () => this.realm.runCallbackTask(im.fn, im.args, null));
    }
  }
}
