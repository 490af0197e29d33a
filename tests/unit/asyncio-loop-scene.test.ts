/**
 * The asyncio-loop slide as the deck's one picture of the loop, presented (asyncio-loop-scene.ts): every clicker step
 * maps to a CPython scene, every step changes the picture (a chip moves; at the scheme's select, the ring turns),
 * what the step's notes paragraph names is where the notes say, and every name and count on a chip is the
 * recording's (the model's run, which tests/unit/asyncio-loop-real.test.ts checks against CPython).
 */
import { describe, expect, it } from 'vitest';
import { sceneOf, presentedOf, SCHEME_RUN } from '../../components/asyncio-loop/asyncio-loop-scene.ts';
import {
  PRESETS,
  SPEAKER_SEQUENCE,
  handleName,
  initialState,
  positions,
  recordingOf,
  stateForStep,
  turnTo,
  type AsyncioLoopState,
} from '../../components/asyncio-loop/asyncio-loop-model.ts';
import { chips, moved, placeOf, type Scene } from '../../components/shared/loop-picture/loop-picture-model.ts';

const labels = (list: readonly { label: string }[]) => list.map((c) => c.label);
const states = SPEAKER_SEQUENCE.map((_, i) => stateForStep(i, initialState()));
const steps = states.map(sceneOf);

describe('asyncio-loop: the recorded turns on the loop picture', () => {
  it('maps every clicker step to a CPython scene', () => {
    expect(steps).toHaveLength(8);
    for (const s of steps) expect(s.flavour).toBe('cpython');
  });

  it('every step changes the picture: a chip moves, but at the scheme’s select, where the ring turns', () => {
    expect(moved(steps[0]!, steps[1]!)).toEqual([]);
    expect([steps[0]!.phase, steps[1]!.phase]).toEqual([null, 'select']);
    for (let i = 2; i < steps.length; i++) expect(moved(steps[i - 1]!, steps[i]!), `step ${i}`).not.toEqual([]);
  });

  it('0: the three containers lit; main’s first step already waits in the ready queue, nothing else anywhere', () => {
    const s = steps[0]!;
    expect(s.lit).toEqual(['macrotasks', 'timers', 'kernel']);
    expect(s.macrotasks).toEqual([{ id: 'empty-h2', label: '__step (Task-1)', actor: 'task' }]);
    expect([s.stack, s.timers, s.readyList, s.sockets]).toEqual([[], [], [], []]);
    expect(s.phase).toBeNull();
  });

  it('1: select with the ready queue not empty: the turn’s timeout is 0, the loop does not sleep', () => {
    const s = steps[1]!;
    expect(s.phase).toBe('select');
    expect(s.asleep).toBe(false);
    expect(s.lit).toEqual(['kernel']);
    expect(labels(s.macrotasks)).toEqual(['__step (Task-1)']);
    const turn = recordingOf({ ...initialState(), ...SCHEME_RUN }).run.turns[0]!;
    expect(turn.step2.timeout).toBe(0);
  });

  it('2: step 6 counts one callback and runs it: main’s step moves from the ready queue onto the call stack', () => {
    const s = steps[2]!;
    expect(s.phase).toBe('run');
    expect(s.stack).toEqual([{ id: 'empty-h2', label: '__step (Task-1)', actor: 'task', lit: true }]);
    expect(s.macrotasks).toEqual([]);
    expect(moved(steps[1]!, s)).toEqual(['empty-h2']);
  });

  it('3: the first recorded turn: main’s step ran, the callback that stops the loop waits in the ready queue', () => {
    const s = steps[3]!;
    expect(labels(s.stack)).toEqual(['__step (Task-1)']);
    expect(s.macrotasks).toEqual([{ id: 'empty-h3', label: '_run_until_complete_cb', actor: 'loop' }]);
    expect(presentedOf(states[3]!).moment).toEqual({ kind: 'end', turn: 0 });
  });

  it('4: the sixth and last turn runs the callback that stops the last run of the loop; nothing waits', () => {
    const s = steps[4]!;
    expect(labels(s.stack)).toEqual(['_run_until_complete_cb']);
    expect([s.macrotasks, s.timers]).toEqual([[], []]);
    expect(presentedOf(states[4]!).moment).toEqual({ kind: 'end', turn: 5 });
  });

  it('5: a thousand task steps in one step 6 on the stack; a thousand completion callbacks in the ready queue', () => {
    const s = steps[5]!;
    expect(labels(s.stack)).toEqual(['__step ×1000']);
    expect(labels(s.macrotasks)).toEqual(['gather._done_callback ×1000']);
  });

  it('6: the timer is on the call stack in turn 2; the task’s next steps wait in the ready queue', () => {
    const s = steps[6]!;
    expect(s.stack).toEqual([{ id: 'starve-h4', label: 'ring', actor: 'timer', lit: true }]);
    expect(labels(s.macrotasks)).toEqual(['__step (Task-2)', '__step (Task-1)']);
    expect(s.timers).toEqual([]);
  });

  it('7: without the snapshot the ready queue never empties and the timer stays in the heap', () => {
    const s = steps[7]!;
    expect(labels(s.stack)).toEqual(['__step ×991 (Task-2)']);
    expect(labels(s.macrotasks)).toEqual(['__step (Task-2)']);
    expect(s.timers).toEqual([{ id: 'starve-off-h4', label: 'ring', actor: 'timer', due: 0 }]);
    expect(s.lit).toEqual(['macrotasks']);
    expect(placeOf(s).get('starve-off-h4')).toBe('timers');
  });

  it('every chip names a callback of its recording, with as many of its handles as the chip says', () => {
    states.forEach((st, i) => {
      const turns = presentedOf(st).recording.run.turns;
      const all = turns.flatMap((t) => [
        ...t.readyAtStart,
        ...t.step6.ran.map((r) => r.handle),
        ...t.readyAtEnd,
        ...t.scheduledAtEnd,
      ]);
      for (const c of chips(steps[i]!)) {
        const [name, times] = c.label.split(' ');
        const named = all.filter((h) => handleName(h.callback) === name);
        expect(named.length, `step ${i}: ${c.label}`).toBeGreaterThan(0);
        if (times?.startsWith('×'))
          expect(new Set(named.map((h) => h.id)).size).toBeGreaterThanOrEqual(Number(times.slice(1)));
      }
    });
  });

  it('every position of every preset’s run, with and without the snapshot, has its picture', () => {
    const all: Scene[] = [];
    for (const preset of PRESETS)
      for (const ntodo of [true, false]) {
        let s: AsyncioLoopState = { ...initialState(), view: 'recording', preset, ntodo };
        for (let i = 0; i < positions(s); i++) all.push(sceneOf((s = turnTo(s, i))));
      }
    expect(all.length).toBeGreaterThan(60);
    for (const view of ['composition', 'scheme'] as const)
      for (let scheme = 0; scheme <= 6; scheme++) all.push(sceneOf({ ...initialState(), view, scheme }));
    expect(all.every((s) => s.flavour === 'cpython')).toBe(true);
  });
});
