import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { axisFor, holdAxis, niceStep, niceTicks } from '../../lib/ticks.ts';

describe('nice ticks', () => {
  it('hand-worked: 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(450, 5)).toBe(100); // 90 a step → 100
    expect(niceStep(1000, 6)).toBe(200); // 166.7 → 200
    expect(niceStep(12, 6)).toBe(2);
    expect(niceStep(0.3, 3)).toBeCloseTo(0.1, 12);
    expect(niceTicks(1000, 6)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(niceTicks(0.3, 3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(299, 3)).toEqual([0, 100, 200]);
  });

  it('nothing to draw, or nonsense, gives one tick and no endless loop', () => {
    for (const max of [0, -5, NaN, Infinity]) expect(niceTicks(max, 4)).toEqual([0]);
    expect(niceStep(10, 0)).toBe(1);
  });

  it('property: at most count intervals, ascending from 0, never past max', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-3, max: 1e9, noNaN: true }), fc.integer({ min: 1, max: 12 }), (max, count) => {
        const ticks = niceTicks(max, count);
        expect(ticks[0]).toBe(0);
        expect(ticks.length - 1).toBeLessThanOrEqual(count);
        expect(ticks.at(-1)!).toBeLessThanOrEqual(max * (1 + 1e-9));
        for (let i = 1; i < ticks.length; i++) expect(ticks[i]!).toBeGreaterThan(ticks[i - 1]!);
      }),
    );
  });
});

describe('a slide’s fixed axis', () => {
  it('axisFor: the largest range, nonsense counted as 0', () => {
    expect(axisFor([600, 300, 100])).toBe(600);
    expect(axisFor([NaN, Infinity, -3])).toBe(0);
    expect(axisFor([])).toBe(0);
  });

  it('holdAxis: the fixed axis while the range fits; past it, the next tick', () => {
    expect(holdAxis(600, 300)).toBe(600);
    expect(holdAxis(600, 600)).toBe(600);
    expect(holdAxis(600, 610)).toBe(800); // 122 a tick → 200 a tick → 800
    expect(holdAxis(600, 2100)).toBe(2500);
    expect(holdAxis(600, NaN)).toBe(600);
  });

  it('property: holds the range, never below the fixed axis, grows monotonically in a few jumps', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        (fixed, range) => {
          const a = holdAxis(fixed, range);
          expect(a).toBeGreaterThanOrEqual(fixed);
          expect(a).toBeGreaterThanOrEqual(range * (1 - 1e-12));
          if (range <= fixed) expect(a).toBe(fixed);
          expect(holdAxis(fixed, range * 1.01)).toBeGreaterThanOrEqual(a);
          // a slider moving in 100 notches from the fixed axis to twice it moves the axis at most 7 times
          const seen = new Set(Array.from({ length: 101 }, (_, i) => holdAxis(fixed, fixed * (1 + i / 100))));
          expect(seen.size).toBeLessThanOrEqual(7);
        },
      ),
    );
  });
});
