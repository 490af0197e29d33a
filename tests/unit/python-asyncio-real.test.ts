/**
 * The slide python-asyncio against the real CPython: each of the seven variants' listings — the very Python the
 * slide shows, written by the model (toPython) — runs under an interpreter that has `requests`, against a small
 * HTTP server on loopback (tests/probes/python_asyncio_probe.py, started and stopped here) that answers after the
 * same 300 ms. Compared with the model:
 *
 * - heartbeat ticks, exactly, for `time.sleep`, `await asyncio.sleep`, `requests.get`, `to_thread(requests.get)`
 *   and `fetch()` without await (the programs end on a turn, not on the clock, and no tick is within 50 ms of the
 *   moments that decide the count), and the median interval within 5 %, the model given the machine's wake-up
 *   lateness measured just before the run;
 * - CPU work in `to_thread`, within a tolerance: the model's GIL is fair sharing plus one 5 ms switch interval
 *   for every wake-up of the loop; the real interpreter's GIL hand-offs, on a shared 2-core machine, vary more, and
 *   two threads that need 300 ms of CPU each take 600 ms only when they have a core to themselves (seen on a
 *   loaded machine: 1.5 s and 17 ticks). So: the model's ticks or one less, and, while the threads compute, the
 *   heartbeat's median interval longer than with `await asyncio.sleep` run just before by at least 1.5 ms (the
 *   model says 5; seen: 3–45 ms, more under load); on a loaded machine, where no attempt gives the model's ticks,
 *   the intervals alone, on every attempt (what the slide claims);
 * - the process pool: while the processes compute, the heartbeat's median interval within 5 % of
 *   `await asyncio.sleep`'s (processes do not take the loop's GIL; the model says equal), and at least the model's
 *   ticks (a loaded machine can only make the processes slower, never faster);
 * - debug mode's warnings for the blocking variants, character for character apart from `took`, and none for
 *   `await asyncio.sleep`; the RuntimeWarning of `fetch()` without await, exactly, once for its line.
 *
 * Each real run is retried up to 3 times before the test fails (the machine is shared); nothing asserts how fast it
 * is. Skipped, visibly, when no interpreter with `requests` is found (python3, then Debian's /usr/bin/python3).
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPython } from './python-tool.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { median, toPython } from '../../components/shared/asyncio-sim/index.ts';
import { SLIDE_MACHINE, variantView, type Variant } from '../../components/python-asyncio/python-asyncio-model.ts';
import { SLIDE_PARAMS, variantProgram } from '../../components/python-asyncio/python-asyncio-programs.ts';

const PROBE = join(__dirname, '..', 'probes', 'python_asyncio_probe.py');
const python = findPython('python-asyncio-real', { needs: 'requests', candidates: ['python3', '/usr/bin/python3'] });
const PYTHON = python.exe;
const SKIP = python.skip;
const asyncioDir = python.asyncioDir;

const tmp = mkdtempSync(join(tmpdir(), 'python-asyncio-real-'));
let server: ChildProcessWithoutNullStreams | null = null;
let port = 0;

beforeAll(async () => {
  if (!PYTHON) return;
  const child = spawn(PYTHON, [PROBE, 'serve', String(SLIDE_PARAMS.callMs)]);
  server = child;
  port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the HTTP server did not start in 15 s')), 15_000);
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`the HTTP server exited (${code})`)));
  });
}, 20_000);

afterAll(() => {
  if (server) {
    server.stdin.end();
    server.kill();
  }
  rmSync(tmp, { recursive: true, force: true });
});

type Real = { ticks: number[]; median_ms: number | null; wake_latency_ms: number; stderr: string };

/** The listing of a variant as a file (the model's own Python, its URL pointed at the test's server). */
function listingFile(v: Variant): string {
  const file = join(tmp, `${v}.py`);
  const source = toPython(variantProgram(v, SLIDE_PARAMS, file)).source.replace('127.0.0.1:8000', `127.0.0.1:${port}`);
  writeFileSync(file, source);
  return file;
}

function runReal(v: Variant, debug: boolean): Real {
  const r = spawnSync(PYTHON!, [PROBE, 'run', listingFile(v)], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, PYTHONASYNCIODEBUG: debug ? '1' : '' },
  });
  if (r.status !== 0) throw new Error(`${v}: the listing failed (${r.status}): ${r.stderr}`);
  return { ...(JSON.parse(r.stdout) as Omit<Real, 'stderr'>), stderr: r.stderr };
}

/** Up to 3 real runs: the first that agrees, else a failure that shows them all. */
function agreeing(v: Variant, debug: boolean, agrees: (r: Real) => boolean): Real {
  const seen: Real[] = [];
  for (let i = 0; i < 3; i++) {
    const r = runReal(v, debug);
    seen.push(r);
    if (agrees(r)) return r;
  }
  throw new Error(`${v}: no real run agreed with the model in 3 attempts: ${JSON.stringify(seen)}`);
}

const within = (a: number, b: number, rel: number) => Math.abs(a - b) <= rel * Math.abs(b);
/** The model on the machine of a real run (its lateness, capped: a run that late is retried). */
const modelFor = (v: Variant, r: Real, debug = false, file?: string) =>
  variantView(
    v,
    debug,
    { ...SLIDE_MACHINE, wakeLatencyMs: Math.min(Math.max(r.wake_latency_ms, 0), 5), asyncioDir },
    SLIDE_PARAMS,
    file,
  );

const EXACT: Variant[] = ['time_sleep', 'asyncio_sleep', 'requests', 'thread_requests', 'no_await'];

