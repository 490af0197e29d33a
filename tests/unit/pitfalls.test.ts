import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LIMIT_STOPS,
  PRESETS,
  SPEAKER_SEQUENCE,
  TIMEOUT_STOPS,
  WORLD,
  axisSpan,
  initialState,
  paramsOf,
  runOf,
  setHung,
  setLang,
  setLimitIndex,
  setTimeoutOn,
  simulate,
  socketsAt,
  spanOf,
  speakerSpan,
  stateForStep,
  type RunParams,
} from '../../components/pitfalls/pitfalls-model.ts';
import { clientCode } from '../../components/pitfalls/pitfalls-code.ts';
import { pitfallsText } from '../../components/pitfalls/pitfalls-text.ts';
import { SIM_SEED } from './sim-seed.ts';

const world = (over: Partial<RunParams> = {}): RunParams => ({
  ...WORLD,
  limit: null,
  hung: false,
  timeoutMs: null,
  ...over,
});

describe('hand-worked runs (10,000 calls, API: 100 at once, 200 ms, a 429 in 1 ms)', () => {
  it('no limit: 100 answered, 9,900 rejected at 1 ms, 10,000 sockets, done at 200 ms', () => {
    const r = simulate(world());
    expect([r.ok, r.rejected, r.timedOut, r.stuck, r.neverStarted]).toEqual([100, 9900, 0, 0, 0]);
    expect(r.peakSockets).toBe(10_000);
    expect(r.totalMs).toBe(200);
    expect(socketsAt(r, 0)).toBe(10_000);
    expect(socketsAt(r, 1)).toBe(100);
    expect(socketsAt(r, 200)).toBe(0);
  });

  it('a limit at or under the API’s: waves of `limit`, ceil(10,000 / L) × 200 ms, nothing rejected', () => {
    for (const [limit, total] of [
      [100, 20_000],
      [50, 40_000],
      [30, 334 * 200],
      [1, 2_000_000],
    ] as const) {
      const r = simulate(world({ limit }));
      expect(r.rejected).toBe(0);
      expect(r.ok).toBe(10_000);
      expect(r.totalMs).toBe(total);
      expect(r.peakSockets).toBe(limit);
    }
  });

  it('a limit of 200: the extra 100 slots cycle through 429s, 1 ms each, until the first wave ends', () => {
    // t = 0: 100 accepted, 100 rejected at 1 ms; each ms another 100 rejected: 9,900 by 99 ms; done at 200 ms.
    const r = simulate(world({ limit: 200 }));
    expect([r.ok, r.rejected, r.totalMs]).toEqual([100, 9900, 200]);
  });

  it('a limit of 101: one extra slot rejects 199 calls per 200 ms wave', () => {
    // Each wave: 100 answered at its end, and the extra slot is rejected at every ms from 1 to 199 of the wave
    // (the 200th ms it joins the next wave, as the API frees before the client sees its answers). 300 calls a
    // wave, after 33 waves (9,900 calls) one more wave takes the last 100.
    const r = simulate(world({ limit: 101 }));
    expect(r.ok + r.rejected).toBe(10_000);
    expect(r.ok).toBe(3400);
    expect(r.rejected).toBe(6600);
    expect(r.totalMs).toBe(34 * 200);
  });

  it('a hung socket without a timeout: never done; with a limit it holds one slot', () => {
    const r = simulate(world({ limit: 100, hung: true }));
    expect(r.stuck).toBe(1);
    expect(r.totalMs).toBe(Infinity);
    expect(r.ok).toBe(9999);
    // 9,999 calls on 99 slots: 101 waves
    expect(r.lastEndMs).toBe(101 * 200);
    expect(r.peakApi).toBe(99);
    const one = simulate(world({ limit: 1, hung: true }));
    expect([one.ok, one.stuck, one.neverStarted, one.totalMs]).toEqual([0, 1, 9999, Infinity]);
    const none = simulate(world({ hung: true }));
    expect([none.ok, none.rejected, none.stuck, none.totalMs]).toEqual([100, 9899, 1, Infinity]);
  });

  it('a 2 s timeout frees the hung slot: 99 slots for 10 waves, then 100: done at 20.2 s', () => {
    const r = simulate(world({ limit: 100, hung: true, timeoutMs: 2000 }));
    expect([r.ok, r.timedOut, r.stuck, r.rejected]).toEqual([9999, 1, 0, 0]);
    // by 2,000 ms: 10 waves of 99 = 990 done; 9,009 left on 100 slots: 91 waves more
    expect(r.totalMs).toBe(2000 + 91 * 200);
  });

  it('a timeout shorter than the API’s latency fails every call, and the busy API rejects the next ones', () => {
    const r = simulate(world({ limit: 100, timeoutMs: 100 }));
    expect(r.ok).toBe(0);
    expect(r.timedOut).toBe(100);
    expect(r.rejected).toBe(9900);
  });
});

