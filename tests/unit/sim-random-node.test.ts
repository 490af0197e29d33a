/**
 * Generated programs against real Node: fast-check builds nested snippets from timers, immediates, nextTick,
 * promises, queueMicrotask and async functions; each is run with `node` and compared with the simulator. Where the
 * simulator calls the order timing-dependent, real Node must print one of the orders it lists.
 *
 * Programs come in two families, timers without setImmediate and setImmediate without timers, with delays of 0
 * or at least 60 ms: on a loaded machine Node can take over 20 ms to reach its first loop turn, so a timer against
 * an immediate is a real race (covered by the corpus and the semantics tests, not here).
 *
 * The programs come from a fixed seed (sim-seed.ts; SIM_SEED=<integer> draws others), so a CI run is reproducible.
 * It still compares with real Node every time: a wrong prediction fails it, as does a real run that no listed
 * order matches three times in a row (on a heavily loaded machine, timers can fire that late). Programs the
 * simulator calls timing-dependent are then held to more: every order real Node prints in five runs is listed, and
 * no listed order breaks the first-in, first-out order of timers with one delay.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logLines, simulate } from '../../components/shared/js-sim/simulator.ts';
import { runMeasured } from './sim-node-bounds.ts';
import { SIM_SEED } from './sim-seed.ts';

const nodeOk = spawnSync('node', ['--version'], { encoding: 'utf8' }).status === 0;
const tmp = mkdtempSync(join(tmpdir(), 'sim-random-'));

type Shape =
  | { k: 'log' }
  | { k: 'timeout'; ms: number; body: Shape[] }
  | { k: 'immediate'; body: Shape[] }
  | { k: 'tick'; body: Shape[] }
  | { k: 'then'; body: Shape[] }
  | { k: 'micro'; body: Shape[] }
  | { k: 'async'; awaited: 'null' | 'promise' | 'asyncValue' | 'asyncPromise'; before: Shape[]; after: Shape[] }
  | { k: 'sleep'; ms: number; body: Shape[] };

/** programs of one family: timers (and sleeps) without setImmediate, or setImmediate without timers */
function shapeArb(family: 'timers' | 'immediates'): fc.Arbitrary<Shape[]> {
  return fc.letrec<{ shape: Shape; body: Shape[] }>((tie) => ({
    body: fc.array(tie('shape'), { minLength: 0, maxLength: 3 }),
    shape: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant<Shape>({ k: 'log' }),
      family === 'timers'
        ? fc.record({ k: fc.constant('timeout' as const), ms: fc.constantFrom(0, 60, 150), body: tie('body') })
        : fc.record({ k: fc.constant('immediate' as const), body: tie('body') }),
      fc.record({ k: fc.constant('tick' as const), body: tie('body') }),
      fc.record({ k: fc.constant('then' as const), body: tie('body') }),
      fc.record({ k: fc.constant('micro' as const), body: tie('body') }),
      fc.record({
        k: fc.constant('async' as const),
        awaited: fc.constantFrom('null' as const, 'promise' as const, 'asyncValue' as const, 'asyncPromise' as const),
        before: tie('body'),
        after: tie('body'),
      }),
      ...(family === 'timers'
        ? [fc.record({ k: fc.constant('sleep' as const), ms: fc.constantFrom(0, 100), body: tie('body') })]
        : []),
    ),
  })).body;
}

