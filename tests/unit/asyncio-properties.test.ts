/**
 * Properties of the asyncio model over random programs (fast-check): what CPython's design guarantees.
 * - A callback scheduled during step 6 never runs in the same turn (the ntodo snapshot).
 * - Every future's callbacks run exactly once, however it is completed and whenever they are added.
 * - The number of turns does not depend on the number of ready tasks (gather of sleep(0)s).
 * - Virtual time never goes back.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BaseEventLoop,
  Future,
  PyException,
  countTurns,
  run,
  type CoroutineDef,
  type Program,
  type Step,
} from '../../components/shared/asyncio-sim/index.ts';

/** Random programs: coroutine i may await or spawn only coroutines after it (no recursion). */
const programArb: fc.Arbitrary<Program> = fc.integer({ min: 1, max: 4 }).chain((n) => {
  const stepArb = (i: number): fc.Arbitrary<Step> => {
    const later = Array.from({ length: n - i - 1 }, (_, k) => `c${i + k + 1}`);
    const options: fc.Arbitrary<Step>[] = [
      fc.integer({ min: 0, max: 30 }).map((ms) => ({ op: 'sleep', ms })),
      fc.integer({ min: 0, max: 20 }).map((ms) => ({ op: 'block', ms })),
      fc.integer({ min: 1, max: 20 }).map((ms) => ({ op: 'compute', ms })),
      fc.constant({ op: 'mark', label: 'ticks' }),
      fc
        .record({ kind: fc.constantFrom('cpu' as const, 'block' as const), ms: fc.integer({ min: 0, max: 20 }) })
        .map(({ kind, ms }) => ({ op: 'to_thread', kind, ms })),
      fc.integer({ min: 1, max: 20 }).map((ms) => ({ op: 'in_process', ms })),
      fc.integer({ min: 0, max: 10 }).map((ms) => ({ op: 'recv', ms })),
      fc.integer({ min: 0, max: 15 }).map((ms) => ({ op: 'call_later', ms, fn: 'cb' })),
      fc.constant({ op: 'call_soon', fn: 'cb' }),
    ];
    if (later.length > 0) {
      options.push(
        fc.constantFrom(...later).map((coro) => ({ op: 'await', coro })),
        fc
          .record({ coros: fc.array(fc.constantFrom(...later), { minLength: 1, maxLength: 3 }), re: fc.boolean() })
          .map(({ coros, re }) => ({ op: 'gather', coros, return_exceptions: re })),
        fc.constantFrom(...later).map((coro) => ({
          op: 'repeat',
          times: 1,
          body: [
            { op: 'create_task', coro, task: 't' },
            { op: 'await_task', task: 't' },
          ],
        })),
        fc.constantFrom(...later).map((coro) => ({
          op: 'repeat',
          times: 1,
          body: [
            { op: 'create_task', coro, task: 'bg' },
            { op: 'sleep', ms: 1 },
            { op: 'cancel', task: 'bg' },
          ],
        })),
      );
    }
    return fc.oneof(...options);
  };
  const coros = Array.from({ length: n }, (_, i) =>
    fc
      .record({ steps: fc.array(stepArb(i), { maxLength: 4 }), fails: fc.integer({ min: 0, max: 9 }) })
      .map(({ steps, fails }): CoroutineDef => ({
        name: `c${i}`,
        steps: fails === 0 ? [...steps, { op: 'raise', error: 'ValueError', message: 'boom' }] : steps,
      })),
  );
  return fc.tuple(...coros).map((cs): Program => ({
    main: 'c0',
    coroutines: cs,
    functions: [{ name: 'cb', steps: [{ op: 'mark', label: 'ticks' }] }],
  }));
});

const SELF_PIPE = 'BaseSelectorEventLoop._read_from_self';

