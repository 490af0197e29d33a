// Node's cluster on loopback (tests/unit/cores-real.test.ts): a primary forks WORKERS workers that share an HTTP
// server on a free port; the primary then makes REQUESTS requests one after another, each on a new connection,
// and records which worker answered each. Prints one JSON line and exits; gives up after 20 s.
'use strict';
const cluster = require('node:cluster');
const http = require('node:http');

const WORKERS = 3;
const REQUESTS = 12;

if (cluster.isPrimary) {
  const guard = setTimeout(() => {
    console.error('timed out');
    process.exit(2);
  }, 20_000);
  let listening = 0;
  let port = 0;
  for (let i = 0; i < WORKERS; i++) cluster.fork();
  cluster.on('listening', (_worker, address) => {
    port = address.port;
    if (++listening === WORKERS) run();
  });
  const get = () =>
    new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve(Number(body)));
        })
        .on('error', reject);
    });
  async function run() {
    const served = [];
    for (let i = 0; i < REQUESTS; i++) served.push(await get());
    console.log(
      JSON.stringify({
        policy: cluster.schedulingPolicy === cluster.SCHED_RR ? 'rr' : 'none',
        workers: WORKERS,
        served,
      }),
    );
    clearTimeout(guard);
    for (const w of Object.values(cluster.workers)) w.kill();
  }
} else {
  http.createServer((_req, res) => res.end(String(cluster.worker.id))).listen(0, '127.0.0.1');
}
