import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLOCK_MS,
  HORIZON_MS,
  LIMITS,
  REQUESTS,
  SPEAKER_SEQUENCE,
  STRATEGIES,
  WORK_MS,
  arrival,
  initialState,
  perWorker,
  reuseportSocket,
  schedule,
  setCores,
  stateForStep,
  type CoresState,
} from '../../components/cores/cores-model.ts';

const state = fc.record({
  cores: fc.integer({ min: LIMITS.cores.min, max: LIMITS.cores.max }),
  strategy: fc.constantFrom(...STRATEGIES),
  blocking: fc.boolean(),
});

describe('cores: hand-worked, four cores, 12 requests 5 ms apart, 10 ms each', () => {
  it('one loop: one core runs everything, three idle; the queue grows to 65 ms', () => {
    const s = schedule({ cores: 4, strategy: 'one-loop', blocking: false });
    expect(perWorker(s)).toEqual([12, 0, 0, 0]);
    expect(s.idle).toBe(3);
    expect(s.last).toBe(65);
  });
  it('one loop with a blocking handler: the other 11 wait behind it', () => {
    const s = schedule({ cores: 4, strategy: 'one-loop', blocking: true });
    expect(s.delayed).toBe(11);
    expect(s.last).toBe(BLOCK_MS + 11 * WORK_MS - arrival(11));
  });
  it('SO_REUSEPORT: the hash of these 4-tuples is uneven (5, 3, 3, 1), and 4 land behind the blocked loop', () => {
    expect(perWorker(schedule({ cores: 4, strategy: 'reuseport', blocking: false }))).toEqual([5, 3, 3, 1]);
    expect(schedule({ cores: 4, strategy: 'reuseport', blocking: true }).delayed).toBe(4);
  });
  it('Node cluster: in turn when nobody blocks; a blocked worker gets one connection more, not every fourth', () => {
    expect(perWorker(schedule({ cores: 4, strategy: 'cluster', blocking: false }))).toEqual([3, 3, 3, 3]);
    const b = schedule({ cores: 4, strategy: 'cluster', blocking: true });
    expect(b.delayed).toBe(1);
    expect(b.lanes[0]?.map((x) => x.request)).toEqual([1, 5]);
  });
  it('work-stealing: nobody waits behind the blocking handler', () => {
    const s = schedule({ cores: 4, strategy: 'stealing', blocking: true });
    expect(s.delayed).toBe(0);
    expect(s.last).toBe(BLOCK_MS);
  });
});

describe('cores: properties', () => {
  it('every request runs once, on a core, after it arrived, for its own time, and by the horizon', () => {
    fc.assert(
      fc.property(state, (st: CoresState) => {
        const s = schedule(st);
        const slots = s.lanes.flat();
        expect(s.lanes).toHaveLength(st.cores);
        expect(slots.map((x) => x.request).sort((a, b) => a - b)).toEqual(
          Array.from({ length: REQUESTS }, (_, i) => i + 1),
        );
        for (const x of slots) {
          expect(x.start).toBeGreaterThanOrEqual(arrival(x.request - 1));
          expect(x.end - x.start).toBe(x.blocks ? BLOCK_MS : WORK_MS);
          expect(x.end).toBeLessThanOrEqual(HORIZON_MS);
        }
      }),
    );
  });
  it('a worker runs one request at a time', () => {
    fc.assert(
      fc.property(state, (st) => {
        for (const lane of schedule(st).lanes)
          for (let i = 1; i < lane.length; i++) expect(lane[i]!.start).toBeGreaterThanOrEqual(lane[i - 1]!.end);
      }),
    );
  });
  it('no strategy is slower than one loop; with two cores or more work-stealing leaves nobody behind the blocked one', () => {
    fc.assert(
      fc.property(state, (st) => {
        const one = schedule({ ...st, strategy: 'one-loop' });
        expect(schedule(st).last).toBeLessThanOrEqual(one.last);
        if (st.cores >= 2) expect(schedule({ ...st, strategy: 'stealing' }).delayed).toBe(0);
      }),
    );
  });
  it('cluster without blocking deals in turn: the cores’ counts differ by at most one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), (cores) => {
        const c = perWorker(schedule({ cores, strategy: 'cluster', blocking: false }));
        expect(Math.max(...c) - Math.min(...c)).toBeLessThanOrEqual(1);
      }),
    );
  });
  it('the SO_REUSEPORT choice depends on the port only, and is a core', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1024, max: 65_535 }), fc.integer({ min: 1, max: 8 }), (port, n) => {
        const k = reuseportSocket(port, n);
        expect(k).toBe(reuseportSocket(port, n));
        expect(k).toBeGreaterThanOrEqual(0);
        expect(k).toBeLessThan(n);
      }),
    );
  });
});

describe('cores: the speaker sequence and the controls', () => {
  it('starts with one loop, ends with one loop blocked; the person’s cores are kept', () => {
    expect(initialState()).toEqual({ cores: 4, strategy: 'one-loop', blocking: false });
    expect(stateForStep(SPEAKER_SEQUENCE.length - 1, { ...initialState(), cores: 6 })).toEqual({
      cores: 6,
      strategy: 'one-loop',
      blocking: true,
    });
    expect(setCores(initialState(), 99).cores).toBe(LIMITS.cores.max);
    expect(setCores(initialState(), Number.NaN).cores).toBe(4);
  });
});
