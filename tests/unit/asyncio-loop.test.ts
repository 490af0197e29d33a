/**
 * The asyncio-loop slide's model: hand-worked recordings of its presets, the composer, the stepping, the speaker
 * sequence, and properties over compositions (fast-check, the fixed seed of sim-seed.ts). The comparison with
 * CPython is asyncio-loop-real.test.ts; the quoted CPython lines are checked by asyncio-loop-code.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MENU,
  SPEAKER_SEQUENCE,
  addItem,
  canAdd,
  clearItems,
  groupHandles,
  initialState,
  phaseCounts,
  positions,
  readyAtStart,
  recordingOf,
  removeItem,
  schemeTo,
  setK,
  setNtodo,
  setPreset,
  stateForStep,
  turnRunning,
  turnTo,
  turnView,
  type AsyncioLoopState,
  type MenuItem,
} from '../../components/asyncio-loop/asyncio-loop-model.ts';
import {
  MAX_COMPOSED,
  composedProgram,
  condenseGather,
  listingOf,
  presentedListing,
  presetProgram,
} from '../../components/asyncio-loop/asyncio-loop-programs.ts';
import { SIM_SEED } from './sim-seed.ts';

const at = (patch: Partial<AsyncioLoopState>): AsyncioLoopState => ({ ...initialState(), view: 'recording', ...patch });
const ranNames = (s: AsyncioLoopState) => turnView(s)!.ran.map((g) => `${g.callback}×${g.count}`);

describe('asyncio-loop: the presets, hand-worked', () => {
  it('an empty program: 6 turns, two for each run_until_complete of asyncio.run', () => {
    const r = recordingOf(at({ preset: 'empty' })).run;
    expect(r.turns.map((t) => t.phase)).toEqual([
      'main',
      'main',
      'shutdown_asyncgens',
      'shutdown_asyncgens',
      'shutdown_default_executor',
      'shutdown_default_executor',
    ]);
    expect(phaseCounts(r)).toEqual([
      { phase: 'main', turns: 2 },
      { phase: 'shutdown_asyncgens', turns: 2 },
      { phase: 'shutdown_default_executor', turns: 2 },
    ]);
    // before the first turn, main's task's first step waits in _ready
    expect(readyAtStart(at({ preset: 'empty' }))).toEqual([
      { callback: 'TaskStepMethWrapper', tasks: ['Task-1'], count: 1 },
    ]);
    // turn 1 runs it; turn 2 runs _run_until_complete_cb, which stops the loop
    expect(ranNames(at({ preset: 'empty', index: 1 }))).toEqual(['TaskStepMethWrapper×1']);
    expect(ranNames(at({ preset: 'empty', index: 2 }))).toEqual(['_run_until_complete_cb×1']);
  });

  it('three nested awaits take as many turns as the empty program; a gather of 1000 as many as one of 10', () => {
    expect(recordingOf(at({ preset: 'nested' })).run.turns.length).toBe(6);
    const g10 = recordingOf(at({ preset: 'gather10' })).run.turns.length;
    const g1000 = recordingOf(at({ preset: 'gather1000' })).run;
    expect(g1000.turns.length).toBe(g10);
    expect(g10).toBe(10);
    // turn 3: the thousand children's second steps, all in one step 6; their done-callbacks wait for turn 4
    const v = turnView(at({ preset: 'gather1000', index: 3 }))!;
    expect(v.ntodo).toBe(1000);
    expect(v.ran).toHaveLength(1);
    expect(v.ran[0]).toMatchObject({ callback: 'TaskStepMethWrapper', count: 1000 });
    expect([v.ran[0]!.tasks.length, v.ran[0]!.tasks[0], v.ran[0]!.tasks[999]]).toEqual([1000, 'Task-2', 'Task-1001']);
    expect(v.readyAfter).toEqual([{ callback: 'gather.<locals>._done_callback', tasks: [], count: 1000 }]);
  });

  it('each sleep(0) is one more turn', () => {
    for (let k = 0; k <= 8; k++) expect(recordingOf(at({ preset: 'sleep0', k })).run.turns.length).toBe(6 + k);
  });

  it('call_soon three times: a, b, c and main’s next step run in one step 6, in the order they were queued', () => {
    expect(ranNames(at({ preset: 'callSoon', index: 2 }))).toEqual(['a×1', 'b×1', 'c×1', 'TaskStepMethWrapper×1']);
  });

  it('the starving task: with ntodo the timer fires in turn 2; without it step 6 of turn 1 never ends', () => {
    const on = at({ preset: 'starve', ntodo: true });
    expect(turnRunning(on, 'ring')).toBe(2);
    expect(recordingOf(on).run.starvedAt).toBeNull();
    // asyncio.run cancels the spinner, still pending when main returns: three turns of _cancel_all_tasks
    expect(recordingOf(on).run.turnsByPhase.cancel_all_tasks).toBe(3);
    const off = at({ preset: 'starve', ntodo: false });
    const r = recordingOf(off).run;
    expect(r.starvedAt).toBe(0);
    expect(r.turns).toHaveLength(1);
    expect(turnRunning(off, 'ring')).toBeNull();
    const v = turnView({ ...off, index: 1 })!;
    expect(v.starved).toBe(true);
    expect(v.ntodo).toBe(1000);
    expect(v.scheduledAfter).toEqual([{ callback: 'ring', tasks: [], count: 1 }]);
    // main and the spinner alternate until main returns, then the spinner alone
    expect(v.ran.map((g) => [g.callback, g.count, g.tasks.join(' ')])).toEqual([
      ['TaskStepMethWrapper', 8, 'Task-1 Task-2'],
      ['_run_until_complete_cb', 1, ''],
      ['TaskStepMethWrapper', 991, 'Task-2'],
    ]);
  });
});

describe('asyncio-loop: the composer and its listing', () => {
  it('an await of a task needs a task created before it; at most MAX_COMPOSED lines', () => {
    expect(canAdd([], 'awaitTask')).toBe(false);
    expect(canAdd(['createTask'], 'awaitTask')).toBe(true);
    expect(canAdd(Array<MenuItem>(MAX_COMPOSED).fill('sleep0'), 'sleep0')).toBe(false);
    const s = removeItem(at({ composed: ['createTask', 'sleep0', 'awaitTask'] }), 0);
    expect(s.composed).toEqual(['sleep0']);
    expect(clearItems(s).composed).toEqual([]);
    expect(addItem(clearItems(s), 'awaitTask').composed).toEqual([]);
    expect(addItem(s, 'gather3')).toMatchObject({ preset: 'custom', composed: ['sleep0', 'gather3'], index: 0 });
  });

  it('the listing is Python that says what the program does', () => {
    const src = listingOf(composedProgram(['createTask', 'callSoon', 'awaitTask', 'sleep10']));
    expect(src).toBe(
      [
        'import asyncio',
        '',
        'def cb():',
        '    pass',
        '',
        'async def child():',
        '    await asyncio.sleep(0)',
        '',
        'async def main():',
        '    loop = asyncio.get_running_loop()',
        '    t1 = asyncio.create_task(child())',
        '    loop.call_soon(cb)',
        '    await t1',
        '    await asyncio.sleep(0.01)',
        '',
        'asyncio.run(main())',
        '',
      ].join('\n'),
    );
    expect(condenseGather('await asyncio.gather(a(), a(), a(), a())')).toBe(
      'await asyncio.gather(*[a() for _ in range(4)])',
    );
    expect(condenseGather('await asyncio.gather(a(), a(), a())')).toBe('await asyncio.gather(a(), a(), a())');
  });
});

describe('asyncio-loop: stepping and the speaker sequence', () => {
  it('the scheme walks run_forever, then steps 1..6, and no further', () => {
    let s = initialState();
    for (let i = 0; i < 10; i++) s = schemeTo(s, 'forward');
    expect(s.scheme).toBe(6);
    expect(schemeTo(s, 'back').scheme).toBe(5);
    expect(schemeTo(s, 'reset').scheme).toBe(0);
  });

  it('the recording: position 0 before the first turn, then one per turn; switching ntodo keeps the position in range', () => {
    let s = at({ preset: 'starve' });
    expect(positions(s)).toBe(13);
    expect(turnView(s)).toBeNull();
    s = turnTo(s, 'end');
    expect(s.index).toBe(12);
    expect(turnView(s)!.phase).toBe('shutdown_default_executor');
    s = setNtodo(s, false);
    expect(s.index).toBe(1);
    expect(setPreset(s, 'empty').index).toBe(0);
    expect(setK(at({ preset: 'sleep0', index: 4 }), 99)).toMatchObject({ k: 8, index: 0 });
  });

  it('each speaker step shows what its comment says', () => {
    const steps = SPEAKER_SEQUENCE.map((_, i) => stateForStep(i, initialState()));
    expect(steps.map((s) => s.view)).toEqual([
      'composition',
      'scheme',
      'scheme',
      'recording',
      'recording',
      'recording',
      'recording',
      'recording',
    ]);
    expect(steps[1]!.scheme).toBe(3);
    expect(steps[2]!.scheme).toBe(6);
    expect(turnView(steps[3]!)!.number).toBe(1);
    expect(turnView(steps[4]!)).toMatchObject({ number: 6, phase: 'shutdown_default_executor' });
    expect(turnView(steps[5]!)!.ntodo).toBe(1000);
    expect(ranNames(steps[6]!)).toContain('ring×1');
    expect(turnView(steps[7]!)!.starved).toBe(true);
    // a composition the person made survives the clicker
    const mine = addItem(initialState(), 'gather3');
    expect(stateForStep(5, mine).composed).toEqual(mine.composed);
  });
});

describe('asyncio-loop: properties over compositions', () => {
  const arb = fc.array(fc.constantFrom(...MENU), { maxLength: MAX_COMPOSED });

  it('grouping never loses or reorders a handle; every turn’s step 6 ran exactly ntodo handles', () => {
    fc.assert(
      fc.property(arb, (items) => {
        const s = at({ preset: 'custom', composed: items });
        const turns = recordingOf(s).run.turns;
        for (const t of turns) {
          const hs = t.step6.ran.map((r) => r.handle);
          expect(t.step6.ran).toHaveLength(t.step6.ntodo);
          const expanded = groupHandles(hs).flatMap((g) => Array<string>(g.count).fill(g.callback));
          expect(expanded).toEqual(hs.map((h) => h.callback));
        }
      }),
      { seed: SIM_SEED, numRuns: 60 },
    );
  });

  it('a handle queued during step 6 never runs in the same turn; without the snapshot turns never grow', () => {
    fc.assert(
      fc.property(arb, (items) => {
        const s = at({ preset: 'custom', composed: items });
        for (const t of recordingOf(s).run.turns)
          for (const r of t.step6.ran) expect(r.handle.id).toBeLessThanOrEqual(t.step6.lastHandleId);
        const without = recordingOf({ ...s, ntodo: false }).run.turns.length;
        expect(without).toBeLessThanOrEqual(recordingOf(s).run.turns.length);
      }),
      { seed: SIM_SEED, numRuns: 60 },
    );
  });
});

describe('presented listing', () => {
  const starve = listingOf(presetProgram('starve', 0));
  it('drops the import and the blank lines, folds what is not kept, and marks the focus line', () => {
    const keep = [
      'async def spinner',
      'while True',
      'await asyncio.sleep(0)',
      'async def main',
      'loop.call_later(0, ring)',
    ];
    const shown = presentedListing(starve, keep, 'await asyncio.sleep(0)');
    const lines = shown.code.split('\n');
    expect(lines).toEqual([
      '…',
      'async def spinner():',
      '    while True:',
      '        await asyncio.sleep(0)',
      'async def main():',
      '    …',
      '    loop.call_later(0, ring)',
      '    …',
    ]);
    // the first sleep(0) after the spinner's head: the spinner's own, not main's
    expect(shown.current).toBe(4);
    expect(lines.length).toBeLessThanOrEqual(12);
    expect(presentedListing(starve, keep, 'no such line').current).toBeNull();
  });
  it('breaks a gather too long for the column after its opening parenthesis', () => {
    const shown = presentedListing(listingOf(presetProgram('gather1000', 0)), null, 'asyncio.run(');
    const lines = shown.code.split('\n');
    expect(lines).not.toContain('import asyncio');
    expect(lines.every((l) => l.trim() !== '' && l.length <= 44)).toBe(true);
    expect(lines).toContain('    await asyncio.gather(');
    expect(lines[shown.current! - 1]).toBe('asyncio.run(main())');
  });
  it('in a narrower column, also puts a comprehension’s for on a line of its own', () => {
    const shown = presentedListing(listingOf(presetProgram('gather1000', 0)), null, null, 30);
    const lines = shown.code.split('\n');
    expect(lines.every((l) => l.length <= 30)).toBe(true);
    expect(lines).toEqual([
      'async def sleeper():',
      '    await asyncio.sleep(0)',
      'async def main():',
      '    await asyncio.gather(',
      '        *[sleeper()',
      '        for _ in range(1000)])',
      'asyncio.run(main())',
    ]);
  });
});
