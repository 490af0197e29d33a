/**
 * async-state-machine: an async function and the state machine a compiler turns it into.
 *
 * Pure model: no DOM, no timers, no randomness. Each function is described twice:
 *   - `asyncSource`: the async function as a person writes it (plain JavaScript);
 *   - `machineSource`: a hand-written, readable state-machine form of the same function
 *     (a heap object `f` with a `state` field and the locals, and a `switch` over states),
 *     close in spirit to what TypeScript's old ES5 `__generator` output or C#'s compiler produce.
 * The behaviour of the machine is given by `pieces`: one pure TypeScript function per `case N:`,
 * which mirrors the lines of `machineSource`. `trace()` runs the pieces against a scenario (what each
 * awaited operation resolves or rejects with) and returns the list of steps the slide shows: which piece
 * runs, the call stack, the heap object, the pending operation.
 *
 * Checked in tests/unit/async-state-machine.test.ts: the machine source, executed as real JavaScript,
 * walks through the same states and heap snapshots as the pieces; and TypeScript's real output for the
 * async source has one `yield` per resume point listed here, and the same run of awaited operations.
 */

import { clampIndex, goTo } from '../../lib/stepping.ts';
import { formatVal, getFn } from './async-state-machine-functions.ts';

export { FUNCTIONS, caseLines, entryLines, formatVal, getFn } from './async-state-machine-functions.ts';
import { SPEAKER_SEQUENCE } from './async-state-machine-sequence.ts';

export { SPEAKER_SEQUENCE };

/** A JSON-like value, enough for ids, users and lists. */
export type Val = number | string | boolean | null | undefined | readonly Val[] | { readonly [k: string]: Val };

/** An awaited operation: `db.get(7)` is `{ op: 'db.get', args: [7] }`. */
export interface OpCall {
  readonly op: string;
  readonly args: readonly Val[];
}

/** What an awaited operation settles with. */
export type Outcome = { readonly ok: true; readonly value: Val } | { readonly ok: false; readonly error: string };

/** What a piece is resumed with: nothing (the first call), a value, or a rejection. */
export type Input =
  | { readonly kind: 'start' }
  | { readonly kind: 'value'; readonly value: Val }
  | { readonly kind: 'error'; readonly error: string };

/** How a piece ends. */
export type Transition =
  | { readonly kind: 'await'; readonly next: number; readonly call: OpCall }
  | { readonly kind: 'goto'; readonly next: number }
  | { readonly kind: 'return'; readonly value: Val }
  | { readonly kind: 'throw'; readonly error: string };

/** The heap object: `state` plus the function's parameters and locals. */
export type Heap = Readonly<Record<string, Val>>;

export interface Piece {
  /** The `case N:` this piece is. */
  readonly state: number;
  /** 1-based lines of `asyncSource` this piece executes. */
  readonly asyncLines: readonly number[];
  /** 1-based lines of `machineSource` this piece spans (from its `case N:` line), derived from the listing. */
  readonly machineLines: readonly number[];
  /** Pure: the heap before, the input → the heap after (with `state` set) and how the piece ends. */
  readonly run: (heap: Heap, input: Input) => { readonly heap: Heap; readonly t: Transition };
}

/** A point where the function continues after an `await`. */
export interface ResumePoint {
  /** The state the machine is in while it waits, i.e. the `case` that resumes. */
  readonly state: number;
  /** The awaited expression, as written in `asyncSource`. */
  readonly awaitExpr: string;
  /** The line of `asyncSource` holding that `await`. */
  readonly asyncLine: number;
}

export interface Scenario {
  readonly id: string;
  /** Arguments of the call, in parameter order. */
  readonly args: readonly Val[];
  /** Outcome of each awaited call, keyed by `callKey(call)`. */
  readonly outcomes: Readonly<Record<string, Outcome>>;
}

export type FnId = 'load' | 'total' | 'safeLoad';

// The sequence is plain data without imports; typed here, so its entries are checked against the model's step kinds.
const SEQUENCE: readonly { readonly kind: StepKind; readonly state?: number }[] = SPEAKER_SEQUENCE;

export interface FnDef {
  readonly id: FnId;
  readonly params: readonly string[];
  /** Heap fields besides `state`, in display order (parameters first). */
  readonly heapKeys: readonly string[];
  readonly asyncSource: readonly string[];
  readonly machineSource: readonly string[];
  /** 1-based lines of `machineSource` that run at the call (the entry function), derived from the listing. */
  readonly entryLines: readonly number[];
  readonly pieces: readonly Piece[];
  readonly resumePoints: readonly ResumePoint[];
  readonly scenarios: readonly Scenario[];
}

