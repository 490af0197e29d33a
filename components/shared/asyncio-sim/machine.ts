/**
 * The machine under the loop: virtual time, the loop's own thread, the threads of a `ThreadPoolExecutor` and the
 * processes of a `ProcessPoolExecutor`.
 *
 * Time moves only when something takes time: the loop's thread computing (CPU, holding the GIL) or blocking
 * (`time.sleep`, the GIL released), or sleeping in `select()`. Threads of this process that compute share the GIL:
 * k of them computing at once each advance at 1/k of the speed (CPython switches every 5 ms; over a callback of
 * tens of milliseconds that is fair sharing). Blocking threads and other processes run in parallel (one core
 * each; the machine is assumed to have enough). A thread that sleeps wakes `wakeLatencyNs` late. Everything is
 * nanoseconds, and nothing here reads a real clock.
 */

export type Work = { readonly kind: 'cpu' | 'block'; readonly ns: number };

/** One interval on one lane (the loop's thread, a pool thread, a process), for timelines. */
export interface Span {
  readonly lane: string;
  readonly kind: 'cpu' | 'block' | 'select';
  readonly start: number;
  readonly end: number;
  readonly label: string;
}

interface Activity {
  readonly lane: string;
  readonly label: string;
  readonly kind: 'cpu' | 'block';
  /** Shares the GIL of this process (the loop's thread and pool threads) or not (a process of a pool). */
  readonly gil: boolean;
  /** cpu: work left (ns at full speed); block: the time it ends. */
  remaining: number;
  readonly until: number;
  readonly start: number;
  readonly done: () => void;
  finished: boolean;
}

interface TimedEvent {
  readonly at: number;
  readonly seq: number;
  readonly fire: () => void;
}

const EPS = 1e-6;

export class Machine {
  now: number;
  readonly spans: Span[] = [];
  private activities: Activity[] = [];
  private events: TimedEvent[] = [];
  private seq = 0;

  /**
   * @param wakeLatencyNs how late the kernel wakes a thread that sleeps (time.sleep, epoll_wait) after its time
   *   is up: 0 on an ideal machine; tens of microseconds on an idle Linux box, milliseconds on a loaded one.
   */
  /** When the loop's thread, woken, waited for the GIL that a computing thread held (`gilSwitchIntervalNs`). */
  readonly gilWaits: { readonly start: number; readonly end: number }[] = [];

  /**
   * @param wakeLatencyNs how late the kernel wakes a thread that sleeps (time.sleep, epoll_wait) after its time
   *   is up: 0 on an ideal machine; tens of microseconds on an idle Linux box, milliseconds on a loaded one.
   * @param gilSwitchIntervalNs sys.getswitchinterval() (5 ms in CPython), or 0 not to model it: the loop's thread,
   *   woken from a sleep while a thread of this process computes, waits that long for the GIL (take_gil waits one
   *   interval before it asks the holder to drop it).
   */
  constructor(
    startNs = 0,
    readonly wakeLatencyNs = 0,
    readonly gilSwitchIntervalNs = 0,
  ) {
    this.now = startNs;
  }

  /**
   * The loop's thread wants the GIL back after a sleep (select() that slept, time.sleep): with the switch interval
   * modelled and another thread of this process computing, it waits until the interval is over (or until no such
   * thread is left); the other threads run meanwhile.
   */
  takeGil(): void {
    if (this.gilSwitchIntervalNs <= 0) return;
    const competing = () => this.activities.some((a) => !a.finished && a.gil && a.kind === 'cpu' && a.lane !== 'main');
    if (!competing()) return;
    const start = this.now;
    const deadline = start + this.gilSwitchIntervalNs;
    while (competing() && this.now < deadline - EPS) this.step(deadline);
    if (this.now > start) this.gilWaits.push({ start, end: this.now });
  }

  /** Start `work` on `lane`; `done` runs (at the virtual time it ends) when it is over. */
  start(lane: string, label: string, work: Work, gil: boolean, done: () => void): void {
    this.activities.push({
      lane,
      label,
      kind: work.kind,
      gil,
      start: this.now,
      done,
      finished: false,
      remaining: work.kind === 'cpu' ? work.ns : 0,
      until: work.kind === 'block' ? this.now + work.ns + (work.ns > 0 ? this.wakeLatencyNs : 0) : 0,
    });
    if (work.ns <= 0) this.advanceTo(this.now); // finish at once, in order
  }

  /** Something outside (a peer answering on a socket) happens at `at`. */
  at(at: number, fire: () => void): void {
    this.events.push({ at: Math.max(at, this.now), seq: this.seq++, fire });
  }

  /** The loop's thread does `work` and returns when it is over; the rest of the machine runs meanwhile. */
  runMain(work: Work, label: string): void {
    let over = false;
    this.start('main', label, work, true, () => {
      over = true;
    });
    while (!over) this.step(Infinity);
    if (work.kind === 'block' && work.ns > 0) this.takeGil();
  }

