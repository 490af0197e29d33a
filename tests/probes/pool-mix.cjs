'use strict';
// Probe for the libuv-pool slide: submits thread-pool requests in a given order, all at once, and reports when
// each completes (ms after submission). Run with UV_THREADPOOL_SIZE set in the environment.
//
//   node pool-mix.cjs '{"items":[{"kind":"dns","ms":300},{"kind":"file"},{"kind":"pbkdf2"}],"pbkdf2Ms":150}'
//
// kinds: "dns"    — dns.lookup('<ms>-<i>.slow.test'); needs the LD_PRELOAD getaddrinfo shim that sleeps <ms>
//                   (built by tests/unit/libuv-pool-real.test.ts), otherwise the lookup fails at once;
//        "file"   — one fs.read on a file opened beforehand (a single pool request);
//        "pbkdf2" — crypto.pbkdf2 with an iteration count calibrated so one call takes about pbkdf2Ms.
// A hard timeout (spec.timeoutMs, default 10 s) makes the probe exit with code 3 and partial results.
const crypto = require('node:crypto');
const dns = require('node:dns');
const fs = require('node:fs');
const { performance } = require('node:perf_hooks');

const spec = JSON.parse(process.argv[2] || '{}');
const items = spec.items || [];
const timeoutMs = spec.timeoutMs || 10000;

// Calibrate pbkdf2 on the main thread (pbkdf2Sync does not use the pool).
let iterations = spec.iterations || 0;
let singleMs = 0;
const measure = (n) => {
  const t = performance.now();
  crypto.pbkdf2Sync('secret', 'salt', n, 32, 'sha256');
  return performance.now() - t;
};
if (items.some((x) => x.kind === 'pbkdf2')) {
  if (!iterations) {
    const target = spec.pbkdf2Ms || 150;
    let n = 20000;
    let ms = measure(n);
    for (let k = 0; k < 4 && Math.abs(ms - target) > target * 0.1; k++) {
      n = Math.max(1000, Math.round((n * target) / Math.max(ms, 0.5)));
      ms = measure(n);
    }
    iterations = n;
  }
  const samples = [measure(iterations), measure(iterations), measure(iterations)].sort((a, b) => a - b);
  singleMs = samples[1];
}

const fd = fs.openSync(__filename, 'r');
const results = [];
let pending = items.length;
// CPU time per thread other than the main one (Linux: /proc/self/task/<tid>/stat, utime + stime in ticks of
// 1/100 s), so a test can see how the work was split between the pool's threads when wall times are smeared by
// contended cores. Empty where /proc is missing.
const threadCpu = () => {
  try {
    return fs
      .readdirSync('/proc/self/task')
      .filter((tid) => Number(tid) !== process.pid)
      .map((tid) => {
        const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return { tid: Number(tid), ticks: Number(rest[11]) + Number(rest[12]) };
      });
  } catch {
    return [];
  }
};
const finish = (code) => {
  process.stdout.write(
    JSON.stringify({
      uv: process.env.UV_THREADPOOL_SIZE ?? null,
      iterations,
      singleMs,
      results,
      threads: threadCpu(),
      complete: pending === 0,
    }) + '\n',
  );
  process.exit(code);
};
setTimeout(() => finish(3), timeoutMs).unref();

const t0 = performance.now();
items.forEach((item, i) => {
  const done = (err) => {
    results.push({ i, kind: item.kind, end: performance.now() - t0, err: err ? String(err.code || err) : null });
    if (--pending === 0) finish(0);
  };
  if (item.kind === 'dns')
    dns.lookup(`${item.ms}-${i}.slow.test`, (err) => done(err && err.code === 'ENOTFOUND' ? null : err));
  else if (item.kind === 'file') fs.read(fd, Buffer.alloc(64), 0, 64, 0, (err) => done(err));
  else if (item.kind === 'pbkdf2') crypto.pbkdf2('secret', 'salt', iterations, 32, 'sha256', (err) => done(err));
  else throw new Error(`unknown kind ${item.kind}`);
});
if (items.length === 0) finish(0);
