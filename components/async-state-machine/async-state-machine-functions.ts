/**
 * The functions the async-state-machine slide shows (`load`, `total`, `safeLoad`): for each, the async source, the
 * hand-written state machine, one pure piece per `case N:`, the resume points and the scenarios. Data for the model
 * (async-state-machine-model.ts), which traces them.
 */

import type { FnDef, FnId, Heap, Piece, Val } from './async-state-machine-model.ts';

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
