/**
 * The single file's simulator worker (vite.single.config.ts puts this module in place of create-worker.ts): the
 * worker's code is inlined into the one HTML file and started from a `blob:` URL (its policy has
 * `worker-src 'self' blob:`), since a page opened from `file://` cannot start a worker from a file.
 */
import SimWorker from './sim-worker.ts?worker&inline';

export function createSimWorker(): Worker {
  return new SimWorker({ name: 'hsw-sim' });
}