/** `db.get(7)`, `price(3)`, `audit.log("Ann")`. */
export function callKey(call: OpCall): string {
  return `${call.op}(${call.args.map(formatVal).join(', ')})`;
}

// ---------------------------------------------------------------------------------------------
// The trace: what "Step" shows.

/** A frame of the call stack, bottom first. `code` is language-neutral; `kind` lets the view label it. */
export interface Frame {
  readonly kind: 'caller' | 'call' | 'step' | 'job';
  readonly code: string;
}

export type StepKind =
  /** The function is called: the heap object is created. */
  | 'call'
  /** One piece (`case N:`) runs on the stack. */
  | 'piece'
  /** The piece reached an `await`: the stack is empty, the heap object waits with its state. */
  | 'suspend'
  /** The returned promise is fulfilled. */
  | 'done'
  /** The returned promise is rejected. */
  | 'rejected';

export interface Step {
  readonly kind: StepKind;
  /** The piece that runs (for `piece`), or the state the machine waits in (`suspend`). */
  readonly state: number | null;
  readonly asyncLines: readonly number[];
  readonly machineLines: readonly number[];
  /** Bottom first; empty while suspended or finished. */
  readonly stack: readonly Frame[];
  /** The heap object after this step (`null` before the call). */
  readonly heap: Heap;
  /** `true` once nothing refers to the heap object any more. */
  readonly heapReleased: boolean;
  /** What the piece was resumed with (for a `piece` step entered after an `await`). */
  readonly input: Input;
  /** The awaited operation (for `suspend` and for the `piece` that started it). */
  readonly pending: OpCall | null;
  /** For `done`: the value; for `rejected`: the error. */
  readonly result?: Val;
  readonly error?: string;
  /** How many times the function has been suspended so far (awaits passed). */
  readonly pauses: number;
}

/** Upper bound on the steps of one trace (the functions here need fewer than 30). */
export const MAX_STEPS = 200;

function findPiece(fn: FnDef, state: number): Piece {
  const p = fn.pieces.find((x) => x.state === state);
  if (!p) throw new Error(`${fn.id}: no piece for state ${state}`);
  return p;
}

function initialHeap(fn: FnDef, args: readonly Val[]): Heap {
  const heap: Record<string, Val> = { state: 0 };
  for (const k of fn.heapKeys) heap[k] = undefined;
  fn.params.forEach((p, i) => {
    heap[p] = args[i];
  });
  return heap;
}

function callCode(fn: FnDef, args: readonly Val[]): string {
  return `${fn.id}(${args.map(formatVal).join(', ')})`;
}

/**
 * Runs the machine for a scenario and returns every step, from the call to the settled promise.
 * Pure: the same function and scenario always give the same steps.
 */