describe('asyncio model properties', () => {
  it('a callback scheduled during step 6 never runs in the same turn', () => {
    fc.assert(
      fc.property(programArb, (program) => {
        const r = run(program);
        for (const t of r.turns) {
          // Everything step 6 runs was in _ready when the turn began, or arrived from a thread during select(),
          // or was put there by steps 4 and 5 — and existed before the ntodo snapshot.
          const eligible = new Set(
            [...t.readyAtStart, ...t.step3.arrived, ...t.step4.added, ...t.step5.moved].map((h) => h.id),
          );
          for (const x of t.step6.ran) {
            expect(eligible.has(x.handle.id), `turn ${t.index} ran ${x.handle.callback}`).toBe(true);
            expect(x.handle.id).toBeLessThanOrEqual(t.step6.lastHandleId);
          }
          expect(t.step6.ran.length).toBe(t.step6.ntodo);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a handle added by a callback runs in a later turn (the loop alone, callbacks that re-schedule themselves)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 20 }), (fanout) => {
        const loop = new BaseEventLoop({ maxTurns: 1000 });
        const violations: string[] = [];
        let budget = 200;
        const schedule = (depth: number) => {
          const created = loop.turns.length;
          loop.call_soon({
            qualname: `cb${depth}`,
            fn: () => {
              if (loop.turns.length <= created)
                violations.push(`cb${depth} created in turn ${created} ran in ${loop.turns.length}`);
              for (let i = 0; i < (fanout[depth % fanout.length] ?? 0) && budget-- > 0; i++) schedule(depth + 1);
            },
          });
        };
        loop.call_soon({ qualname: 'start', fn: () => schedule(0) });
        loop.call_later(1e9, { qualname: 'stop', fn: () => loop.stop() });
        loop.run_forever();
        expect(violations).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it("every future's callbacks run exactly once, however it completes and whenever they are added", () => {
    type Op =
      | { kind: 'add'; fut: number }
      | { kind: 'complete'; fut: number; how: 'result' | 'exception' | 'cancel' }
      | { kind: 'turn' };
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), fut: fc.integer({ min: 0, max: 3 }) }),
      fc.record({
        kind: fc.constant('complete' as const),
        fut: fc.integer({ min: 0, max: 3 }),
        how: fc.constantFrom('result' as const, 'exception' as const, 'cancel' as const),
      }),
      fc.constant({ kind: 'turn' as const }),
    );
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        const loop = new BaseEventLoop();
        const futs = Array.from({ length: 4 }, () => new Future<number>(loop));
        const calls: number[] = [];
        const added: number[] = [];
        const step = () => {
          loop.call_soon({ qualname: 'stop', fn: () => loop.stop() });
          loop.run_forever();
        };
        for (const op of ops) {
          if (op.kind === 'add') {
            const id = added.length;
            added.push(op.fut);
            calls.push(0);
            futs[op.fut]!.add_done_callback({
              qualname: `cb${id}`,
              fn: () => {
                calls[id]! += 1;
              },
            });
          } else if (op.kind === 'complete') {
            const f = futs[op.fut]!;
            try {
              if (op.how === 'result') f.set_result(1);
              else if (op.how === 'exception') f.set_exception(new PyException('ValueError'));
              else f.cancel();
            } catch (e) {
              expect(e).toBeInstanceOf(PyException); // InvalidStateError: already done
              expect(f.done()).toBe(true);
            }
          } else step();
        }
        for (const f of futs) if (!f.done()) f.cancel();
        step();
        step();
        expect(
          calls.every((c) => c === 1),
          JSON.stringify({ ops, calls }),
        ).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('the number of turns does not depend on the number of ready tasks (gather of sleep(0)s)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 4 }),
        (n1, n2, k) => {
          const prog = (n: number): Program => ({
            main: 'main',
            coroutines: [
              { name: 'sleeper', steps: [{ op: 'repeat', times: k, body: [{ op: 'sleep', ms: 0 }] }] },
              { name: 'main', steps: [{ op: 'gather', coros: Array.from({ length: n }, () => 'sleeper') }] },
            ],
          });
          const t1 = run(prog(n1)).turns.length;
          expect(run(prog(n2)).turns.length).toBe(t1);
          expect(t1).toBe(countTurns({ kind: 'gather', n: 1 }) + (k - 1));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('virtual time never goes back, and a run is the same every time', () => {
    fc.assert(
      fc.property(programArb, (program) => {
        const r = run(program);
        let now = r.start;
        for (const t of r.turns) {
          for (const x of [
            t.start,
            t.step3.start,
            t.step3.end,
            t.step5.endTime - 1,
            ...t.step6.ran.flatMap((c) => [c.start, c.end]),
            t.end,
          ]) {
            expect(x).toBeGreaterThanOrEqual(now);
            now = x;
          }
        }
        expect(r.end).toBeGreaterThanOrEqual(now);
        const marks = r.marks.map((m) => m.time);
        expect(marks).toEqual([...marks].sort((a, b) => a - b));
        for (const s of r.spans) expect(s.end).toBeGreaterThanOrEqual(s.start);
        // Deterministic: no real clock, no unseeded randomness.
        const again = run(program);
        expect(again.turns.length).toBe(r.turns.length);
        expect(again.end).toBe(r.end);
        expect(again.log).toEqual(r.log);
      }),
      { numRuns: 150 },
    );
  });

  it('handles are run at most once each (the self-pipe reader, which CPython re-adds, aside)', () => {
    fc.assert(
      fc.property(programArb, (program) => {
        const ids = run(program).turns.flatMap((t) =>
          t.step6.ran.filter((x) => x.handle.callback !== SELF_PIPE).map((x) => x.handle.id),
        );
        expect(new Set(ids).size).toBe(ids.length);
      }),
      { numRuns: 100 },
    );
  });
});
