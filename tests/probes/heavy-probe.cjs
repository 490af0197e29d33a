// Real Node counterpart of the heavy-task slide's model.
//
//   node tests/probes/heavy-probe.cjs inline|chunked|worker [heavyMs=300] [chunkMs=10]
//
// A small "server" on the main thread: a helper thread sends a request every 5 ms (200/s), and each
// request costs 2 ms of busy CPU on the main thread. 100 ms after the first request, a heavy task of
// heavyMs starts:
//   inline  – one synchronous busy loop;
//   chunked – busy loops of chunkMs with `await new Promise(setImmediate)` between them;
//   worker  – the busy loop runs in a worker_threads Worker; the main thread only awaits its message.
// Measured:
//   - event-loop delay with perf_hooks.monitorEventLoopDelay (resolution 5 ms): max, p50, p99;
//   - each request's latency (answer time − send time, on a clock shared by the threads): max, p50, p99
//     (nearest rank), and how many requests were answered while the heavy task was running;
//   - the longest stretch of process CPU time between two answered requests (cpuGapMaxMs). The work on the
//     main thread (2 ms per request, the heavy task inline or in pieces) is measured in CPU time, not wall
//     time, so on a loaded machine it is still 2 ms and 300 ms of work, and this figure does not grow when
//     the process is descheduled. (Not meaningful in worker mode: the worker's CPU counts too.)
//   - mainStretch: wall time ÷ CPU time of the main thread's busy sections; ≫ 1 means the machine was so
//     loaded that the process waited for a core, and wall-clock figures (the loop delay) say little.
// Prints one JSON line.
'use strict';
const { monitorEventLoopDelay, performance } = require('node:perf_hooks');
const { Worker } = require('node:worker_threads');

const mode = process.argv[2] || 'inline';
const heavyMs = Number(process.argv[3] || 300);
const chunkMs = Number(process.argv[4] || 10);
const INTERVAL_MS = 5;
const SERVICE_MS = 2;

const clock = () => performance.timeOrigin + performance.now();

const fs = require('node:fs');
/** Time the main thread spent runnable but waiting for a core, ms (Linux /proc schedstat; null elsewhere). */
function runqueueWaitMs() {
  try {
    const f = fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').trim().split(/\s+/);
    return Number(f[1]) / 1e6;
  } catch {
    return null;
  }
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000; // ms
};

let busyWall = 0;
let busyCpu = 0;
/**
 * Spins for `ms` of CPU time (so that a loaded machine does not shorten the work) and at least `ms` of wall time
 * (process.cpuUsage counts every thread of the process, GC helpers too, so CPU time alone can run ahead of the clock).
 */
function busy(ms) {
  const w0 = performance.now();
  const c0 = cpuNow();
  let x = 0;
  while (cpuNow() - c0 < ms || performance.now() - w0 < ms) x++;
  busyWall += performance.now() - w0;
  busyCpu += cpuNow() - c0;
  return x;
}

async function heavy() {
  if (mode === 'inline') {
    busy(heavyMs);
    return 1;
  }
  if (mode === 'chunked') {
    let done = 0;
    let pieces = 0;
    while (done < heavyMs) {
      const d = Math.min(chunkMs, heavyMs - done);
      busy(d);
      done += d;
      pieces++;
      if (done < heavyMs) await new Promise(setImmediate);
    }
    return pieces;
  }
  if (mode === 'worker') {
    const src = `
      const { performance } = require('node:perf_hooks');
      const { parentPort, workerData } = require('node:worker_threads');
      const end = performance.now() + workerData;
      let x = 0;
      while (performance.now() < end) x++;
      parentPort.postMessage(x);
    `;
    const w = new Worker(src, { eval: true, workerData: heavyMs });
    await new Promise((resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
    });
    await w.terminate();
    return 1;
  }
  throw new Error(`unknown mode ${mode}`);
}

// The clients: a thread of its own, so arrivals do not depend on the main loop.
const clients = new Worker(
  `
  const { parentPort } = require('node:worker_threads');
  const { performance } = require('node:perf_hooks');
  const clock = () => performance.timeOrigin + performance.now();
  const t0 = clock();
  let k = 0;
  let stop = false;
  parentPort.on('message', () => { stop = true; parentPort.close(); });
  (function next() {
    if (stop) return;
    parentPort.postMessage({ id: k, sent: clock() });
    k++;
    // schedule against the ideal grid, so a late timer does not shift later arrivals
    setTimeout(next, Math.max(0, t0 + k * ${INTERVAL_MS} - clock()));
  })();
`,
  { eval: true },
);

const latencies = [];
let lastAnswerCpu = null;
let cpuGapMaxMs = 0;
let running = false;
let answeredDuring = 0;
let started = false;
let waitAtReset = null;
const h = monitorEventLoopDelay({ resolution: 5 });

clients.on('message', (req) => {
  busy(SERVICE_MS);
  latencies.push(clock() - req.sent);
  const c = cpuNow();
  if (lastAnswerCpu !== null) cpuGapMaxMs = Math.max(cpuGapMaxMs, c - lastAnswerCpu);
  lastAnswerCpu = c;
  if (running) answeredDuring++;
  if (!started) {
    started = true;
    h.enable();
    // reset() in its own callback: it also forgets the last sample's time, so calling it in the same
    // callback as the heavy task would lose the first delay.
    setTimeout(() => {
      h.reset();
      waitAtReset = runqueueWaitMs();
    }, 50);
    setTimeout(run, 100);
  }
});

function nearestRank(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1];
}

async function run() {
  const t0 = performance.now();
  running = true;
  const pieces = await heavy();
  running = false;
  const elapsedMs = performance.now() - t0;
  setTimeout(() => {
    clients.postMessage('stop');
    setTimeout(() => {
      h.disable();
      const waitNow = runqueueWaitMs();
      clients.terminate();
      const ns = 1e6;
      const sorted = [...latencies].sort((a, b) => a - b);
      process.stdout.write(
        JSON.stringify({
          mode,
          heavyMs,
          chunkMs,
          maxMs: h.max / ns,
          p50Ms: h.percentile(50) / ns,
          p99Ms: h.percentile(99) / ns,
          elapsedMs,
          pieces,
          requests: sorted.length,
          answeredDuring,
          reqP50Ms: nearestRank(sorted, 50),
          reqP99Ms: nearestRank(sorted, 99),
          reqMaxMs: sorted[sorted.length - 1],
          cpuGapMaxMs,
          mainStretch: busyWall / busyCpu,
          // Descheduled time of the main thread while the loop delay was measured (null: not Linux).
          runqueueWaitMs: waitNow === null || waitAtReset === null ? null : waitNow - waitAtReset,
        }) + '\n',
      );
    }, 50);
  }, 200);
}
