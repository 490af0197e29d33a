/**
 * The state of the `micro-macro` demo, pure: which example (or the person's own code), which runtime, the guess
 * (an order of the output lines) and the step being looked at. The runs themselves come from shared/js-sim and are
 * derived from the state (memoised), so the state stays small and every step can be revisited.
 */
import { EXAMPLES, exampleById, type ExampleId } from './micro-macro-examples.ts';
import { logLines, needsNode, simulate, type Runtime, type SimResult } from '../shared/js-sim/index.ts';
import { hashString, mulberry32 } from '../../lib/random.ts';
import { back, forward, goTo, reset, toEnd } from '../../lib/stepping.ts';
import { clampStep } from '../../lib/demo-contract.ts';
import { SPEAKER_SEQUENCE } from './micro-macro-sequence.ts';

export { SPEAKER_SEQUENCE } from './micro-macro-sequence.ts';

export type Choice = ExampleId | 'custom';

export interface MicroMacroState {
  example: Choice;
  runtime: Runtime;
  /** the text in the "your code" editor */
  draft: string;
  /** the code last sent to the simulator from the editor ('' = not run yet) */
  custom: string;
  /** whether the editor is shown (custom mode) rather than the highlighted code */
  editing: boolean;
  /** the person's order of the output lines; empty when there is nothing to order */
  guess: string[];
  /** index in `guess` of the selected line, or -1 */
  selected: number;
  /** 'guess': ordering; 'checked': the guess was checked; 'skipped': the person skipped it */
  guessPhase: 'guess' | 'checked' | 'skipped';
  /** the snapshot shown: an index into the run's steps (lib/stepping.ts) */
  index: number;
}

const DEFAULT_DRAFT = `console.log('start');
setTimeout(() => console.log('timeout'), 0);
Promise.resolve().then(() => console.log('then'));
console.log('end');`;

// ------------------------------------------------------------------------------------------------------------
// Runs (memoised: simulate() is pure and deterministic)

const cache = new Map<string, SimResult>();

export function runFor(source: string, runtime: Runtime): SimResult {
  const key = `${runtime}\u0000${source}`;
  let r = cache.get(key);
  if (!r) {
    r = simulate(source, runtime);
    if (cache.size > 40) cache.clear();
    cache.set(key, r);
  }
  return r;
}

export function sourceOf(s: MicroMacroState): string {
  if (s.example === 'custom') return s.custom;
  return exampleById(s.example)?.code ?? '';
}

export function currentRun(s: MicroMacroState): SimResult | null {
  const src = sourceOf(s);
  if (s.example === 'custom' && src === '') return null;
  return runFor(src, s.runtime);
}

/** Runtimes the current code can run in. */
export function runtimesFor(s: MicroMacroState): readonly Runtime[] {
  if (s.example !== 'custom') return exampleById(s.example)?.runtimes ?? ['browser', 'node'];
  return needsNode(s.custom || s.draft) ? ['node'] : ['browser', 'node'];
}

// ------------------------------------------------------------------------------------------------------------
// Guess

/**
 * The order the guess starts from: the lines in the order they appear in the source (what a reader who ignores
 * the event loop would expect), or, if that happens to be right, a seeded shuffle that is not.
 */
