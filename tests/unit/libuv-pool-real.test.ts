/**
 * The libuv-pool model against real Node on this machine.
 *
 * - pbkdf2 calls of equal cost finish in the waves the model predicts with UV_THREADPOOL_SIZE = 1, 2 and the
 *   default. Only the grouping is compared (gaps between completions), never absolute durations: the machine has
 *   few cores shared with other processes.
 * - The pool really has the size libuv's parsing of UV_THREADPOOL_SIZE gives (threads counted in /proc).
 * - File reads go through the pool (they wait behind pbkdf2 with one thread).
 * - DNS: `dns.lookup` is made slow by an LD_PRELOAD shim whose getaddrinfo sleeps (built with gcc; the tests that
 *   need it are skipped visibly when gcc is missing). Sleeping lookups use no CPU, so times can be compared
 *   with the model's within a tolerance.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dnsThreadLimit,
  groupByGaps,
  poolSizeFromEnv,
  simulatePool,
  type PoolParams,
  type Wake,
} from '../../components/libuv-pool/libuv-pool-model.ts';

const PROBES = join(__dirname, '..', 'probes');
const MIX = join(PROBES, 'pool-mix.cjs');
const THREADS = join(PROBES, 'pool-threads.cjs');
const isLinux = process.platform === 'linux' && existsSync('/proc/self/task');
const hasGcc = spawnSync('gcc', ['--version']).status === 0;

interface Item {
  kind: 'dns' | 'file' | 'pbkdf2';
  ms?: number;
}
interface MixResult {
  iterations: number;
  singleMs: number;
  results: { i: number; kind: string; end: number; err: string | null }[];
  /** CPU ticks (1/100 s) of each thread but the main one, read by the probe from /proc at the end. */
  threads: { tid: number; ticks: number }[];
  complete: boolean;
}

function runMix(uv: string | undefined, items: Item[], extra: { pbkdf2Ms?: number; preload?: string } = {}): MixResult {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.UV_THREADPOOL_SIZE;
  if (uv !== undefined) env.UV_THREADPOOL_SIZE = uv;
  if (extra.preload) env.LD_PRELOAD = extra.preload;
  const spec = JSON.stringify({ items, pbkdf2Ms: extra.pbkdf2Ms ?? 150, timeoutMs: 15000 });
  const r = spawnSync(process.execPath, [MIX, spec], { env, encoding: 'utf8', timeout: 20000 });
  if (r.status !== 0) throw new Error(`probe failed (${r.status}): ${r.stderr}${r.stdout}`);
  const out = JSON.parse(r.stdout) as MixResult;
  expect(out.complete).toBe(true);
  for (const x of out.results) expect(x.err).toBeNull();
  return out;
}

const endsOf = (r: MixResult, kind: string) =>
  r.results
    .filter((x) => x.kind === kind)
    .map((x) => x.end)
    .sort((a, b) => a - b);

/**
 * Do sorted completion times have the wave structure `sizes`? Gaps between waves must all be larger than
 * `ratio` times every gap inside a wave, and at least a third of one call's duration; gaps inside a wave must be
 * shorter than three quarters of one call.
 */
function hasWaves(times: number[], sizes: number[], singleMs: number, ratio = 1.5): boolean {
  const sorted = times.slice().sort((a, b) => a - b);
  const gaps = sorted.slice(1).map((t, i) => t - (sorted[i] ?? 0));
  const boundaries = new Set<number>();
  let acc = 0;
  for (const s of sizes.slice(0, -1)) {
    acc += s;
    boundaries.add(acc - 1); // gap index between element acc-1 and acc
  }
  const between = gaps.filter((_, i) => boundaries.has(i));
  const inside = gaps.filter((_, i) => !boundaries.has(i));
  const minBetween = between.length ? Math.min(...between) : Infinity;
  const maxInside = inside.length ? Math.max(...inside) : 0;
  return minBetween >= singleMs / 3 && minBetween > ratio * maxInside && maxInside < 0.75 * singleMs;
}

/**
 * How the CPU work was split between threads: the threads that carry at least a fifth of the busiest one's ticks,
 * and whether they carry ≥ 90 % of all non-main CPU with each within ±40 % of their mean. With contended cores
 * the wall times smear, but `threads` pool threads still each do `n / threads` of the calls.
 */
