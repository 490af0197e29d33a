import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_PARAMS,
  LIMITS,
  advance,
  arrivals,
  compareModes,
  finished,
  initialState,
  mulberry32,
  percentile,
  reset,
  simulate,
  SPEAKER_SEQUENCE,
  stateForStep,
  stats,
  toEnd,
  undo,
  update,
  visibleRequests,
  type HeavyParams,
  type Mode,
} from '../../components/heavy-task/heavy-task-model.ts';

const P = DEFAULT_PARAMS;

describe('heavy-task model: figures worked out by hand', () => {
  it('200 requests/s for one second: 200 arrivals, every 5 ms from 0 to 995 ms', () => {
    const a = arrivals(P);
    expect(a.length).toBe(200);
    expect(a[0]).toBe(0);
    expect(a[1]).toBe(5000); // µs
    expect(a[199]).toBe(995000);
  });

  it('nearest-rank percentiles', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile(xs, 100)).toBe(100);
    expect(percentile([7], 50)).toBe(7);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2); // rank ⌈2⌉ = 2
    expect(percentile([1, 2, 3, 4, 5], 50)).toBe(3); // rank ⌈2.5⌉ = 3
    // N = 200: p99 is rank 198, the third-largest value.
    const two = Array.from({ length: 200 }, (_, i) => i);
    expect(percentile(two, 99)).toBe(197);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
  });

  it('inline: the request at 200 ms runs first, the heavy task holds the loop from 202 to 502 ms', () => {
    const r = simulate({ ...P, mode: 'inline' });
    expect(r.heavy).toEqual({ arrival: 200, start: 202, end: 502, pieces: 1 });
    // Nothing else runs while it does.
    expect(r.requests.filter((q) => q.start >= 202 && q.start < 502)).toEqual([]);
    // The request of 205 ms waits for it all: answered at 504, latency 299 ms; it is the worst.
    const q205 = r.requests.find((q) => q.arrival === 205)!;
    expect(q205).toMatchObject({ start: 502, end: 504, latency: 299 });
    expect(r.stats.max).toBe(299);
    // The 60 requests of 205..500 ms queue up; the backlog drains at 3 ms per 5 ms.
    expect(r.stats.count).toBe(200);
    expect(r.stats.p50).toBe(2);
    expect(r.stats.p99).toBeGreaterThan(280);
  });

  it('chunked, 10 ms: two pieces in the first turn (handler + check phase), so the worst wait is 19 ms', () => {
    const r = simulate({ ...P, mode: 'chunked', chunkMs: 10 });
    expect(r.heavy.pieces).toBe(30);
    // 200: request (200–202), piece 1 (202–212) in the handler, piece 2 (212–222) in the check phase;
    // the poll at 222 serves 205, 210, 215, 220: the request of 205 ms ends at 224.
    const q205 = r.requests.find((q) => q.arrival === 205)!;
    expect(q205).toMatchObject({ start: 222, end: 224, latency: 19 });
    expect(r.stats.max).toBe(19);
    // The heavy task ends later than inline: the CPU is shared with the requests.
    expect(r.heavy.end).toBeGreaterThan(502);
  });

  it('chunked, 1 ms on the 5 ms grid: a request never waits', () => {
    const r = simulate({ ...P, mode: 'chunked', chunkMs: 1 });
    expect(r.stats.max).toBe(2);
    expect(r.heavy.pieces).toBe(300);
  });

  it('worker: the main loop stays free, every request takes its 2 ms; the task ends at 502 ms', () => {
    const r = simulate({ ...P, mode: 'worker' });
    expect(r.stats).toEqual({ count: 200, p50: 2, p99: 2, max: 2 });
    expect(r.heavy.end).toBe(502);
    expect(r.worker).toEqual([{ kind: 'heavy', start: 202, end: 502 }]);
    expect(r.main.some((s) => s.kind === 'heavy')).toBe(false);
  });

  it('compareModes gives the three modes', () => {
    const c = compareModes(P);
    expect(c.inline.stats.max).toBe(299);
    expect(c.chunked.stats.max).toBe(19);
    expect(c.worker.stats.max).toBe(2);
  });

  it('jitter is seeded: same seed, same run; arrivals stay within [k·5, k·5 + jitter)', () => {
    const a = simulate({ ...P, jitterMs: 4, seed: 42 });
    const b = simulate({ ...P, jitterMs: 4, seed: 42 });
    const c = simulate({ ...P, jitterMs: 4, seed: 43 });
    expect(a).toEqual(b);
    expect(a.requests.map((q) => q.arrival)).not.toEqual(c.requests.map((q) => q.arrival));
    const arr = arrivals({ ...P, jitterMs: 4, seed: 42 }).map((x) => x / 1000);
    arr.forEach((t, k) => {
      expect(t).toBeGreaterThanOrEqual(k * 5);
      expect(t).toBeLessThan(k * 5 + 4);
    });
    const rnd = mulberry32(1);
    const xs = Array.from({ length: 1000 }, rnd);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
  });
});

