/**
 * console.log of arrays in the Node runtime against the real util.inspect of the Node this test runs in: arrays of
 * every length up to past util.inspect's 100 items (numbers of every width, negative and fractional; short and long
 * strings; a mix; nested pairs), alone, inside an object and inside an array, grouped in columns as Node groups them.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inspect } from 'node:util';
import { logLines, simulate } from '../../components/shared/js-sim/simulator.ts';
import { SIM_SEED } from './sim-seed.ts';

const item = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((n) => n !== 0),
  fc.integer({ min: 1, max: 99 }).map((n) => n / 8),
  fc.stringMatching(/^[a-z ]{0,14}$/),
  fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 })),
);
/** arrays of one kind of item (numbers alone are aligned right) or mixed */
const array = fc.oneof(
  fc.array(
    fc.integer({ min: -100_000, max: 100_000 }).filter((n) => n !== 0),
    { minLength: 1, maxLength: 130 },
  ),
  fc.array(fc.stringMatching(/^[a-z]{1,12}$/), { minLength: 1, maxLength: 130 }),
  fc.array(item, { minLength: 1, maxLength: 130 }),
);
const value = fc.oneof(
  array,
  array.map((a) => ({ items: a })),
  array.map((a) => [a, 'x']),
);

describe('console.log of arrays (Node)', () => {
  it('prints what util.inspect prints, in columns, with "... n more items" past 100', () => {
    fc.assert(
      fc.property(value, (v) => {
        const r = simulate(`console.log(${JSON.stringify(v)});`, 'node');
        if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
        expect(logLines(r)).toEqual(inspect(v).split('\n'));
      }),
      { seed: SIM_SEED, numRuns: 300 },
    );
  });

  it('a hand-checked case: twelve numbers in five columns', () => {
    const r = simulate('console.log([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);', 'node');
    expect(r.ok && logLines(r)).toEqual(['[', '   1,  2, 3, 4,  5,', '   6,  7, 8, 9, 10,', '  11, 12', ']']);
  });
});
