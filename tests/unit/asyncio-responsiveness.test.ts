/**
 * The slide asyncio-responsiveness's model: seed 000's figures (4 ticks 300.6 ms apart against 99 at 10.2 ms on
 * seed 000's machine), the reason a blocking gap is three turns long read from the trace, debug mode and its
 * threshold as two knobs, and properties over the sliders' ranges.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LIMITS,
  SPEAKER_SEQUENCE,
  abridged,
  gapCount,
  gapTurns,
  groupedWarnings,
  initialState,
  longestGap,
  selectGap,
  setDebug,
  setParam,
  setWorker,
  stateForStep,
  viewOf,
  type ResponsivenessState,
} from '../../components/asyncio-responsiveness/asyncio-responsiveness-model.ts';
import { SIM_SEED } from './sim-seed.ts';

const seed = initialState();

describe('asyncio-responsiveness: seed 000’s experiment', () => {
  it('blocking: 4 ticks, 300.6 ms apart (three turns of 100.2 ms: 100 ms and 0.2 ms of late waking)', () => {
    const v = viewOf(seed);
    expect(seed).toMatchObject({ tickMs: 10, portions: 10, portionMs: 100, worker: 'blocking' });
    expect(v.ticks.map((t) => t.time)).toEqual([100.2, 400.8, 701.4, 1002]);
    expect(v.medianMs).toBe(300.6);
    expect(v.ticks.map((t) => t.turn)).toEqual([1, 3, 6, 9]);
  });

  it('cooperative: 99 ticks, median 10.2 ms', () => {
    const v = viewOf(setWorker(seed, 'cooperative'));
    expect(v.ticks.length).toBe(99);
    expect(v.medianMs).toBe(10.2);
  });

  it('why 300: the first gap spans turns 1–3; the timer is moved at step 5 of turn 2 and wakes the heartbeat only in turn 3', () => {
    const turns = gapTurns(seed, 0);
    expect(turns.map((t) => t.index)).toEqual([1, 2, 3]);
    const [t1, t2, t3] = turns as [(typeof turns)[0], (typeof turns)[0], (typeof turns)[0]];
    // Turn 1: the heartbeat ticks and sets its timer (due 110.2 ms); the worker blocks 100 ms: the timer expires.
    expect(t1.ran.map((r) => `${r.callback}:${r.task}`)).toEqual([
      'TaskStepMethWrapper:Task-2',
      'TaskStepMethWrapper:Task-1',
    ]);
    expect(t1.moved).toEqual([]);
    // Turn 2: step 5 moves it, behind the worker's step; its set_result puts task_wakeup in _ready after ntodo.
    expect(t2.moved).toEqual([{ callback: '_set_result_unless_cancelled', due: 110.2 }]);
    expect(t2.ntodo).toBe(2);
    expect(t2.ran.map((r) => [r.callback, r.ms])).toEqual([
      ['TaskStepMethWrapper', 100.2],
      ['_set_result_unless_cancelled', 0],
    ]);
    expect(t2.left).toContainEqual({ callback: 'Task.task_wakeup', task: 'Task-2' });
    // Turn 3: the worker first (100 ms), then the heartbeat's wake-up: the tick.
    expect(t3.ran.map((r) => `${r.callback}:${r.task}`)).toEqual([
      'TaskStepMethWrapper:Task-1',
      'Task.task_wakeup:Task-2',
    ]);
    expect(t3.end - t1.start).toBeCloseTo(300.6, 6);
  });

  it('debug mode names the blocking task, once per portion; the threshold alone changes nothing', () => {
    const on = viewOf(setDebug(seed, true));
    expect(on.warnings).toHaveLength(10);
    const g = groupedWarnings(on);
    expect(g).toHaveLength(1);
    expect(g[0]!.count).toBe(10);
    expect(g[0]!.message).toMatch(
      /^Executing <Task pending name='Task-1' coro=<main\(\) running at main\.py:\d+> .*took 0\.100 seconds$/,
    );
    // Presented, the same line with its places in the source elided; anything else is left whole.
    expect(abridged(g[0]!.message)).toBe("Executing <Task pending name='Task-1' coro=<main() …> took 0.100 seconds");
    expect(abridged('Executing <Handle ...> took 0.2 seconds')).toBe('Executing <Handle ...> took 0.2 seconds');
    // Above the portion's 100.2 ms: silence; the threshold without debug mode: silence.
    expect(viewOf(setParam(setDebug(seed, true), 'slowMs', 150)).warnings).toEqual([]);
    expect(viewOf(setParam(seed, 'slowMs', 10)).warnings).toEqual([]);
    // Cooperative portions never block: nothing to report.
    expect(viewOf(setDebug(setWorker(seed, 'cooperative'), true)).warnings).toEqual([]);
  });
});

describe('asyncio-responsiveness: state', () => {
  it('the speaker steps tell seed 000’s story', () => {
    expect(SPEAKER_SEQUENCE.length).toBe(5);
    expect(stateForStep(1, seed).gap).toBe(0);
    expect(stateForStep(2, seed).worker).toBe('cooperative');
    expect(stateForStep(3, seed)).toMatchObject({ worker: 'blocking', debug: true, slowMs: 100 });
    expect(stateForStep(4, seed)).toMatchObject({ debug: true, slowMs: 150 });
    expect(stateForStep(17, seed)).toEqual(stateForStep(4, seed));
  });

  it('sliders clamp and round; a new experiment clears the selected gap, the threshold does not', () => {
    const g = selectGap(seed, 1);
    expect(g.gap).toBe(1);
    expect(setParam(g, 'tickMs', 3).tickMs).toBe(LIMITS.tickMs.min);
    expect(setParam(g, 'portions', 7.6).portions).toBe(8);
    expect(setParam(g, 'portions', 7.6).gap).toBeNull();
    expect(setParam(g, 'slowMs', 50).gap).toBe(1);
    expect(setParam(g, 'portionMs', Number.NaN)).toBe(g);
    expect(selectGap(seed, 99).gap).toBe(gapCount(seed) - 1);
    expect(longestGap(seed)).toBe(0);
  });
});

describe('asyncio-responsiveness: properties over the sliders', () => {
  const arb: fc.Arbitrary<ResponsivenessState> = fc.record({
    tickMs: fc.integer({ min: LIMITS.tickMs.min, max: LIMITS.tickMs.max }),
    portions: fc.integer({ min: LIMITS.portions.min, max: 8 }),
    portionMs: fc.integer({ min: LIMITS.portionMs.min, max: LIMITS.portionMs.max }),
    worker: fc.constantFrom('blocking' as const, 'cooperative' as const),
    debug: fc.boolean(),
    slowMs: fc.integer({ min: LIMITS.slowMs.min, max: LIMITS.slowMs.max }),
    gap: fc.constant(null),
  });

  it('every gap’s turns start with its first tick’s turn and end with the next tick’s; blocking never ticks faster than a portion', () => {
    fc.assert(
      fc.property(arb, (s) => {
        const v = viewOf(s);
        for (let i = 0; i + 1 < v.ticks.length; i++) {
          const turns = gapTurns(s, i);
          expect(turns[0]!.index).toBe(v.ticks[i]!.turn);
          expect(turns[turns.length - 1]!.index).toBe(v.ticks[i + 1]!.turn);
          if (s.worker === 'blocking' && i > 0)
            expect(v.ticks[i + 1]!.time - v.ticks[i]!.time).toBeGreaterThanOrEqual(s.portionMs);
        }
        // Debug mode: a warning for each callback at or over the threshold, none without debug mode.
        if (!s.debug) expect(v.warnings).toEqual([]);
        else if (s.worker === 'blocking')
          expect(v.warnings.length).toBe(s.portionMs + 0.2 >= s.slowMs ? s.portions : 0);
      }),
      { seed: SIM_SEED, numRuns: 50 },
    );
  });
});