function cpuSplit(r: MixResult, threads: number): { busy: number[]; ok: boolean } {
  const ticks = r.threads.map((t) => t.ticks).sort((a, b) => b - a);
  const max = ticks[0] ?? 0;
  const busy = ticks.filter((t) => max > 0 && t >= max / 5);
  const total = ticks.reduce((a, b) => a + b, 0);
  const carried = busy.reduce((a, b) => a + b, 0);
  const mean = busy.length ? carried / busy.length : 0;
  const even = busy.every((t) => Math.abs(t - mean) <= 0.4 * mean);
  return { busy, ok: busy.length === threads && carried >= 0.9 * total && even && carried >= 4 };
}

/**
 * Run `attempt` up to 5 times (the machine is shared, and a virtual machine's cores can be throttled after a busy
 * stage: CI once saw two threads finish one after the other three times running); pass if one attempt matches,
 * report all otherwise.
 */
function withRetries(attempt: () => { ok: boolean; info: unknown; fallback?: boolean }, fallbackSays?: string): void {
  const seen: unknown[] = [];
  let fallbacks = 0;
  for (let k = 0; k < 5; k++) {
    const { ok, info, fallback } = attempt();
    if (ok) return;
    seen.push(info);
    if (fallback) fallbacks++;
  }
  // Contended cores (a loaded CI machine) can smear every attempt's wall times; the split of CPU between the
  // pool's threads is what the waves come from, and it does not smear. Accepted only when most attempts show it,
  // and said out loud.
  if (fallbackSays && fallbacks >= 3) {
    console.warn(
      `no attempt showed the waves in wall time (contended cores); ${fallbackSays} in ${fallbacks} of 5: ${JSON.stringify(seen)}`,
    );
    return;
  }
  throw new Error(`no attempt matched the model: ${JSON.stringify(seen)}`);
}

const pbkdf2Only = (poolSize: number, n: number, ms: number): PoolParams => ({
  poolSize,
  dnsCount: 0,
  dnsMs: 1,
  fileCount: 0,
  fileMs: 1,
  pbkdf2Count: n,
  pbkdf2Ms: ms,
  order: ['dns', 'file', 'pbkdf2'],
  slowIoCap: true,
});

describe('pbkdf2 finishes in the waves the model predicts', () => {
  it.each([
    ['1', 4],
    ['2', 4],
    // Not the default 4 threads: 4 CPU-bound threads on this machine's 2 shared cores smear the completions
    // (each call then takes about twice as long, and unevenly). The default size is checked by counting threads.
  ] as const)('UV_THREADPOOL_SIZE=%s, %i calls', (uv, n) => {
    const threads = poolSizeFromEnv(uv);
    const predicted = groupByGaps(
      simulatePool(pbkdf2Only(threads, n, 100)).tasks.map((x) => x.end),
      50,
    ).map((w) => w.length);
    expect(predicted).toEqual(threads === 1 ? [1, 1, 1, 1] : [2, 2]);
    withRetries(() => {
      const r = runMix(
        uv,
        Array.from({ length: n }, () => ({ kind: 'pbkdf2' as const })),
      );
      const ends = endsOf(r, 'pbkdf2');
      const split = isLinux ? cpuSplit(r, threads) : { busy: [], ok: false };
      return {
        ok: hasWaves(ends, predicted, r.singleMs),
        fallback: split.ok,
        info: { singleMs: r.singleMs, ends, cpuTicks: split.busy },
      };
    }, `the CPU was split evenly between exactly ${threads} thread(s), as the model's pool of ${threads} does`);
  });

  it('the wave check itself rejects a wrong grouping', () => {
    // 4 completions in 2 clear waves are not 4 waves, nor 1 wave
    expect(hasWaves([150, 155, 300, 305], [2, 2], 150)).toBe(true);
    expect(hasWaves([150, 155, 300, 305], [1, 1, 1, 1], 150)).toBe(false);
    expect(hasWaves([150, 155, 300, 305], [4], 150)).toBe(false);
    expect(hasWaves([150, 300, 450, 600], [2, 2], 150)).toBe(false);
  });

  it('the CPU-split check itself rejects a wrong split', () => {
    const mix = (ticks: number[]): MixResult => ({
      iterations: 1,
      singleMs: 150,
      results: [],
      threads: ticks.map((t, tid) => ({ tid, ticks: t })),
      complete: true,
    });
    expect(cpuSplit(mix([0, 0, 26, 24, 1]), 2).ok).toBe(true);
    expect(cpuSplit(mix([0, 59, 0]), 1).ok).toBe(true);
    expect(cpuSplit(mix([0, 59, 0]), 2).ok).toBe(false); // one thread did all: not a pool of 2
    expect(cpuSplit(mix([40, 15, 0]), 2).ok).toBe(false); // 3 calls against 1: not an even split
    expect(cpuSplit(mix([15, 15, 15, 15]), 2).ok).toBe(false); // four threads busy
    expect(cpuSplit(mix([0, 0, 0]), 1).ok).toBe(false); // no CPU seen at all
  });
});

