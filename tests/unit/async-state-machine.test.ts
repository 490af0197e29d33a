import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as acorn from 'acorn';
import { back, canBack, canForward, forward } from '../../lib/stepping.ts';
import { speakerSteps } from '../../slides/types.ts';
import {
  FUNCTIONS,
  SPEAKER_SEQUENCE,
  callKey,
  caseLines,
  current,
  entryLines,
  foldedMachine,
  formatVal,
  getFn,
  initialState,
  machineGraph,
  pieceListing,
  selectFn,
  selectScenario,
  stateForStep,
  summarize,
  trace,
  type FnDef,
  type FnId,
  type OpCall,
  type RunSummary,
  type Scenario,
  type Val,
} from '../../components/async-state-machine/async-state-machine-model.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSC = join(ROOT, 'node_modules', '.bin', 'tsc');
const HAS_TSC = existsSync(TSC);

function scenario(fn: FnDef, id: string): Scenario {
  const s = fn.scenarios.find((x) => x.id === id);
  if (!s) throw new Error(`no scenario ${id}`);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Running the hand-written machine source as real JavaScript, and TypeScript's output, with the
// same scenario: every awaited call returns a token; a synchronous driver looks its outcome up.

interface Token {
  readonly __call: OpCall;
}
const token =
  (op: string) =>
  (...args: Val[]): Token => ({ __call: { op, args } });
const SERVICES = {
  db: { get: token('db.get') },
  api: { posts: token('api.posts') },
  audit: { log: token('audit.log') },
  price: token('price'),
};

interface RealRun extends RunSummary {
  readonly heaps: readonly Record<string, unknown>[];
}

function outcomeOf(sc: Scenario, t: unknown): { key: string; ok: boolean; v: unknown } {
  const call = (t as Token).__call;
  if (!call) throw new Error(`awaited something that is not a service call: ${String(t)}`);
  const key = callKey(call);
  const o = sc.outcomes[key];
  if (!o) throw new Error(`no outcome for ${key}`);
  return { key, ok: o.ok, v: o.ok ? o.value : o.error };
}

/** Executes `machineSource` (valid JavaScript) with a driver `run(f, step)`. */
function runMachineSource(fn: FnDef, sc: Scenario): RealRun {
  const awaited: string[] = [];
  const suspendedIn: number[] = [];
  const heaps: Record<string, unknown>[] = [];
  let result: RunSummary['outcome'] | null = null;
  const run = (f: Record<string, unknown>, step: (f: unknown, sent: unknown, thrown: boolean) => unknown) => {
    let sent: unknown = undefined;
    let thrown = false;
    for (let guard = 0; guard < 1000; guard++) {
      let r: { await?: unknown; done?: unknown };
      try {
        r = step(f, sent, thrown) as typeof r;
      } catch (e) {
        result = { ok: false, error: String(e) };
        return;
      }
      if ('done' in r) {
        result = { ok: true, value: r.done as Val };
        return;
      }
      const o = outcomeOf(sc, r.await);
      awaited.push(o.key);
      suspendedIn.push(f['state'] as number);
      heaps.push({ ...f });
      sent = o.v;
      thrown = !o.ok;
    }
    throw new Error('machine does not end');
  };
  const src = fn.machineSource.join('\n');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const make = new Function('db', 'api', 'audit', 'price', 'run', `"use strict";\n${src}\nreturn ${fn.id};`) as (
    ...deps: unknown[]
  ) => unknown;
  const entry = make(SERVICES.db, SERVICES.api, SERVICES.audit, SERVICES.price, run) as (...a: Val[]) => void;
  entry(...sc.args);
  if (!result) throw new Error('no result');
  return { awaited, suspendedIn, outcome: result, heaps };
}

/** Runs TypeScript's emitted JavaScript with an `__awaiter` that drives the generator synchronously. */
function runCompiled(code: string, fnId: FnId, sc: Scenario): RunSummary {
  const awaited: string[] = [];
  let result: RunSummary['outcome'] | null = null;
  const awaiter = (thisArg: unknown, args: unknown, _P: unknown, generator: (...a: unknown[]) => Generator) => {
    const gen = generator.apply(thisArg, (args as unknown[]) || []);
    let input: { ok: boolean; v: unknown } = { ok: true, v: undefined };
    for (let guard = 0; guard < 1000; guard++) {
      let r: IteratorResult<unknown>;
      try {
        r = input.ok ? gen.next(input.v) : gen.throw(input.v);
      } catch (e) {
        result = { ok: false, error: String(e) };
        return;
      }
      if (r.done) {
        result = { ok: true, value: r.value as Val };
        return;
      }
      const o = outcomeOf(sc, r.value);
      awaited.push(o.key);
      input = { ok: o.ok, v: o.v };
    }
    throw new Error('generator does not end');
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const make = new Function('db', 'api', 'audit', 'price', `${code}\nreturn ${fnId};`);
  const entry = make.call({ __awaiter: awaiter }, SERVICES.db, SERVICES.api, SERVICES.audit, SERVICES.price) as (
    ...a: Val[]
  ) => void;
  entry(...sc.args);
  if (!result) throw new Error('no result');
  return { awaited, suspendedIn: [], outcome: result };
}

// ---------------------------------------------------------------------------------------------
// Figures worked out by hand.

describe('async-state-machine model: hand-worked traces', () => {
  it('load(7): call, case 0, pause, case 1, pause, case 2, fulfilled with 3', () => {
    const steps = trace(getFn('load'), scenario(getFn('load'), 'ok'));
    expect(steps.map((s) => `${s.kind}${s.state ?? ''}`)).toEqual([
      'call',
      'piece0',
      'suspend1',
      'piece1',
      'suspend2',
      'piece2',
      'done',
    ]);
    const last = steps[steps.length - 1]!;
    expect(last.result).toBe(3);
    // The stack is empty at each await and at the end; a resumed piece runs from a microtask.
    expect(steps.map((s) => s.stack.length)).toEqual([2, 3, 0, 2, 0, 2, 0]);
    expect(steps[1]!.stack.map((f) => f.code)).toEqual(['main()', 'load(7)', 'step(f) · case 0']);
    expect(steps[3]!.stack.map((f) => f.code)).toEqual(['microtask', 'step(f) · case 1']);
    // The heap object.
    expect(steps[0]!.heap).toEqual({ state: 0, id: 7, user: undefined, posts: undefined });
    expect(steps[2]!.heap).toEqual({ state: 1, id: 7, user: undefined, posts: undefined });
    expect(steps[4]!.heap).toEqual({ state: 2, id: 7, user: { name: 'Ann' }, posts: undefined });
    expect(steps[5]!.heap['posts']).toEqual(['p1', 'p2', 'p3']);
    expect(steps[2]!.pending && callKey(steps[2]!.pending)).toBe('db.get(7)');
    expect(steps[4]!.pending && callKey(steps[4]!.pending)).toBe('api.posts({ name: "Ann" })');
    expect(last.heapReleased).toBe(true);
    expect(last.pauses).toBe(2);
  });

  it('load(7) when db.get fails: the rejection is thrown at the first await and rejects the promise', () => {
    const steps = trace(getFn('load'), scenario(getFn('load'), 'fail'));
    expect(steps.map((s) => s.kind)).toEqual(['call', 'piece', 'suspend', 'piece', 'rejected']);
    expect(steps[3]!.input).toEqual({ kind: 'error', error: 'db down' });
    expect(steps[4]!.error).toBe('db down');
  });

  it('total([3, 5, 8]): the loop pauses three times in state 2, sum 10 + 20 + 12 = 42', () => {
    const steps = trace(getFn('total'), scenario(getFn('total'), 'ok'));
    const s = summarize(steps);
    expect(s.awaited).toEqual(['price(3)', 'price(5)', 'price(8)']);
    expect(s.suspendedIn).toEqual([2, 2, 2]);
    expect(s.outcome).toEqual({ ok: true, value: 42 });
    expect(steps.map((x) => `${x.kind}${x.state ?? ''}`).join(' ')).toBe(
      'call piece0 piece1 suspend2 piece2 piece1 suspend2 piece2 piece1 suspend2 piece2 piece1 piece3 done',
    );
    // i and sum live in the heap object across the pauses.
    const pauses = steps.filter((x) => x.kind === 'suspend').map((x) => [x.heap['i'], x.heap['sum']]);
    expect(pauses).toEqual([
      [0, 0],
      [1, 10],
      [2, 30],
    ]);
  });

  it('safeLoad(7) when db.get fails: resumes into the catch piece, logs "guest", returns "guest"', () => {
    const steps = trace(getFn('safeLoad'), scenario(getFn('safeLoad'), 'fail'));
    const s = summarize(steps);
    expect(steps.filter((x) => x.kind === 'piece').map((x) => x.state)).toEqual([0, 1, 2, 3, 4]);
    expect(s.awaited).toEqual(['db.get(7)', 'audit.log("guest")']);
    expect(s.suspendedIn).toEqual([1, 4]);
    expect(s.outcome).toEqual({ ok: true, value: 'guest' });
    expect(steps.find((x) => x.kind === 'piece' && x.state === 2)!.heap['err']).toBe('db down');
  });

  it('safeLoad(7) when db.get succeeds: the catch piece never runs', () => {
    const steps = trace(getFn('safeLoad'), scenario(getFn('safeLoad'), 'ok'));
    expect(steps.filter((x) => x.kind === 'piece').map((x) => x.state)).toEqual([0, 1, 3, 4]);
    expect(summarize(steps).outcome).toEqual({ ok: true, value: 'Ann' });
  });
});

// ---------------------------------------------------------------------------------------------
// The model's data is consistent with itself.

describe('async-state-machine model: structure', () => {
  for (const fn of FUNCTIONS) {
    it(`${fn.id}: every piece starts at its own "case N:" line, pieces do not overlap`, () => {
      const seen = new Set<number>();
      for (const p of fn.pieces) {
        expect(fn.machineSource[p.machineLines[0]! - 1]!.trim()).toBe(`case ${p.state}:`);
        for (const l of p.machineLines) {
          expect(seen.has(l)).toBe(false);
          seen.add(l);
          expect(l).toBeGreaterThanOrEqual(1);
          expect(l).toBeLessThanOrEqual(fn.machineSource.length);
        }
        for (const l of p.asyncLines) expect(l).toBeLessThanOrEqual(fn.asyncSource.length);
      }
      const cases = fn.machineSource.filter((l) => /^\s*case \d+:$/.test(l)).length;
      expect(cases).toBe(fn.pieces.length);
      // Each piece runs from its case line to the line before the next case (or the end of the switch).
      for (const p of fn.pieces) {
        const lines = p.machineLines;
        lines.forEach((l, i) => i > 0 && expect(l).toBe(lines[i - 1]! + 1));
        const after = fn.machineSource[lines[lines.length - 1]!]!;
        expect(/^\s*case \d+:$/.test(after) || after === '  }').toBe(true);
      }
    });

    it(`${fn.id}: resume points are the states entered right after "return { await: … }", one per await`, () => {
      const fromSource: number[] = [];
      fn.machineSource.forEach((line, i) => {
        if (line.includes('return { await:')) {
          const prev = fn.machineSource[i - 1] ?? '';
          const m = /f\.state = (\d+);/.exec(prev);
          expect(m, `line before ${i + 1} sets the state`).not.toBeNull();
          fromSource.push(Number(m![1]));
        }
      });
      expect(fromSource).toEqual(fn.resumePoints.map((r) => r.state));
      const awaits = fn.asyncSource.filter((l) => l.includes('await ')).length;
      expect(fn.resumePoints.length).toBe(awaits);
      for (const r of fn.resumePoints) expect(fn.asyncSource[r.asyncLine - 1]).toContain(`await ${r.awaitExpr}`);
    });

    it(`${fn.id}: the heap object literal in machineSource lists state, the parameters and the locals`, () => {
      // The literal may be wrapped over lines (the listing is shown at a hall's size): from `const f = {` to `};`.
      const first = 1;
      const last = fn.machineSource.findIndex((l, i) => i >= first && l.trimEnd().endsWith('};'));
      expect(fn.machineSource[first]!.startsWith('  const f = {')).toBe(true);
      const literal = fn.machineSource
        .slice(first, last + 1)
        .map((l) => l.trim())
        .join(' ');
      expect(literal).toBe(
        `const f = { state: 0, ${fn.heapKeys.map((k) => (fn.params.includes(k) ? k : `${k}: undefined`)).join(', ')} };`,
      );
    });
  }
});

describe('async-state-machine model: the lines it highlights come from the listing', () => {
  for (const fn of FUNCTIONS) {
    it(`${fn.id}: the call runs the entry function; a line added to the listing moves every piece with it`, () => {
      const entry = fn.entryLines;
      expect(entry[0]).toBe(1);
      expect(fn.machineSource[entry[entry.length - 1]! - 1]!.trim()).toBe('return run(f, step);');
      expect(trace(fn, fn.scenarios[0]!)[0]!.machineLines).toEqual(entry);
      const edited = ['// a comment', ...fn.machineSource];
      for (const p of fn.pieces) expect(caseLines(edited, p.state)).toEqual(p.machineLines.map((l) => l + 1));
      expect(entryLines(['function x() {', '  // a note', ...fn.machineSource.slice(1)])).toEqual([
        ...entry,
        entry.length + 1,
      ]);
    });

    it(`${fn.id}: the folded listing keeps every case label, shows the running piece whole and highlights the same code`, () => {
      for (const sc of fn.scenarios) {
        for (const step of trace(fn, sc)) {
          const shown = foldedMachine(fn, step);
          expect(shown.current.map((l) => shown.lines[l - 1])).toEqual(
            step.machineLines.map((l) => fn.machineSource[l - 1]),
          );
          for (const p of fn.pieces)
            expect(shown.lines.some((l) => l.trim().startsWith(`case ${p.state}:`))).toBe(true);
          expect(shown.lines).toContain('function step(f, sent, thrown) {');
          // What the desktop layout has room for at a hall's size.
          expect(shown.lines.length, `${fn.id}/${sc.id} ${step.kind}`).toBeLessThanOrEqual(14);
        }
      }
      const call = trace(fn, fn.scenarios[0]!)[0]!;
      expect(foldedMachine(fn, call).lines[1]!.trim().startsWith('const f = {')).toBe(true);
      const later = trace(fn, fn.scenarios[0]!)[1]!;
      expect(foldedMachine(fn, later).lines[0]).toBe(`${fn.machineSource[0]!.replace(/ \{$/, '')} { … }`);
      // presented: the entry function shows only while it runs
      expect(foldedMachine(fn, call, true).lines).toEqual(foldedMachine(fn, call).lines);
      const presented = foldedMachine(fn, later, true);
      expect(presented.lines).toEqual(foldedMachine(fn, later).lines.slice(1));
      expect(presented.current.map((l) => presented.lines[l - 1])).toEqual(
        later.machineLines.map((l) => fn.machineSource[l - 1]),
      );
    });

    it(`${fn.id}: no line of either listing is wider than the layout's columns`, () => {
      for (const l of fn.machineSource) expect(l.length, l).toBeLessThanOrEqual(56);
      for (const l of fn.asyncSource) expect(l.length, l).toBeLessThanOrEqual(42);
    });
  }
});

describe('async-state-machine model: the machine as the presented slide draws it', () => {
  it('load(7): the call, three states with the await each resumes after, the end; one node lit per step', () => {
    const fn = getFn('load');
    const steps = trace(fn, fn.scenarios[0]!);
    const graph0 = machineGraph(fn, steps[0]!);
    expect(graph0.map((n) => [n.kind, n.label, n.resumeAfter])).toEqual([
      ['call', 'load(id)', null],
      ['state', 'case 0', null],
      ['state', 'case 1', 'db.get(id)'],
      ['state', 'case 2', 'api.posts(user)'],
      ['done', '', null],
    ]);
    // per step: the node that runs (R) or waits to resume (W), by index
    const lit = steps.map((st) =>
      machineGraph(fn, st)
        .map((n, i) => (n.running ? `R${i}` : n.waiting ? `W${i}` : ''))
        .join(''),
    );
    expect(lit).toEqual(['R0', 'R1', 'W2', 'R2', 'W3', 'R3', 'R4']);
  });

  for (const fn of FUNCTIONS) {
    it(`${fn.id}: every resume point stands on the arrow into its state; exactly one node lit at every step`, () => {
      for (const sc of fn.scenarios) {
        for (const step of trace(fn, sc)) {
          const graph = machineGraph(fn, step);
          expect(
            graph.filter((n) => n.running || n.waiting),
            `${fn.id}/${sc.id} ${step.kind}`,
          ).toHaveLength(1);
          for (const r of fn.resumePoints)
            expect(graph.find((n) => n.label === `case ${r.state}`)?.resumeAfter).toBe(r.awaitExpr);
        }
      }
    });

    it(`${fn.id}: the piece shown is the listing's own lines, highlighted while it runs`, () => {
      for (const sc of fn.scenarios) {
        const steps = trace(fn, sc);
        steps.forEach((step, i) => {
          const shown = pieceListing(fn, steps, i);
          const from = step.machineLines.length ? step : steps[i - 1]!;
          expect(shown.lines.map((l) => l.trim())).toEqual(
            from.machineLines.map((l) => fn.machineSource[l - 1]!.trim()),
          );
          expect(shown.lines.some((l) => l.startsWith(' '))).toBe(shown.lines.length > 1);
          expect(shown.current).toHaveLength(step.machineLines.length ? shown.lines.length : 0);
          // the room the presented slide holds for it (the talk's function; another, picked in the disclosure, grows it)
          if (fn.id === 'load') expect(shown.lines.length, `${sc.id} ${step.kind}`).toBeLessThanOrEqual(5);
        });
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
// The displayed state machine, executed as JavaScript, agrees with the model step by step.

describe('async-state-machine: machine source executed as real JavaScript', () => {
  for (const fn of FUNCTIONS) {
    for (const sc of fn.scenarios) {
      it(`${fn.id}/${sc.id}: same awaited calls, same states and heap at each pause, same outcome`, () => {
        const steps = trace(fn, sc);
        const model = summarize(steps);
        const real = runMachineSource(fn, sc);
        expect(real.awaited).toEqual(model.awaited);
        expect(real.suspendedIn).toEqual(model.suspendedIn);
        expect(real.outcome).toEqual(model.outcome);
        const modelHeaps = steps.filter((s) => s.kind === 'suspend').map((s) => s.heap);
        expect(real.heaps).toEqual(modelHeaps);
      });
    }
  }

  it('property: total(ids) with random prices and an optional failure agrees with the executed machine', () => {
    const fn = getFn('total');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { maxLength: 7 }),
        fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 7, maxLength: 7 }),
        fc.option(fc.nat({ max: 6 }), { nil: undefined }),
        (ids, prices, failAt) => {
          const outcomes: Record<string, { ok: true; value: Val } | { ok: false; error: string }> = {};
          ids.forEach((id, i) => {
            outcomes[`price(${id})`] =
              i === failAt ? { ok: false, error: `no price ${id}` } : { ok: true, value: prices[i]! };
          });
          const sc: Scenario = { id: 'random', args: [ids], outcomes };
          const steps = trace(fn, sc);
          const model = summarize(steps);
          const real = runMachineSource(fn, sc);
          expect(real).toEqual({ ...model, heaps: real.heaps });
          expect(real.heaps).toEqual(steps.filter((s) => s.kind === 'suspend').map((s) => s.heap));
          const failed = failAt !== undefined && failAt < ids.length;
          expect(model.awaited.length).toBe(failed ? failAt + 1 : ids.length);
          if (!failed)
            expect(model.outcome).toEqual({ ok: true, value: prices.slice(0, ids.length).reduce((a, b) => a + b, 0) });
          // Invariant: the stack is empty exactly when the function is paused or finished.
          for (const s of steps)
            expect(s.stack.length === 0).toBe(s.kind === 'suspend' || s.kind === 'done' || s.kind === 'rejected');
        },
      ),
      { numRuns: 200 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Stepping is reversible.

describe('async-state-machine: stepping', () => {
  it('property: back undoes forward at every position, for every function and scenario', () => {
    const pairs = FUNCTIONS.flatMap((f) => f.scenarios.map((s) => [f.id, s.id] as const));
    fc.assert(
      fc.property(fc.constantFrom(...pairs), fc.array(fc.boolean(), { maxLength: 40 }), ([fnId, scId], moves) => {
        let s = initialState(fnId, scId);
        for (const fwd of moves) {
          if (fwd && canForward(s, s.steps.length)) {
            const before = s;
            s = forward(s, s.steps.length);
            expect(back(s)).toEqual(before);
          } else if (!fwd && canBack(s)) {
            const before = s;
            s = back(s);
            expect(forward(s, s.steps.length)).toEqual(before);
          }
          expect(current(s)).toBe(s.steps[s.index]);
        }
      }),
    );
  });

  it('forward stops at the end, back stops at the call; switching function or scenario restarts', () => {
    let s = initialState('load', 'ok');
    expect(back(s)).toBe(s);
    for (let i = 0; i < 50; i++) s = forward(s, s.steps.length);
    expect(current(s).kind).toBe('done');
    expect(forward(s, s.steps.length)).toBe(s);
    const t = selectFn(s, 'total');
    expect(t.fnId).toBe('total');
    expect(t.index).toBe(0);
    expect(selectScenario(t, 'fail').scenarioId).toBe('fail');
    expect(initialState('total', 'nope').scenarioId).toBe('ok');
  });

  it('the slide’s speaker sequence has one step per step of load(7)', async () => {
    const { asyncStateMachine } = await import('../../slides/async-state-machine.ts');
    expect(speakerSteps(asyncStateMachine)).toBe(initialState('load', 'ok').steps.length);
  });

  it('the speaker sequence names the steps of load(7), and each speaker step shows that step', () => {
    const steps = initialState('load', 'ok').steps;
    expect(SPEAKER_SEQUENCE.map((x) => ('state' in x ? `${x.kind}${x.state}` : x.kind))).toEqual(
      steps.map((x) => (x.kind === 'piece' || x.kind === 'suspend' ? `${x.kind}${x.state}` : x.kind)),
    );
    const other = selectFn(initialState(), 'total');
    SPEAKER_SEQUENCE.forEach((_, n) => {
      const s = stateForStep(n, other);
      expect(s.fnId).toBe('load');
      expect(s.index).toBe(n);
    });
    expect(stateForStep(0, other)).toEqual(initialState());
    expect(stateForStep(99, other).index).toBe(SPEAKER_SEQUENCE.length - 1);
  });

  it('formatVal renders values deterministically', () => {
    expect(formatVal({ name: 'Ann', n: [1, 2] })).toBe('{ name: "Ann", n: [1, 2] }');
    expect(formatVal(undefined)).toBe('undefined');
    expect(formatVal(null)).toBe('null');
  });
});

// ---------------------------------------------------------------------------------------------
// Against the real compiler.
//
// TypeScript 7 (the native compiler installed here) removed `--target ES5` (error TS5108), and with it
// the `__generator` state machine whose `case N:` labels the issue asked to compare. The closest real
// output it still produces is `--target es2015`: the async function becomes a generator driven by
// `__awaiter`, and every `await` becomes a `yield`, i.e. a point where the generator's saved frame is
// resumed. We compare (1) the number, order and expressions of those `yield`s with the model's resume
// points, and (2) a run of the emitted code, driven with the same scenario, with the model's run.

interface CompiledFn {
  readonly yields: readonly string[];
  readonly awaits: number;
}

type AnyNode = acorn.Node & Record<string, unknown>;

function walk(node: unknown, visit: (n: AnyNode) => void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const c of node) walk(c, visit);
    return;
  }
  const n = node as AnyNode;
  if (typeof n.type === 'string') visit(n);
  for (const [k, v] of Object.entries(n)) if (k !== 'type' && v && typeof v === 'object') walk(v, visit);
}

// Compiled once, when the file is collected, so that skip conditions can depend on what tsc did.
let es2015 = '';
let es5: { ok: boolean; output: string; message: string } = { ok: false, output: '', message: '' };
const compiled = new Map<string, CompiledFn>();
if (HAS_TSC) {
  const dir = mkdtempSync(join(tmpdir(), 'asm-tsc-'));
  try {
    const src = FUNCTIONS.map((f) => f.asyncSource.join('\n')).join('\n\n');
    writeFileSync(join(dir, 'fns.js'), src + '\n');
    execFileSync(TSC, ['--allowJs', '--target', 'es2015', '--outDir', join(dir, 'out2015'), join(dir, 'fns.js')], {
      encoding: 'utf8',
      cwd: dir,
    });
    es2015 = readFileSync(join(dir, 'out2015', 'fns.js'), 'utf8');
    try {
      execFileSync(TSC, ['--allowJs', '--target', 'ES5', '--outDir', join(dir, 'out5'), join(dir, 'fns.js')], {
        encoding: 'utf8',
        cwd: dir,
      });
      es5 = { ok: true, output: readFileSync(join(dir, 'out5', 'fns.js'), 'utf8'), message: '' };
    } catch (e) {
      const out = existsSync(join(dir, 'out5', 'fns.js')) ? readFileSync(join(dir, 'out5', 'fns.js'), 'utf8') : '';
      es5 = { ok: false, output: out, message: String((e as { stdout?: string }).stdout ?? e) };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const ast = acorn.parse(es2015, { ecmaVersion: 'latest', sourceType: 'script' });
  walk(ast, (n) => {
    if (n.type !== 'FunctionDeclaration') return;
    const name = (n['id'] as { name: string } | null)?.name;
    if (!name || name.startsWith('__')) return;
    const yields: string[] = [];
    let awaits = 0;
    walk(n['body'], (m) => {
      if (m.type === 'YieldExpression') {
        const arg = m['argument'] as acorn.Node;
        yields.push(es2015.slice(arg.start, arg.end));
      }
      if (m.type === 'AwaitExpression') awaits++;
    });
    compiled.set(name, { yields, awaits });
  });
}
const ES5_GENERATOR = es5.ok && es5.output.includes('__generator');

describe('async-state-machine: against TypeScript', () => {
  it.skipIf(!HAS_TSC)('tsc --target es2015 emits each function as a generator driven by __awaiter', () => {
    expect(es2015).toContain('__awaiter');
    for (const fn of FUNCTIONS) {
      expect(compiled.has(fn.id), fn.id).toBe(true);
      expect(es2015).toMatch(
        new RegExp(`function ${fn.id}\\([^)]*\\) \\{\\s*return __awaiter\\(this, void 0, void 0, function\\* \\(\\)`),
      );
    }
  });

  for (const fn of FUNCTIONS) {
    it.skipIf(!HAS_TSC)(
      `${fn.id}: one yield per resume point, same expressions in the same order, no await left`,
      () => {
        const c = compiled.get(fn.id)!;
        expect(c.awaits).toBe(0);
        expect(c.yields.length).toBe(fn.resumePoints.length);
        expect(c.yields).toEqual(fn.resumePoints.map((r) => r.awaitExpr));
      },
    );

    for (const sc of fn.scenarios) {
      it.skipIf(!HAS_TSC)(
        `${fn.id}/${sc.id}: the compiled generator awaits the same calls and settles the same way`,
        () => {
          const model = summarize(trace(fn, sc));
          const real = runCompiled(es2015, fn.id, sc);
          expect(real.awaited).toEqual(model.awaited);
          expect(real.outcome).toEqual(model.outcome);
        },
      );
    }
  }

  it.skipIf(!HAS_TSC)('property: total(ids) compiled by TypeScript agrees with the model on random inputs', () => {
    const fn = getFn('total');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { maxLength: 6 }),
        fc.integer({ min: -20, max: 20 }),
        fc.option(fc.nat({ max: 5 }), { nil: undefined }),
        (ids, base, failAt) => {
          const outcomes: Scenario['outcomes'] = Object.fromEntries(
            ids.map((id, i) => [
              `price(${id})`,
              i === failAt ? { ok: false, error: 'x' } : { ok: true, value: base + i },
            ]),
          );
          const sc: Scenario = { id: 'random', args: [ids], outcomes };
          const model = summarize(trace(fn, sc));
          const real = runCompiled(es2015, 'total', sc);
          expect(real.awaited).toEqual(model.awaited);
          expect(real.outcome).toEqual(model.outcome);
        },
      ),
      { numRuns: 100 },
    );
  });

  // The issue's original check. TypeScript 7 rejects --target ES5; if a future compiler emits
  // `__generator` again, this compares its `[4 /*yield*/` instructions with the resume points.
  const ES5_REASON = 'TypeScript 7 removed --target ES5 (TS5108), so there is no __generator output to compare';
  it.skipIf(!HAS_TSC)(
    'ES5: TypeScript 7 refuses the ES5 target (documents why the __generator check is not run)',
    () => {
      if (ES5_GENERATOR) return; // the compiler can do it again: the next test runs
      expect(es5.message).toMatch(/TS5108|ES5/);
      expect(es5.output).not.toContain('__generator');
    },
  );
  it.skipIf(!HAS_TSC || !ES5_GENERATOR)(
    `ES5 __generator: one [4 /*yield*/] per resume point (skipped when: ${ES5_REASON})`,
    () => {
      for (const fn of FUNCTIONS) {
        const start = es5.output.indexOf(`function ${fn.id}(`);
        const next = FUNCTIONS.map((f) => es5.output.indexOf(`function ${f.id}(`)).filter((i) => i > start);
        const body = es5.output.slice(start, next.length ? Math.min(...next) : undefined);
        expect((body.match(/\[4 \/\*yield\*\//g) ?? []).length).toBe(fn.resumePoints.length);
      }
    },
  );
});