export function startingOrder(lines: readonly string[], source: string): string[] {
  if (lines.length < 2) return [];
  const pos = (line: string): number => {
    const i = source.indexOf(`'${line}'`);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const bySource = lines
    .map((l, i) => ({ l, i }))
    .sort((a, b) => pos(a.l) - pos(b.l) || a.i - b.i)
    .map((x) => x.l);
  if (bySource.some((l, i) => l !== lines[i])) return bySource;
  const rnd = mulberry32(hashString(source));
  const out = [...lines];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  if (out.every((l, i) => l === lines[i])) out.push(out.shift()!);
  return out;
}

/** The orders that count as right: the predicted one and, where timing decides, the others. */
export function acceptedOrders(run: SimResult): string[][] {
  if (!run.ok) return [];
  const orders = [logLines(run)];
  if (run.timing?.affectsOutput) orders.push(...run.timing.alternatives);
  return orders;
}

/** Per position: is the guessed line the one printed there (against the accepted order that fits best)? */
export function gradeGuess(
  guess: readonly string[],
  accepted: readonly (readonly string[])[],
): { right: boolean[]; against: readonly string[] } {
  let best: { right: boolean[]; against: readonly string[] } = {
    right: guess.map(() => false),
    against: accepted[0] ?? [],
  };
  let bestScore = -1;
  for (const order of accepted) {
    const right = guess.map((l, i) => order[i] === l);
    const score = right.filter(Boolean).length;
    if (score > bestScore) {
      bestScore = score;
      best = { right, against: order };
    }
  }
  return best;
}

export function moveLine(s: MicroMacroState, from: number, delta: -1 | 1): MicroMacroState {
  const to = from + delta;
  if (s.guessPhase !== 'guess' || from < 0 || to < 0 || from >= s.guess.length || to >= s.guess.length) return s;
  const guess = [...s.guess];
  [guess[from], guess[to]] = [guess[to]!, guess[from]!];
  return { ...s, guess, selected: to };
}

// ------------------------------------------------------------------------------------------------------------
// Transitions

function withFreshGuess(s: MicroMacroState): MicroMacroState {
  const run = currentRun(s);
  const lines = run && run.ok ? logLines(run) : [];
  const guess = startingOrder(lines, sourceOf(s));
  return { ...s, guess, selected: -1, guessPhase: guess.length >= 2 ? 'guess' : 'skipped', index: 0 };
}

export function initialState(): MicroMacroState {
  return withFreshGuess({
    example: 'seed',
    runtime: 'browser',
    draft: DEFAULT_DRAFT,
    custom: '',
    editing: false,
    guess: [],
    selected: -1,
    guessPhase: 'guess',
    index: 0,
  });
}

export function chooseExample(s: MicroMacroState, example: Choice): MicroMacroState {
  if (example === 'custom') {
    return { ...s, example, editing: true, custom: '', guess: [], selected: -1, guessPhase: 'skipped', index: 0 };
  }
  const ex = exampleById(example) ?? EXAMPLES[0]!;
  const runtime = ex.runtimes.includes(s.runtime) ? s.runtime : ex.runtimes[0]!;
  return withFreshGuess({ ...s, example: ex.id, runtime, editing: false });
}

export function chooseRuntime(s: MicroMacroState, runtime: Runtime): MicroMacroState {
  if (!runtimesFor(s).includes(runtime) || runtime === s.runtime) return s;
  return withFreshGuess({ ...s, runtime });
}

export function editDraft(s: MicroMacroState, draft: string): MicroMacroState {
  return { ...s, draft };
}

/** Sends the editor's text to the simulator (custom mode). */
export function runDraft(s: MicroMacroState): MicroMacroState {
  const runtime: Runtime = needsNode(s.draft) ? 'node' : s.runtime;
  const next = { ...s, example: 'custom' as const, custom: s.draft, runtime };
  const run = currentRun(next);
  if (!run || !run.ok) return { ...next, editing: true, guess: [], selected: -1, guessPhase: 'skipped', index: 0 };
  return withFreshGuess({ ...next, editing: false });
}

export function editAgain(s: MicroMacroState): MicroMacroState {
  return { ...s, editing: true };
}

export function checkGuess(s: MicroMacroState): MicroMacroState {
  return s.guessPhase === 'guess' ? { ...s, guessPhase: 'checked', selected: -1 } : s;
}

export function skipGuess(s: MicroMacroState): MicroMacroState {
  return s.guessPhase === 'guess' ? { ...s, guessPhase: 'skipped', selected: -1 } : s;
}

export function guessAgain(s: MicroMacroState): MicroMacroState {
  return withFreshGuess(s);
}

export function stepCount(s: MicroMacroState): number {
  const run = currentRun(s);
  return run && run.ok ? run.steps.length : 0;
}

/** To snapshot `step` of the run, clamped (lib/stepping moves the index). */
export function goToStep(s: MicroMacroState, step: number): MicroMacroState {
  return goTo(s, step, stepCount(s));
}

export function stepForward(s: MicroMacroState): MicroMacroState {
  return forward(s, stepCount(s));
}

export function stepBack(s: MicroMacroState): MicroMacroState {
  return back(s);
}

export function rewind(s: MicroMacroState): MicroMacroState {
  return reset(s);
}

export function toLastStep(s: MicroMacroState): MicroMacroState {
  return toEnd(s, stepCount(s));
}

/** The first step after the script and its microtasks (a natural pause in a walk-through). */
export function firstMacrotaskStep(s: MicroMacroState): number {
  const run = currentRun(s);
  if (!run || !run.ok) return 0;
  const i = run.steps.findIndex(
    (st) =>
      st.event.code === 'taskStart' &&
      st.event.params['queue'] !== 'microtasks' &&
      st.event.params['queue'] !== 'ticks',
  );
  return i < 0 ? run.steps.length - 1 : i;
}

/**
 * The state for a speaker step (micro-macro-sequence.ts), on the seed example whatever the person had: the guess,
 * the guess checked (from the starting order), the script and its microtasks done just before the timer, the end.
 */
export function stateForStep(step: number, current: MicroMacroState): MicroMacroState {
  void current;
  const base = initialState();
  const entry = SPEAKER_SEQUENCE[clampStep(step, SPEAKER_SEQUENCE.length)]!;
  if (entry.show === 'guess') return base;
  const checked = checkGuess(base);
  if (entry.show === 'checked') return checked;
  if (entry.show === 'before-timer') return goToStep(checked, firstMacrotaskStep(checked));
  return toLastStep(checked);
}