describe.skipIf(!isLinux)('the pool has the size libuv parses from UV_THREADPOOL_SIZE', () => {
  const poolThreads = (env: NodeJS.ProcessEnv, args: string[] = []) => {
    const r = spawnSync(process.execPath, [THREADS, ...args], { env, encoding: 'utf8', timeout: 20000 });
    if (r.status !== 0) throw new Error(r.stderr);
    return JSON.parse(r.stdout) as { before: number; afterFirst?: number; after: number };
  };
  const baseEnv = () => {
    const env = { ...process.env };
    delete env.UV_THREADPOOL_SIZE;
    return env;
  };

  it.each([undefined, '1', '2', '8', '0', 'abc', '-1', '5000'])('UV_THREADPOOL_SIZE=%s', (uv) => {
    const env = baseEnv();
    if (uv !== undefined) env.UV_THREADPOOL_SIZE = uv;
    const r = poolThreads(env);
    expect(r.after - r.before).toBe(poolSizeFromEnv(uv));
  });

  it('the size is read once, when the pool is first used: a later change does nothing', () => {
    const r = poolThreads(baseEnv(), ['late', '8']);
    expect(r.afterFirst! - r.before).toBe(4);
    expect(r.after - r.before).toBe(4);
  });

  it('on Linux, setting process.env before the first use still works (the pool starts lazily)', () => {
    const r = poolThreads(baseEnv(), ['early', '8']);
    expect(r.after - r.before).toBe(8);
  });
});

describe('file reads go through the pool', () => {
  it('with 1 thread, a read submitted after 2 pbkdf2 calls completes after both', () => {
    const r = runMix('1', [{ kind: 'pbkdf2' }, { kind: 'pbkdf2' }, { kind: 'file' }], { pbkdf2Ms: 100 });
    const order = r.results.map((x) => x.kind);
    expect(order).toEqual(['pbkdf2', 'pbkdf2', 'file']);
    const [read] = endsOf(r, 'file');
    expect(read).toBeGreaterThan(1.5 * r.singleMs * 0.8);
  });

  it('with 2 threads, the same read does not wait for the second pbkdf2', () => {
    withRetries(() => {
      const r = runMix('2', [{ kind: 'pbkdf2' }, { kind: 'pbkdf2' }, { kind: 'pbkdf2' }, { kind: 'file' }], {
        pbkdf2Ms: 150,
      });
      const order = r.results.map((x) => x.kind);
      // threads: p1, p2 at once; p3 then the read wait for the first free thread; the read ends before p3
      const readIdx = order.indexOf('file');
      return { ok: readIdx === 2 && readIdx < order.lastIndexOf('pbkdf2'), info: r.results };
    });
  });
});

