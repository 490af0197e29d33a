/**
 * "Inside the asyncio loop": a pure model over the shared asyncio model (components/shared/asyncio-sim). Three
 * views, as seed 000's tabs: the loop's composition (three containers), the scheme of one turn (the six steps of
 * `_run_once`, one highlighted at a time) and the recording of a real small program's run, turn by turn, chosen
 * from presets or composed from a menu, with the `ntodo` snapshot switchable off (a thought experiment).
 */
import { clampIndex, forward, back, reset, goTo, stepTo, type Move } from '../../lib/stepping.ts';
import { run, type Program, type RunResult } from '../shared/asyncio-sim/index.ts';
import { SPEAKER_SEQUENCE } from './asyncio-loop-sequence.ts';
import { initialYours, type YoursState } from './asyncio-loop-yours-state.ts';
import {
  MAX_K,
  canAdd,
  composedProgram,
  listingOf,
  presetProgram,
  type MenuItem,
  type PresetId,
} from './asyncio-loop-programs.ts';

export { SPEAKER_SEQUENCE };
export { MENU, PRESETS, MAX_K, canAdd, type MenuItem, type PresetId } from './asyncio-loop-programs.ts';

export const VIEWS = ['composition', 'scheme', 'recording', 'yours'] as const;
export type View = (typeof VIEWS)[number];

/** The scheme's positions: 0 is run_forever calling `_run_once`, 1..6 its six steps. */
export const SCHEME_POSITIONS = 7;

/** The parts of the composition drawing a step of the scheme lights up. */
export type Part =
  'tasks' | 'callSoon' | 'callLater' | 'ready' | 'scheduled' | 'selector' | 'timeout' | 'io' | 'due' | 'run';

/** What works at each step of `_run_once` (index 0: none, run_forever is about to call it). */
export const STEP_PARTS: readonly (readonly Part[])[] = [
  [],
  ['scheduled'],
  ['ready', 'scheduled', 'timeout'],
  ['selector'],
  ['selector', 'io', 'ready'],
  ['scheduled', 'due', 'ready'],
  ['ready', 'run', 'tasks'],
];

export interface AsyncioLoopState {
  readonly view: View;
  /** The scheme's position: 0 (run_forever) or step 1..6 of `_run_once`. */
  readonly scheme: number;
  readonly preset: PresetId;
  /** The sleep0 preset's k. */
  readonly k: number;
  /** The composed program's lines (preset `custom`). */
  readonly composed: readonly MenuItem[];
  /** The `ntodo` snapshot of step 6 (CPython: always on). */
  readonly ntodo: boolean;
  /** The recording's position: 0 before the first turn, i after turn i (1-based). */
  readonly index: number;
  /** The menu line the composer would add next. */
  readonly pick: MenuItem;
  /** "Your code": the editor, the run and its recording (asyncio-loop-yours.ts). */
  readonly yours: YoursState;
}

export function initialState(): AsyncioLoopState {
  return {
    view: 'composition',
    scheme: 0,
    preset: 'empty',
    k: 3,
    composed: ['createTask', 'sleep0', 'awaitTask'],
    ntodo: true,
    index: 0,
    pick: 'sleep0',
    yours: initialYours(),
  };
}

// -- the recording ------------------------------------------------------------------------------------------------

export interface Recording {
  readonly program: Program;
  /** The Python it stands for (what the real check runs). */
  readonly listing: string;
  readonly run: RunResult;
}

export function programOf(s: Pick<AsyncioLoopState, 'preset' | 'k' | 'composed'>): Program {
  return s.preset === 'custom' ? composedProgram(s.composed) : presetProgram(s.preset, s.k);
}

const cache = new Map<string, Recording>();

/** The run of the state's program (pure; the last few are kept, keyed by what decides them). */
export function recordingOf(s: Pick<AsyncioLoopState, 'preset' | 'k' | 'composed' | 'ntodo'>): Recording {
  const key = JSON.stringify([
    s.preset,
    s.preset === 'sleep0' ? s.k : 0,
    s.preset === 'custom' ? s.composed : 0,
    s.ntodo,
  ]);
  const hit = cache.get(key);
  if (hit) return hit;
  const program = programOf(s);
  const rec: Recording = { program, listing: listingOf(program), run: run(program, { ntodoSnapshot: s.ntodo }) };
  if (cache.size >= 16) cache.delete(cache.keys().next().value!);
  cache.set(key, rec);
  return rec;
}

