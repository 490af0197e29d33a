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
 * order matches three times in a row (on a heavily loaded machine, timers can fire that late).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logLines, simulate } from '../../components/shared/js-sim/index.ts';
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

/**
 * A known disagreement with Node, left for a later issue (found by this property with a random seed). A 60 ms timer
 * set by a `.then` callback at script time really starts a millisecond or more after a 60 ms timer the script set
 * itself (the console.log before it takes time), so Node runs the script's timer, finds the other one not yet due,
 * re-arms its list, and runs a 0 ms timer set by the first callback before it. The simulator sets both timers at
 * 0 ms, runs them back to back, and does not call the order timing-dependent. Node v20.20.2 printed
 * L1 L2 L4 L5 L3 in 5 runs out of 5; the simulator predicts L1 L2 L4 L3 L5 only.
 * When this test starts to fail, the simulator lists Node's order: make it a plain `it`.
 */
describe('known disagreement with real node (a later issue)', () => {
  const knownCase: Shape[] = [
    { k: 'then', body: [{ k: 'log' }, { k: 'timeout', ms: 60, body: [] }] },
    { k: 'timeout', ms: 60, body: [{ k: 'timeout', ms: 0, body: [] }] },
  ];

  // a guard: it.fails passes on any failure, so check it fails for this reason (the program runs; one order only)
  it('the known case runs, and the simulator predicts L1 L2 L4 L3 L5 with no timing note', () => {
    const src = render(knownCase);
    expect(src).toContain(
      "setTimeout(() => {\n  console.log('L4');\n  setTimeout(() => {\n    console.log('L5');\n  }, 0);\n}, 60);",
    );
    const r = simulate(src, 'node');
    expect(r.ok && r.timing).toBe(null);
    expect(logLines(r)).toEqual(['L1', 'L2', 'L4', 'L3', 'L5']);
  });

  it.fails(
    'a 60 ms timer set by .then at script time vs a 0 ms timer set by another 60 ms timer: node’s order is listed',
    () => {
      const r = simulate(render(knownCase), 'node');
      const orders = [logLines(r), ...(r.ok && r.timing?.affectsOutput ? r.timing.alternatives : [])];
      expect(orders).toContainEqual(['L1', 'L2', 'L4', 'L5', 'L3']);
    },
  );
});
