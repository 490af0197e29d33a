/** The micro-macro demo's state: the guess, grading, stepping and the speaker sequence. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  acceptedOrders,
  checkGuess,
  chooseExample,
  chooseRuntime,
  currentRun,
  goToStep,
  gradeGuess,
  initialState,
  moveLine,
  runDraft,
  editDraft,
  SPEAKER_SEQUENCE,
  startingOrder,
  stateForStep,
  stepCount,
} from '../../components/micro-macro/micro-macro-model.ts';
import { EXAMPLES } from '../../components/micro-macro/micro-macro-examples.ts';
import { logLines } from '../../components/shared/js-sim/index.ts';
import { SIM_SEED } from './sim-seed.ts';
import { ResultStore } from '../../components/shared/sim-runner/result-store.ts';
import { runJob } from '../../components/shared/sim-runner/sim-job.ts';
import type { MicroMacroState } from '../../components/micro-macro/micro-macro-model.ts';
import { runFinished, wantedJob } from '../../components/micro-macro/micro-macro-model.ts';

/** What the element does with a job the state wants: run it (here in-process, as the worker would), store, report. */
function finish(s: MicroMacroState, runs: ResultStore): MicroMacroState {
  const job = wantedJob(s, runs);
  if (!job) return s;
  const reply = runJob({ id: 1, ...job });
  if (reply.kind !== 'result') throw new Error(reply.kind);
  runs.put(job.source, job.runtime, reply.result, reply.size);
  return runFinished(s, job.source, job.runtime, reply.result);
}

describe('the guess', () => {
  it('starts from the order of the source for the seed: A B C D E F, which scores 2 of 6', () => {
    const s = initialState();
    expect(s.guess).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    const run = currentRun(s)!;
    const g = gradeGuess(s.guess, acceptedOrders(run));
    expect(g.right).toEqual([true, false, false, false, true, false]);
  });

  it('every example with two or more lines starts from an order that is not the answer', () => {
    for (const ex of EXAMPLES) {
      for (const rt of ex.runtimes) {
        const s = chooseRuntime(chooseExample(initialState(), ex.id), rt);
        const run = currentRun(s)!;
        const lines = logLines(run);
        if (lines.length < 2) {
          expect(s.guessPhase).toBe('skipped');
          continue;
        }
        expect(s.guess).not.toEqual(lines);
        expect([...s.guess].sort()).toEqual([...lines].sort());
      }
    }
  });

  it('a starting order is always a permutation and never the answer (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 7 }),
        fc.string(),
        (lines, src) => {
          const start = startingOrder(lines, src);
          expect([...start].sort()).toEqual([...lines].sort());
          expect(start).not.toEqual(lines);
        },
      ),
      { seed: SIM_SEED },
    );
  });

  it('moving lines reaches the answer, and checking it scores every position', () => {
    let s = initialState();
    for (let i = 0; i < 4; i++) s = moveLine(s, 1 + i, 1); // B to the end
    s = moveLine(s, 2, -1); // D up
    s = moveLine(s, 4, -1);
    s = moveLine(s, 3, -1); // F up twice
    expect(s.guess).toEqual(['A', 'D', 'F', 'C', 'E', 'B']);
    s = checkGuess(s);
    expect(gradeGuess(s.guess, acceptedOrders(currentRun(s)!)).right.every(Boolean)).toBe(true);
    // the guess is locked once checked
    expect(moveLine(s, 0, 1)).toBe(s);
  });

  it('moves out of range do nothing', () => {
    const s = initialState();
    expect(moveLine(s, 0, -1)).toBe(s);
    expect(moveLine(s, 5, 1)).toBe(s);
  });

  it('a timing-dependent example accepts either order', () => {
    const s = chooseExample(initialState(), 'race');
    expect(
      acceptedOrders(currentRun(s)!)
        .map((o) => o.join(' '))
        .sort(),
    ).toEqual(['immediate timeout', 'timeout immediate']);
  });
});

describe('examples, runtimes, your code', () => {
  it('a Node-only example switches the runtime to Node and refuses the browser', () => {
    const s = chooseExample(initialState(), 'nextTick');
    expect(s.runtime).toBe('node');
    expect(chooseRuntime(s, 'browser')).toBe(s);
  });

  it('running the draft: an error keeps the editor open; good code is stepped', () => {
    const runs = new ResultStore();
    let s = chooseExample(initialState(), 'custom');
    s = finish(runDraft(editDraft(s, 'while (true) { switch (1) {} }'), runs), runs);
    expect(s.editing).toBe(true);
    const bad = currentRun(s, runs)!;
    expect(bad.ok ? null : bad.error.construct).toBe('switch');
    s = finish(runDraft(editDraft(s, `process.nextTick(() => console.log('t'));\nconsole.log('s');`), runs), runs);
    expect(s.runtime).toBe('node');
    expect(s.editing).toBe(false);
    expect(logLines(currentRun(s, runs)!)).toEqual(['s', 't']);
  });
});

describe('stepping and the speaker sequence', () => {
  it('steps stay within the run', () => {
    const s = initialState();
    expect(goToStep(s, -5).index).toBe(0);
    expect(goToStep(s, 10_000).index).toBe(stepCount(s) - 1);
  });

  it('the sequence: the guess, checked, before the timer (A D F C E printed), the end (all six)', () => {
    expect(SPEAKER_SEQUENCE.length).toBe(4);
    expect(stateForStep(0, initialState()).guessPhase).toBe('guess');
    expect(stateForStep(1, initialState()).guessPhase).toBe('checked');
    const before = stateForStep(2, initialState());
    const run = currentRun(before)!;
    if (!run.ok) throw new Error('refused');
    const snap = run.steps[before.index]!;
    expect(run.output.slice(0, snap.outputLength).map((o) => o.text)).toEqual(['A', 'D', 'F', 'C', 'E']);
    expect(snap.event.params['queue']).toBe('timers');
    const end = stateForStep(3, initialState());
    expect(end.index).toBe(stepCount(end) - 1);
  });
});
