/** The micro-macro demo's state: the guess, grading, stepping and the speaker sequence. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  acceptedOrders,
  checkGuess,
  chooseExample,
  chooseRuntime,
  currentRun,
  goTo,
  gradeGuess,
  GUESS_MAX_LINES,
  initialState,
  OUTPUT_LINES,
  outputWindow,
  printedLines,
  moveLine,
  runDraft,
  editDraft,
  SPEAKER_SEQUENCE,
  startingOrder,
  stateForStep,
  stepCount,
  explanationShown,
  queueChangeSteps,
  queueChanges,
  toEnd,
} from '../../components/micro-macro/micro-macro-model.ts';
import { microMacroText, phaseLabel } from '../../components/micro-macro/micro-macro-text.ts';
import { codeText } from '../../components/micro-macro/micro-macro-code-text.ts';
import { EXAMPLES } from '../../components/micro-macro/micro-macro-examples.ts';
import { logLines, queueViews } from '../../components/shared/js-sim/index.ts';
import { SIM_SEED } from './sim-seed.ts';
import { ResultStore } from '../../components/shared/sim-runner/result-store.ts';
import { runJob } from '../../components/shared/sim-runner/sim-job.ts';
import type { MicroMacroState } from '../../components/micro-macro/micro-macro-model.ts';
import { runFinished, wantedJob } from '../../components/micro-macro/micro-macro-model.ts';
import {
  needsRecordings,
  needsSimulator,
  runtimesFor,
  simulatorArrived,
  type Runs,
} from '../../components/micro-macro/micro-macro-model.ts';
import RECORDINGS from '../../components/micro-macro/micro-macro-recordings.json';
import { needsNode, simulate } from '../../components/shared/js-sim/simulator.ts';

/** the runs as the element passes them once it has loaded the simulator: no run of the person's code stored yet */
const withSimulator: Runs = { get: () => undefined, simulator: { simulate, needsNode } };
/** the runs as the element passes them once it has loaded the examples' recordings, not the simulator */
const withRecordings: Runs = { get: () => undefined, recordings: RECORDINGS };

describe('before the examples’ recordings are loaded (the page has the talk’s example’s only)', () => {
  // (first in this file: the model keeps each example's run once read, and the tests below read them all)
  it('the talk’s example has its run; another asks for the recordings, not the simulator, and has none yet', () => {
    const s = initialState();
    expect(s.example).toBe('seed');
    expect(needsRecordings(s)).toBe(false);
    expect(needsRecordings(chooseRuntime(s, 'node'))).toBe(false);
    expect(currentRun(s)?.ok).toBe(true);
    const chains = chooseExample(s, 'chains');
    expect(chains.guess).toEqual([]);
    expect(currentRun(chains)).toBeNull();
    expect(needsRecordings(chains)).toBe(true);
    expect(needsSimulator(chains)).toBe(false);
    expect(needsRecordings(chooseExample(s, 'busyWait'))).toBe(true);
    expect(needsRecordings(chooseExample(s, 'custom'))).toBe(false);
  });

  it('once they arrive, the example gets its run and its starting guess, with no simulator', () => {
    const chains = chooseExample(initialState(), 'chains');
    const next = simulatorArrived(chains, false, withRecordings);
    expect(next).toEqual(chooseExample(initialState(), 'chains', withRecordings));
    expect(next.guess.length).toBeGreaterThan(1);
    expect(needsRecordings(next, withRecordings)).toBe(false);
    expect(needsSimulator(next, withRecordings)).toBe(false);
  });
});

describe('before the simulator is loaded (the page shows the examples from their recordings)', () => {
  // no simulator passed in: as the element asks before it has loaded one
  it('an example with a recording needs none; the busy wait and Your code ask for it', () => {
    const s = initialState();
    expect(needsSimulator(s)).toBe(false);
    expect(currentRun(s)?.ok).toBe(true);
    const busy = chooseExample(s, 'busyWait', withRecordings);
    expect(currentRun(busy, withRecordings)).toBeNull();
    expect(needsSimulator(busy, withRecordings)).toBe(true);
    expect(needsSimulator(chooseExample(s, 'custom'))).toBe(true);
  });

  it('once it arrives, an example that had no run gets its run and its starting guess', () => {
    const busy = chooseExample(initialState(), 'busyWait');
    const next = simulatorArrived(busy, false, withSimulator);
    expect(next.guess).toEqual(
      startingOrder(logLines(currentRun(next)!), EXAMPLES.find((e) => e.id === 'busyWait')!.code),
    );
    // the same state as choosing it with the simulator at hand
    expect(next).toEqual(chooseExample(initialState(), 'busyWait', withSimulator));
    const run = currentRun(next);
    expect(run?.ok ? run.steps.length : 0).toBeGreaterThan(1000);
    expect(needsSimulator(next, withSimulator)).toBe(false);
  });
});