function render(body: Shape[]): string {
  let n = 0;
  const lines: string[] = ['async function v() { return 1; }', 'async function p() { return Promise.resolve(2); }'];
  const block = (shapes: Shape[], indent: string): string[] => shapes.flatMap((s) => stmt(s, indent));
  const stmt = (s: Shape, i: string): string[] => {
    const id = `L${++n}`;
    const inner = (b: Shape[]): string[] => [`${i}  console.log('${id}');`, ...block(b, i + '  ')];
    switch (s.k) {
      case 'log':
        return [`${i}console.log('${id}');`];
      case 'timeout':
        return [`${i}setTimeout(() => {`, ...inner(s.body), `${i}}, ${s.ms});`];
      case 'immediate':
        return [`${i}setImmediate(() => {`, ...inner(s.body), `${i}});`];
      case 'tick':
        return [`${i}process.nextTick(() => {`, ...inner(s.body), `${i}});`];
      case 'then':
        return [`${i}Promise.resolve().then(() => {`, ...inner(s.body), `${i}});`];
      case 'micro':
        return [`${i}queueMicrotask(() => {`, ...inner(s.body), `${i}});`];
      case 'sleep':
        return [`${i}new Promise((r) => setTimeout(r, ${s.ms})).then(() => {`, ...inner(s.body), `${i}});`];
      case 'async': {
        const awaited = { null: 'null', promise: 'Promise.resolve()', asyncValue: 'v()', asyncPromise: 'p()' }[
          s.awaited
        ];
        return [
          `${i}(async () => {`,
          `${i}  console.log('${id}a');`,
          ...block(s.before, i + '  '),
          `${i}  await ${awaited};`,
          `${i}  console.log('${id}b');`,
          ...block(s.after, i + '  '),
          `${i}})();`,
        ];
      }
    }
  };
  lines.push(...block(body, ''));
  return lines.join('\n') + '\n';
}