export function turnCount(s: AsyncioLoopState): number {
  return recordingOf(s).run.turns.length;
}

/** The recording's positions: before the first turn, then one per turn. */
export function positions(s: AsyncioLoopState): number {
  return turnCount(s) + 1;
}

/** Handles as a person reads them: runs of the same callback (four or more) grouped into one entry. */
export interface HandleGroup {
  readonly callback: string;
  /** The tasks the handles belong to, in order of first appearance (none for plain callbacks). */
  readonly tasks: readonly string[];
  readonly count: number;
}

/** What grouping needs of a handle: the model's (HandleInfo) and a real recording's (asyncio-loop-yours.ts) alike. */
export interface Groupable {
  readonly callback: string;
  readonly task?: string | null;
}

/**
 * The handles split as a person reads them: a run of four or more of the same callback is one slice, every other
 * handle a slice of its own; in order, none lost.
 */
export function handleRuns<H extends Groupable>(hs: readonly H[]): (readonly H[])[] {
  const out: (readonly H[])[] = [];
  let i = 0;
  while (i < hs.length) {
    let j = i + 1;
    while (j < hs.length && hs[j]!.callback === hs[i]!.callback) j++;
    const run = hs.slice(i, j);
    if (run.length >= 4) out.push(run);
    else for (const h of run) out.push([h]);
    i = j;
  }
  return out;
}

/** One slice of handleRuns as a group: its callback, its tasks in order of first appearance, how many. */
export function groupOf(run: readonly Groupable[]): HandleGroup {
  const tasks: string[] = [];
  for (const h of run) if (h.task && !tasks.includes(h.task)) tasks.push(h.task);
  return { callback: run[0]!.callback, tasks, count: run.length };
}

export function groupHandles(hs: readonly Groupable[]): HandleGroup[] {
  return handleRuns(hs).map(groupOf);
}

/** The phases of asyncio.run that took turns, in order, with how many. */
export function phaseCounts(r: RunResult): { phase: string; turns: number }[] {
  const order = ['main', 'cancel_all_tasks', 'shutdown_asyncgens', 'shutdown_default_executor'] as const;
  return order.filter((p) => r.turnsByPhase[p] > 0).map((p) => ({ phase: p, turns: r.turnsByPhase[p] }));
}

// -- the person's actions -----------------------------------------------------------------------------------------

export function setView(s: AsyncioLoopState, view: View): AsyncioLoopState {
  return { ...s, view };
}

/** A change of "Your code"'s part of the state. */
export function setYours(s: AsyncioLoopState, yours: YoursState): AsyncioLoopState {
  return yours === s.yours ? s : { ...s, yours };
}

/** The scheme's step cursor (0..5) through lib/stepping. */
export function schemeTo(s: AsyncioLoopState, how: 'forward' | 'back' | 'reset' | number): AsyncioLoopState {
  const c = { index: s.scheme };
  const next =
    how === 'forward'
      ? forward(c, SCHEME_POSITIONS)
      : how === 'back'
        ? back(c)
        : how === 'reset'
          ? reset(c)
          : goTo(c, how, SCHEME_POSITIONS);
  return next.index === s.scheme ? s : { ...s, scheme: next.index };
}

/** The recording's turn cursor through lib/stepping. */
export function turnTo(s: AsyncioLoopState, how: Move): AsyncioLoopState {
  return stepTo(s, how, positions(s));
}

export function setPreset(s: AsyncioLoopState, preset: PresetId): AsyncioLoopState {
  return { ...s, preset, index: 0 };
}

export function setK(s: AsyncioLoopState, k: number): AsyncioLoopState {
  return { ...s, k: clampIndex(k, MAX_K + 1), index: 0 };
}

export function setNtodo(s: AsyncioLoopState, ntodo: boolean): AsyncioLoopState {
  const next = { ...s, ntodo };
  return { ...next, index: clampIndex(s.index, positions(next)) };
}

export function addItem(s: AsyncioLoopState, item: MenuItem): AsyncioLoopState {
  if (!canAdd(s.composed, item)) return s;
  return { ...s, preset: 'custom', composed: [...s.composed, item], index: 0 };
}

