/**
 * The state of the `micro-macro` demo, pure: which example (or the person's own code), which runtime, the guess
 * (an order of the output lines) and the step being looked at. The runs themselves come from shared/js-sim and are
 * derived from the state, so the state stays small and every step can be revisited: an example's run is computed
 * here, synchronously (small and known; the speaker sequence and print need it at once, memoised in a cache bounded
 * by size); a run of the person's code is made off the page's thread by the element (shared/sim-runner), which
 * keeps the results in a store and passes it in (`RunLookup`). The state only says where that run stands (`job`).
 */
import { EXAMPLES, exampleById, type ExampleId } from './micro-macro-examples.ts';
import { logLines, mentionsNodeOnly, queueViews, unpack, type Packed } from '../shared/js-sim/index.ts';
import type { Runtime, SimResult, Snapshot } from '../shared/js-sim/index.ts';
import { hashString, mulberry32 } from '../../lib/random.ts';
import type { RunLookup } from '../shared/sim-runner/result-store.ts';
import { isBlankSnippet, MAX_SNIPPET_BYTES, utf8Bytes } from '../shared/sim-runner/sim-limits.ts';
import SEED_RECORDINGS from './micro-macro-seed-recordings.json';
import * as stepping from '../../lib/stepping.ts';
import { SPEAKER_SEQUENCE } from './micro-macro-sequence.ts';

export { SPEAKER_SEQUENCE } from './micro-macro-sequence.ts';

export type Choice = ExampleId | 'custom';

/**
 * Where the run of the person's code (`custom`) stands: 'none' not sent; 'empty' the code sent had nothing to run;
 * 'running' the element's runner has it; 'ready' its result is in the element's store; 'timeout' it took longer
 * than the budget; 'tooLarge' its recording is too large to show; 'crashed' the simulator failed on it; 'cancelled' the
 * person stopped it; 'tooLong' the snippet itself is larger than "Your code" takes (MAX_SNIPPET_BYTES): not sent.
 */
export type CustomJob =
  | { status: 'none' | 'empty' | 'running' | 'ready' | 'cancelled' }
  | { status: 'tooLong'; bytes: number }
  /** on a page that allows no worker: one task ran longer at once than the page's thread is lent (taskMs) */
  | { status: 'overrun'; ops: number; line: number | null; taskMs: number }
  | { status: 'timeout'; budgetMs: number }
  | { status: 'tooLarge'; bytes: number }
  | { status: 'crashed'; detail: string };

export type RunFailure = Extract<CustomJob, { status: 'timeout' | 'tooLarge' | 'crashed' | 'cancelled' | 'overrun' }>;

const NO_RUNS: Runs = { get: () => undefined };

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
  /** custom mode: where the run of `custom` in `runtime` stands */
  job: CustomJob;
  /**
   * A paste or drop refused before it reached the editor, since the code would have been larger than "Your code"
   * takes: the size it would have had (bytes). 0 or absent: none.
   */
  refusedBytes?: number;
}

const DEFAULT_DRAFT = `console.log('start');
setTimeout(() => console.log('timeout'), 0);
Promise.resolve().then(() => console.log('then'));
console.log('end');`;

// ------------------------------------------------------------------------------------------------------------
// Runs. An example's: its recording, made at build time (micro-macro-recordings.json, written by
// scripts/micro-macro-recordings.ts; a unit test checks it equals a fresh simulation), so the page shows the examples
// without the simulator. The talk's example's recordings (micro-macro-seed-recordings.json) come with the page: the
// slide opens on it, and the speaker sequence and the handout need its run at once. The others' (5 KB gzipped) are
// loaded by the element when one is picked, and passed in (`Runs`). An example recorded there is not (the busy wait:
// 3,000 steps, 22 KB gzipped) is simulated here once the element has loaded the simulator and passes it in too. The
// person's code: from the element's store, once its job is 'ready' (the worker runs it).

/** what the model asks of the simulator, once the element has loaded it (js-sim's loadSimulator) */
export interface Simulator {
  simulate(source: string, runtime: Runtime): SimResult;
  needsNode(source: string): boolean;
}

/** an example's run in one runtime, recorded at build time (scripts/micro-macro-recordings.ts) */
export interface Recording {
  id: string;
  runtime: string;
  source: string;
  run: Packed;
}

