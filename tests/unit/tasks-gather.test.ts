import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LATENCIES,
  SPEAKER_SEQUENCE,
  axisSpan,
  initialState,
  outcome,
  received,
  resumeReason,
  setFail,
  setLatency,
  setStrategy,
  spanOf,
  speakerSpan,
  stateForStep,
  type TasksGatherState,
} from '../../components/tasks-gather/tasks-gather-model.ts';
import {
  STRATEGIES,
  handlerSource,
  listing,
  presentedHandler,
  presentedRepr,
  pySeconds,
  simProgram,
  type Latencies,
  type Strategy,
} from '../../components/tasks-gather/tasks-gather-programs.ts';
import { SIM_SEED } from './sim-seed.ts';

const at = (strategy: Strategy, fail: boolean, latencies: Latencies = DEFAULT_LATENCIES): TasksGatherState => ({
  strategy,
  fail,
  latencies,
});

/** Each call as `name:start-end:how`, and `*` when it ran on unattended. */
const calls = (s: TasksGatherState) =>
  outcome(s).calls.map((c) => `${c.name}:${c.start ?? '-'}-${c.end ?? '-'}:${c.how}${c.unattended ? '*' : ''}`);
const order = (s: TasksGatherState) => outcome(s).order.map((e) => `${e.who}.${e.how}@${e.time}`);

describe('tasks-gather: the default latencies (a 200, b 100, c 300 ms), worked by hand', () => {
  it('sequential awaits cost the sum: 600 ms, one call after another', () => {
    const o = outcome(at('sequential', false));
    expect(o.caller).toEqual({ end: 600, raised: false, receives: "['a', 'b', 'c']" });
    expect(calls(at('sequential', false))).toEqual(['a:0-200:result', 'b:200-300:result', 'c:300-600:result']);
    expect(resumeReason(o)).toBe('sum');
  });

  it('tasks, gather and TaskGroup cost the maximum: 300 ms; results in argument order though b ends first', () => {
    for (const s of ['create_task', 'gather', 'gather_re', 'task_group'] as const) {
      const o = outcome(at(s, false));
      expect(o.caller, s).toEqual({ end: 300, raised: false, receives: "['a', 'b', 'c']" });
      expect(order(at(s, false)), s).toEqual(['b.result@100', 'a.result@200', 'c.result@300', 'caller.result@300']);
      expect(resumeReason(o)).toBe('max');
      expect(received(o)).toBe('list');
    }
  });

  it('sequential, b fails: the exception at 300 ms (a 200 + b 100); c never starts', () => {
    const o = outcome(at('sequential', true));
    expect(o.caller).toEqual({ end: 300, raised: true, receives: "ValueError('b failed')" });
    expect(calls(at('sequential', true))).toEqual(['a:0-200:result', 'b:200-300:exception', 'c:---:not_started']);
  });

  it('create_task, b fails: the handler was awaiting a, so the exception comes at 200 ms; c runs on', () => {
    const o = outcome(at('create_task', true));
    expect(o.caller).toEqual({ end: 200, raised: true, receives: "ValueError('b failed')" });
    expect(o.failureAt).toBe(100);
    expect(resumeReason(o)).toBe('after_failure');
    expect(calls(at('create_task', true))).toEqual(['a:0-200:result', 'b:0-100:exception', 'c:0-300:result*']);
  });

  it('gather, b fails: the exception at once (100 ms) while a and c run on unattended', () => {
    const o = outcome(at('gather', true));
    expect(o.caller).toEqual({ end: 100, raised: true, receives: "ValueError('b failed')" });
    expect(resumeReason(o)).toBe('at_failure');
    expect(order(at('gather', true))).toEqual([
      'b.exception@100',
      'caller.exception@100',
      'a.result@200',
      'c.result@300',
    ]);
    expect(calls(at('gather', true))).toEqual(['a:0-200:result*', 'b:0-100:exception', 'c:0-300:result*']);
  });

  it('gather(return_exceptions=True), b fails: the exception as a value in its place, at 300 ms', () => {
    const o = outcome(at('gather_re', true));
    expect(o.caller).toEqual({ end: 300, raised: false, receives: "['a', ValueError('b failed'), 'c']" });
    expect(received(o)).toBe('list_with_exception');
  });

  it('TaskGroup, b fails: a and c cancelled at 100 ms, then an ExceptionGroup', () => {
    const o = outcome(at('task_group', true));
    expect(o.caller).toEqual({
      end: 100,
      raised: true,
      receives: "ExceptionGroup('unhandled errors in a TaskGroup', [ValueError('b failed')])",
    });
    expect(received(o)).toBe('exception_group');
    expect(order(at('task_group', true))).toEqual([
      'b.exception@100',
      'a.cancelled@100',
      'c.cancelled@100',
      'caller.exception@100',
    ]);
  });
});

