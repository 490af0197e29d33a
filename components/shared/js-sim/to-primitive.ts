/**
 * ToPrimitive of an object whose conversion calls a method the program wrote (its own, or its class chain's, toString
 * or valueOf), and of an array that may hold one: ECMA-262 §7.1.1 with OrdinaryToPrimitive. The hint "string" (a
 * template literal, String(x), join) tries toString first, "default" (`+`, `==`) and "number" (`*`, `<`, unary `-`)
 * valueOf first; a missing toString is Object.prototype's (`[object Object]`, or an Error's, or an array's join), a
 * missing valueOf is Object.prototype's (the object itself, so not a primitive). What a method throws is thrown; neither
 * giving a primitive is Node's and Chromium's TypeError. Both evaluators (evaluate.ts, fast.ts) and the built-ins
 * (String, join) convert through here; conversions.ts's toStr refuses what would need it.
 */
import type * as A from 'acorn';
import { InstanceObj, instanceProperty } from './classes.ts';
import { binary, builtinToStr, MAX_NESTING, toStr } from './conversions.ts';
import type { Interpreter } from './engine-types.ts';
import { hasProperty } from './objects.ts';
import { refuseAt } from './parse.ts';
import { ArrayObj, isCallable, isObj, readOwn, type Obj, type Value } from './values.ts';

export type Hint = 'string' | 'number' | 'default';
type Primitive = Exclude<Value, Obj>;

/** whether converting `v` may call the program's code (an array: one of its elements' conversions) */
export function needsProgram(v: Value): v is Obj {
  return isObj(v) && (v.convertsItself() || v instanceof ArrayObj);
}

export function toPrimitive(it: Interpreter, v: Value, hint: Hint, site: A.Node, nesting = 0): Primitive {
  if (!needsProgram(v)) return isObj(v) ? builtinToStr(v, site) : v;
  if (v instanceof ArrayObj && !v.convertsItself()) return joinText(it, v.items, ',', site, nesting);
  for (const name of hint === 'string' ? ['toString', 'valueOf'] : ['valueOf', 'toString']) {
    const method = v instanceof InstanceObj ? instanceProperty(it, v, name) : readOwn(it, v, name);
    if (method === undefined) {
      if (name === 'toString') return builtinToStr(v, site);
      continue;
    }
    if (!isCallable(method)) continue;
    const r = it.call(method, v, [], site);
    if (!isObj(r)) return r;
  }
  it.throwError('TypeError', 'Cannot convert object to primitive value');
}

/** ToString with the program's conversions: a template literal's `${v}`, String(v) of an object */
export function templateText(it: Interpreter, v: Value, site: A.Node): string {
  return needsProgram(v) ? toStr(toPrimitive(it, v, 'string', site), site) : toStr(v, site);
}

/** Array.prototype.join: undefined and null are empty, the rest converted as `${x}` is */
export function joinText(it: Interpreter, items: readonly Value[], sep: string, site: A.Node, nesting = 0): string {
  if (nesting >= MAX_NESTING) refuseAt(site, { code: 'unsupported', construct: 'nesting' });
  let out = '';
  for (let i = 0; i < items.length; i++) {
    const x = items[i];
    if (i > 0) out += sep;
    if (x === undefined || x === null) continue;
    out += needsProgram(x) ? toStr(toPrimitive(it, x, 'string', site, nesting + 1), site) : toStr(x, site);
  }
  return out;
}

/**
 * A binary operator with the program's conversions first: `+` and `==` with the hint "default", the arithmetic and
 * relational ones "number"; `===`, `!==`, `in`, `instanceof` convert nothing, nor does `==` between two objects or
 * with null or undefined.
 */
export function binaryConverted(it: Interpreter, op: A.BinaryOperator, l: Value, r: Value, node: A.Node): Value {
  if (op === 'in') return hasProperty(it, r, l, node);
  if (op === '===' || op === '!==' || op === 'instanceof') return binary(op, l, r, node);
  if (!needsProgram(l) && !needsProgram(r)) return binary(op, l, r, node);
  if (op === '==' || op === '!=') {
    if (isObj(l) && isObj(r)) return binary(op, l, r, node);
    if (l === null || l === undefined || r === null || r === undefined) return binary(op, l, r, node);
  }
  const hint: Hint = op === '+' || op === '==' || op === '!=' ? 'default' : 'number';
  const a = toPrimitive(it, l, hint, node);
  return binary(op, a, toPrimitive(it, r, hint, node), node);
}
