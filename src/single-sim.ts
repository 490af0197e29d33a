/**
 * The single file's simulator, once (vite.single.config.ts, `sharedSimulator`): built as one classic script that
 * the file carries as `<script id="hsw-sim">`. On the page it runs as any script does and leaves the simulator's API
 * (js-sim's index.ts, and sim-job.ts that runs one job) on `globalThis.__hswSim`, where the page's imports of those
 * two modules are pointed; the worker (components/shared/sim-runner/create-worker-inline.ts) runs the same text from
 * a `blob:` URL, where it also answers jobs as sim-worker.ts does. Without it the file held the simulator twice, a
 * page copy and the worker's.
 */
import * as index from '../components/shared/js-sim/index.ts';
import * as job from '../components/shared/sim-runner/sim-job.ts';
import type { SimJob } from '../components/shared/sim-runner/sim-job.ts';

(globalThis as unknown as { __hswSim: unknown }).__hswSim = { index, job };

// In the worker: what sim-worker.ts does (it is never loaded in the single file).
if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') {
  const scope = self as unknown as {
    onmessage: ((e: MessageEvent<SimJob>) => void) | null;
    postMessage(m: unknown): void;
  };
  scope.onmessage = (e) => scope.postMessage(job.runJob(e.data));
  scope.postMessage({ kind: 'ready' });
}