describe('the simulator is passed in, never kept by the model', () => {
  it('what one call was given does not leak into the next', () => {
    const busy = chooseExample(initialState(), 'busyWait', withSimulator);
    expect(needsSimulator(busy, withSimulator)).toBe(false);
    expect(needsSimulator(busy, withRecordings)).toBe(true);
    // a Node-only name inside a string: the simulator parses it (not Node-only); without it the text alone decides
    const draft = editDraft(chooseExample(initialState(), 'custom'), "console.log('process.nextTick');");
    expect(runtimesFor(draft, withSimulator)).toEqual(['browser', 'node']);
    expect(runtimesFor(draft)).toEqual(['node']);
    expect(runtimesFor(draft, withSimulator)).toEqual(['browser', 'node']);
  });
});

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
        const s = chooseRuntime(chooseExample(initialState(), ex.id, withSimulator), rt, withSimulator);
        const run = currentRun(s, withSimulator)!;
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
    s = finish(runDraft(editDraft(s, 'while (true) { debugger; }'), runs), runs);
    expect(s.editing).toBe(true);
    const bad = currentRun(s, runs)!;
    expect(bad.ok ? null : bad.error.construct).toBe('debugger');
    s = finish(runDraft(editDraft(s, `process.nextTick(() => console.log('t'));\nconsole.log('s');`), runs), runs);
    expect(s.runtime).toBe('node');
    expect(s.editing).toBe(false);
    expect(logLines(currentRun(s, runs)!)).toEqual(['s', 't']);
  });
});

describe('your code that prints many lines', () => {
  const printing = (n: number) => `for (let i = 0; i < ${n}; i++) console.log('line ' + i);`;

  it(`the guess orders up to ${GUESS_MAX_LINES} printed lines; a program that prints more skips it`, () => {
    const runs = new ResultStore();
    const custom = chooseExample(initialState(), 'custom');
    const upTo = finish(runDraft(editDraft(custom, printing(GUESS_MAX_LINES)), runs), runs);
    expect(upTo.guessPhase).toBe('guess');
    expect(upTo.guess).toHaveLength(GUESS_MAX_LINES);
    const over = finish(runDraft(editDraft(custom, printing(GUESS_MAX_LINES + 1)), runs), runs);
    expect(printedLines(currentRun(over, runs))).toBe(GUESS_MAX_LINES + 1);
    expect(over.guessPhase).toBe('skipped');
    expect(over.guess).toEqual([]);
    const flood = finish(runDraft(editDraft(custom, printing(100_000)), runs), runs);
    expect(flood.guessPhase).toBe('skipped');
    expect(flood.guess).toEqual([]);
  });

  it(`the output panel draws the latest ${OUTPUT_LINES} lines printed at the step, and counts the rest`, () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => i);
    expect(outputWindow(lines, 0)).toEqual({ shown: [], hidden: 0 });
    expect(outputWindow(lines, 3)).toEqual({ shown: [0, 1, 2], hidden: 0 });
    expect(outputWindow(lines, OUTPUT_LINES)).toEqual({ shown: lines.slice(0, OUTPUT_LINES), hidden: 0 });
    const end = outputWindow(lines, 100_000);
    expect(end.shown).toHaveLength(OUTPUT_LINES);
    expect(end.shown.at(-1)).toBe(99_999);
    expect(end.hidden).toBe(100_000 - OUTPUT_LINES);
    for (const lang of ['en', 'ru'] as const)
      expect(codeText[lang].outputHidden(end.hidden, 100_000)).toMatch(/99[,\u00a0 ]950.*100[,\u00a0 ]000/);
  });
});

