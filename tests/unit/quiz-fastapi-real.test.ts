/**
 * quiz-fastapi's three handler kinds against the real CPython on this machine. FastAPI, uvicorn and httpx cannot be
 * installed here (no PyPI), so tests/probes/fastapi_kinds_probe.py writes each kind with what they do underneath,
 * against a small HTTP server on loopback that answers after a set delay (started and stopped by the probe):
 * - `async_blocking`: an `async def` handler calling a real `requests.get`: the loop's thread blocks;
 * - `def_pool`: a plain `def` handler with `requests.get`, run with `run_in_executor` on a 40-thread pool;
 * - `async_client`: an `async def` handler on asyncio streams (what httpx.AsyncClient does underneath).
 * Compared with the model (quiz-fastapi-model.ts), which counts only the waiting:
 * - the order and overlap, strictly: the blocking handlers run one after another (each starts after the previous
 *   one ended; the server never holds two at once); the pool never holds more than 40 at once, and the requests
 *   past the 40th wait for a free thread; the async client holds more at once than any pool of 40 could;
 * - when the last request finishes: never before the model's waiting time (n × latency, ⌈n / 40⌉ × latency,
 *   latency), and no later than the model given the server's real answer time (its sleep wakes late on a busy
 *   machine) plus the machine's own cost of the same n requests, measured in the same run
 *   with a server that answers at once (on a loaded 2-core machine a `requests.get` costs tens of milliseconds of
 *   CPU), twice that and 200 ms to spare.
 * A disturbed real run is run again, up to 3 times. Nothing asserts how fast the machine is. Skipped (visibly)
 * only when no python3 with `requests` is there (`python3`, else Debian's `/usr/bin/python3`).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPython } from './python-tool.ts';
import {
  POOL_THREADS,
  completionTimes,
  lastDone,
  maxInFlight,
  type HandlerKind,
} from '../../components/quiz-fastapi/quiz-fastapi-model.ts';

const PROBE = join(__dirname, '..', 'probes', 'fastapi_kinds_probe.py');
const python = findPython('quiz-fastapi-real', {
  needs: 'requests',
  candidates: ['python3', '/usr/bin/python3'],
  skipped: 'the comparison with CPython is skipped (python3-requests)',
});
const PYTHON = python.exe;
const SKIP = python.skip;

interface Case {
  readonly kind: HandlerKind;
  readonly requests: number;
  readonly delay_ms: number;
}
interface Real {
  /** [start, end] ms of each request, in order of arrival. */
  readonly requests: [number, number][];
  readonly max_in_flight: number;
  /** How long an answer really took the server, on average (ms): the delay plus its sleep's lateness. */
  readonly served_ms: number;
}

const N = 50;
/** 50 × 20 ms one after another is a second; the other two kinds get longer waits, to stand out of the noise. */
const CASES: Case[] = [
  { kind: 'async_blocking', requests: N, delay_ms: 20 },
  { kind: 'def_pool', requests: N, delay_ms: 300 },
  { kind: 'async_client', requests: N, delay_ms: 300 },
];

function probe(cases: readonly Case[]): Real[] {
  const r = spawnSync(PYTHON!, [PROBE, JSON.stringify(cases)], { encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`probe failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as Real[];
}

const last = (r: Real) => Math.max(...r.requests.map((x) => x[1]));

/** One kind: its run with the delay, and the same requests answered at once (the machine's own cost). */
function check(c: Case, real: Real, zero: Real): string | null {
  const model = lastDone(c.kind, c.requests, c.delay_ms);
  // the model given the server's real answer time (a 20 ms sleep can take 23 on a busy machine)
  const late = lastDone(c.kind, c.requests, Math.max(c.delay_ms, real.served_ms));
  const cost = last(zero);
  const got = last(real);
  if (real.requests.length !== c.requests) return `${real.requests.length} answers`;
  if (got < model - 2) return `last at ${got} ms, before the model's ${model} ms`;
  if (got > late + 2 * cost + 200)
    return `last at ${got} ms; model ${late} ms with the server's ${real.served_ms} ms + the machine's ${cost} ms`;
  switch (c.kind) {
    case 'async_blocking': {
      if (real.max_in_flight !== 1) return `the server held ${real.max_in_flight} at once`;
      const overlap = real.requests.findIndex((x, i) => i > 0 && x[0] < real.requests[i - 1]![1]);
      return overlap < 0 ? null : `request ${overlap} started before the previous one ended`;
    }
    case 'def_pool': {
      if (real.max_in_flight > POOL_THREADS) return `the server held ${real.max_in_flight} at once`;
      // the requests past the 40th waited for a thread: none of them ended before one round of waiting
      const early = real.requests.filter((x) => x[1] < c.delay_ms - 2).length;
      if (early > 0) return `${early} requests ended before ${c.delay_ms} ms`;
      return got >= 2 * c.delay_ms - 2 ? null : `last at ${got} ms: no second round`;
    }
    case 'async_client':
      return real.max_in_flight > POOL_THREADS ? null : `the server held only ${real.max_in_flight} at once`;
  }
}

describe('quiz-fastapi: the three handler kinds against CPython', () => {
  it.skipIf(!PYTHON)(
    `50 requests: one after another, 40 at a time, all at once — order, overlap and the last one's wait${SKIP}`,
    () => {
      const all = [...CASES, ...CASES.map((c) => ({ ...c, delay_ms: 0 }))];
      const first = probe(all);
      const rows = CASES.map((c, i) => {
        let [real, zero] = [first[i]!, first[i + CASES.length]!];
        const seen: string[] = [];
        for (let attempt = 0; ; attempt++) {
          const d = check(c, real, zero);
          if (d === null) break;
          seen.push(d);
          if (attempt === 2)
            throw new Error(`${JSON.stringify(c)}: no real run agreed with the model: ${seen.join('; ')}`);
          const again = probe([c, { ...c, delay_ms: 0 }]);
          [real, zero] = [again[0]!, again[1]!];
        }
        if (seen.length > 0) console.info(`${c.kind}: ${seen.length} disturbed run(s): ${seen.join('; ')}`);
        return (
          `${c.kind} (${c.requests} × ${c.delay_ms} ms): last done at ${last(real)} ms, model ${lastDone(c.kind, c.requests, c.delay_ms)} ms ` +
          `(the server answered in ${real.served_ms} ms on average; the same requests answered at once: ${last(zero)} ms); at most ${real.max_in_flight} at the server, model ${maxInFlight(c.kind, c.requests)}`
        );
      });
      console.info(rows.join('\n'));
    },
    180_000,
  );

  it('the model’s three kinds for the same cases, worked by hand', () => {
    expect(lastDone('async_blocking', 50, 20)).toBe(1000);
    expect(lastDone('def_pool', 50, 300)).toBe(600);
    expect(lastDone('async_client', 50, 300)).toBe(300);
    expect(completionTimes('def_pool', 50, 300).filter((t) => t === 300)).toHaveLength(40);
  });
});
