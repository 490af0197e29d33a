import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DURATION_MS,
  LIMITS,
  MODES,
  SAMPLE_MS,
  SPEAKER_SEQUENCE,
  axisItems,
  emptyQueue,
  emptyStream,
  initialState,
  megabytes,
  queueGet,
  queuePut,
  rangeOf,
  setMode,
  setNumber,
  simulate,
  speakerRange,
  stateForStep,
  streamComplete,
  streamWrite,
  verdictOf,
  type Params,
} from '../../components/backpressure/backpressure-model.ts';

describe('the rules: a Node Writable’s buffer and asyncio.Queue(maxsize)', () => {
  it('hand-worked: highWaterMark 2 — true, false, then drain when both are written', () => {
    const a = streamWrite(emptyStream, 2);
    const b = streamWrite(a.state, 2);
    expect([a.ok, b.ok]).toEqual([true, false]);
    const c = streamComplete(b.state);
    const d = streamComplete(c.state);
    expect([c.drain, d.drain]).toEqual([false, true]);
    expect(d.state).toEqual(emptyStream);
    // No false, no drain: emptying a buffer that never said false emits nothing.
    expect(streamComplete(streamWrite(emptyStream, 2).state).drain).toBe(false);
  });

  it('hand-worked: maxsize 1 — the second put waits; a get lets it in; maxsize 0 never waits', () => {
    const a = queuePut(emptyQueue, 1);
    const b = queuePut(a.state, 1);
    expect([a.waited, b.waited]).toEqual([false, true]);
    expect(queueGet(b.state).state).toEqual({ size: 1, waiting: 0 });
    expect(queueGet(emptyQueue).got).toBe(false);
    expect(queuePut({ size: 99, waiting: 0 }, 0).waited).toBe(false);
  });

  it('property: write() answers false exactly when the buffer reaches highWaterMark', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 80 }), (hwm, length) => {
        const r = streamWrite({ length, needDrain: false }, hwm);
        expect(r.ok).toBe(length + 1 < hwm);
        expect(r.state.length).toBe(length + 1);
      }),
    );
  });
});

describe('the run', () => {
  const p = (over: Partial<Params>): Params => ({
    mode: 'unbounded',
    producerRate: 200,
    consumerRate: 100,
    limit: 16,
    ...over,
  });

  it('hand-worked: unbounded, 200/s against 100/s: about 1,000 items (62.5 MB) after 10 s, the producer never waits', () => {
    const r = simulate(p({}));
    expect(r.finalHeld).toBeGreaterThanOrEqual(995);
    expect(r.finalHeld).toBeLessThanOrEqual(1005);
    expect(megabytes(1000)).toBe(62.5);
    expect(r.pausedShare).toBe(0);
    expect(r.held).toHaveLength(DURATION_MS / SAMPLE_MS + 1);
    expect(verdictOf(p({}), r).kind).toBe('grows');
  });

  it('hand-worked: drain, highWaterMark 16: never more than 16, a false and a drain per cycle, waits about half the time', () => {
    const r = simulate(p({ mode: 'drain' }));
    expect(r.peakHeld).toBe(16);
    expect(r.falseWrites).toBeGreaterThan(20);
    expect(Math.abs(r.falseWrites - r.drains)).toBeLessThanOrEqual(1);
    expect(r.pausedShare).toBeGreaterThan(0.4);
    expect(r.pausedShare).toBeLessThan(0.6);
    expect(verdictOf(p({ mode: 'drain' }), r).kind).toBe('capped');
  });

  it('hand-worked: bounded, maxsize 16: 16 in the queue and one in hand; the producer goes at the consumer’s pace', () => {
    const r = simulate(p({ mode: 'bounded' }));
    expect(r.peakHeld).toBe(17);
    expect(Math.abs(r.produced - r.consumed)).toBeLessThanOrEqual(18);
    // Its put() returns when the consumer takes an item (every 10 ms); making the next takes it 5 ms, then it waits
    // 5 ms: about half the time, as with drain at the same rates (it read 98 %, making an item counted as waiting).
    expect(r.pausedShare).toBeGreaterThan(0.4);
    expect(r.pausedShare).toBeLessThan(0.6);
  });

  it('the same rates make the producer wait about as long behind a drain as behind a bounded queue', () => {
    for (const [producerRate, consumerRate] of [
      [200, 100],
      [300, 100],
      [150, 100],
    ] as const) {
      const drain = simulate(p({ mode: 'drain', producerRate, consumerRate }));
      const bounded = simulate(p({ mode: 'bounded', producerRate, consumerRate }));
      // The producer works 1/producerRate of every consumer’s 1/consumerRate and waits the rest (to the millisecond
      // the model counts in).
      const expected = 1 - consumerRate / producerRate;
      expect(Math.abs(bounded.pausedShare - expected), `${producerRate}/${consumerRate} bounded`).toBeLessThan(0.1);
      expect(Math.abs(drain.pausedShare - expected), `${producerRate}/${consumerRate} drain`).toBeLessThan(0.1);
    }
  });

  it('the band draws the share of each sample the producer waited: its mean is the share of the run', () => {
    for (const mode of MODES) {
      const r = simulate(p({ mode }));
      expect(r.paused).toHaveLength(r.held.length);
      for (const share of r.paused) expect(share >= 0 && share <= 1, `${mode}: ${share}`).toBe(true);
      const mean = r.paused.reduce((a, b) => a + b, 0) / r.paused.length;
      // a bounded queue's producer waits 5 ms of every 10: a sample at one instant saw it always or never waiting
      expect(Math.abs(mean - r.pausedShare), mode).toBeLessThan(0.05);
    }
  });

  it('hand-worked: a faster consumer keeps up in every mode', () => {
    for (const mode of MODES) {
      const q = p({ mode, consumerRate: 250 });
      const r = simulate(q);
      expect(r.peakHeld, mode).toBeLessThanOrEqual(1);
      expect(verdictOf(q, r).kind, mode).toBe('keepsUp');
    }
  });

  const params = fc.record({
    mode: fc.constantFrom(...MODES),
    producerRate: fc.integer({ min: LIMITS.producerRate.min, max: LIMITS.producerRate.max }),
    consumerRate: fc.integer({ min: LIMITS.consumerRate.min, max: LIMITS.consumerRate.max }),
    limit: fc.integer({ min: LIMITS.limit.min, max: LIMITS.limit.max }),
  });

  it('property: a limit holds memory to it (one more in hand for a queue); nothing is consumed that was not produced', () => {
    fc.assert(
      fc.property(params, (q) => {
        const r = simulate(q);
        if (q.mode === 'drain') expect(r.peakHeld).toBeLessThanOrEqual(q.limit);
        if (q.mode === 'bounded') expect(r.peakHeld).toBeLessThanOrEqual(q.limit + 1);
        if (q.mode === 'unbounded') expect(r.pausedShare).toBe(0);
        expect(r.consumed).toBeLessThanOrEqual(r.produced);
        expect(r.produced - r.consumed).toBeGreaterThanOrEqual(r.finalHeld - 1);
        expect(r.consumed).toBeLessThanOrEqual(Math.ceil((q.consumerRate * DURATION_MS) / 1000) + 1);
      }),
      { numRuns: 60 },
    );
  });

  it('property: an unbounded queue holds what the producer outruns the consumer by', () => {
    fc.assert(
      fc.property(params, (q) => {
        const u = { ...q, mode: 'unbounded' as const };
        const r = simulate(u);
        const expected = Math.max(0, ((q.producerRate - q.consumerRate) * DURATION_MS) / 1000);
        expect(Math.abs(r.finalHeld - expected)).toBeLessThanOrEqual(3);
      }),
      { numRuns: 40 },
    );
  });
});