describe('stepping and the speaker sequence', () => {
  it('steps stay within the run', () => {
    const s = initialState();
    expect(goTo(s, -5).index).toBe(0);
    expect(goTo(s, 10_000).index).toBe(stepCount(s) - 1);
  });

  /** The queues of a state's snapshot, one line a queue, as the panels list them. */
  const queuesAt = (st: MicroMacroState): string => {
    const run = currentRun(st)!;
    if (!run.ok) throw new Error('refused');
    const snap = run.steps[st.index]!;
    return [snap.microtasks, snap.timers, snap.ticks, snap.immediates, snap.io]
      .map((q) =>
        queueViews(q)
          .map((x) => x.name)
          .join(','),
      )
      .join(' | ');
  };

  it('each clicker step after the guess shows one queue change, and the walk covers all of them', () => {
    const states = SPEAKER_SEQUENCE.map((_, i) => stateForStep(i, initialState()));
    const run = currentRun(states[0]!)!;
    if (!run.ok) throw new Error('refused');
    const walk = states.slice(0, -1);
    for (let i = 1; i < walk.length; i++) {
      const a = run.steps[walk[i - 1]!.index]!;
      const b = run.steps[walk[i]!.index]!;
      // one task joined or left one queue between two presses, and the panels read differently
      expect(queueChanges(a, b), `step ${i - 1} → ${i}`).toBe(1);
      expect(queuesAt(walk[i]!)).not.toBe(queuesAt(walk[i - 1]!));
      // …and no change was jumped over on the way
      let changes = 0;
      for (let k = walk[i - 1]!.index + 1; k <= walk[i]!.index; k++)
        changes += queueChanges(run.steps[k - 1]!, run.steps[k]!);
      expect(changes, `step ${i - 1} → ${i}`).toBe(1);
    }
    expect(walk.length - 1).toBe(queueChangeSteps(run).length);
    // the last step is the end of the run: nothing queued any more
    const end = states[states.length - 1]!;
    expect(end.index).toBe(stepCount(end) - 1);
    expect(queuesAt(end)).toBe(' |  |  |  | ');
    // the story the steps tell: the microtask queue fills (C, then the continuation) and drains before the timer
    expect(walk.map(queuesAt)).toEqual([
      ' |  |  |  | ',
      " | () => console.log('B') |  |  | ",
      "() => console.log('C') | () => console.log('B') |  |  | ",
      "() => console.log('C'),async () => { console.log('D'); a… | () => console.log('B') |  |  | ",
      "async () => { console.log('D'); a… | () => console.log('B') |  |  | ",
      " | () => console.log('B') |  |  | ",
      ' |  |  |  | ',
    ]);
  });

  it('the clicker never makes or checks a guess for the person; their order and their check stay theirs', () => {
    const fresh = initialState();
    for (let i = 0; i < SPEAKER_SEQUENCE.length; i++) {
      const st = stateForStep(i, fresh);
      expect(st.guessPhase, `step ${i}`).toBe(i === 0 ? 'guess' : 'skipped');
      expect(st.guess).toEqual(fresh.guess);
    }
    // a person who ordered the lines: the walk keeps their order, and step 0 gives it back unchecked
    const ordered = moveLine(moveLine(fresh, 0, 1), 3, 1);
    expect(ordered.guess).not.toEqual(fresh.guess);
    const walked = stateForStep(3, ordered);
    expect(walked.guessPhase).toBe('skipped');
    expect(walked.guess).toEqual(ordered.guess);
    const back = stateForStep(0, walked);
    expect(back.guessPhase).toBe('guess');
    expect(back.guess).toEqual(ordered.guess);
    // a person who checked their guess: it stays checked (their score) through the walk
    const checked = checkGuess(ordered);
    for (let i = 0; i < SPEAKER_SEQUENCE.length; i++) {
      expect(stateForStep(i, checked).guessPhase).toBe('checked');
      expect(stateForStep(i, checked).guess).toEqual(ordered.guess);
    }
    // someone else's example or code: the walk is the seed's, with its starting guess
    const other = stateForStep(2, chooseExample(fresh, 'nextTick'));
    expect(other.example).toBe('seed');
    expect(other.guess).toEqual(fresh.guess);
  });

  it('the explanation shows when the walk ends (or once the person checked their guess), not before', () => {
    const last = SPEAKER_SEQUENCE.length - 1;
    for (let i = 0; i < last; i++) expect(explanationShown(stateForStep(i, initialState())), `step ${i}`).toBe(false);
    expect(explanationShown(stateForStep(last, initialState()))).toBe(true);
    expect(explanationShown(stateForStep(1, checkGuess(initialState())))).toBe(true);
  });

  it('a run the simulator stopped ends "stopped", not "finished" (the busy wait), in both languages', () => {
    const busy = toEnd(chooseExample(initialState(), 'busyWait', withSimulator), withSimulator);
    const run = currentRun(busy, withSimulator)!;
    if (!run.ok) throw new Error('refused');
    expect(run.end.code).toBe('starvedMicrotasks');
    const snap = run.steps[busy.index]!;
    expect(phaseLabel(microMacroText.en, snap.phase, run.end.code, codeText.en)).toBe('stopped, not finished');
    expect(phaseLabel(microMacroText.ru, snap.phase, run.end.code, codeText.ru)).toBe('остановлено, не завершено');
    const seed = toEnd(initialState());
    const done = currentRun(seed)!;
    if (!done.ok) throw new Error('refused');
    expect(phaseLabel(microMacroText.en, done.steps[seed.index]!.phase, done.end.code)).toBe('finished');
    expect(phaseLabel(microMacroText.ru, done.steps[seed.index]!.phase, done.end.code)).toBe('завершено');
  });
});
