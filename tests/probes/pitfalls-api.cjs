// A real API with a concurrency limit and a real client that fires calls at it through a limit of its own:
// the pitfalls model's world on loopback (tests/unit/pitfalls-real.test.ts).
//
// node pitfalls-api.cjs '{"calls":300,"apiLimit":50,"latencyMs":100,"limit":25,"hung":false,"timeoutMs":null,"deadlineMs":5000}'
//
// Server (node:http, 127.0.0.1, port 0): at most `apiLimit` calls in service, each answered after `latencyMs`;
// a call beyond that gets 429 at once. The server finishes a call even if its client went away. `/hang` is a
// socket that never answers (and takes no API slot).
// Client (http.request, a keep-alive agent without a socket limit): `calls` calls at once through a semaphore of
// `limit` (null: none); call 0 goes to `/hang` when `hung`; each call has `AbortSignal.timeout(timeoutMs)` when
// set. After `deadlineMs` the probe stops waiting and reports what is still pending.
// Prints one JSON line.
'use strict';
const http = require('node:http');

const spec = JSON.parse(process.argv[2] || '{}');
const calls = spec.calls ?? 300;
const apiLimit = spec.apiLimit ?? 50;
const latencyMs = spec.latencyMs ?? 100;
const limit = spec.limit ?? Infinity;
const hung = !!spec.hung;
const timeoutMs = spec.timeoutMs ?? null;
const deadlineMs = spec.deadlineMs ?? 5000;

let serving = 0;
let peakServer = 0;
const held = [];
const arrivals = [];
const server = http.createServer((req, res) => {
  res.on('error', () => {});
  if (req.url === '/hang') {
    held.push(res);
    return;
  }
  arrivals.push(performance.now());
  if (serving >= apiLimit) {
    res.writeHead(429, { 'content-length': '0' });
    res.end();
    return;
  }
  serving++;
  peakServer = Math.max(peakServer, serving);
  setTimeout(() => {
    serving--;
    res.writeHead(200, { 'content-length': '2' });
    res.end('ok');
  }, latencyMs);
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const count = { ok: 0, rejected: 0, timedOut: 0, other: 0 };
  let next = 0;
  let inFlight = 0;
  let peakClient = 0;
  let done = 0;
  let lastEnd = 0;
  let finished = false;
  const t0 = performance.now();

  const report = (complete) => {
    if (finished) return;
    finished = true;
    const spread = arrivals.length
      ? Math.min(...arrivals.slice(0, Math.min(arrivals.length, Number.isFinite(limit) ? limit : calls)))
      : 0;
    const out = {
      ...count,
      pending: inFlight,
      neverStarted: calls - next,
      complete,
      totalMs: complete ? lastEnd : null,
      elapsedMs: performance.now() - t0,
      peakClient,
      peakServer,
      firstArrivalMs: spread - t0,
    };
    process.stdout.write(JSON.stringify(out) + '\n');
    agent.destroy();
    for (const res of held) res.destroy();
    server.closeAllConnections();
    server.close();
    setTimeout(() => process.exit(0), 50).unref();
  };

  const finish = (outcome) => {
    count[outcome]++;
    inFlight--;
    done++;
    lastEnd = performance.now() - t0;
    if (done === calls) report(true);
    else pump();
  };

  const fire = (i) => {
    inFlight++;
    peakClient = Math.max(peakClient, inFlight);
    let ended = false;
    const end = (outcome) => {
      if (ended) return;
      ended = true;
      finish(outcome);
    };
    const options = { host: '127.0.0.1', port, path: hung && i === 0 ? '/hang' : `/call/${i}`, agent };
    if (timeoutMs !== null) options.signal = AbortSignal.timeout(timeoutMs);
    const req = http.request(options, (res) => {
      res.resume();
      res.on('end', () => end(res.statusCode === 200 ? 'ok' : res.statusCode === 429 ? 'rejected' : 'other'));
      res.on('error', (e) => end(e.name === 'AbortError' || e.name === 'TimeoutError' ? 'timedOut' : 'other'));
    });
    req.on('error', (e) => end(e.name === 'AbortError' || e.name === 'TimeoutError' ? 'timedOut' : 'other'));
    req.end();
  };

  const pump = () => {
    while (next < calls && inFlight < limit) fire(next++);
  };

  setTimeout(() => report(false), deadlineMs).unref();
  pump();
  if (calls === 0) report(true);
});