/** Removes line `i` of the composition (and any `await tN` left without a task before it). */
export function removeItem(s: AsyncioLoopState, i: number): AsyncioLoopState {
  if (i < 0 || i >= s.composed.length) return s;
  const rest = s.composed.filter((_, j) => j !== i);
  const kept: MenuItem[] = [];
  for (const item of rest) if (item !== 'awaitTask' || kept.includes('createTask')) kept.push(item);
  return { ...s, preset: 'custom', composed: kept, index: 0 };
}

export function setPick(s: AsyncioLoopState, pick: MenuItem): AsyncioLoopState {
  return { ...s, pick };
}

export function clearItems(s: AsyncioLoopState): AsyncioLoopState {
  return { ...s, preset: 'custom', composed: [], index: 0 };
}

// -- the speaker sequence -----------------------------------------------------------------------------------------

export function stateForStep(step: number, current: AsyncioLoopState): AsyncioLoopState {
  const entry = SPEAKER_SEQUENCE[clampIndex(step, SPEAKER_SEQUENCE.length)]!;
  // a speaker step keeps what the person wrote and recorded
  const base: AsyncioLoopState = { ...initialState(), k: current.k, composed: current.composed, yours: current.yours };
  if (entry.view === 'composition') return base;
  if (entry.view === 'scheme') return { ...base, view: 'scheme', scheme: entry.scheme };
  const s: AsyncioLoopState = { ...base, view: 'recording', preset: entry.preset, ntodo: entry.ntodo };
  return entry.turn === 'last' ? turnTo(s, 'end') : turnTo(s, entry.turn);
}

// -- what a turn shows --------------------------------------------------------------------------------------------

/** The short name a chip shows: the C Task's `TaskStepMethWrapper` is `Task.__step`, `task_wakeup` its `__wakeup`. */
export function handleName(callback: string): string {
  if (callback === 'TaskStepMethWrapper') return '__step';
  if (callback === 'Task.task_wakeup') return '__wakeup';
  if (callback === 'BaseSelectorEventLoop._read_from_self') return '_read_from_self';
  if (callback === 'gather.<locals>._done_callback') return 'gather._done_callback';
  return callback;
}

export interface TurnView {
  /** 1-based. */
  readonly number: number;
  readonly phase: string;
  readonly removed: number;
  readonly timeout: number | null;
  /** ns the thread slept in select(). */
  readonly slept: number;
  readonly io: number;
  readonly due: number;
  readonly ntodo: number;
  readonly starved: boolean;
  readonly ran: readonly HandleGroup[];
  readonly readyBefore: readonly HandleGroup[];
  readonly readyAfter: readonly HandleGroup[];
  readonly scheduledAfter: readonly HandleGroup[];
}

/** The turn at the state's position (null before the first). */
export function turnView(s: AsyncioLoopState): TurnView | null {
  const turns = recordingOf(s).run.turns;
  const t = s.index >= 1 ? turns[clampIndex(s.index - 1, turns.length)] : undefined;
  if (!t) return null;
  return {
    number: t.index + 1,
    phase: t.phase,
    removed: t.step1.removed.length,
    timeout: t.step2.timeout,
    slept: t.step3.end - t.step3.start,
    io: t.step3.arrived.length + t.step4.added.length,
    due: t.step5.moved.length,
    ntodo: t.step6.ntodo,
    starved: t.step6.starved === true,
    ran: groupHandles(t.step6.ran.filter((r) => !r.skipped).map((r) => r.handle)),
    readyBefore: groupHandles(t.readyAtStart),
    readyAfter: groupHandles(t.readyAtEnd),
    scheduledAfter: groupHandles(t.scheduledAtEnd),
  };
}

/** What `_ready` holds before the first turn: main's task's first __step. */
export function readyAtStart(s: AsyncioLoopState): HandleGroup[] {
  return groupHandles(recordingOf(s).run.turns[0]?.readyAtStart ?? []);
}

/** The turn (1-based) whose step 6 ran a callback named `name` (the starving program's timer: `ring`), or null. */
export function turnRunning(s: AsyncioLoopState, name: string): number | null {
  const t = recordingOf(s).run.turns.find((x) => x.step6.ran.some((r) => !r.skipped && r.handle.callback === name));
  return t ? t.index + 1 : null;
}
