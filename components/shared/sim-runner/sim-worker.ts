/**
 * The Web Worker that runs the simulator off the page's thread (sim-runner.ts creates it): it says `ready` once
 * loaded, then answers each job with its reply. The page terminates it past the time budget.
 */
import { runJob, type SimJob } from './sim-job.ts';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<SimJob>) => void) | null;
  postMessage(m: unknown): void;
};
scope.onmessage = (e) => scope.postMessage(runJob(e.data));
scope.postMessage({ kind: 'ready' });
