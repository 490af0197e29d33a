/**
 * What both runtimes' event loops share: the virtual clock, the microtask queue, the timer list, running a task
 * (a macrotask, then a microtask checkpoint), and how a run stopped at the step cap is explained. Running code
 * takes no virtual time; the clock moves when the loop sleeps until a timer is due (or when a spin is skipped, see
 * spin.ts). A runtime (runtime-node.ts, runtime-browser.ts) extends `EventLoop` with what differs: timer clamping
 * and handles, the queues it drains and in what order, what an uncaught error does, its own globals and the phases
 * of its loop.
 */
import type * as A from 'acorn';
import type { Slices, Timer } from './engine-types.ts';
import type { Host, Realm } from './host.ts';
import { DrainWatch } from './drain-watch.ts';
import { JobQueue } from './job-queue.ts';
import { JOB_STEPS_PER_DRAIN, Recorder, type Queues, type Scene } from './recorder.ts';
import { SpinDetector, type SpinLoop } from './spin.ts';
import { TIMER_SLACK, TimingChoices } from './timing.ts';
import { DEFAULT_MAX_STEPS, type Phase, type SimEnd, type SimOptions, type TaskView } from './types.ts';
import { Halt, HandleObj, type FnObj, type Job, type PromiseObj, type Value } from './values.ts';

export type { Slices, Timer };

/** runs a generator of slices to its end, at once */
export function drive<T>(g: Slices<T>): T {
  for (;;) {
    const r = g.next();
    if (r.done) return r.value;
  }
}

/** an empty queue, shared by every snapshot that shows one */
const EMPTY: TaskView[] = [];

/**
 * Jobs one drain may run before the simulator looks at why it goes on (capEnd): a finite chain of 100,000 `then`s
 * runs to its end; starvation is then claimed only if the drain went round a cycle (drain-watch.ts).
 */
export const MAX_DRAIN_JOBS = 200_000;

export abstract class EventLoop implements Host, Scene, SpinLoop {
  readonly rec: Recorder;
  readonly timing: TimingChoices;
  readonly spin: SpinDetector;
  now = 0;
  phase: Phase = 'script';
  private timerList: Timer[] = [];
  /**
   * Bumped whenever the timer list or a timer's due time changes: the snapshots' list of timers is rebuilt only then,
   * and otherwise is the same array as the step before (a long recording grows with what changes, not with every
   * queue at every step).
   */
  private timersVersion = 0;
  private timersShown = { version: -1, views: [] as TaskView[] };
  /** the timers' views as last shown (a timer keeps its view until its due time changes) */
  private readonly timerViews = new WeakMap<Timer, TaskView>();
  /** each queue's list as the last snapshot showed it, to share when it did not change */
  private readonly shown = new Map<string, TaskView[]>();
  /** Timer.seq of the last timer created */
  seq = 0;
  protected readonly microtasks = new JobQueue();
  /** the interpreter, from run() on */
  protected realm!: Realm;
  /** index of the macrotask being run (-1: script) and the nesting level of the timer being run (browser) */
  protected taskIndex = -1;
  private taskCount = 0;
  protected timerNesting = 0;
  /** statistics used to explain a stop at the step cap */
  private stepsAtTaskStart = 0;
  private stepsAtDrainStart = 0; // (Recorder.work at those moments)
  protected draining: 'microtasks' | 'ticks' | null = null;
  protected drainTicksRun = 0;
  protected drainMicroRun = 0;
  private readonly drainWatch = new DrainWatch();
  /** Host.drainSerial: counts the drains begun */
  drainSerial = 0;

  constructor(options: SimOptions) {
    this.rec = new Recorder(options.maxSteps ?? DEFAULT_MAX_STEPS, this);
    this.rec.interrupt = options.interrupt ?? null;
    const variant = options.variant ?? 'nominal';
    this.timing = new TimingChoices(variant, options.decisions ?? []);
    this.spin = new SpinDetector(variant);
  }

  /** the pending timers (replacing the list, or adding with addTimer, is seen by the snapshots) */
  get timers(): Timer[] {
    return this.timerList;
  }
  set timers(list: Timer[]) {
    this.timerList = list;
    this.timersVersion++;
  }
  /** puts a timer in the timer list (Node also appends it to the list of its delay, runtime-node.ts) */
  protected addTimer(t: Timer): void {
    this.timerList.push(t);
    this.timersVersion++;
  }
  /** a timer's due time was changed in place (a skipped spin moves them) */
  timersMoved(): void {
    this.timersVersion++;
  }