/**
 * Where the model finds runs: the element's store of the person's runs (`get`) and, once the element has loaded
 * them, every example's recordings (micro-macro-recordings.json) and the simulator (examples without a recording run,
 * and "Your code" is parsed to tell its runtime).
 */
export interface Runs extends RunLookup {
  readonly simulator?: Simulator | null;
  readonly recordings?: readonly Recording[] | null;
}

const seedRecordings = SEED_RECORDINGS as readonly Recording[];
/** the examples' runs, read from their recordings or simulated, each once (bounded by the examples: 2 runtimes each) */
const exampleRuns = new Map<string, SimResult>();

function findRecording(source: string, runtime: Runtime, runs: Runs): Recording | undefined {
  const match = (x: Recording) => x.runtime === runtime && x.source === source;
  return seedRecordings.find(match) ?? runs.recordings?.find(match);
}

function exampleRun(source: string, runtime: Runtime, runs: Runs): SimResult | null {
  const key = `${runtime}\u0000${source}`;
  let r = exampleRuns.get(key);
  if (r) return r;
  const stored = findRecording(source, runtime, runs);
  if (stored) r = unpack(stored.run) as SimResult;
  else if (runs.simulator) r = runs.simulator.simulate(source, runtime);
  else return null;
  exampleRuns.set(key, r);
  return r;
}

/**
 * Whether the state needs the examples' recordings on the page: an example other than the talk's, before they are
 * loaded. The element loads them then, and only then.
 */
export function needsRecordings(s: MicroMacroState, runs: Runs = NO_RUNS): boolean {
  if (s.example === 'custom' || runs.recordings) return false;
  return !findRecording(sourceOf(s), s.runtime, runs);
}

/**
 * Whether the state needs the simulator on the page: "Your code" (to tell whether it needs Node as it is typed), or an
 * example without a recording (known once the recordings are loaded). The element loads it then, and only then.
 */
export function needsSimulator(s: MicroMacroState, runs: Runs = NO_RUNS): boolean {
  if (runs.simulator) return false;
  if (s.example === 'custom' || s.editing) return true;
  return !needsRecordings(s, runs) && !findRecording(sourceOf(s), s.runtime, runs);
}

/**
 * The recordings or the simulator have arrived: an example that had no run yet gets its run's starting guess (as
 * choosing it would have given with the run at hand).
 */
export function simulatorArrived(s: MicroMacroState, hadRun: boolean, runs: Runs): MicroMacroState {
  if (s.example === 'custom' || hadRun || !currentRun(s, runs)) return s;
  return withFreshGuess(s, runs);
}

export function sourceOf(s: MicroMacroState): string {
  if (s.example === 'custom') return s.custom;
  return exampleById(s.example)?.code ?? '';
}

/** The run shown: an example's, or the person's code's from `runs` once ready (null while there is none). */
export function currentRun(s: MicroMacroState, runs: Runs = NO_RUNS): SimResult | null {
  if (s.example !== 'custom') return exampleRun(sourceOf(s), s.runtime, runs);
  if (s.custom === '' || s.job.status !== 'ready') return null;
  return runs.get(s.custom, s.runtime) ?? null;
}

/**
 * The job the element should have in flight for this state (its runner runs it and reports with `runFinished` /
 * `runFailed`), or null: a run of the person's code that is 'running', or 'ready' but missing from the store (the
 * element was re-created, or the result was evicted).
 */
export function wantedJob(s: MicroMacroState, runs: Runs): { source: string; runtime: Runtime } | null {
  if (s.example !== 'custom' || s.custom === '') return null;
  if (s.job.status === 'running' || (s.job.status === 'ready' && !runs.get(s.custom, s.runtime)))
    return { source: s.custom, runtime: s.runtime };
  return null;
}

/** Runtimes the current code can run in. */
export function runtimesFor(s: MicroMacroState, runs: Runs = NO_RUNS): readonly Runtime[] {
  if (s.example !== 'custom') return exampleById(s.example)?.runtimes ?? ['browser', 'node'];
  return nodeOnly(s.custom || s.draft, runs.simulator) ? ['node'] : ['browser', 'node'];
}

/**
 * needsNode parses the code: asked on every render, it remembers its last answer. A snippet larger than "Your code"
 * takes is not parsed (it is refused on Run).
 */
