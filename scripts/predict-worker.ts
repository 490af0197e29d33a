/**
 * `npm run predict`'s worker thread: the same job the deck's Web Worker runs (components/shared/sim-runner/sim-job.ts),
 * so that scripts/predict.ts can stop it at the same wall-clock budget (a synchronous interpreter cannot be
 * interrupted in its own thread). It says `ready` once loaded, then answers one job.
 */
import { parentPort } from 'node:worker_threads';
import { runJob, type SimJob } from '../components/shared/sim-runner/sim-job.ts';

const port = parentPort;
if (!port) throw new Error('predict-worker.ts runs as a worker thread of scripts/predict.ts');
// the command line prints the output only: the steps stay here
port.once('message', (job: SimJob) => port.postMessage(runJob({ ...job, steps: false })));
port.postMessage({ kind: 'ready' });