let counter = 0;
function runNode(source: string): string[] {
  const file = join(tmp, `p${++counter}.cjs`);
  writeFileSync(file, source);
  const r = spawnSync('node', [file], { encoding: 'utf8', timeout: 10_000 });
  const lines = r.stdout.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

describe.skipIf(!nodeOk)('generated programs against real node', () => {
  for (const family of ['timers', 'immediates'] as const) {
    it(`${family}: the simulator predicts node’s output (or lists the orders where timing decides)`, () => {
      fc.assert(
        fc.property(shapeArb(family), (body) => {
          const src = render(body);
          const r = simulate(src, 'node', { maxSteps: 20_000 });
          if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}\n${src}`);
          expect(r.end.code).toBe('done');
          const options = [logLines(r), ...(r.timing?.affectsOutput ? r.timing.alternatives : [])].map((o) =>
            JSON.stringify(o),
          );
          // a loaded machine can preempt node for tens of ms: a differing run is repeated (three runs in all)
          let real = runNode(src);
          for (let attempt = 1; attempt < 3 && !options.includes(JSON.stringify(real)); attempt++) real = runNode(src);
          expect(options, src).toContain(JSON.stringify(real));
        }),
        { numRuns: 15, seed: SIM_SEED },
      );
    }, 120_000);
  }
});

/** the log ids of timers (timeouts and sleeps) set one after another in one body with the same delay (0 and 1 are one list) */
function fifoPairs(body: Shape[]): [string, string][] {
  let n = 0;
  const pairs: [string, string][] = [];
  const walk = (shapes: Shape[]): void => {
    const timers: { id: string; ms: number }[] = [];
    for (const s of shapes) {
      const id = `L${++n}`;
      if (s.k === 'timeout' || s.k === 'sleep') {
        const ms = Math.max(1, s.ms);
        for (const t of timers) if (t.ms === ms) pairs.push([t.id, id]);
        timers.push({ id, ms });
      }
      if (s.k === 'async') {
        walk(s.before);
        walk(s.after);
      } else if (s.k !== 'log') walk(s.body);
    }
  };
  walk(body);
  return pairs;
}

/** every order the simulator lists for a program: the one it steps through, then the others */
function listedOrders(src: string): string[][] {
  const r = simulate(src, 'node', { maxSteps: 20_000 });
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}\n${src}`);
  return [logLines(r), ...(r.timing?.affectsOutput ? r.timing.alternatives : [])];
}

/**
 * Where the simulator says the order depends on timing, each order it lists must be one that can happen, and each
 * order real Node prints must be listed. "Can happen" is checked where it is certain: timers with the same delay
 * share one list in Node, first in, first out, so of two set one after the other with the same delay the first one
 * runs first in every listed order. Real Node runs each such program five times, measured by the preload above: every
 * run whose timing stayed within what the simulator explores must print a listed order (on a loaded machine a run can
 * stray far beyond: Node's first console.log alone took 3–28 ms here at a load average of 10; such runs are counted,
 * not judged, and the test fails if fewer than 5 of its 30 runs are judged: 11–14 were at a load average of 5–7).
 */
describe.skipIf(!nodeOk)('timing-dependent generated programs against real node', () => {
  const programs = fc
    .sample(shapeArb('timers'), { numRuns: 400, seed: SIM_SEED })
    .map((body) => ({ body, src: render(body) }))
    .filter(({ src }) => {
      const r = simulate(src, 'node', { maxSteps: 20_000 });
      return r.ok && r.timing?.affectsOutput;
    })
    .slice(0, 6);

  it('the fixed seed draws timing-dependent programs', () => {
    expect(programs.length).toBeGreaterThanOrEqual(3);
  });

  it('no listed order runs a timer before an earlier one of the same delay', () => {
    let checked = 0;
    for (const { body, src } of programs) {
      for (const order of listedOrders(src))
        for (const [a, b] of fifoPairs(body)) {
          checked++;
          expect(order, `${a} before ${b}\n${src}`).toContain(a);
          expect(order.indexOf(a), `${a} before ${b}\n${src}`).toBeLessThan(order.indexOf(b));
        }
    }
    expect(checked, 'the programs drawn set timers of one delay one after another').toBeGreaterThan(0);
  });

  it('every order real node prints in five runs within the explored timings is listed', () => {
    let judged = 0;
    let runs = 0;
    for (const { src } of programs) {
      const listed = listedOrders(src).map((o) => JSON.stringify(o));
      for (let run = 0; run < 5; run++) {
        const real = runMeasured(src, tmp);
        runs++;
        if (!real.inBounds) continue;
        judged++;
        expect(listed, `${src}\nreal timing: ${real.bounds}`).toContain(JSON.stringify(real.lines));
      }
    }
    expect(judged, `runs within the explored timings: ${judged} of ${runs}`).toBeGreaterThanOrEqual(5);
  }, 120_000);
});

/**
 * A script takes time. Found by the first property with a random seed (once a known disagreement): a 60 ms timer
 * set by a `.then` callback at script time starts a millisecond or more after a 60 ms timer the script set itself
 * (Node reads the clock at each setTimeout call, and the console.log calls before it take time), so Node runs the
 * script's timer, finds the other one not yet due, re-arms their list, and runs a 0 ms timer set by the first
 * callback before it: Node v20.20.2 printed L1 L2 L4 L5 L3 in 5 runs out of 5. When no millisecond passes (a faster
 * machine, or the clock does not tick between the two calls), it prints L1 L2 L4 L3 L5. The simulator lists both.
 */
describe('a script takes time: two timers of one list set a millisecond apart', () => {
  const knownCase: Shape[] = [
    { k: 'then', body: [{ k: 'log' }, { k: 'timeout', ms: 60, body: [] }] },
    { k: 'timeout', ms: 60, body: [{ k: 'timeout', ms: 0, body: [] }] },
  ];

  it('a 60 ms timer set by .then at script time vs a 0 ms timer set by another 60 ms timer: node’s order is listed', () => {
    const src = render(knownCase);
    expect(src).toContain(
      "setTimeout(() => {\n  console.log('L4');\n  setTimeout(() => {\n    console.log('L5');\n  }, 0);\n}, 60);",
    );
    const r = simulate(src, 'node');
    expect(r.ok && r.timing?.code).toBe('clockTicks');
    expect(listedOrders(src)).toEqual([
      ['L1', 'L2', 'L4', 'L3', 'L5'],
      ['L1', 'L2', 'L4', 'L5', 'L3'],
    ]);
  });
});