describe('tasks-gather: properties over latencies (10 ms steps, ties included)', () => {
  const lat = fc.integer({ min: 1, max: 100 }).map((k) => k * 10);
  const lats = fc.tuple(lat, lat, lat) as fc.Arbitrary<Latencies>;
  const opts = { seed: SIM_SEED, numRuns: 60 };

  it('without a failure every strategy returns the three results in order: sequential at the sum, the rest at the max', () => {
    fc.assert(
      fc.property(lats, fc.constantFrom(...STRATEGIES), (l, s) => {
        const o = outcome(at(s, false, l));
        expect(o.caller.receives).toBe("['a', 'b', 'c']");
        expect(o.caller.end).toBe(s === 'sequential' ? l[0] + l[1] + l[2] : Math.max(...l));
        expect(o.calls.every((c) => c.how === 'result' && c.end === (c.start ?? 0) + l['abc'.indexOf(c.name)]!)).toBe(
          true,
        );
      }),
      opts,
    );
  });

  it('with b failing: when the handler resumes, and who was cancelled or ran on, strategy by strategy', () => {
    fc.assert(
      fc.property(lats, (l) => {
        const [a, b, c] = l;
        const seq = outcome(at('sequential', true, l));
        expect(seq.caller.end).toBe(a + b);
        expect(seq.calls[2]!.how).toBe('not_started');

        const tasks = outcome(at('create_task', true, l));
        expect(tasks.caller.end).toBe(Math.max(a, b));
        expect(tasks.calls[2]!.unattended).toBe(c > Math.max(a, b));

        const g = outcome(at('gather', true, l));
        expect(g.caller).toMatchObject({ end: b, raised: true });
        expect(g.calls.filter((x) => x.unattended).map((x) => x.name)).toEqual(
          (['a', 'c'] as const).filter((n) => l['abc'.indexOf(n)]! > b),
        );
        expect(g.calls.every((x) => x.how !== 'cancelled')).toBe(true);

        const re = outcome(at('gather_re', true, l));
        expect(re.caller).toMatchObject({ end: Math.max(a, b, c), raised: false });

        const tg = outcome(at('task_group', true, l));
        expect(tg.caller).toMatchObject({ end: b, raised: true });
        // a sibling is cancelled exactly when it would have ended after b
        for (const x of [tg.calls[0]!, tg.calls[2]!])
          expect(x.how).toBe(l['abc'.indexOf(x.name)]! > b ? 'cancelled' : 'result');
      }),
      opts,
    );
  });

  it('the handler resumes exactly once, and every call that started ends exactly once', () => {
    fc.assert(
      fc.property(lats, fc.constantFrom(...STRATEGIES), fc.boolean(), (l, s, fail) => {
        const o = outcome(at(s, fail, l));
        expect(o.order.filter((e) => e.who === 'caller')).toHaveLength(1);
        const started = o.calls.filter((c) => c.start !== null).map((c) => c.name);
        expect(
          o.order
            .filter((e) => e.who !== 'caller')
            .map((e) => e.who)
            .sort(),
        ).toEqual(started.sort());
        // ends in time order
        expect(o.order.map((e) => e.time)).toEqual([...o.order.map((e) => e.time)].sort((x, y) => x - y));
      }),
      opts,
    );
  });
});

