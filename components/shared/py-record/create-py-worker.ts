/**
 * Makes the recorder's worker from its own file (`assets/py-worker-*.js`, served with its own policy WORKER_CSP,
 * scripts/pyodide-files.ts). Null where it cannot run: a page of another origin (`<hsw-slide>` elsewhere: a worker
 * of another origin is refused, and a `blob:` one would not get the worker's policy) and the single offline file
 * (vite.single.config.ts puts create-py-worker-single.ts in this module's place).
 */
import workerUrl from './py-worker.ts?worker&url';

const url = () => new URL(workerUrl, import.meta.url);

/** Whether the worker can be made on this page. */
export function pyWorkerAvailable(): boolean {
  return typeof Worker !== 'undefined' && url().origin === location.origin;
}

export function createPyWorker(): Worker | null {
  return pyWorkerAvailable() ? new Worker(url(), { type: 'module', name: 'hsw-py' }) : null;
}