const arbParams: fc.Arbitrary<RunParams> = fc.record({
  calls: fc.integer({ min: 0, max: 400 }),
  apiLimit: fc.integer({ min: 1, max: 60 }),
  latencyMs: fc.integer({ min: 1, max: 300 }),
  rejectMs: fc.integer({ min: 1, max: 20 }),
  limit: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
  hung: fc.boolean(),
  timeoutMs: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
});

describe('properties', () => {
  const opts = { seed: SIM_SEED, numRuns: 200 };

  it('with a limit L the sockets in use never exceed L; the API never serves more than its limit', () => {
    fc.assert(
      fc.property(arbParams, (p) => {
        const r = simulate(p);
        const cap = p.limit ?? Infinity;
        for (const s of r.sockets) expect(s.sockets).toBeLessThanOrEqual(cap);
        expect(r.peakSockets).toBeLessThanOrEqual(Math.min(cap, p.calls));
        expect(r.peakApi).toBeLessThanOrEqual(p.apiLimit);
      }),
      opts,
    );
  });

  it('every call is counted once: answered, rejected, timed out, stuck or never started', () => {
    fc.assert(
      fc.property(arbParams, (p) => {
        const r = simulate(p);
        expect(r.ok + r.rejected + r.timedOut + r.stuck + r.neverStarted).toBe(p.calls);
        expect(r.stuck).toBe(p.hung && p.timeoutMs === null && p.calls > 0 ? 1 : 0);
        expect(Number.isFinite(r.totalMs)).toBe(r.stuck + r.neverStarted === 0);
      }),
      opts,
    );
  });

  it('rejected = 0 whenever L ≤ the API’s limit (and no timeout cuts a call the API is still serving)', () => {
    fc.assert(
      fc.property(arbParams, fc.integer({ min: 1, max: 60 }), (p, l) => {
        const timeoutMs = p.timeoutMs === null ? null : Math.max(p.timeoutMs, p.latencyMs);
        const r = simulate({ ...p, timeoutMs, limit: Math.min(l, p.apiLimit) });
        expect(r.rejected).toBe(0);
      }),
      opts,
    );
  });

  it('total time is non-increasing in L up to the API’s limit (no hung socket, no timeout)', () => {
    fc.assert(
      fc.property(arbParams, fc.integer({ min: 1, max: 59 }), (p0, l) => {
        const p = { ...p0, hung: false, timeoutMs: null };
        fc.pre(l < p.apiLimit);
        const a = simulate({ ...p, limit: l }).totalMs;
        const b = simulate({ ...p, limit: l + 1 }).totalMs;
        expect(b).toBeLessThanOrEqual(a);
      }),
      opts,
    );
  });
});