let lastNodeOnly: { source: string; value: boolean } = { source: '', value: false };
function nodeOnly(source: string, simulator: Simulator | null | undefined): boolean {
  // until the simulator is loaded (it is asked for as soon as the person edits code), a Node-only name anywhere
  if (!simulator) return !tooLong(source) && mentionsNodeOnly(source);
  if (lastNodeOnly.source !== source) lastNodeOnly = { source, value: !tooLong(source) && simulator.needsNode(source) };
  return lastNodeOnly.value;
}

/** The snippet's size if it is larger than "Your code" takes, else 0 (cheap: the length bounds the UTF-8 size). */
export function snippetOverLimit(source: string): number {
  if (source.length * 3 <= MAX_SNIPPET_BYTES) return 0;
  const bytes = utf8Bytes(source);
  return bytes > MAX_SNIPPET_BYTES ? bytes : 0;
}
const tooLong = (source: string): boolean => snippetOverLimit(source) > 0;

/** A listing longer than this many lines is shown as a window around the current line (highlighting is per render). */
export const LISTING_LINES = 200;
/** the lines of that window, and how many come before the current line */
const WINDOW_LINES = 30;
const WINDOW_BEFORE = 10;

/** the last source split into lines (the listing is asked for on every step) */
let lastLines: { source: string; lines: string[] } = { source: '', lines: [''] };

/**
 * What a continuation after `await` runs first, for its chip in the queue: the simulator names it after its async
 * function (whose source begins with the code before the await), so the chip showed D's code for the continuation
 * that prints E. Given the await's line: the rest of that line after the awaited statement, else the next line that
 * is not blank, trimmed and cut to `max` characters. Null when there is no such line.
 */
export function continuationExcerpt(source: string, line: number, max = 40): string | null {
  const lines = source.split('\n');
  const at = lines[line - 1];
  if (at === undefined) return null;
  const awaitAt = at.indexOf('await');
  const end = awaitAt < 0 ? -1 : at.indexOf(';', awaitAt);
  const rest = end < 0 ? '' : at.slice(end + 1).trim();
  const text =
    rest ||
    lines
      .slice(line)
      .find((l) => l.trim() !== '')
      ?.trim();
  if (!text) return null;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * What the listing shows of `source`: all of it, or for a long one (more than LISTING_LINES lines) a window of
 * WINDOW_LINES lines around `line` (1-based; null: from the top). `first` is the window's first line (1-based).
 */
export function listingWindow(
  source: string,
  line: number | null,
): { code: string; first: number; last: number; total: number } {
  if (lastLines.source !== source) lastLines = { source, lines: source.replace(/\n$/, '').split('\n') };
  const lines = lastLines.lines;
  const total = lines.length;
  if (total <= LISTING_LINES) return { code: source, first: 1, last: total, total };
  const first = Math.max(1, Math.min((line ?? 1) - WINDOW_BEFORE, total - WINDOW_LINES + 1));
  const last = first + WINDOW_LINES - 1;
  return { code: lines.slice(first - 1, last).join('\n'), first, last, total };
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

/**
 * The most printed lines the guess offers to order. A program that prints more skips the guess (ordering a hundred
 * lines by hand is no exercise, and drawing 100,000 of them with their buttons held the page for 20 s and 2.5 GB).
 */
export const GUESS_MAX_LINES = 50;

/** How many lines the run prints to the console's log (what the guess would order). */
export function printedLines(run: SimResult | null): number {
  if (!run || !run.ok) return 0;
  let n = 0;
  for (const o of run.output) if (o.kind === 'log') n++;
  return n;
}

/** The most output lines the output panel draws: the latest ones printed at the step shown. */
export const OUTPUT_LINES = 50;

/**
 * The output lines drawn at a step: the last OUTPUT_LINES of the first `printed` (how many the step has printed),
 * and how many earlier ones are left out (said in words beside them).
 */
export function outputWindow<T>(output: readonly T[], printed: number): { shown: T[]; hidden: number } {
  const end = Math.min(printed, output.length);
  const start = Math.max(0, end - OUTPUT_LINES);
  return { shown: output.slice(start, end), hidden: start };
}

function withFreshGuess(s: MicroMacroState, runs: Runs = NO_RUNS): MicroMacroState {
  const run = currentRun(s, runs);
  const lines = run && run.ok && printedLines(run) <= GUESS_MAX_LINES ? logLines(run) : [];
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
    job: { status: 'none' },
  });
}

