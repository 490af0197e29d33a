// Node's cluster on loopback (tests/unit/cores-real.test.ts): a primary forks WORKERS workers that share an HTTP
// server on a free port; the primary then makes REQUESTS requests one after another, each on a new connection,
// and records which worker answered each. With the argument `block`, a first request (path /block) makes its worker
// spin for BLOCK_MS, and DURING requests are sent meanwhile, 20 ms apart, without waiting for each other: the output
// says which worker blocked and which answered each of those. Prints one JSON line and exits; gives up after 20 s.
'use strict';
const cluster = require('node:cluster');
const http = require('node:http');

const WORKERS = 3;
const REQUESTS = 12;
const BLOCK_MS = 1000;
const DURING = 9;

if (cluster.isPrimary) {
  const block = process.argv[2] === 'block';
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
  const get = (path) =>
    new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve(Number(body)));
        })
        .on('error', reject);
    });
  async function run() {
    let out;
    if (!block) {
      const served = [];
      for (let i = 0; i < REQUESTS; i++) served.push(await get('/'));
      out = { served };
    } else {
      // While /block spins, DURING requests leave every 20 ms without waiting for each other.
      const first = get('/block');
      await new Promise((r) => setTimeout(r, 50));
      const during = [];
      for (let i = 0; i < DURING; i++) {
        during.push(get('/'));
        await new Promise((r) => setTimeout(r, 20));
      }
      out = { blocked: await first, during: await Promise.all(during) };
    }
    console.log(
      JSON.stringify({
        policy: cluster.schedulingPolicy === cluster.SCHED_RR ? 'rr' : 'none',
        workers: WORKERS,
        ...out,
      }),
    );
    clearTimeout(guard);
    for (const w of Object.values(cluster.workers)) w.kill();
  }
} else {
  http
    .createServer((req, res) => {
      if (req.url === '/block') {
        const until = Date.now() + BLOCK_MS;
        while (Date.now() < until);
      }
      res.end(String(cluster.worker.id));
    })
    .listen(0, '127.0.0.1');
}
