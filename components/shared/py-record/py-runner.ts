/**
 * The page's side of the recorder's worker: `run(source)` loads Pyodide in the worker on the first call (progress
 * reported; `warm()` loads it ahead of that), then records the program; `stop()` terminates the worker (the next run
 * starts a new one, its files from the browser's cache). A program that holds the worker past its budget (a handle
 * that never returns: the recorder stops itself only between handles) is stopped the same way.
 */
import {
  MAX_RECORDING_CHARS,
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
  /** The recording was larger than the page reads (MAX_RECORDING_CHARS): refused unread. */
  | { readonly kind: 'oversize'; readonly chars: number }
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
  /** Whether this worker has loaded Python (it said "started" once). */
  private loaded = false;
  /** The worker told to load Python ahead of a run (warm). */
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
    if (!this.worker) {
      this.worker = createPyWorker();
      this.loaded = false;
    }
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
    if (!this.worker) {
      this.worker = createPyWorker();
      this.loaded = false;
    }
    const worker = this.worker;
    if (!worker) return Promise.resolve({ kind: 'unavailable' });
    const id = this.nextId++;
    return new Promise<RunOutcome>((resolve) => {
      const overtime = () => {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => {
          this.kill();
          this.settle?.({ kind: 'overtime', budgetMs });
        }, budgetMs + GRACE_MS);
      };
      this.settle = (o) => {
        clearTimeout(this.timer);
        this.settle = null;
        worker.onmessage = null;
        worker.onerror = null;
        resolve(o);
      };
      worker.onmessage = (e: MessageEvent<WorkerMessage>) => {
        const m = e.data;
        if (m.kind === 'progress') {
          cb.onProgress?.(m.loaded, m.total);
          // Python loaded, the rest of its standard library loading for this run: the budget starts again after it
          if (this.loaded) overtime();
        } else if (m.id !== id) return;
        else if (m.kind === 'started') {
          cb.onStarted?.(m.python);
          // the first run of a worker: the budget starts once Python has loaded
          if (!this.loaded) overtime();
          this.loaded = true;
        } else if (m.kind === 'oversize' || (m.kind === 'result' && m.json.length > MAX_RECORDING_CHARS)) {
          // unread; and the worker whose recorder the program changed is not used again
          this.kill();
          this.settle?.({ kind: 'oversize', chars: m.kind === 'oversize' ? m.chars : m.json.length });
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
      // Python is loaded: the budget starts at Run (a callback a program left behind may keep the worker from
      // even starting this run)
      if (this.loaded) overtime();
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
    this.loaded = false;
  }
}