describe('the backpressure demo’s state', () => {
  it('step 0 is unbounded at 200/s and 100/s; the steps go unbounded → drain → bounded → a faster consumer', () => {
    expect(initialState()).toEqual({ mode: 'unbounded', producerRate: 200, consumerRate: 100, limit: 16 });
    expect(SPEAKER_SEQUENCE.map((_, i) => stateForStep(i, null).mode)).toEqual([
      'unbounded',
      'drain',
      'bounded',
      'bounded',
    ]);
    expect(stateForStep(3, null).consumerRate).toBeGreaterThan(stateForStep(3, null).producerRate);
  });

  it('setters clamp and keep identity when nothing changes', () => {
    const s = initialState();
    expect(setMode(s, 'unbounded')).toBe(s);
    expect(setNumber(s, 'limit', 16)).toBe(s);
    expect(setNumber(s, 'limit', 1e9).limit).toBe(LIMITS.limit.max);
    expect(setNumber(s, 'producerRate', Number.NaN).producerRate).toBe(LIMITS.producerRate.min);
  });
});

describe('backpressure: one memory axis for the whole slide (issue #36 item 4)', () => {
  const steps = SPEAKER_SEQUENCE.map((_, i) => stateForStep(i, null));

  it('every speaker step is drawn on the unbounded queue’s height, which holds each of them', () => {
    const own = steps.map((s) => rangeOf(s, simulate(s)));
    // each on its own scale, the capped queue (1.4 MB) would fill the chart as the unbounded one (63 MB) did
    expect(Math.max(...own)).toBeGreaterThan(20 * Math.min(...own));
    const fixed = speakerRange();
    expect(fixed).toBe(Math.max(...own));
    expect(megabytes(fixed)).toBeGreaterThan(60);
    for (const s of steps) expect(axisItems(s, simulate(s))).toBe(fixed);
  });

  it('self-paced: settings within it keep it; a faster producer grows it to a tick, never below', () => {
    const fixed = speakerRange();
    fc.assert(
      fc.property(
        fc.constantFrom(...MODES),
        fc.integer({ min: 10, max: 500 }),
        fc.integer({ min: 10, max: 500 }),
        fc.integer({ min: 1, max: 100 }),
        (mode, producerRate, consumerRate, limit) => {
          const p: Params = { mode, producerRate, consumerRate, limit };
          const run = simulate(p);
          const a = axisItems(p, run, fixed);
          expect(a).toBeGreaterThanOrEqual(Math.max(fixed, run.peakHeld));
          if (rangeOf(p, run) <= fixed) expect(a).toBe(fixed);
        },
      ),
      { numRuns: 25 },
    );
  });
});