describe.skipIf(!hasGcc || !isLinux)('slow DNS (getaddrinfo made to sleep by an LD_PRELOAD shim)', () => {
  let dir = '';
  let shim = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pool-dns-'));
    const src = join(dir, 'slowdns.c');
    shim = join(dir, 'slowdns.so');
    writeFileSync(src, SHIM_C);
    const cc = spawnSync('gcc', ['-shared', '-fPIC', '-O2', '-o', shim, src, '-ldl'], { encoding: 'utf8' });
    if (cc.status !== 0) throw new Error(`gcc failed: ${cc.stderr}`);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const TOL = 80; // ms, for sleeping lookups

  const predictedEnds = (p: PoolParams, wake: Wake) => {
    const s = simulatePool(p, { wake });
    return {
      dns: s.tasks
        .filter((x) => x.kind === 'dns')
        .map((x) => x.end)
        .sort((a, b) => a - b),
      file: s.tasks
        .filter((x) => x.kind === 'file')
        .map((x) => x.end)
        .sort((a, b) => a - b),
    };
  };
  const close = (a: number[], b: number[]) =>
    a.length === b.length && a.every((v, i) => Math.abs(v - (b[i] ?? NaN)) <= TOL);
  const lookupsThenReads = (poolSize: number, dns: number, ms: number, files: number, cap = true): PoolParams => ({
    poolSize,
    dnsCount: dns,
    dnsMs: ms,
    fileCount: files,
    fileMs: 1,
    pbkdf2Count: 0,
    pbkdf2Ms: 1,
    order: ['dns', 'file', 'pbkdf2'],
    slowIoCap: cap,
  });
  const items = (dns: number, ms: number, files: number): Item[] => [
    ...Array.from({ length: dns }, () => ({ kind: 'dns' as const, ms })),
    ...Array.from({ length: files }, () => ({ kind: 'file' as const })),
  ];

  it('4 threads, 4 lookups of 300 ms: two waves of 2 (the cap), not one wave of 4', () => {
    const p = lookupsThenReads(4, 4, 300, 0);
    const model = predictedEnds(p, 'immediate').dns;
    expect(model).toEqual([300, 300, 600, 600]);
    expect(predictedEnds({ ...p, slowIoCap: false }, 'immediate').dns).toEqual([300, 300, 300, 300]);
    const r = runMix('4', items(4, 300, 0), { preload: shim });
    expect(close(endsOf(r, 'dns'), model)).toBe(true);
  });

  it('4 threads, 6 lookups of 300 ms then 2 reads: the reads do not wait (old libuv: 300 ms)', () => {
    const p = lookupsThenReads(4, 6, 300, 2);
    for (const wake of ['immediate', 'after-submit'] as const) {
      expect(predictedEnds(p, wake).file.every((t) => t <= 1)).toBe(true);
      expect(predictedEnds(p, wake).dns).toEqual([300, 300, 600, 600, 900, 900]);
    }
    expect(predictedEnds({ ...p, slowIoCap: false }, 'immediate').file).toEqual([301, 301]);
    const r = runMix('4', items(6, 300, 2), { preload: shim });
    expect(Math.max(...endsOf(r, 'file'))).toBeLessThan(TOL);
    expect(close(endsOf(r, 'dns'), [300, 300, 600, 600, 900, 900])).toBe(true);
  });

  it('8 threads: lookups use at most 4; 10 lookups of 200 ms end in waves 4, 4, 2', () => {
    expect(dnsThreadLimit(8, true)).toBe(4);
    const model = predictedEnds(lookupsThenReads(8, 10, 200, 0), 'immediate').dns;
    expect(model).toEqual([200, 200, 200, 200, 400, 400, 400, 400, 600, 600]);
    const r = runMix('8', items(10, 200, 0), { preload: shim });
    expect(close(endsOf(r, 'dns'), model)).toBe(true);
  });

  it('1 thread, 2 lookups of 150 ms then a read: the read ends after one or both lookups — the wake-up race', () => {
    const p = lookupsThenReads(1, 2, 150, 1);
    const options = [predictedEnds(p, 'after-submit').file[0], predictedEnds(p, 'immediate').file[0]];
    expect(options).toEqual([151, 301]);
    const r = runMix('1', items(2, 150, 1), { preload: shim });
    const [read] = endsOf(r, 'file');
    expect(options.some((t) => Math.abs((read ?? NaN) - (t ?? NaN)) <= TOL)).toBe(true);
  });
});

const SHIM_C = String.raw`
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
/* getaddrinfo("<ms>-<i>.slow.test") sleeps <ms> ms and fails with EAI_NONAME; any other name goes to libc. */
typedef int (*gai_fn)(const char*, const char*, const struct addrinfo*, struct addrinfo**);
int getaddrinfo(const char* node, const char* service, const struct addrinfo* hints, struct addrinfo** res) {
  static const char suffix[] = ".slow.test";
  if (node) {
    size_t n = strlen(node), m = sizeof(suffix) - 1;
    if (n > m && strcmp(node + n - m, suffix) == 0) {
      long ms = strtol(node, NULL, 10);
      struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
      while (nanosleep(&ts, &ts) == -1 && errno == EINTR) {}
      return EAI_NONAME;
    }
  }
  gai_fn real = (gai_fn) dlsym(RTLD_NEXT, "getaddrinfo");
  return real(node, service, hints, res);
}
`;