  /** `next`, or the array the last snapshot showed for this queue if it holds the same views (shared, not copied) */
  protected share(queue: string, next: TaskView[]): TaskView[] {
    const prev = this.shown.get(queue);
    if (prev && prev.length === next.length && prev.every((v, i) => v === next[i])) return prev;
    this.shown.set(queue, next);
    return next;
  }

  // ----- what a runtime defines

  abstract defineGlobals(realm: Realm): void;
  abstract isForeignGlobal(name: string): boolean;
  abstract uncaught(reason: string): void;
  /** the delay a timer really gets (ms) and the nesting level of the task that sets it */
  protected abstract clampDelay(delay: number): { ms: number; nesting: number };
  /** what setTimeout returns */
  protected abstract timerHandle(id: number): Value;
  /** the shortest period an interval is rescheduled with */
  protected abstract readonly minInterval: number;
  /**
   * When an interval is put back in the timer list: before its callback runs (Chromium's repeating timer sets its
   * next fire time first) or after it (Node's listOnTimeout re-inserts it in a `finally`, due from the time the
   * callback started, behind any timer of the same delay the callback set)
   */
  protected abstract readonly intervalRequeued: 'before' | 'after';
  /** the interval whose callback is running (Node), so that clearInterval inside it stops the repeat */
  private runningInterval: Timer | null = null;
  /** the microtask checkpoint's queues, run until empty */
  protected abstract drainQueues(): void;
  /** promises rejected with no handler, reported after a microtask checkpoint */
  protected abstract reportRejections(reasons: Value[]): void;
  /**
   * Node's processPromiseRejections with process.on('unhandledRejection'): queues its listeners' calls for these
   * promises (and the warnings of rejections handled late) and says so (true), to be run before the checkpoint ends;
   * false: nothing queued (no listener: the promises are reported)
   */
  protected handleRejections(_rejected: PromiseObj[]): boolean {
    return false;
  }
  /** the loop after the script, until nothing is left to do; it yields between macrotasks (see Slices) */
  protected abstract runLoop(): Slices;
  abstract pendingImmediates(): string[];
  abstract ioPending(): boolean;
  abstract nestingSignature(t: Timer): number;

  // ----- Host

  log(text: string, kind: 'log' | 'error' = 'log'): void {
    this.rec.print(text, kind);
  }

  abstract formatLog(args: Value[], site: A.Node, source: string): string;

  clock(): number {
    return this.now;
  }
  abstract readonly promiseWithResolvers: boolean;

  enqueueMicrotask(job: Job): void {
    job.drain ??= this.drainSerial;
    this.microtasks.push(job);
  }

  setTimer(fn: FnObj, delay: number, args: Value[], repeat: boolean): Value {
    const { ms, nesting } = this.clampDelay(delay);
    const late = this.timing.variant === 'callbackTimersLate' && this.taskIndex > -1 ? TIMER_SLACK + 0.5 : 0;
    const due = this.now + ms + late;
    const id = this.rec.nextId();
    const handle = this.timerHandle(id);
    const timer: Timer = {
      view: this.realm.viewFor('callback', fn),
      seq: ++this.seq,
      due: due,
      ms,
      fn,
      args,
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
      // the same delay, set later: however late this callback really ran, this timer is due after the other (and in
      // Node they share one first-in, first-out list)
      if (other.ms === timer.ms) continue;
      if (other.due > this.now && Math.abs(other.due - timer.due) <= TIMER_SLACK) {
        this.timing.flag('timersAcrossTasks', {
          first: other.view.name,
          second: timer.view.name,
          firstDue: other.due,
          secondDue: timer.due,
        });
        // a decision point: this timer may really fall due just after ('a') or just before ('o') the other
        const choice = this.timing.decide();
        if (choice === 'a') timer.due = Math.max(timer.due, other.due + 0.5);
        if (choice === 'o') timer.due = Math.min(timer.due, other.due - 0.5);
      }
    }
    this.addTimer(timer);
    return handle;
  }

