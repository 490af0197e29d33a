/**
 * A script takes time (runtime-node.ts, timing.ts), without real Node: where the clock moving on between two
 * setTimeout calls can change the order, both orders are listed; where it cannot, nothing is flagged; timers of one
 * delay keep their first-in, first-out order in every listed order; the browser runtime is not affected.
 */
import { describe, expect, it } from 'vitest';
import { logLines, simulate, type SimResult } from '../../components/shared/js-sim/simulator.ts';

function orders(r: SimResult): string[][] {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return [logLines(r), ...(r.timing?.affectsOutput ? r.timing.alternatives : [])];
}

const twoFiveMs = (firstSets: boolean): string =>
  [
    'setTimeout(() => {',
    "  console.log('A');",
    firstSets ? "  setTimeout(() => console.log('C'), 0);" : '',
    '}, 5);',
    "console.log('S');",
    "setTimeout(() => console.log('B'), 5);",
  ].join('\n');

describe('a script takes time', () => {
  it('two 5 ms timers with a console.log between, nothing else: one order, no note', () => {
    const r = simulate(twoFiveMs(false), 'node');
    expect(r.ok && r.timing).toBe(null);
    expect(orders(r)).toEqual([['S', 'A', 'B']]);
  });

  it('the first one sets a 0 ms timer: it can run before the second (the clock moved on), and B never before A', () => {
    const r = simulate(twoFiveMs(true), 'node');
    expect(r.ok && r.timing?.code).toBe('clockTicks');
    expect(orders(r)).toEqual([
      ['S', 'A', 'B', 'C'],
      ['S', 'A', 'C', 'B'],
    ]);
  });

  it('without a console.log between the two calls the clock is taken to stand still', () => {
    const src = twoFiveMs(true).replace("console.log('S');", '');
    const r = simulate(src, 'node');
    expect(r.ok && r.timing).toBe(null);
    expect(orders(r)).toEqual([['A', 'B', 'C']]);
  });

  it('a later 0 ms timer and an earlier 2 ms one, a console.log between: either can run first', () => {
    const src =
      "setTimeout(() => console.log('2 ms'), 2);\nconsole.log('S');\nsetTimeout(() => console.log('0 ms'), 0);";
    const r = simulate(src, 'node');
    expect(r.ok && r.timing?.code).toBe('clockTicks');
    expect(orders(r)).toEqual([
      ['S', '0 ms', '2 ms'],
      ['S', '2 ms', '0 ms'],
    ]);
  });

  it('a later 0 ms timer and an earlier 10 ms one: more than the clock is taken to move, one order', () => {
    const src =
      "setTimeout(() => console.log('10 ms'), 10);\nconsole.log('S');\nsetTimeout(() => console.log('0 ms'), 0);";
    expect(orders(simulate(src, 'node'))).toEqual([['S', '0 ms', '10 ms']]);
  });

  it('the browser runtime keeps its own model: no clock tick there', () => {
    const r = simulate(twoFiveMs(true), 'browser');
    expect(r.ok && r.timing?.code).not.toBe('clockTicks');
  });
});
