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

import { clampStep } from '../../lib/demo-contract.ts';
import { goTo } from '../../lib/stepping.ts';
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

/** A short, deterministic rendering of a value (JSON with `undefined`). */
export function formatVal(v: Val): string {
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${(v as readonly Val[]).map(formatVal).join(', ')}]`;
  const o = v as { readonly [k: string]: Val };
  return `{ ${Object.keys(o)
    .map((k) => `${k}: ${formatVal(o[k])}`)
    .join(', ')} }`;
}

// ---------------------------------------------------------------------------------------------
// Helpers for writing pieces.

function num(v: Val): number {
  if (typeof v !== 'number') throw new Error(`expected a number, got ${formatVal(v)}`);
  return v;
}
function set(heap: Heap, patch: Record<string, Val>): Heap {
  return { ...heap, ...patch };
}
function field(v: Val, key: string): Val {
  if (v === null || v === undefined || typeof v !== 'object' || Array.isArray(v)) {
    throw new Error(`cannot read ${key} of ${formatVal(v)}`);
  }
  return (v as { readonly [k: string]: Val })[key];
}
function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

const CASE = /^\s*case (\d+):$/;
/** The line that closes the `switch` of `step`: the end of the last piece. */
const SWITCH_END = '  }';

/**
 * The lines of `machineSource` a piece spans, read from the listing itself: from its `case N:` line to the line
 * before the next `case` (or the end of the switch). Editing a listing moves the highlighting with it.
 */
export function caseLines(machineSource: readonly string[], state: number): number[] {
  const start = machineSource.findIndex((l) => CASE.exec(l)?.[1] === String(state));
  if (start < 0) throw new Error(`no "case ${state}:" in the machine source`);
  let end = start + 1;
  while (end < machineSource.length && !CASE.test(machineSource[end]!) && machineSource[end] !== SWITCH_END) end++;
  return range(start + 1, end);
}

/** The lines of the entry function, from `function name(…) {` to its `return run(f, step);`: what runs at the call. */
export function entryLines(machineSource: readonly string[]): number[] {
  const end = machineSource.findIndex((l) => l.trim() === 'return run(f, step);');
  if (end < 0) throw new Error('no "return run(f, step);" in the machine source');
  return range(1, end + 1);
}

type PieceDef = Omit<Piece, 'machineLines'>;
type FnSource = Omit<FnDef, 'pieces' | 'entryLines'> & { readonly pieces: readonly PieceDef[] };

/** A function's definition with the machine lines of its entry and of every piece derived from its listing. */
function define(src: FnSource): FnDef {
  return {
    ...src,
    entryLines: entryLines(src.machineSource),
    pieces: src.pieces.map((p) => ({ ...p, machineLines: caseLines(src.machineSource, p.state) })),
  };
}

// ---------------------------------------------------------------------------------------------
// 1. load(id): seed 004's async/await version.

const LOAD: FnDef = define({
  id: 'load',
  params: ['id'],
  heapKeys: ['id', 'user', 'posts'],
  asyncSource: [
    'async function load(id) {',
    '  const user = await db.get(id);',
    '  const posts = await api.posts(user);',
    '  return posts.length;',
    '}',
  ],
  machineSource: [
    'function load(id) {',
    '  const f = { state: 0, id,',
    '    user: undefined, posts: undefined };',
    '  return run(f, step);',
    '}',
    'function step(f, sent, thrown) {',
    '  for (;;) switch (f.state) {',
    '    case 0:',
    '      f.state = 1;',
    '      return { await: db.get(f.id) };',
    '    case 1:',
    '      if (thrown) throw sent;',
    '      f.user = sent;',
    '      f.state = 2;',
    '      return { await: api.posts(f.user) };',
    '    case 2:',
    '      if (thrown) throw sent;',
    '      f.posts = sent;',
    '      return { done: f.posts.length };',
    '  }',
    '}',
  ],
  pieces: [
    {
      state: 0,
      asyncLines: [2],
      run: (h) => ({
        heap: set(h, { state: 1 }),
        t: { kind: 'await', next: 1, call: { op: 'db.get', args: [h['id']] } },
      }),
    },
    {
      state: 1,
      asyncLines: [2, 3],
      run: (h, input) => {
        if (input.kind === 'error') return { heap: h, t: { kind: 'throw', error: input.error } };
        const user = input.kind === 'value' ? input.value : undefined;
        return {
          heap: set(h, { user, state: 2 }),
          t: { kind: 'await', next: 2, call: { op: 'api.posts', args: [user] } },
        };
      },
    },
    {
      state: 2,
      asyncLines: [3, 4],
      run: (h, input) => {
        if (input.kind === 'error') return { heap: h, t: { kind: 'throw', error: input.error } };
        const posts = input.kind === 'value' ? input.value : undefined;
        const length = Array.isArray(posts) ? posts.length : undefined;
        return { heap: set(h, { posts }), t: { kind: 'return', value: length } };
      },
    },
  ],
  resumePoints: [
    { state: 1, awaitExpr: 'db.get(id)', asyncLine: 2 },
    { state: 2, awaitExpr: 'api.posts(user)', asyncLine: 3 },
  ],
  scenarios: [
    {
      id: 'ok',
      args: [7],
      outcomes: {
        'db.get(7)': { ok: true, value: { name: 'Ann' } },
        'api.posts({ name: "Ann" })': { ok: true, value: ['p1', 'p2', 'p3'] },
      },
    },
    {
      id: 'fail',
      args: [7],
      outcomes: { 'db.get(7)': { ok: false, error: 'db down' } },
    },
  ],
});

// ---------------------------------------------------------------------------------------------
// 2. total(ids): an await inside a loop.

const TOTAL: FnDef = define({
  id: 'total',
  params: ['ids'],
  heapKeys: ['ids', 'sum', 'i', 'p'],
  asyncSource: [
    'async function total(ids) {',
    '  let sum = 0;',
    '  for (let i = 0; i < ids.length; i++) {',
    '    const p = await price(ids[i]);',
    '    sum += p;',
    '  }',
    '  return sum;',
    '}',
  ],
  machineSource: [
    'function total(ids) {',
    '  const f = { state: 0, ids,',
    '    sum: undefined, i: undefined, p: undefined };',
    '  return run(f, step);',
    '}',
    'function step(f, sent, thrown) {',
    '  for (;;) switch (f.state) {',
    '    case 0:',
    '      f.sum = 0;',
    '      f.i = 0;',
    '      f.state = 1; break;',
    '    case 1:',
    '      if (!(f.i < f.ids.length)) { f.state = 3; break; }',
    '      f.state = 2;',
    '      return { await: price(f.ids[f.i]) };',
    '    case 2:',
    '      if (thrown) throw sent;',
    '      f.p = sent;',
    '      f.sum += f.p;',
    '      f.i++;',
    '      f.state = 1; break;',
    '    case 3:',
    '      return { done: f.sum };',
    '  }',
    '}',
  ],
  pieces: [
    {
      state: 0,
      asyncLines: [2, 3],
      run: (h) => ({ heap: set(h, { sum: 0, i: 0, state: 1 }), t: { kind: 'goto', next: 1 } }),
    },
    {
      state: 1,
      asyncLines: [3, 4],
      run: (h) => {
        const ids = h['ids'];
        const n = Array.isArray(ids) ? ids.length : 0;
        const i = num(h['i']);
        if (!(i < n)) return { heap: set(h, { state: 3 }), t: { kind: 'goto', next: 3 } };
        const id = (ids as readonly Val[])[i];
        return { heap: set(h, { state: 2 }), t: { kind: 'await', next: 2, call: { op: 'price', args: [id] } } };
      },
    },
    {
      state: 2,
      asyncLines: [4, 5, 3],
      run: (h, input) => {
        if (input.kind === 'error') return { heap: h, t: { kind: 'throw', error: input.error } };
        const p = input.kind === 'value' ? input.value : undefined;
        return {
          heap: set(h, { p, sum: num(h['sum']) + num(p), i: num(h['i']) + 1, state: 1 }),
          t: { kind: 'goto', next: 1 },
        };
      },
    },
    {
      state: 3,
      asyncLines: [7],
      run: (h) => ({ heap: h, t: { kind: 'return', value: h['sum'] } }),
    },
  ],
  resumePoints: [{ state: 2, awaitExpr: 'price(ids[i])', asyncLine: 4 }],
  scenarios: [
    {
      id: 'ok',
      args: [[3, 5, 8]],
      outcomes: {
        'price(3)': { ok: true, value: 10 },
        'price(5)': { ok: true, value: 20 },
        'price(8)': { ok: true, value: 12 },
      },
    },
    {
      id: 'fail',
      args: [[3, 5, 8]],
      outcomes: {
        'price(3)': { ok: true, value: 10 },
        'price(5)': { ok: false, error: 'timeout' },
      },
    },
  ],
});

// ---------------------------------------------------------------------------------------------
// 3. safeLoad(id): try/catch around an await, and one more await after it.

const SAFE_LOAD: FnDef = define({
  id: 'safeLoad',
  params: ['id'],
  heapKeys: ['id', 'name', 'user', 'err'],
  asyncSource: [
    'async function safeLoad(id) {',
    '  let name;',
    '  try {',
    '    const user = await db.get(id);',
    '    name = user.name;',
    '  } catch (err) {',
    "    name = 'guest';",
    '  }',
    '  await audit.log(name);',
    '  return name;',
    '}',
  ],
  machineSource: [
    'function safeLoad(id) {',
    '  const f = { state: 0, id, name: undefined,',
    '    user: undefined, err: undefined };',
    '  return run(f, step);',
    '}',
    'function step(f, sent, thrown) {',
    '  for (;;) switch (f.state) {',
    '    case 0:',
    '      f.state = 1;',
    '      return { await: db.get(f.id) };',
    '    case 1:',
    '      if (thrown) { f.err = sent; f.state = 2; break; }',
    '      f.user = sent;',
    '      f.name = f.user.name;',
    '      f.state = 3; break;',
    '    case 2:',
    "      f.name = 'guest';",
    '      f.state = 3; break;',
    '    case 3:',
    '      f.state = 4;',
    '      return { await: audit.log(f.name) };',
    '    case 4:',
    '      if (thrown) throw sent;',
    '      return { done: f.name };',
    '  }',
    '}',
  ],
  pieces: [
    {
      state: 0,
      asyncLines: [2, 3, 4],
      run: (h) => ({
        heap: set(h, { state: 1 }),
        t: { kind: 'await', next: 1, call: { op: 'db.get', args: [h['id']] } },
      }),
    },
    {
      state: 1,
      asyncLines: [4, 5],
      run: (h, input) => {
        if (input.kind === 'error')
          return { heap: set(h, { err: input.error, state: 2 }), t: { kind: 'goto', next: 2 } };
        const user = input.kind === 'value' ? input.value : undefined;
        return { heap: set(h, { user, name: field(user, 'name'), state: 3 }), t: { kind: 'goto', next: 3 } };
      },
    },
    {
      state: 2,
      asyncLines: [6, 7],
      run: (h) => ({ heap: set(h, { name: 'guest', state: 3 }), t: { kind: 'goto', next: 3 } }),
    },
    {
      state: 3,
      asyncLines: [9],
      run: (h) => ({
        heap: set(h, { state: 4 }),
        t: { kind: 'await', next: 4, call: { op: 'audit.log', args: [h['name']] } },
      }),
    },
    {
      state: 4,
      asyncLines: [9, 10],
      run: (h, input) => {
        if (input.kind === 'error') return { heap: h, t: { kind: 'throw', error: input.error } };
        return { heap: h, t: { kind: 'return', value: h['name'] } };
      },
    },
  ],
  resumePoints: [
    { state: 1, awaitExpr: 'db.get(id)', asyncLine: 4 },
    { state: 4, awaitExpr: 'audit.log(name)', asyncLine: 9 },
  ],
  scenarios: [
    {
      id: 'ok',
      args: [7],
      outcomes: {
        'db.get(7)': { ok: true, value: { name: 'Ann' } },
        'audit.log("Ann")': { ok: true, value: undefined },
      },
    },
    {
      id: 'fail',
      args: [7],
      outcomes: {
        'db.get(7)': { ok: false, error: 'db down' },
        'audit.log("guest")': { ok: true, value: undefined },
      },
    },
  ],
});

export const FUNCTIONS: readonly FnDef[] = [LOAD, TOTAL, SAFE_LOAD];

export function getFn(id: FnId): FnDef {
  const fn = FUNCTIONS.find((f) => f.id === id);
  if (!fn) throw new Error(`unknown function ${id}`);
  return fn;
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
  return goTo(start, clampStep(step, SEQUENCE.length), start.steps.length);
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
 * so the shape of the machine stays in view.
 */
export function foldedMachine(fn: FnDef, step: Step): ShownListing {
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
    } else if (n === sec.lines[0]) {
      lines.push(sec.fold(text));
    }
  });
  return { lines, current };
}