export function trace(fn: FnDef, scenario: Scenario): Step[] {
  const steps: Step[] = [];
  const call = callCode(fn, scenario.args);
  let heap = initialHeap(fn, scenario.args);
  let pauses = 0;
  steps.push({
    kind: 'call',
    state: null,
    asyncLines: [1],
    machineLines: fn.entryLines,
    stack: [
      { kind: 'caller', code: 'main()' },
      { kind: 'call', code: call },
    ],
    heap,
    heapReleased: false,
    input: { kind: 'start' },
    pending: null,
    pauses,
  });
  let state = 0;
  let input: Input = { kind: 'start' };
  let first = true; // the first pieces run inside the call, below main()
  for (let guard = 0; guard < MAX_STEPS; guard++) {
    const piece = findPiece(fn, state);
    const { heap: after, t } = piece.run(heap, input);
    heap = after;
    const stack: Frame[] = first
      ? [
          { kind: 'caller', code: 'main()' },
          { kind: 'call', code: call },
          { kind: 'step', code: `step(f) · case ${state}` },
        ]
      : [
          { kind: 'job', code: 'microtask' },
          { kind: 'step', code: `step(f) · case ${state}` },
        ];
    const pending = t.kind === 'await' ? t.call : null;
    steps.push({
      kind: 'piece',
      state,
      asyncLines: piece.asyncLines,
      machineLines: piece.machineLines,
      stack,
      heap,
      heapReleased: false,
      input,
      pending,
      pauses,
    });
    if (t.kind === 'goto') {
      state = t.next;
      input = { kind: 'start' };
      continue;
    }
    if (t.kind === 'await') {
      pauses++;
      steps.push({
        kind: 'suspend',
        state: t.next,
        asyncLines: piece.asyncLines.slice(-1),
        machineLines: piece.machineLines.slice(-1),
        stack: [],
        heap,
        heapReleased: false,
        input,
        pending: t.call,
        pauses,
      });
      const outcome = scenario.outcomes[callKey(t.call)];
      if (!outcome) throw new Error(`${fn.id}/${scenario.id}: no outcome for ${callKey(t.call)}`);
      input = outcome.ok ? { kind: 'value', value: outcome.value } : { kind: 'error', error: outcome.error };
      state = t.next;
      first = false;
      continue;
    }
    const last = fn.asyncSource.length;
    if (t.kind === 'return') {
      steps.push({
        kind: 'done',
        state: null,
        asyncLines: [last],
        machineLines: [],
        stack: [],
        heap,
        heapReleased: true,
        input,
        pending: null,
        result: t.value,
        pauses,
      });
    } else {
      steps.push({
        kind: 'rejected',
        state: null,
        asyncLines: [last],
        machineLines: [],
        stack: [],
        heap,
        heapReleased: true,
        input,
        pending: null,
        error: t.error,
        pauses,
      });
    }
    return steps;
  }
  throw new Error(`${fn.id}/${scenario.id}: more than ${MAX_STEPS} steps`);
}

/** The sequence of awaited calls and the final outcome of a trace (what the real runs are compared with). */
export interface RunSummary {
  readonly awaited: readonly string[];
  readonly outcome: { readonly ok: true; readonly value: Val } | { readonly ok: false; readonly error: string };
  /** The machine's state at each suspension. */
  readonly suspendedIn: readonly number[];
}

export function summarize(steps: readonly Step[]): RunSummary {
  const awaited: string[] = [];
  const suspendedIn: number[] = [];
  for (const s of steps) {
    if (s.kind === 'suspend' && s.pending && s.state !== null) {
      awaited.push(callKey(s.pending));
      suspendedIn.push(s.state);
    }
  }
  const last = steps[steps.length - 1];
  if (!last || (last.kind !== 'done' && last.kind !== 'rejected')) throw new Error('trace does not end');
  const outcome =
    last.kind === 'done' ? { ok: true as const, value: last.result } : { ok: false as const, error: last.error ?? '' };
  return { awaited, outcome, suspendedIn };
}

// ---------------------------------------------------------------------------------------------
// The slide's state: which function, which scenario, and the position in its trace.

export interface MachineState {
  readonly fnId: FnId;
  readonly scenarioId: string;
  readonly steps: readonly Step[];
  /** Index of the current step; 0 is the call. Going back is `index - 1`: every step is kept. */
  readonly index: number;
}

/** The state a fresh demo shows: `load(7)`, both calls succeeding, at its call. */
export function initialState(fnId: FnId = 'load', scenarioId?: string): MachineState {
  const fn = getFn(fnId);
  const scenario = fn.scenarios.find((s) => s.id === scenarioId) ?? fn.scenarios[0];
  if (!scenario) throw new Error(`${fnId}: no scenario`);
  return { fnId, scenarioId: scenario.id, steps: trace(fn, scenario), index: 0 };
}

/**
 * The state for a speaker step (async-state-machine-sequence.ts): step n of the sequence is step n of `load(7)`
 * with both calls succeeding, whatever the person had chosen. Moving through the trace is lib/stepping's.
 */
export function stateForStep(step: number, _current?: MachineState): MachineState {
  const start = initialState('load', 'ok');
  return goTo(start, clampIndex(step, SEQUENCE.length), start.steps.length);
}

export function current(s: MachineState): Step {
  const step = s.steps[s.index];
  if (!step) throw new Error('index out of range');
  return step;
}

export function selectFn(s: MachineState, fnId: FnId): MachineState {
  return fnId === s.fnId ? s : initialState(fnId, s.scenarioId);
}
export function selectScenario(s: MachineState, scenarioId: string): MachineState {
  return scenarioId === s.scenarioId ? s : initialState(s.fnId, scenarioId);
}

// ---------------------------------------------------------------------------------------------
// The listing of the machine as the slide shows it: folded to what matters at this step.