const arbParams: fc.Arbitrary<HeavyParams> = fc.record({
  mode: fc.constantFrom<Mode>('inline', 'chunked', 'worker'),
  startMs: fc.integer({ min: LIMITS.startMs.min, max: LIMITS.startMs.max }),
  heavyMs: fc.integer({ min: 10, max: 600 }),
  chunkMs: fc.integer({ min: LIMITS.chunkMs.min, max: LIMITS.chunkMs.max }),
  intervalMs: fc.constantFrom(2, 3, 5, 10),
  serviceMs: fc.constantFrom(0.5, 1, 2, 3),
  durationMs: fc.integer({ min: 0, max: 800 }),
  jitterMs: fc.integer({ min: 0, max: 10 }),
  seed: fc.integer({ min: 0, max: 1000 }),
});

describe('heavy-task model: properties', () => {
  it('one thread: main-thread segments never overlap; every request waits ≥ 0 and costs its service time', () => {
    fc.assert(
      fc.property(arbParams, (p) => {
        const r = simulate(p);
        for (let i = 1; i < r.main.length; i++)
          expect(r.main[i]!.start).toBeGreaterThanOrEqual(r.main[i - 1]!.end - 1e-9);
        for (const q of r.requests) {
          expect(q.start).toBeGreaterThanOrEqual(q.arrival);
          expect(q.end - q.start).toBeCloseTo(p.serviceMs, 6);
          expect(q.latency).toBeCloseTo(q.end - q.arrival, 6);
          expect(q.latency).toBeGreaterThanOrEqual(p.serviceMs - 1e-9);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('work is conserved: the heavy task gets exactly heavyMs of CPU, on the main thread or in the worker', () => {
    fc.assert(
      fc.property(arbParams, (p) => {
        const r = simulate(p);
        const onMain = r.main.filter((s) => s.kind === 'heavy').reduce((a, s) => a + s.end - s.start, 0);
        const inWorker = r.worker.reduce((a, s) => a + s.end - s.start, 0);
        if (p.mode === 'worker') {
          expect(onMain).toBe(0);
          expect(inWorker).toBeCloseTo(p.heavyMs, 6);
        } else {
          expect(inWorker).toBe(0);
          expect(onMain).toBeCloseTo(p.heavyMs, 6);
        }
        if (p.mode === 'chunked') expect(r.heavy.pieces).toBe(Math.ceil(p.heavyMs / p.chunkMs - 1e-9));
        expect(r.heavy.end).toBeGreaterThanOrEqual(r.heavy.start + p.heavyMs - 1e-6);
      }),
      { numRuns: 150 },
    );
  });

  it('inline: no request runs while the heavy task does', () => {
    fc.assert(
      fc.property(arbParams, (p) => {
        const r = simulate({ ...p, mode: 'inline' });
        for (const q of r.requests) expect(q.start >= r.heavy.end - 1e-9 || q.end <= r.heavy.start + 1e-9).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('a piece as large as the task is the inline case; the worker run does not depend on the task size', () => {
    fc.assert(
      fc.property(arbParams, fc.integer({ min: 10, max: 600 }), (p, other) => {
        const q = { ...p, chunkMs: 100, heavyMs: Math.min(p.heavyMs, 100) };
        expect(simulate({ ...q, mode: 'chunked' }).requests).toEqual(simulate({ ...q, mode: 'inline' }).requests);
        expect(simulate({ ...p, mode: 'worker' }).requests).toEqual(
          simulate({ ...p, mode: 'worker', heavyMs: other }).requests,
        );
      }),
      { numRuns: 100 },
    );
  });

  it('nearest rank: the p-th percentile is a sample, at least p% are ≤ it and fewer than p% are < it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 100 }),
        (xs, pct) => {
          const sorted = [...xs].sort((a, b) => a - b);
          const v = percentile(sorted, pct);
          expect(xs).toContain(v);
          expect(xs.filter((x) => x <= v).length).toBeGreaterThanOrEqual((pct / 100) * xs.length - 1e-9);
          expect(xs.filter((x) => x < v).length).toBeLessThan((pct / 100) * xs.length + 1e-9);
          const s = stats(xs);
          expect(s.p50).toBeLessThanOrEqual(s.p99);
          expect(s.p99).toBeLessThanOrEqual(s.max);
          expect(s.max).toBe(Math.max(...xs));
        },
      ),
    );
  });
});

describe('heavy-task state: history and playhead', () => {
  it('update then undo restores the parameters; undo with no history does nothing', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            mode: fc.constantFrom<Mode>('inline', 'chunked', 'worker'),
            chunkMs: fc.integer({ min: 1, max: 100 }),
            startMs: fc.integer({ min: 0, max: 600 }),
          }),
          { maxLength: 8 },
        ),
        (patches) => {
          let s = initialState();
          const seen = [s.params];
          for (const patch of patches) {
            const next = update(s, patch);
            if (next !== s) seen.push(next.params);
            s = next;
          }
          while (s.history.length) {
            expect(s.params).toEqual(seen.pop());
            s = undo(s);
          }
          expect(s.params).toEqual(seen.pop());
          expect(seen).toEqual([]);
          expect(undo(s)).toBe(s);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('values outside the sliders are clamped', () => {
    const s = update(initialState(), { chunkMs: 1000, startMs: -5 });
    expect(s.params.chunkMs).toBe(LIMITS.chunkMs.max);
    expect(s.params.startMs).toBe(LIMITS.startMs.min);
  });

  it('the playhead: reset to 0, advance, reveal only answered requests, stop at the horizon', () => {
    let s = reset(initialState({ mode: 'inline' }));
    expect(s.playheadMs).toBe(0);
    const r = simulate(s.params);
    expect(s.horizonMs).toBeGreaterThanOrEqual(r.heavy.end);
    s = advance(s, 400);
    // During the block nobody is answered: what is visible at 400 ms ended before 202 ms.
    expect(visibleRequests(r, s.playheadMs).every((q) => q.end <= 202)).toBe(true);
    expect(advance(advance(s, 50), -50)).toEqual(s);
    s = advance(s, 1e9);
    expect(finished(s)).toBe(true);
    expect(s.playheadMs).toBe(s.horizonMs);
    expect(visibleRequests(r, s.playheadMs).length).toBe(200);
    expect(toEnd(reset(s))).toEqual(s);
    expect(advance(reset(s), -10).playheadMs).toBe(0);
  });
});

describe('heavy-task: the speaker sequence', () => {
  it('inline (the initial state), then in chunks, then in a worker; a step keeps the person’s other settings', () => {
    expect(SPEAKER_SEQUENCE.map((x) => x.mode)).toEqual(['inline', 'chunked', 'worker']);
    expect(stateForStep(0, update(initialState(), { chunkMs: 40 }))).toEqual(initialState());
    const mine = update(initialState(), { chunkMs: 40, startMs: 300 });
    const chunked = stateForStep(1, mine);
    expect(chunked.params).toEqual({ ...mine.params, mode: 'chunked' });
    expect(undo(chunked)).toEqual(mine);
    expect(stateForStep(2, chunked).params.mode).toBe('worker');
    // out of range: clamped into the sequence
    expect(stateForStep(99, mine).params.mode).toBe('worker');
  });

  it('the slide declares as many speaker steps as the sequence has', async () => {
    const { heavyTask } = await import('../../slides/heavy-task.ts');
    const { speakerSteps } = await import('../../slides/types.ts');
    expect(speakerSteps(heavyTask)).toBe(SPEAKER_SEQUENCE.length);
  });
});
