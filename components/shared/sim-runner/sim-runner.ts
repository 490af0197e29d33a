/**
 * Runs simulation jobs off the page's thread, one at a time, in a Web Worker (sim-worker.ts) with a wall-clock
 * budget: past it the worker is terminated (a synchronous interpreter cannot be interrupted any other way) and the
 * next job gets a new one. A new job while one is pending cancels it.
 *
 * If no worker can be made here (a policy that refuses it, no Worker at all), jobs run on the page's thread
 * (`onPage` says so) with the same budget, in slices: the simulation yields between its tasks (js-sim
 * simulateSlices), a slice ends once it has run SLICE_MS, and the page gets its thread back before the next one
 * (a MessageChannel task, so input and frames come between). Stop and the budget end it between two slices. A single
 * task of the snippet cannot be split (the interpreter is synchronous inside a task): one that runs past TASK_MS
 * within a slice stops the job ('overrun'), so the page is never held much longer than that.
 */
import type { Runtime, SimResult } from '../js-sim/index.ts';
import type { SimReply } from './sim-job.ts';
import { MAX_RESULT_BYTES } from './sim-limits.ts';

/** page-thread fallback: a slice ends at the first pause between tasks after this long (ms) */
export const SLICE_MS = 8;
/** page-thread fallback: a slice that has run this long inside one task stops the job (ms) */
export const TASK_MS = 40;

export type RunOutcome =
  | { kind: 'result'; result: SimResult; size: number; ms: number }
  | { kind: 'timeout'; budgetMs: number }
  | { kind: 'tooLarge'; size: number }
  /** on the page's thread: one task ran past TASK_MS at once (after `ops` operations, at `line`) */
  | { kind: 'overrun'; ops: number; line: number | null; taskMs: number }
  | { kind: 'crashed'; message: string }
  | { kind: 'cancelled' };

interface Pending {
  id: number;
  source: string;
  runtime: Runtime;
  budgetMs: number;
  resolve: (o: RunOutcome) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export class SimRunner {
  /** true once jobs run on the page's thread (no worker could be made) */
  onPage = false;
  private worker: Worker | null = null;
  private ready = false;
  private pending: Pending | null = null;
  private nextId = 1;

  constructor(private readonly create: () => Worker) {}

  /** the job in flight, if any */
  get busy(): { source: string; runtime: Runtime } | null {
    return this.pending && { source: this.pending.source, runtime: this.pending.runtime };
  }

  run(source: string, runtime: Runtime, budgetMs: number): Promise<RunOutcome> {
    this.cancel();
    return new Promise<RunOutcome>((resolve) => {
      const job: Pending = { id: this.nextId++, source, runtime, budgetMs, resolve, timer: undefined };
      this.pending = job;
      const worker = this.onPage ? null : this.ensureWorker();
      if (!worker) return this.runOnPage(job);
      worker.postMessage({ id: job.id, source, runtime, maxBytes: MAX_RESULT_BYTES });
      if (this.ready) this.startBudget(job);
    });
  }

  /** Cancels the job in flight (its promise gets `cancelled`): the worker is terminated. */
  cancel(): void {
    const job = this.pending;
    if (!job) return;
    this.settle(job, { kind: 'cancelled' });
    this.drop();
  }

  dispose(): void {
    this.cancel();
    this.drop();
  }

  private settle(job: Pending, outcome: RunOutcome): void {
    if (this.pending !== job) return;
    clearTimeout(job.timer);
    this.pending = null;
    job.resolve(outcome);
  }

  private drop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.ready = false;
  }

  private startBudget(job: Pending): void {
    job.timer = setTimeout(() => {
      this.settle(job, { kind: 'timeout', budgetMs: job.budgetMs });
      this.drop();
    }, job.budgetMs);
  }

  private ensureWorker(): Worker | null {
    if (this.worker) return this.worker;
    let worker: Worker;
    try {
      worker = this.create();
    } catch {
      this.onPage = true;
      return null;
    }
    worker.onmessage = (e: MessageEvent<SimReply | { kind: 'ready' }>) => {
      if (worker !== this.worker) return;
      const data = e.data;
      if (data.kind === 'ready') {
        this.ready = true;
        if (this.pending) this.startBudget(this.pending);
        return;
      }
      const job = this.pending;
      if (!job || job.id !== data.id) return;
      this.settle(job, outcomeOf(data));
    };
    worker.onerror = (e: ErrorEvent) => {
      if (worker !== this.worker) return;
      e.preventDefault();
      const wasReady = this.ready;
      this.drop();
      const job = this.pending;
      if (!wasReady) {
        // the worker never started (refused by a policy, its file missing): the page's thread from now on
        this.onPage = true;
        if (job) this.runOnPage(job);
      } else if (job) {
        this.settle(job, { kind: 'crashed', message: e.message || 'worker error' });
      }
    };
    this.worker = worker;
    return worker;
  }

  private runOnPage(job: Pending): void {
    // the same budget as a worker's, from now (the simulator is loaded only now: a page whose worker starts never
    // carries it)
    this.startBudget(job);
    void import('./sim-job.ts').then(({ jobSlices }) => {
      if (this.pending !== job) return;
      let sliceStart = 0;
      const slices = jobSlices(
        { id: job.id, source: job.source, runtime: job.runtime, maxBytes: MAX_RESULT_BYTES },
        () => performance.now() - sliceStart > TASK_MS,
      );
      const slice = (): void => {
        if (this.pending !== job) return; // stopped, replaced or past the budget
        sliceStart = performance.now();
        for (;;) {
          const r = slices.next();
          if (r.done) {
            this.settle(job, outcomeOf(r.value));
            return;
          }
          if (performance.now() - sliceStart >= SLICE_MS) break;
        }
        yieldToPage(slice);
      };
      // after a frame, so that "Simulating…" is on the screen first
      setTimeout(slice, 30);
    });
  }
}

/** runs `fn` in a task of its own, soon, after the page's pending input and frames (not clamped like setTimeout) */
function yieldToPage(fn: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(fn, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    fn();
  };
  channel.port2.postMessage(null);
}

function outcomeOf(reply: SimReply): RunOutcome {
  switch (reply.kind) {
    case 'crashed':
      return { kind: 'crashed', message: reply.message };
    case 'tooLarge':
      return { kind: 'tooLarge', size: reply.size };
    case 'overrun':
      return { kind: 'overrun', ops: reply.ops, line: reply.line, taskMs: TASK_MS };
    case 'result':
      return { kind: 'result', result: reply.result, size: reply.size, ms: reply.ms };
  }
}