describe('tasks-gather: the listing, the program and the state', () => {
  it('the Python shows the latencies in seconds and the failing call', () => {
    expect(pySeconds(200)).toBe('0.2');
    expect(pySeconds(1000)).toBe('1');
    expect(pySeconds(50)).toBe('0.05');
    expect(handlerSource('gather', [200, 100, 300], true)).toBe(
      "async def handler():\n    return await asyncio.gather(\n        call('a', 0.2),\n        call('b', 0.1, fails=True),\n        call('c', 0.3),\n    )\n",
    );
    const code = listing('task_group', [200, 100, 300], false, { network: 'a network call' });
    expect(code).toContain('async with asyncio.TaskGroup() as tg:');
    expect(code).not.toContain('fails=True)');
    expect(code.split('\n')[6]).toBe('async def handler():');
  });

  it('presented, the handler’s body: the lines that start and wait for the calls, where it waits highlighted', () => {
    const seq = presentedHandler('sequential', [200, 100, 300], false);
    expect(seq.code).toBe("a = await call('a', 0.2)\nb = await call('b', 0.1)\nc = await call('c', 0.3)");
    expect(seq.current).toEqual([1, 2, 3]);
    const tasks = presentedHandler('create_task', [200, 100, 300], false);
    expect(tasks.code.split('\n')).toHaveLength(4);
    expect(tasks.current).toEqual([4]);
    const group = presentedHandler('task_group', [200, 100, 300], true);
    expect(group.code.split('\n')).toEqual([
      'async with asyncio.TaskGroup() as tg:',
      "    ta = tg.create_task(call('a', 0.2))",
      "    tb = tg.create_task(call('b', 0.1, fails=True))",
      "    tc = tg.create_task(call('c', 0.3))",
    ]);
    expect(group.current).toEqual([1, 3]);
    // at most six lines, every one of them in the listing the self-paced view shows
    for (const st of STRATEGIES)
      for (const fail of [false, true]) {
        const p = presentedHandler(st, [200, 100, 300], fail);
        expect(p.code.split('\n').length).toBeLessThanOrEqual(6);
        for (const line of p.code.split('\n')) expect(handlerSource(st, [200, 100, 300], fail)).toContain(line);
      }
    expect(presentedRepr("ExceptionGroup('unhandled errors in a TaskGroup', [ValueError('b failed')])")).toBe(
      "ExceptionGroup(…, [ValueError('b failed')])",
    );
    expect(presentedRepr("['a', 'b', 'c']")).toBe("['a', 'b', 'c']");
  });

  it('the model’s program has one twin step per line of the handler', () => {
    const handler = (s: Strategy) => simProgram(s, [10, 20, 30], false).coroutines.find((c) => c.name === 'handler')!;
    expect(handler('sequential').steps.map((x) => x.op)).toEqual(['await', 'await', 'await']);
    expect(handler('create_task').steps.map((x) => x.op)).toEqual([
      'create_task',
      'create_task',
      'create_task',
      'await_task',
      'await_task',
      'await_task',
    ]);
    expect(handler('gather_re').steps).toEqual([
      { op: 'gather', coros: ['call_a', 'call_b', 'call_c'], return_exceptions: true },
    ]);
  });

  it('speaker steps set the strategy and the switch, and put the latencies back', () => {
    expect(stateForStep(0, initialState())).toEqual(initialState());
    const moved = setLatency(initialState(), 'a', 900);
    expect(stateForStep(5, moved)).toEqual({ latencies: DEFAULT_LATENCIES, strategy: 'task_group', fail: true });
    expect(SPEAKER_SEQUENCE.map((s) => `${s.strategy}${s.fail ? '!' : ''}`)).toEqual([
      'sequential',
      'create_task',
      'gather',
      'gather!',
      'gather_re!',
      'task_group!',
    ]);
    expect(stateForStep(99, moved).strategy).toBe('task_group');
    expect(stateForStep(-3, moved).strategy).toBe('sequential');
  });

  it('inputs are clamped to the sliders, and a no-op returns the same state', () => {
    const s = initialState();
    expect(setLatency(s, 'b', 5).latencies).toEqual([200, 10, 300]);
    expect(setLatency(s, 'c', 5000).latencies).toEqual([200, 100, 1000]);
    expect(setLatency(s, 'a', 234).latencies).toEqual([230, 100, 300]);
    expect(setLatency(s, 'a', 200)).toBe(s);
    expect(setLatency(s, 'a', Number.NaN)).toBe(s);
    expect(setStrategy(s, 'sequential')).toBe(s);
    expect(setFail(s, false)).toBe(s);
    expect(setFail(setStrategy(s, 'gather'), true)).toEqual({ ...s, strategy: 'gather', fail: true });
  });
});

describe('tasks-gather: one time axis for the whole slide (issue #36 item 4)', () => {
  const steps = SPEAKER_SEQUENCE.map((_, i) => stateForStep(i, initialState()));

  it('every speaker step is drawn on the same 600 ms axis, which holds each of them', () => {
    // the steps' own spans differ (600 → 300 → … ms): drawn each on its own, the axis would rescale between clicks
    expect(new Set(steps.map((s) => spanOf(outcome(s)))).size).toBeGreaterThan(1);
    expect(speakerSpan()).toBe(600);
    for (const s of steps) {
      expect(axisSpan(s)).toBe(600);
      expect(spanOf(outcome(s))).toBeLessThanOrEqual(axisSpan(s));
    }
  });

  it('self-paced: the strategy and the switch never move it; latencies past it grow it to a tick', () => {
    fc.assert(
      fc.property(
        fc.tuple(...[0, 1, 2].map(() => fc.integer({ min: 1, max: 100 }).map((v) => v * 10))),
        fc.constantFrom(...STRATEGIES),
        fc.boolean(),
        (lat, strategy, fail) => {
          const base: TasksGatherState = {
            latencies: lat as unknown as Latencies,
            strategy: 'sequential',
            fail: false,
          };
          const s = setFail(setStrategy(base, strategy), fail);
          expect(axisSpan(s)).toBe(axisSpan(base));
          expect(axisSpan(s)).toBeGreaterThanOrEqual(spanOf(outcome(s)));
          expect(axisSpan(s)).toBeGreaterThanOrEqual(600);
        },
      ),
      { numRuns: 30 },
    );
    // 2 × 1,000 + 100 ms sequential: past 600, the next 500 ms tick
    const slow = setLatency(setLatency(initialState(), 'a', 1000), 'c', 1000);
    expect(axisSpan(slow)).toBe(2500);
  });
});
