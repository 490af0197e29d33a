/**
 * Destructuring and spread (ECMA-262 §8.6.2 BindingInitialization, §13.2.4 ArrayAccumulation): array and object
 * patterns with defaults and rest elements, in declarations, parameters and for…of heads; `...x` in calls, `new`
 * and array literals (over an array or a string), and in object literals (a plain object's own properties).
 */
import type * as A from 'acorn';
import type { Evaluator, G, Interpreter } from './engine-types.ts';
import { drainIterable } from './generators.ts';
import { excerpt, refuseAt } from './parse.ts';
import type { FnCtx } from './scope.ts';
import { ArrayObj, FnObj, Obj, type Env, type Value, readOwn } from './values.ts';

/** the items of an array or a string, as iterating over it gives them; anything else is not iterable */
export function iterate(it: Interpreter, v: Value, site: A.Node): Value[] {
  if (v instanceof ArrayObj) return [...v.items];
  if (typeof v === 'string') return [...v];
  const fromIterator = drainIterable(it, v, site);
  if (fromIterator) return fromIterator;
  if (v instanceof Obj && !(v instanceof FnObj) && v.constructor !== Obj) {
    refuseAt(site, { code: 'unsupportedValue', name: 'iterable' });
  }
  it.throwError('TypeError', `${excerpt(it.source, site, 60)} is not iterable`);
}

/** binds `value` to the pattern: `define` creates (or sets) each name it declares */
export function* bindPattern(
  ev: Evaluator,
  it: Interpreter,
  p: A.Pattern,
  value: Value,
  env: Env,
  ctx: FnCtx,
  define: (name: string, v: Value) => void,
  source: A.Node = p,
): G<void> {
  switch (p.type) {
    case 'Identifier':
      define(p.name, value);
      return;
    case 'AssignmentPattern': {
      const v = value === undefined ? yield* ev.evalExpr(p.right, env, ctx) : value;
      yield* bindPattern(ev, it, p.left, v, env, ctx, define, source);
      return;
    }
    case 'ArrayPattern': {
      const items = iterate(it, value, source);
      for (let i = 0; i < p.elements.length; i++) {
        const el = p.elements[i];
        if (!el) continue;
        if (el.type === 'RestElement') {
          yield* bindPattern(ev, it, el.argument, new ArrayObj(items.slice(i)), env, ctx, define);
          return;
        }
        yield* bindPattern(ev, it, el, items[i], env, ctx, define);
      }
      return;
    }
    case 'ObjectPattern': {
      if (value === undefined || value === null) {
        it.throwError('TypeError', `Cannot destructure '${String(value)}' as it is ${String(value)}.`);
      }
      const used = new Set<string>();
      for (const prop of p.properties) {
        if (prop.type === 'RestElement') {
          const rest = new Obj();
          if (value instanceof Obj && value.constructor === Obj) {
            for (const k of [...value.props.keys()]) if (!used.has(k)) rest.props.set(k, readOwn(it, value, k));
          } else if (value instanceof Obj) refuseAt(prop, { code: 'unsupportedValue', name: 'object' });
          yield* bindPattern(ev, it, prop.argument, rest, env, ctx, define);
          continue;
        }
        const key = prop.key.type === 'Identifier' ? prop.key.name : String((prop.key as A.Literal).value);
        used.add(key);
        const v = it.getProperty(value, key, prop as unknown as A.MemberExpression);
        yield* bindPattern(ev, it, prop.value, v, env, ctx, define);
      }
      return;
    }
    default:
      refuseAt(p, { code: 'unsupported', construct: 'destructuring' });
  }
}

/** arguments or array elements, with `...x` spread */
export function* evalList(
  ev: Evaluator,
  it: Interpreter,
  list: (A.Expression | A.SpreadElement | null)[],
  env: Env,
  ctx: FnCtx,
): G<Value[]> {
  const out: Value[] = [];
  for (const el of list) {
    if (el === null) out.push(undefined);
    else if (el.type === 'SpreadElement')
      out.push(...iterate(it, yield* ev.evalExpr(el.argument, env, ctx), el.argument));
    else out.push(yield* ev.evalExpr(el, env, ctx));
  }
  return out;
}

/** `{ ...x }`: a plain object's own properties (null and undefined add none) */
export function spreadInto(it: Interpreter, o: Obj, v: Value, site: A.Node): void {
  if (v === undefined || v === null || typeof v !== 'object') return;
  if (v instanceof ArrayObj) v.items.forEach((x, i) => o.props.set(String(i), x));
  // a getter is called: the copy holds its value
  else if (v.constructor === Obj && !v.isError) for (const k of [...v.props.keys()]) o.props.set(k, readOwn(it, v, k));
  else refuseAt(site, { code: 'unsupportedValue', name: 'object' });
}
