/**
 * The everyday built-ins against the host engine: fast-check builds random pure expressions over arrays, strings,
 * numbers, Math, Object, JSON, Map and Set (typed, so most of them run without an error), the simulator evaluates
 * each inside `console.log(…)` in its Node runtime, and the host evaluates the same text (node:vm, a fresh context) and
 * prints it as Node's console.log does (util.format). An expression that throws must throw the same error (name and
 * message) in both. The host here is Node's V8, the engine of both runtimes the simulator models.
 *
 * The expressions come from a fixed seed (sim-seed.ts; SIM_SEED=<integer> draws others), so a CI run is reproducible.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { format } from 'node:util';
import { runInNewContext } from 'node:vm';
import { logLines, simulate } from '../../components/shared/js-sim/simulator.ts';
import { SIM_SEED } from './sim-seed.ts';

type Gen = fc.Arbitrary<string>;

const smallInt = fc.integer({ min: -3, max: 12 }).map(String);
const numLit = fc.oneof(smallInt, fc.constantFrom('0.5', '2.25', '-1.75', '1e3', '3.14159', '10.005'));
const strLit = fc
  .constantFrom('', 'a', 'abc', ' a b ', 'a,b,,c', 'Hello', '42', '08px', '3.5kg', 'x-y-x', '  pad ', 'ёж', 'A1b2')
  .map((s) => `'${s}'`);

/** expressions typed num, str, arr (of numbers), sarr (of strings), bool */
const exprs = fc.letrec<{ num: string; str: string; arr: string; sarr: string; bool: string; any: string }>((tie) => {
  const num: Gen = tie('num');
  const str: Gen = tie('str');
  const arr: Gen = tie('arr');
  const sarr: Gen = tie('sarr');
  const bool: Gen = tie('bool');
  const fn = fc.constantFrom('(x) => x * 2', '(x) => x + 1', '(x) => -x', '(x, i) => x + i', '(x) => x % 3');
  const pred = fc.constantFrom('(x) => x > 2', '(x) => x % 2 === 0', '(x, i) => i < 2', '(x) => x < 0', 'Boolean');
  const cmp = fc.constantFrom('(a, b) => a - b', '(a, b) => b - a', '(a, b) => (a % 3) - (b % 3)', 'undefined');
  const o = { depthSize: 'small' as const, withCrossShrink: true };
  return {
    num: fc.oneof(
      o,
      numLit,
      fc.tuple(num, fc.constantFrom('+', '-', '*', '%'), num).map(([a, op, b]) => `(${a} ${op} ${b})`),
      arr.map((a) => `${a}.length`),
      str.map((s) => `${s}.length`),
      fc.tuple(arr, num).map(([a, n]) => `${a}.indexOf(${n})`),
      fc.tuple(arr, pred).map(([a, p]) => `${a}.findIndex(${p})`),
      fc.tuple(arr, num).map(([a, n]) => `${a}.reduce((s, x) => s + x, ${n})`),
      fc.tuple(str, str).map(([s, t]) => `${s}.indexOf(${t})`),
      fc
        .tuple(fc.constantFrom('max', 'min', 'floor', 'ceil', 'round', 'abs', 'trunc', 'sign', 'sqrt'), num, num)
        .map(([f, a, b]) => `Math.${f}(${a}${f === 'max' || f === 'min' ? `, ${b}` : ''})`),
      str.map((s) => `Number(${s})`),
      fc.tuple(str, fc.constantFrom('', ', 10', ', 16', ', 2')).map(([s, r]) => `parseInt(${s}${r})`),
      str.map((s) => `parseFloat(${s})`),
      fc.tuple(arr, num).map(([a, n]) => `${a}.at(${n})`),
      fc.tuple(str, str).map(([s, t]) => `Object.keys({ a: ${s}, b: ${t} }).length`),
      fc.tuple(arr, num).map(([a, n]) => `new Set([...${a}, ${n}]).size`),
      fc.tuple(num, num).map(([a, b]) => `({ a: { b: ${a} } }.a?.b ?? ${b})`),
      fc.tuple(arr, num).map(([a, n]) => `(${a}.find((x) => x > 100)?.toFixed(1).length ?? ${n})`),
    ),
    str: fc.oneof(
      o,
      strLit,
      fc.tuple(str, str).map(([a, b]) => `(${a} + ${b})`),
      str.map((s) => `${s}.trim()`),
      str.map((s) => `${s}.toUpperCase()`),
      fc.tuple(str, fc.integer({ min: 0, max: 8 }), strLit).map(([s, n, f]) => `${s}.padStart(${n}, ${f})`),
      fc.tuple(str, fc.integer({ min: 0, max: 8 })).map(([s, n]) => `${s}.padEnd(${n})`),
      fc.tuple(str, fc.integer({ min: -1, max: 3 })).map(([s, n]) => `${s}.repeat(${n})`),
      fc.tuple(str, strLit, strLit).map(([s, a, b]) => `${s}.replace(${a}, ${b})`),
      fc.tuple(str, str).map(([s, t]) => `((null?.x.y ?? ${s}) + (({ f: (v) => v })?.f?.(${t}) ?? ''))`),
      fc.tuple(str, num).map(([s, n]) => `({ get v() { return ${s}; }, n: ${n} }).v`),
      fc.tuple(str, strLit, strLit).map(([s, a, b]) => `${s}.replaceAll(${a}, ${b})`),
      fc.tuple(str, num, num).map(([s, a, b]) => `${s}.slice(${a}, ${b})`),
      fc.tuple(num, fc.integer({ min: 0, max: 4 })).map(([n, d]) => `(${n}).toFixed(${d})`),
      fc.tuple(num, fc.constantFrom(2, 10, 16, 36)).map(([n, r]) => `(${n}).toString(${r})`),
      fc.tuple(arr, strLit).map(([a, s]) => `${a}.join(${s})`),
      sarr.map((a) => `${a}.join()`),
      arr.map((a) => `String(${a})`),
      fc.tuple(arr, fc.constantFrom('', ', null, 2', ', null, "--"')).map(([a, s]) => `JSON.stringify(${a}${s})`),
      fc
        .tuple(num, str, arr, fc.constantFrom('', ', null, 2', ', ["a"]'))
        .map(([n, s, a, sp]) => `JSON.stringify({ a: ${n}, b: ${s}, c: ${a}, d: undefined }${sp})`),
    ),
    arr: fc.oneof(
      o,
      fc.array(numLit, { maxLength: 6 }).map((xs) => `[${xs.join(', ')}]`),
      fc.tuple(arr, fn).map(([a, f]) => `${a}.map(${f})`),
      fc.tuple(arr, pred).map(([a, p]) => `${a}.filter(${p})`),
      fc.tuple(arr, cmp).map(([a, c]) => `[...${a}].sort(${c})`),
      fc.tuple(arr, num, num).map(([a, s, e]) => `${a}.slice(${s}, ${e})`),
      fc.tuple(arr, arr).map(([a, b]) => `${a}.concat(${b})`),
      arr.map((a) => `${a}.reverse()`),
      fc.tuple(arr, arr).map(([a, b]) => `[${a}, ${b}].flat()`),
      arr.map((a) => `${a}.flatMap((x) => [x, x * 10])`),
      fc.tuple(arr, num, num).map(([a, s, d]) => `((q) => [q.splice(${s}, ${d}), q].flat())(${a})`),
      fc.tuple(arr, num).map(([a, n]) => `((q) => { q.length = Math.min(q.length, Math.abs(${n})); return q; })(${a})`),
      str.map((s) => `Array.from(${s}, (c) => c.length)`),
      fc.integer({ min: 0, max: 5 }).map((n) => `Array.from({ length: ${n} }, (_, i) => i * i)`),
      arr.map((a) => `[...${a}.keys()]`),
      arr.map((a) => `[...new Set(${a})]`),
      arr.map((a) => `Object.values(${a})`),
      arr.map((a) => `JSON.parse(JSON.stringify(${a}))`),
      str.map((s) => `${s}.split('').map((c) => c.charCodeAt(0))`),
    ),
    sarr: fc.oneof(
      o,
      fc.tuple(str, strLit).map(([s, sep]) => `${s}.split(${sep})`),
      arr.map((a) => `${a}.map(String)`),
      fc.tuple(str, num).map(([s, n]) => `Object.keys({ 'k': 1, b: ${s}, 2: ${n} })`),
      sarr.map((a) => `[...${a}].sort()`),
      fc.tuple(num, str).map(([n, s]) => `Object.entries({ n: ${n}, s: ${s} }).map(([k, v]) => k + '=' + v)`),
      fc.tuple(arr).map(([a]) => `[...new Map(${a}.map((x, i) => [x, i])).keys()].map(String)`),
    ),
    bool: fc.oneof(
      o,
      fc.tuple(arr, pred).map(([a, p]) => `${a}.some(${p})`),
      fc.tuple(arr, pred).map(([a, p]) => `${a}.every(${p})`),
      fc.tuple(arr, num).map(([a, n]) => `${a}.includes(${n})`),
      fc.tuple(str, str).map(([s, t]) => `${s}.includes(${t})`),
      fc.tuple(str, str).map(([s, t]) => `${s}.startsWith(${t})`),
      fc.tuple(str, str).map(([s, t]) => `${s}.endsWith(${t})`),
      num.map((n) => `Number.isInteger(${n})`),
      num.map((n) => `isNaN(${n})`),
      arr.map((a) => `Array.isArray(${a})`),
      fc.tuple(arr, num).map(([a, n]) => `new Set(${a}).has(${n})`),
      fc.tuple(str, str).map(([s, t]) => `Object.isFrozen(Object.freeze({ a: ${s}, b: ${t} }))`),
    ),
    any: fc.oneof(num, str, arr, sarr, bool),
  };
}).any;

/** what Node's console.log prints for the expression, or `Name: message` of what it throws */
function host(expr: string): string {
  try {
    return format(runInNewContext(`(${expr})`, {}));
  } catch (e) {
    const err = e as { name: string; message: string };
    return `${err.name}: ${err.message}`;
  }
}

function simulated(expr: string): string {
  const source = `try {\n  console.log(${expr});\n} catch (e) {\n  console.log(e.name + ': ' + e.message);\n}`;
  const r = simulate(source, 'node');
  if (!r.ok) return `refused: ${JSON.stringify(r.error)}`;
  return logLines(r).join('\n');
}

describe('built-ins: the simulator evaluates random pure expressions as the host engine does', () => {
  it('agrees with V8 on every generated expression', () => {
    fc.assert(
      fc.property(exprs, (expr) => {
        expect(simulated(expr), expr).toBe(host(expr));
      }),
      { seed: SIM_SEED, numRuns: 400 },
    );
  });
});