  clearTimer(h: Value): void {
    const r = this.runningInterval;
    if (r && (r.handle === h || (typeof h === 'number' && r.view.id === h))) r.cleared = true;
    for (const t of this.timers) if (t.handle === h || (typeof h === 'number' && t.view.id === h)) t.cleared = true;
    this.timers = this.timers.filter((t) => !t.cleared);
  }

  // ----- Scene

  queues(): Queues {
    return {
      microtasks: this.share(
        'microtasks',
        this.microtasks.map((j) => j.view),
      ),
      ticks: EMPTY,
      timers: this.timerQueue(),
      immediates: EMPTY,
      io: EMPTY,
    };
  }

  /** the pending timers in due order, each with its due time; rebuilt only when a timer changed */
  private timerQueue(): TaskView[] {
    if (this.timersShown.version !== this.timersVersion) {
      const timers = this.timerList.filter((t) => !t.cleared).sort((a, b) => a.due - b.due || a.seq - b.seq);
      const views = timers.map((t) => {
        let v = this.timerViews.get(t);
        if (v?.due !== t.due) {
          v = { ...t.view, due: t.due };
          this.timerViews.set(t, v);
        }
        return v;
      });
      this.timersShown = { version: this.timersVersion, views: this.share('timers', views) };
    }
    return this.timersShown.views;
  }

  /** the jobs waiting in the queues a drain empties (Node adds its nextTick queue) */
  protected jobsQueued(): number {
    return this.microtasks.length;
  }

  /** work still pending besides microtasks: timers (and Node's immediates and I/O) */
  protected pendingCount(): number {
    return this.timers.filter((t) => !t.cleared).length;
  }

  capEnd(opsLimit?: number): SimEnd {
    // who used most of the work (statements and expressions run, recorded or not) says why the run is stopped; the
    // message counts the steps a person can walk through. A task that holds most of it is stopped at the work limit
    // (`opsLimit`: the operations a run may make, when that is what stopped it): endless, or only longer than the
    // simulator follows; it cannot tell which, and the message says both (`ops`: what the task ran)
    const work = this.rec.work;
    const steps = this.rec.steps.length;
    const pending = this.pendingCount();
    // starvation only when the drain was seen going round a cycle (drain-watch.ts), never from its length alone
    if (this.draining && work - this.stepsAtDrainStart > work / 2 && this.drainWatch.endless) {
      const ticks = this.draining === 'ticks' || this.drainTicksRun > this.drainMicroRun;
      return {
        code: ticks ? 'starvedTicks' : 'starvedMicrotasks',
        params: { steps, jobs: this.drainTicksRun + this.drainMicroRun, pending },
      };
    }
    const taskWork = work - this.stepsAtTaskStart;
    if (taskWork > work / 2) {
      const top = this.rec.stack[this.rec.stack.length - 1];
      const line = this.rec.currentLine ?? top?.pending ?? top?.view.line ?? null;
      return {
        code: 'infiniteLoop',
        params: { steps, pending, ops: opsLimit ?? taskWork, line: line ?? '' },
      };
    }
    return { code: 'tooLong', params: { steps, pending, now: this.now } };
  }

  // ----- running

  /** the script, its microtask checkpoint, then the loop (yielding before each macrotask of the loop) */
  *run(realm: Realm, program: A.Program): Slices {
    this.realm = realm;
    this.rec.snap('start', {}, null);
    this.phase = 'script';
    this.stepsAtTaskStart = 0;
    realm.runScript(program);
    this.drain();
    yield* this.runLoop();
  }

  /** the run is over: the final phase */
  finish(): void {
    this.phase = 'done';
    this.rec.currentLine = null;
  }

  protected startTask(queue: string, view: TaskView): void {
    this.rec.currentLine = null;
    this.rec.taskStarted();
    // the snapshot shows the task on the stack, as it is about to be called
    this.rec.stack.push({ view: { name: view.name, kind: 'job', line: view.line } });
    try {
      this.rec.snap('taskStart', { queue, name: view.name, kind: view.kind }, view.line);
    } finally {
      this.rec.stack.pop();
    }
  }