  /**
   * The loop's thread sleeps in `select()` until `deadline` (null: forever) or until `woken()` is true; returns
   * false if nothing could ever wake it (a deadlock in the model).
   */
  waitMain(deadline: number | null, woken: () => boolean): boolean {
    const start = this.now;
    let ok = true;
    while (!woken()) {
      if (deadline !== null && this.now >= deadline - EPS) break;
      if (!this.step(deadline ?? Infinity) && deadline === null) {
        ok = false;
        break;
      }
    }
    if (deadline !== null && !woken() && this.now < deadline) this.now = deadline;
    if (this.now > start) this.spans.push({ lane: 'main', kind: 'select', start, end: this.now, label: 'select()' });
    return ok;
  }

  /** How fast a cpu activity advances now. */
  private rate(a: Activity): number {
    if (!a.gil) return 1;
    const k = this.activities.filter((x) => !x.finished && x.gil && x.kind === 'cpu').length;
    return 1 / Math.max(1, k);
  }

  private nextTime(): number {
    let t = Infinity;
    for (const a of this.activities) {
      if (a.finished) continue;
      t = Math.min(t, a.kind === 'cpu' ? this.now + a.remaining / this.rate(a) : a.until);
    }
    for (const e of this.events) t = Math.min(t, e.at);
    return t;
  }

  /** Advance to the next thing that happens, but not past `limit`; false if nothing is left to happen. */
  private step(limit: number): boolean {
    const t = this.nextTime();
    if (t === Infinity && limit === Infinity) return false;
    this.advanceTo(Math.min(t, limit));
    return t !== Infinity;
  }

  private advanceTo(t: number): void {
    const dt = t - this.now;
    const rates = this.activities.map((a) => (a.kind === 'cpu' && !a.finished ? this.rate(a) : 0));
    this.activities.forEach((a, i) => {
      if (a.kind === 'cpu') a.remaining -= dt * rates[i]!;
    });
    this.now = Math.max(this.now, t);
    const ended = this.activities.filter(
      (a) => !a.finished && (a.kind === 'cpu' ? a.remaining <= EPS : a.until <= this.now + EPS),
    );
    for (const a of ended) {
      a.finished = true;
      this.spans.push({ lane: a.lane, kind: a.kind, start: a.start, end: this.now, label: a.label });
    }
    this.activities = this.activities.filter((a) => !a.finished);
    const due = this.events.filter((e) => e.at <= this.now + EPS).sort((a, b) => a.at - b.at || a.seq - b.seq);
    this.events = this.events.filter((e) => !due.includes(e));
    for (const a of ended) a.done();
    for (const e of due) e.fire();
  }
}

interface Job {
  readonly label: string;
  readonly work: readonly Work[];
  readonly done: () => void;
}

/**
 * concurrent.futures.ThreadPoolExecutor (threads of this process: they share the GIL with the loop's thread) or
 * ProcessPoolExecutor (processes: parallel). A worker is started on a submit when no idle worker is there and
 * fewer than `max_workers` exist (`_adjust_thread_count`); otherwise the job waits in the queue.
 */
export class PoolExecutor {
  private workers: { name: string; busy: boolean }[] = [];
  private queue: Job[] = [];
  private idleWaiters: (() => void)[] = [];
  _shutdown = false;

  constructor(
    private readonly machine: Machine,
    readonly kind: 'thread' | 'process',
    readonly max_workers: number,
    readonly prefix: string,
  ) {}

  /** Names of the workers started so far (`asyncio_0`, … as ThreadPoolExecutor names them). */
  workerNames(): string[] {
    return this.workers.map((w) => w.name);
  }

  submit(label: string, work: readonly Work[], done: () => void): void {
    this.queue.push({ label, work, done });
    this.dispatch();
  }

  /** `shutdown(wait=True)`: `then` runs once every submitted job is over. */
  shutdown(then: () => void): void {
    this._shutdown = true;
    if (this.idle()) then();
    else this.idleWaiters.push(then);
  }

  private idle(): boolean {
    return this.queue.length === 0 && this.workers.every((w) => !w.busy);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let w = this.workers.find((x) => !x.busy);
      if (!w && this.workers.length < this.max_workers) {
        w = { name: `${this.prefix}_${this.workers.length}`, busy: false };
        this.workers.push(w);
      }
      if (!w) return;
      const job = this.queue.shift()!;
      w.busy = true;
      this.runJob(w, job, 0);
    }
  }

  private runJob(w: { name: string; busy: boolean }, job: Job, i: number): void {
    const work = job.work[i];
    if (work === undefined) {
      w.busy = false;
      job.done();
      this.dispatch();
      if (this.idle()) for (const f of this.idleWaiters.splice(0)) f();
      return;
    }
    this.machine.start(w.name, job.label, work, this.kind === 'thread', () => this.runJob(w, job, i + 1));
  }
}