describe('the demo’s state', () => {
  it('walks the speaker sequence: no limit, the API’s limit, a hung socket, the timeout', () => {
    const runs = SPEAKER_SEQUENCE.map((_, i) => runOf(stateForStep(i, initialState())));
    expect(runs.map((r) => [r.rejected, r.totalMs])).toEqual([
      [9900, 200],
      [0, 20_000],
      [0, Infinity],
      [0, 20_200],
    ]);
    expect(stateForStep(0, initialState())).toEqual(initialState());
  });

  it('a step keeps the chosen code language; setters clamp and return the same state when nothing changes', () => {
    const s = setLang(initialState(), 'go');
    expect(stateForStep(2, s).lang).toBe('go');
    expect(setLimitIndex(s, 99).limitIndex).toBe(LIMIT_STOPS.length - 1);
    expect(setLimitIndex(s, s.limitIndex)).toBe(s);
    expect(setHung(s, s.hung)).toBe(s);
    expect(setTimeoutOn(setHung(s, true), true).timeoutOn).toBe(true);
    expect(paramsOf({ ...PRESETS.timeout, lang: 'python' }).timeoutMs).toBe(2000);
    expect(TIMEOUT_STOPS).toContain(2000);
  });
});

describe('the client’s code', () => {
  it('says the limit and the timeout in each language, and marks their lines', () => {
    const py = clientCode('python', 100, 2000);
    expect(py.code).toContain('asyncio.Semaphore(100)');
    expect(py.code).toContain('asyncio.timeout(2)');
    expect(py.marked.map((l) => py.code.split('\n')[l - 1])).toEqual([
      'sem = asyncio.Semaphore(100)',
      '    async with sem:',
      '        async with asyncio.timeout(2):',
    ]);
    expect(clientCode('python', null, null).code).not.toContain('Semaphore');
  });
  it('Python: the client is built without httpx’s hidden defaults (100 connections, 5 s), as the model has none', () => {
    for (const [limit, timeout] of [
      [null, null],
      [100, 2000],
    ] as const) {
      const lines = clientCode('python', limit, timeout).code.split('\n');
      expect(lines.slice(0, 2)).toEqual([
        'client = httpx.AsyncClient(timeout=None,',
        '    limits=httpx.Limits(max_connections=None))',
      ]);
      expect(lines.filter((l) => l.includes('client.get(url)'))).toHaveLength(1);
    }
    for (const lang of ['en', 'ru'] as const) {
      const t = pitfallsText[lang].pythonDefaults;
      expect(t).toContain('httpx.AsyncClient()');
      expect(t).toContain('100');
      expect(t).toContain('PoolTimeout');
      expect(t).toContain('limit=100');
    }
    expect(clientCode('javascript', 50, 150).code).toContain('pLimit(50)');
    expect(clientCode('javascript', 50, 150).code).toContain('AbortSignal.timeout(150)');
    expect(clientCode('go', 100, 2000).code).toContain('context.WithTimeout(ctx, 2*time.Second)');
    expect(clientCode('go', 100, 150).code).toContain('150*time.Millisecond');
    expect(clientCode('go', 100, null).code).toContain('for w := 0; w < 100; w++ {');
    expect(clientCode('go', null, null).code).toContain('wg.Wait()');
  });
});

describe('one time axis for the whole slide (issue #36 item 4)', () => {
  const runs = SPEAKER_SEQUENCE.map((_, i) => runOf(stateForStep(i, initialState())));

  it('every speaker step is drawn on the same axis, which holds each of them', () => {
    // each on its own, no limit's 200 ms and the limited 20 s would fill the same width
    expect(Math.max(...runs.map(spanOf))).toBeGreaterThan(50 * Math.min(...runs.map(spanOf)));
    const fixed = speakerSpan();
    for (const run of runs) {
      expect(axisSpan(run, fixed)).toBe(fixed);
      expect(axisSpan(run)).toBe(fixed);
      expect(spanOf(run)).toBeLessThanOrEqual(fixed);
    }
  });

  it('self-paced: a run that takes longer grows it to a tick', () => {
    const fixed = speakerSpan();
    const slow = runOf({ ...initialState(), limitIndex: LIMIT_STOPS.indexOf(50) });
    expect(spanOf(slow)).toBeGreaterThan(fixed);
    expect(axisSpan(slow, fixed)).toBeGreaterThanOrEqual(spanOf(slow));
  });
});