export function chooseExample(s: MicroMacroState, example: Choice, runs: Runs = NO_RUNS): MicroMacroState {
  if (example === 'custom') {
    return {
      ...s,
      example,
      editing: true,
      custom: '',
      guess: [],
      selected: -1,
      guessPhase: 'skipped',
      index: 0,
      job: { status: 'none' },
    };
  }
  const ex = exampleById(example) ?? EXAMPLES[0]!;
  const runtime = ex.runtimes.includes(s.runtime) ? s.runtime : ex.runtimes[0]!;
  return withFreshGuess({ ...s, example: ex.id, runtime, editing: false, job: { status: 'none' } }, runs);
}

export function chooseRuntime(s: MicroMacroState, runtime: Runtime, runs: Runs = NO_RUNS): MicroMacroState {
  if (!runtimesFor(s, runs).includes(runtime) || runtime === s.runtime) return s;
  if (s.example === 'custom' && s.custom !== '' && s.job.status !== 'empty' && s.job.status !== 'none')
    return sendCustom({ ...s, runtime }, runs);
  return withFreshGuess({ ...s, runtime }, runs);
}

export function editDraft(s: MicroMacroState, draft: string): MicroMacroState {
  return s.refusedBytes ? { ...s, draft, refusedBytes: 0 } : { ...s, draft };
}

/**
 * A paste or drop that would make the draft `bytes` long: refused, the draft unchanged, when that is more than "Your
 * code" takes (the editor then never holds it: laying out a 1 MB text area alone held the page for a second).
 */
export function refuseInsert(s: MicroMacroState, bytes: number): MicroMacroState {
  return bytes > MAX_SNIPPET_BYTES ? { ...s, refusedBytes: bytes } : s;
}

const unguessed: Pick<MicroMacroState, 'guess' | 'selected' | 'guessPhase' | 'index'> = {
  guess: [],
  selected: -1,
  guessPhase: 'skipped',
  index: 0,
};

/**
 * Sends the editor's text to the simulator (custom mode): 'empty' when there is nothing to run; the result at once
 * when `runs` has it; otherwise 'running', and the element's runner takes it (`wantedJob`).
 */
export function runDraft(s: MicroMacroState, runs: Runs = NO_RUNS): MicroMacroState {
  // a snippet larger than "Your code" takes: refused with its size before anything parses it
  const bytes = snippetOverLimit(s.draft);
  if (bytes > 0)
    return { ...s, example: 'custom', custom: s.draft, editing: true, ...unguessed, job: { status: 'tooLong', bytes } };
  if (isBlankSnippet(s.draft))
    return { ...s, example: 'custom', custom: s.draft, editing: true, ...unguessed, job: { status: 'empty' } };
  const runtime: Runtime = nodeOnly(s.draft, runs.simulator) ? 'node' : s.runtime;
  return sendCustom({ ...s, example: 'custom', custom: s.draft, runtime }, runs);
}

function sendCustom(s: MicroMacroState, runs: Runs): MicroMacroState {
  const result = runs.get(s.custom, s.runtime);
  return result ? settle(s, result, runs) : { ...s, ...unguessed, job: { status: 'running' } };
}

function settle(s: MicroMacroState, result: SimResult, runs: Runs): MicroMacroState {
  const ready: MicroMacroState = { ...s, job: { status: 'ready' } };
  if (!result.ok) return { ...ready, editing: true, ...unguessed };
  const lookup: Runs = {
    get: (src, rt) => (src === s.custom && rt === s.runtime ? result : runs.get(src, rt)),
    simulator: runs.simulator,
  };
  return withFreshGuess({ ...ready, editing: false }, lookup);
}

const isFor = (s: MicroMacroState, source: string, runtime: Runtime): boolean =>
  s.example === 'custom' && s.custom === source && s.runtime === runtime && s.job.status === 'running';

/** The runner's result for `source` in `runtime`: shown if it is still the run the state waits for. */
export function runFinished(s: MicroMacroState, source: string, runtime: Runtime, result: SimResult): MicroMacroState {
  return isFor(s, source, runtime) ? settle(s, result, NO_RUNS) : s;
}

/** The runner gave up on `source` (the budget, a crash, a cancel): the editor again, with the reason. */
export function runFailed(s: MicroMacroState, source: string, runtime: Runtime, reason: RunFailure): MicroMacroState {
  return isFor(s, source, runtime) ? { ...s, editing: true, ...unguessed, job: reason } : s;
}