  protected runJob(queue: 'microtasks' | 'ticks', job: Job): void {
    if (queue === 'microtasks') this.drainMicroRun++;
    else this.drainTicksRun++;
    this.drainWatch.job(job.view, this.jobsQueued(), job.drain === this.drainSerial);
    // past the drain's quota of recorded jobs the jobs run unrecorded (the same in a run with a lower step cap: a
    // recorded step never depends on the cap)
    const n = this.drainMicroRun + this.drainTicksRun;
    if (n > MAX_DRAIN_JOBS) throw new Halt(this.rec.capEnd());
    if (n <= JOB_STEPS_PER_DRAIN) this.startTask(queue, job.view);
    else this.rec.quietJobStarted(job.view.line);
    job.run();
    this.rec.currentLine = null;
  }

  /** runs every microtask, including those queued meanwhile */
  protected runMicrotasks(): void {
    while (this.microtasks.length > 0) {
      this.phase = 'microtasks';
      this.draining = 'microtasks';
      this.runJob('microtasks', this.microtasks.shift()!);
    }
  }

  /** Node: processTicksAndRejections(); the browser: a microtask checkpoint */
  protected drain(): void {
    const saved = this.phase;
    this.stepsAtDrainStart = this.rec.work;
    this.drainTicksRun = 0;
    this.drainMicroRun = 0;
    this.drainWatch.reset();
    this.drainSerial++;
    this.drainQueues();
    // Node's processTicksAndRejections goes on while a rejection's 'unhandledRejection' listeners have run
    let rejected = this.realm.takeUnhandledRejections();
    while (this.handleRejections(rejected)) {
      this.drainQueues();
      rejected = this.realm.takeUnhandledRejections();
    }
    this.rec.quietEnded();
    this.draining = null;
    this.phase = saved;
    if (rejected.length > 0) this.reportRejections(rejected.map((p) => p.result));
  }

  protected macrotask(queue: string, view: TaskView, run: () => void): void {
    this.taskIndex = ++this.taskCount;
    this.stepsAtTaskStart = this.rec.work;
    this.startTask(queue, view);
    run();
    this.rec.currentLine = null;
    this.drain();
  }

  /** a timer callback's `this`: Node calls it as a method of its Timeout, a browser with the window (HTML) */
  private timerThis(t: Timer): Value {
    return t.handle instanceof HandleObj ? t.handle : this.realm.globalObject;
  }

  protected runTimer(t: Timer): void {
    this.timers = this.timers.filter((x) => x !== t);
    this.phase = 'timers';
    // HTML: the timer's nesting level holds for the whole task, including the microtask checkpoint after the
    // callback (Chromium keeps it set until the callback's microtasks have run): a setTimeout called after an await
    // in a timer chain is nested, and clamped to 4 ms beyond level 5 like a direct one (checked in Chromium)
    this.timerNesting = t.nesting;
    try {
      this.macrotask('timers', t.view, () => {
        if (t.repeat && this.intervalRequeued === 'after') {
          // setInterval in Node: re-inserted after the callback, due from the time the callback started
          const start = this.now;
          this.runningInterval = t;
          try {
            this.realm.runCallbackTask(t.fn, t.args, null, this.timerThis(t));
          } finally {
            this.runningInterval = null;
          }
          if (!t.cleared) {
            const next: Timer = {
              ...t,
              view: { ...t.view, id: this.rec.nextId() },
              due: start + Math.max(t.ms, this.minInterval),
              seq: ++this.seq,
            };
            this.addTimer(next);
          }
        } else if (t.repeat) {
          // setInterval in a browser: rescheduled from the time the callback starts, before it runs
          const next: Timer = {
            ...t,
            view: { ...t.view, id: this.rec.nextId() },
            due: this.now + Math.max(t.ms, this.minInterval),
            seq: ++this.seq,
          };
          this.addTimer(next);
          this.realm.runCallbackTask(t.fn, t.args, null, this.timerThis(t));
          if (next.cleared || t.cleared) this.timers = this.timers.filter((x) => x !== next);
        } else this.realm.runCallbackTask(t.fn, t.args, null, this.timerThis(t));
      });
    } finally {
      this.timerNesting = 0;
    }
  }

  protected nextTimer(): Timer | undefined {
    let best: Timer | undefined;
    for (const t of this.timers) {
      if (t.cleared) continue;
      if (!best || t.due < best.due || (t.due === best.due && t.seq < best.seq)) best = t;
    }
    return best;
  }

  /** the loop sleeps until `due` */
  protected sleepUntil(due: number): void {
    this.phase = 'idle';
    this.rec.snap('sleep', { from: this.now, to: due }, null);
    this.now = due;
  }
}