/** A listing to show, with its lines to highlight (1-based, in the shown listing). */
export interface ShownListing {
  readonly lines: readonly string[];
  readonly current: readonly number[];
}

/**
 * The machine listing folded for a step, so that the whole of it stays readable at a hall's size: the entry
 * function shrinks to one line (`function load(id) { … }`) unless it is what runs, and every `case` but the one
 * that runs (or has just paused) shrinks to its label (`case 1: …`). The switch and all its labels always show,
 * so the shape of the machine stays in view. `presented` (to a hall, where every character counts): the entry
 * function is left out altogether while it does not run.
 */
export function foldedMachine(fn: FnDef, step: Step, presented = false): ShownListing {
  const src = fn.machineSource;
  const hot = new Set(step.machineLines);
  // The entry function with its closing brace, then each piece.
  const entry = [...fn.entryLines, fn.entryLines[fn.entryLines.length - 1]! + 1];
  const sections: { readonly lines: readonly number[]; readonly fold: (first: string) => string }[] = [
    { lines: entry, fold: (first) => `${first.replace(/\s*\{$/, '')} { … }` },
    ...fn.pieces.map((p) => ({ lines: p.machineLines, fold: (first: string) => `${first} …` })),
  ];
  const sectionOf = new Map<number, (typeof sections)[number]>();
  for (const sec of sections) for (const l of sec.lines) sectionOf.set(l, sec);
  const lines: string[] = [];
  const current: number[] = [];
  src.forEach((text, i) => {
    const n = i + 1;
    const sec = sectionOf.get(n);
    if (!sec || sec.lines.some((l) => hot.has(l))) {
      lines.push(text);
      if (hot.has(n)) current.push(lines.length);
    } else if (n === sec.lines[0] && !(presented && sec === sections[0])) {
      lines.push(sec.fold(text));
    }
  });
  return { lines, current };
}

// ---------------------------------------------------------------------------------------------
// Presented: the state machine as a picture, and the lines of the piece that runs.

/** A node of the machine's picture: the call, a state (its `case`), or the end. */
export interface GraphNode {
  readonly kind: 'call' | 'state' | 'done';
  /** The call (`load(7)`) or the state (`case 1`); empty for the end (the view names it). */
  readonly label: string;
  /** For a state entered after an `await`: the awaited expression as written (`db.get(id)`), else null. */
  readonly resumeAfter: string | null;
  /** This node runs at the step: the call at the call, the piece that runs, the end once settled. */
  readonly running: boolean;
  /** The machine is suspended and resumes here (`f.state` is this state). */
  readonly waiting: boolean;
}

/**
 * The machine as the presented slide draws it, top to bottom: the call, each piece in `case` order (the arrow into a
 * state carries the `await` it resumes after, from the function's resume points), and the end; which node the step
 * lights. Pure.
 */
export function machineGraph(fn: FnDef, step: Step): GraphNode[] {
  const resume = new Map(fn.resumePoints.map((r) => [r.state, r.awaitExpr]));
  const settled = step.kind === 'done' || step.kind === 'rejected';
  return [
    {
      kind: 'call',
      label: `${fn.id}(${fn.params.join(', ')})`,
      resumeAfter: null,
      running: step.kind === 'call',
      waiting: false,
    },
    ...fn.pieces.map((p): GraphNode => ({
      kind: 'state',
      label: `case ${p.state}`,
      resumeAfter: resume.get(p.state) ?? null,
      running: step.kind === 'piece' && step.state === p.state,
      waiting: step.kind === 'suspend' && step.state === p.state,
    })),
    { kind: 'done', label: '', resumeAfter: null, running: settled, waiting: false },
  ];
}

/**
 * The lines of the machine's listing the step is about, without their common indentation, and which of them to
 * highlight: the entry function at the call, the piece that runs, the `return { await: … }` a pause returns from;
 * once the promise is settled, the last piece that ran, nothing highlighted (nothing runs). Pure.
 */
export function pieceListing(fn: FnDef, steps: readonly Step[], index: number): ShownListing {
  let at = index;
  while (at > 0 && steps[at]!.machineLines.length === 0) at--;
  const numbers = steps[at]!.machineLines;
  const lines = numbers.map((n) => fn.machineSource[n - 1]!);
  const indent = Math.min(...lines.map((l) => l.length - l.trimStart().length));
  const settled = at !== index;
  return { lines: lines.map((l) => l.slice(indent)), current: settled ? [] : lines.map((_, i) => i + 1) };
}
