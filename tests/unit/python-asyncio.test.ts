/**
 * The slide python-asyncio's model: the seven variants' runs on the asyncio model, with figures worked by hand
 * (a 100 ms heartbeat, 250 ms idle, two requests of a 300 ms call each at once; seed 000's machine wakes a sleeping
 * thread 0.2 ms late; CPython's GIL switch interval is 5 ms), and properties over other figures.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abridgedLog,
  presentedExcerpt,
  SPEAKER_SEQUENCE,
  initialState,
  setDebug,
  setVariant,
  stateForStep,
  variantView,
  VARIANTS,
  SLIDE_MACHINE,
  type Variant,
} from '../../components/python-asyncio/python-asyncio-model.ts';
import { SLIDE_PARAMS } from '../../components/python-asyncio/python-asyncio-programs.ts';
import { SIM_SEED } from './sim-seed.ts';

const view = (v: Variant, debug = false) => variantView(v, debug);
const lane = (v: Variant, id: string) => view(v).lanes.find((l) => l.id === id);

describe('python-asyncio: the seven variants, by hand', () => {
  it('await asyncio.sleep: both requests wait at once (300 ms), the heartbeat ticks every 100.2 ms, nothing missed', () => {
    const x = view('asyncio_sleep');
    // Ticks at 0, 100.2, 200.4 (idle), then 300.8, 401, 501.2 (the 0.25 s sleep's wake-up shifts one by 0.2 ms).
    expect(x.ticks).toEqual([0, 100.2, 200.4, 300.8, 401, 501.2]);
    expect(x.missed).toEqual([]);
    expect(x.medianMs).toBe(100.2);
    expect(x.longestBlockMs).toBe(0);
    expect(x.requests.map((r) => [r.arrive, r.end])).toEqual([
      [250.6, 551.4],
      [250.6, 551.4],
    ]);
    expect(x.lanes.map((l) => l.id)).toEqual(['main']);
    expect(x.log).toEqual([]);
  });

  it('time.sleep: the two handlers block one after the other, 600.4 ms; the heartbeat misses six ticks', () => {
    const x = view('time_sleep');
    expect(x.ticks).toEqual([0, 100.2, 200.4]);
    expect(x.missed).toEqual([300.4, 400.4, 500.4, 600.4, 700.4, 800.4]);
    // 300 ms + the 0.2 ms a sleeping thread wakes late, twice.
    expect(x.longestBlockMs).toBe(600.4);
    expect(x.requests.map((r) => r.running)).toEqual([[{ start: 250.6, end: 550.8 }], [{ start: 550.8, end: 851 }]]);
    expect(x.end).toBe(851);
  });

  it('requests.get is a blocking call like time.sleep, named as such in the listing and on the lane', () => {
    const x = view('requests');
    const y = view('time_sleep');
    expect(x.ticks).toEqual(y.ticks);
    expect(x.excerpt.split('\n')[x.callLine - 1]).toBe('    r = requests.get(URL)');
    expect(x.source).toContain('import requests\n');
    expect(x.source).toContain('URL = "http://127.0.0.1:8000/rates"');
    expect(x.lanes[0]!.bars.filter((b) => b.kind === 'block').map((b) => b.call)).toEqual([
      'requests.get',
      'requests.get',
    ]);
  });

  it('to_thread(requests.get): two pool threads wait on the network at once; the loop sleeps in select()', () => {
    const x = view('thread_requests');
    expect(x.lanes.map((l) => l.id)).toEqual(['main', 'asyncio_0', 'asyncio_1']);
    for (const id of ['asyncio_0', 'asyncio_1'])
      expect(lane('thread_requests', id)!.bars).toEqual([
        { kind: 'block', start: 250.6, end: 550.8, call: 'requests.get' },
      ]);
    expect(x.ticks.length).toBe(6);
    expect(x.missed).toEqual([]);
    expect(x.lanes[0]!.bars.every((b) => b.kind === 'select')).toBe(true);
  });

  it('to_thread(compute): the GIL makes two 300 ms CPU loops take 600 ms, and every tick waits 5 ms for it', () => {
    const x = view('thread_cpu');
    for (const id of ['asyncio_0', 'asyncio_1'])
      expect(lane('thread_cpu', id)!.bars).toEqual([{ kind: 'cpu', start: 250.6, end: 850.6, call: 'compute' }]);
    // 100 ms + 0.2 ms late + 5 ms for the GIL.
    expect(x.medianMs).toBe(105.2);
    expect(x.ticks.length).toBe(9);
    const gil = x.lanes[0]!.bars.filter((b) => b.kind === 'gil');
    expect(gil.length).toBe(6);
    for (const g of gil) expect(g.end - g.start).toBeCloseTo(5, 6);
    // Without the switch interval the model's heartbeat would not see the GIL at all.
    const ideal = variantView('thread_cpu', false, { ...SLIDE_MACHINE, gilSwitchIntervalMs: 0 });
    expect(ideal.medianMs).toBe(100.2);
  });

  it('ProcessPool(compute): two processes compute in parallel, 300 ms; the heartbeat keeps 100.2 ms', () => {
    const x = view('process_cpu');
    expect(x.lanes.map((l) => l.id)).toEqual(['main', 'process_0', 'process_1']);
    expect(lane('process_cpu', 'process_0')!.bars).toEqual([
      { kind: 'cpu', start: 250.6, end: 550.6, call: 'compute' },
    ]);
    expect(x.medianMs).toBe(100.2);
    expect(x.ticks.length).toBe(6);
    expect(x.lanes[0]!.bars.some((b) => b.kind === 'gil')).toBe(false);
    expect(x.source).toContain('pool = ProcessPoolExecutor(max_workers=2)');
    expect(x.source).toContain('def compute(seconds):');
  });

  it('fetch() without await: nothing runs, the requests are done at once, one RuntimeWarning for the line', () => {
    const x = view('no_await');
    expect(x.requests.map((r) => r.end - r.arrive)).toEqual([0, 0]);
    expect(x.ticks).toEqual([0, 100.2, 200.4]);
    expect(x.missed).toEqual([]);
    expect(x.log.map((l) => l.message)).toEqual(["main.py:20: RuntimeWarning: coroutine 'fetch' was never awaited"]);
    expect(x.excerpt.split('\n')[x.callLine - 1]).toBe('    fetch()');
  });

  it('debug mode names each blocking step’s task, took 0.300 seconds; off, the log is silent', () => {
    const on = view('requests', true).log.map((l) => l.message);
    expect(on).toHaveLength(2);
    expect(on[0]).toMatch(
      /^Executing <Task finished name='Task-3' coro=<handle\(\) done, defined at main\.py:18> result=None created at .*\/tasks\.py:680> took 0\.300 seconds$/,
    );
    expect(on[1]).toContain("name='Task-4'");
    expect(view('requests', false).log).toEqual([]);
    expect(view('asyncio_sleep', true).log).toEqual([]);
    // Presented: the two lines as one, counted, their places in the source elided; a warning without its file and line.
    expect(abridgedLog(on)).toEqual([{ message: 'Executing <Task … coro=<handle() …> took 0.300 seconds', count: 2 }]);
    const never = view('no_await', false).log.map((l) => l.message);
    expect(abridgedLog(never)).toEqual([{ message: "RuntimeWarning: coroutine 'fetch' was never awaited", count: 1 }]);
    expect(abridgedLog(['some other line: 1'])).toEqual([{ message: 'some other line: 1', count: 1 }]);
  });
  it('presented, the listing is the definitions the variant changes, the call highlighted', () => {
    const sleep = presentedExcerpt(view('asyncio_sleep'));
    expect(sleep.code).toBe('async def handle():\n    await asyncio.sleep(0.3)');
    expect(sleep.current).toBe(2);
    const never = presentedExcerpt(view('no_await'));
    expect(never.code.split('\n')).toEqual([
      'async def fetch():',
      '    await asyncio.sleep(0.3)',
      'async def handle():',
      '    fetch()',
    ]);
    expect(never.code.split('\n')[never.current - 1]).toBe('    fetch()');
    for (const v of VARIANTS) {
      const x = presentedExcerpt(view(v));
      expect(x.code.split('\n').length, v).toBeLessThanOrEqual(4);
      expect(x.code.split('\n')[x.current - 1], v).toBe(view(v).excerpt.split('\n')[view(v).callLine - 1]);
    }
  });
});

describe('python-asyncio: state and steps', () => {
  it('steps walk the talk’s order and end with debug mode on', () => {
    expect(SPEAKER_SEQUENCE.map((s) => s.variant)).toEqual([
      'asyncio_sleep',
      'no_await',
      'time_sleep',
      'requests',
      'thread_requests',
      'thread_cpu',
      'process_cpu',
      'requests',
    ]);
    expect(stateForStep(7, initialState())).toEqual({ variant: 'requests', debug: true });
    expect(stateForStep(99, initialState())).toEqual({ variant: 'requests', debug: true });
    expect(stateForStep(-1, initialState())).toEqual(initialState());
  });

  it('a variant not of the seven is ignored; debug is its own switch', () => {
    const s = initialState();
    expect(setVariant(s, 'nope' as Variant)).toBe(s);
    expect(setDebug(setVariant(s, 'time_sleep'), true)).toEqual({ variant: 'time_sleep', debug: true });
  });
});

describe('python-asyncio: properties', () => {
  const arb = fc.record({
    tickMs: fc.integer({ min: 20, max: 200 }),
    idleMs: fc.integer({ min: 30, max: 400 }),
    callMs: fc.integer({ min: 30, max: 400 }),
    requests: fc.integer({ min: 1, max: 3 }),
  });

  it('a blocking call never lets a tick through while it blocks; a cooperative one never misses a tick', () => {
    fc.assert(
      fc.property(arb, fc.constantFrom(...VARIANTS), (p, v) => {
        const x = variantView(v, false, SLIDE_MACHINE, p);
        for (let i = 1; i < x.ticks.length; i++) expect(x.ticks[i]!).toBeGreaterThan(x.ticks[i - 1]!);
        for (const r of x.requests) expect(r.end).toBeGreaterThanOrEqual(r.arrive);
        const blocks = x.lanes[0]!.bars.filter((b) => b.kind === 'block');
        for (const b of blocks) for (const t of x.ticks) expect(t <= b.start + 1e-9 || t >= b.end - 1e-9).toBe(true);
        if (v === 'time_sleep' || v === 'requests') {
          expect(blocks.length).toBe(p.requests);
          expect(x.longestBlockMs).toBeCloseTo(p.requests * (p.callMs + 0.2), 6);
        }
        if (v === 'asyncio_sleep' || v === 'thread_requests' || v === 'process_cpu') expect(x.missed).toEqual([]);
      }),
      { seed: SIM_SEED, numRuns: 60 },
    );
  });

  it('threads computing share the GIL: their CPU loops take requests × call; processes take one call', () => {
    fc.assert(
      fc.property(arb, (p) => {
        const th = variantView('thread_cpu', false, SLIDE_MACHINE, p);
        const pr = variantView('process_cpu', false, SLIDE_MACHINE, p);
        for (const l of th.lanes.slice(1)) {
          const b = l.bars[0]!;
          expect(b.end - b.start).toBeCloseTo(p.requests * p.callMs, 3);
        }
        for (const l of pr.lanes.slice(1)) {
          const b = l.bars[0]!;
          expect(b.end - b.start).toBeCloseTo(p.callMs, 3);
        }
      }),
      { seed: SIM_SEED, numRuns: 40 },
    );
  });
});

it('the slide’s figures are the programs’ defaults', () => {
  expect(SLIDE_PARAMS).toEqual({ tickMs: 100, idleMs: 250, callMs: 300, requests: 2 });
});