/** The person stops the run in flight. */
export function cancelRun(s: MicroMacroState): MicroMacroState {
  return s.job.status === 'running' ? { ...s, job: { status: 'cancelled' } } : s;
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

export function guessAgain(s: MicroMacroState, runs: Runs = NO_RUNS): MicroMacroState {
  return withFreshGuess(s, runs);
}

export function stepCount(s: MicroMacroState, runs: Runs = NO_RUNS): number {
  const run = currentRun(s, runs);
  return run && run.ok ? run.steps.length : 0;
}

/** To snapshot `step` of the run, clamped (lib/stepping moves the index). */
export function goTo(s: MicroMacroState, step: number, runs: Runs = NO_RUNS): MicroMacroState {
  return stepping.goTo(s, step, stepCount(s, runs));
}

export function forward(s: MicroMacroState, runs: Runs = NO_RUNS): MicroMacroState {
  return stepping.forward(s, stepCount(s, runs));
}

export function back(s: MicroMacroState): MicroMacroState {
  return stepping.back(s);
}

export function reset(s: MicroMacroState): MicroMacroState {
  return stepping.reset(s);
}

export function toEnd(s: MicroMacroState, runs: Runs = NO_RUNS): MicroMacroState {
  return stepping.toEnd(s, stepCount(s, runs));
}

/** The queues a task can wait in (the call stack is not one: it is what runs). */
const QUEUES = ['ticks', 'microtasks', 'timers', 'immediates', 'io'] as const;

/** How many tasks joined or left a queue between two snapshots (a task that moves from one queue to another counts twice). */
export function queueChanges(a: Snapshot, b: Snapshot): number {
  let n = 0;
  for (const q of QUEUES) {
    if (a[q] === b[q]) continue;
    const before = new Set(queueViews(a[q]).map((t) => t.id));
    const after = new Set(queueViews(b[q]).map((t) => t.id));
    for (const id of after) if (!before.has(id)) n++;
    for (const id of before) if (!after.has(id)) n++;
  }
  return n;
}

/** The snapshots at which the task queues change: where a speaker walk through the queues stops. */
export function queueChangeSteps(run: SimResult): number[] {
  if (!run.ok) return [];
  const out: number[] = [];
  for (let i = 1; i < run.steps.length; i++) if (queueChanges(run.steps[i - 1]!, run.steps[i]!) > 0) out.push(i);
  return out;
}

/**
 * Whether the example's explanation is shown: once the person checked their guess, or, when they did not, at the
 * end of the walk (shown earlier it would tell what the walk is about to show).
 */
export function explanationShown(s: MicroMacroState, runs: Runs = NO_RUNS): boolean {
  if (s.example === 'custom' || s.guessPhase === 'guess') return false;
  return s.guessPhase === 'checked' || s.index >= stepCount(s, runs) - 1;
}

const sameLines = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/**
 * The state for a speaker step (micro-macro-sequence.ts), on the seed example in the browser. The guess stays the
 * person's: the order they made of the seed's lines is kept, a guess they checked stays checked, and a guess they
 * did not check is never checked for them: the walk then shows the queues without a score ('skipped'), and step 0
 * gives the guess back. Each later step is the snapshot of the next change of the task queues; the last, the end.
 */
export function stateForStep(step: number, current: MicroMacroState): MicroMacroState {
  const base = initialState();
  const entry = SPEAKER_SEQUENCE[stepping.clampIndex(step, SPEAKER_SEQUENCE.length)]!;
  const own =
    current.example === base.example && current.runtime === base.runtime && sameLines(current.guess, base.guess);
  const checked = own && current.guessPhase === 'checked';
  const guessed: MicroMacroState = { ...base, guess: own ? current.guess : base.guess };
  if (entry.show === 'guess') return checked ? { ...guessed, guessPhase: 'checked' } : guessed;
  const walking: MicroMacroState = { ...guessed, selected: -1, guessPhase: checked ? 'checked' : 'skipped' };
  if (entry.show === 'end') return toEnd(walking);
  const run = currentRun(walking);
  const at = run ? queueChangeSteps(run)[entry.change - 1] : undefined;
  return at === undefined ? toEnd(walking) : goTo(walking, at);
}

/**
 * What the handout (print) shows: the talk's example run to its end with its explanation (the speaker sequence's last
 * step), never the guess to make. Printed, the guess is a list of the lines in source order with no one to move
 * them, and it reads as the answer. A guess the person checked stays theirs, checked.
 */
export function printState(current: MicroMacroState): MicroMacroState {
  return stateForStep(SPEAKER_SEQUENCE.length - 1, current);
}
