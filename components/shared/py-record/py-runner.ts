/**
 * The page's side of the recorder's worker: `run(source)` loads Pyodide in the worker on the first call (progress
 * reported; `warm()` loads it ahead of that), then records the program; `stop()` terminates the worker (the next run
 * starts a new one, its files from the browser's cache). A program that holds the worker past its budget (a handle
 * that never returns: the recorder stops itself only between handles) is stopped the same way.
 */
import {
  parseRecording,
  type PyRecording,
  type RunRequest,
  type WarmRequest,
  type WorkerMessage,
} from './py-protocol.ts';
import { createPyWorker, pyWorkerAvailable } from './create-py-worker.ts';

/** The recorder's own budget (it stops between handles), and the grace after it before the worker is terminated. */
export const BUDGET_MS = 5_000;
const GRACE_MS = 2_000;

export type RunOutcome =
  | { readonly kind: 'recorded'; readonly recording: PyRecording }
  /** The worker was terminated past the budget: a handle did not return. */
  | { readonly kind: 'overtime'; readonly budgetMs: number }
  | { readonly kind: 'stopped' }
  /** No worker here (the single offline file, a page of another origin). */
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'failed'; readonly message: string };

export interface RunCallbacks {
  readonly onProgress?: (loaded: number, total: number) => void;
  readonly onStarted?: (python: string) => void;
}

export class PyRunner {
  private worker: Worker | null = null;
  private nextId = 1;
  private settle: ((o: RunOutcome) => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private warmed: Worker | null = null;

  /** Whether "Your code" can run here at all. */
  static available(): boolean {
    return pyWorkerAvailable();
  }

  /**
   * Makes the worker and has it load Python now (its files fetched, CPython started, the recorder imported), so that
   * the first Run finds it ready. Once per worker; nothing where the worker cannot run.
   */
  warm(): void {
    this.worker ??= createPyWorker();
    if (!this.worker || this.warmed === this.worker) return;
    this.warmed = this.worker;
    const request: WarmRequest = { kind: 'warm' };
    this.worker.postMessage(request);
  }

  get running(): boolean {
    return this.settle !== null;
  }

  run(source: string, debug: boolean, cb: RunCallbacks = {}, budgetMs = BUDGET_MS): Promise<RunOutcome> {
    this.stop();
    this.worker ??= createPyWorker();
    const worker = this.worker;
    if (!worker) return Promise.resolve({ kind: 'unavailable' });
    const id = this.nextId++;
    return new Promise<RunOutcome>((resolve) => {
      this.settle = (o) => {
        clearTimeout(this.timer);
        this.settle = null;
        worker.onmessage = null;
        worker.onerror = null;
        resolve(o);
      };
      worker.onmessage = (e: MessageEvent<WorkerMessage>) => {
        const m = e.data;
        if (m.kind === 'progress') cb.onProgress?.(m.loaded, m.total);
        else if (m.id !== id) return;
        else if (m.kind === 'started') {
          cb.onStarted?.(m.python);
          this.timer = setTimeout(() => {
            this.kill();
            this.settle?.({ kind: 'overtime', budgetMs });
          }, budgetMs + GRACE_MS);
        } else if (m.kind === 'result') {
          const recording = parseRecording(m.json);
          this.settle?.(recording ? { kind: 'recorded', recording } : { kind: 'failed', message: 'not a recording' });
        } else if (m.kind === 'failed') this.settle?.({ kind: 'failed', message: m.message });
      };
      worker.onerror = (e) => {
        e.preventDefault();
        this.kill();
        this.settle?.({ kind: 'failed', message: e.message || 'the worker stopped' });
      };
      const request: RunRequest = { kind: 'run', id, source, budgetMs, debug };
      worker.postMessage(request);
    });
  }

  /** Stop: the worker is terminated (Pyodide with it); a run in progress resolves as `stopped`. */
  stop(): void {
    if (!this.settle) return;
    this.kill();
    this.settle({ kind: 'stopped' });
  }

  dispose(): void {
    this.stop();
    this.kill();
  }

  private kill(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