describe('python-asyncio: the variants under CPython', () => {
  it.skipIf(!PYTHON)(
    `heartbeat ticks exactly and the median within 5 % for ${EXACT.join(', ')}${SKIP}`,
    () => {
      const rows = EXACT.map((v) => {
        const r = agreeing(v, false, (x) => {
          const m = modelFor(v, x);
          return (
            x.ticks.length === m.ticks.length &&
            (m.medianMs === null || (x.median_ms !== null && within(x.median_ms, m.medianMs, 0.05)))
          );
        });
        const m = modelFor(v, r);
        return `${v}: model ${m.ticks.length} ticks, median ${m.medianMs} ms; CPython ${r.ticks.length} ticks, median ${r.median_ms} ms (late ${r.wake_latency_ms} ms)`;
      });
      console.info(rows.join('\n'));
    },
    180_000,
  );

  it.skipIf(!PYTHON)(
    `CPU work in to_thread slows the heartbeat (the GIL), a process pool does not${SKIP}`,
    () => {
      /** The median interval between ticks once the requests have arrived (the CPU loops running). */
      const busyMedian = (ticks: readonly number[]) =>
        median(ticks.slice(1).flatMap((t, i) => (ticks[i]! >= SLIDE_PARAMS.idleMs ? [t - ticks[i]!] : []))) ?? NaN;
      // One attempt runs the three back to back, so that they see the same machine; the busy intervals are compared
      // with `await asyncio.sleep`'s (what the machine itself adds to a 100 ms sleep is in all three).
      const seen: string[] = [];
      let ok = false;
      // What the slide says holds on every attempt or not at all: threads make each tick late, processes do not.
      let claimsHold = true;
      for (let i = 0; i < 3 && !ok; i++) {
        const plain = runReal('asyncio_sleep', false);
        const thread = runReal('thread_cpu', false);
        const process = runReal('process_cpu', false);
        const [p, t, q] = [plain, thread, process].map((r) => busyMedian(r.ticks)) as [number, number, number];
        const mt = modelFor('thread_cpu', thread);
        const mp = modelFor('process_cpu', process);
        const processOnTime = process.ticks.length >= mp.ticks.length && within(q, p, 0.05);
        const threadsLate = !(t - p < 1.5);
        claimsHold &&= processOnTime && threadsLate;
        // the model's count is an idle machine's: threads that compute longer than 600 ms (a loaded machine) tick more
        const countAgrees = thread.ticks.length >= mt.ticks.length - 1 && thread.ticks.length <= mt.ticks.length;
        ok = countAgrees && threadsLate && processOnTime;
        seen.push(
          `thread_cpu: model ${mt.ticks.length} ticks, ${busyMedian(mt.ticks).toFixed(1)} ms apart while the threads compute; CPython ${thread.ticks.length} ticks, ${t.toFixed(3)} ms`,
          `process_cpu: model ${mp.ticks.length} ticks, ${busyMedian(mp.ticks).toFixed(1)} ms; CPython ${process.ticks.length} ticks, ${q.toFixed(3)} ms`,
          `(asyncio.sleep, the same machine: ${p.toFixed(3)} ms)`,
        );
      }
      console.info(seen.join('\n'));
      // The model is an idle machine's: 5 ms a tick is CPython's switch interval, what the waiting loop gets there, and
      // the threads compute for 600 ms. Where the scheduler lets the two computing threads pass the GIL between them
      // for hundreds of ms (a 2-core VM), the loop waits far longer than the model says; where other work takes the
      // cores, the threads compute for longer and the heartbeat ticks more. Either is accepted only while the slide's
      // claims held on every attempt, and said.
      if (!ok && claimsHold)
        console.warn(
          'python-asyncio-real: no attempt matched the idle machine of the model (the heartbeat waited far longer for the GIL than the 5 ms switch interval, or the threads computed longer and it ticked more). The slide’s claims held on every attempt: threads made every tick late, a process pool did not.',
        );
      expect(ok || claimsHold, seen.join('\n')).toBe(true);
      // The model itself: 5 ms more per tick with threads computing, none with processes.
      const base = busyMedian(variantView('asyncio_sleep', false).ticks);
      expect(busyMedian(variantView('thread_cpu', false).ticks) - base).toBeCloseTo(5, 6);
      expect(busyMedian(variantView('process_cpu', false).ticks)).toBeCloseTo(base, 6);
    },
    180_000,
  );
  it.skipIf(!PYTHON)(
    `debug mode: the same warnings, naming the same tasks, as the real loop${SKIP}`,
    () => {
      const normalize = (line: string) => line.replace(/took [0-9.]+ seconds/, 'took <d> seconds');
      for (const v of ['time_sleep', 'requests', 'asyncio_sleep'] as const) {
        const file = join(tmp, `${v}.py`);
        const executing = (r: Real) => r.stderr.split('\n').filter((l) => l.startsWith('Executing '));
        const expected = (r: Real) => modelFor(v, r, true, file).log.map((l) => normalize(l.message));
        const r = agreeing(v, true, (x) => executing(x).length === expected(x).length);
        expect(executing(r).map(normalize), v).toEqual(expected(r));
        console.info(`${v} (debug): ${executing(r).length} warnings, e.g. ${executing(r)[0] ?? '—'}`);
      }
    },
    180_000,
  );

  it.skipIf(!PYTHON)(
    `fetch() without await: the RuntimeWarning, as CPython prints it, once for its line${SKIP}`,
    () => {
      const file = join(tmp, 'no_await.py');
      const r = runReal('no_await', false);
      const real = r.stderr.split('\n').filter((l) => l.includes('RuntimeWarning: coroutine'));
      const model = modelFor('no_await', r, false, file).log.map((l) => l.message);
      expect(real).toEqual(model);
      expect(model).toEqual([`${file}:20: RuntimeWarning: coroutine 'fetch' was never awaited`]);
    },
    60_000,
  );
});
