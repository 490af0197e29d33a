/**
 * Conversions and operators on the interpreted program's values (ECMA-262 §7.1, §13): ToString, ToPrimitive,
 * ToBoolean, typeof, and the binary operators of the subset. A value the simulator does not model as a string (a
 * function, a timer handle) is refused rather than guessed.
 */
import type * as A from 'acorn';
import { refuseAt } from './parse.ts';
import { ArrayObj, FnObj, HandleObj, isObj, Obj, OpaqueObj, PromiseObj, type Value } from './values.ts';

function numberToString(n: number): string {
  return String(n);
}

/** what a refusal or a message calls an object */
export function describe(v: Obj): string {
  if (v instanceof ArrayObj) return 'array';
  if (v instanceof FnObj) return 'function';
  if (v instanceof PromiseObj) return 'Promise';
  if (v.isError) return 'Error';
  return 'object';
}

/**
 * How deeply nested arrays ToString joins (and JSON.stringify writes, JSON.parse reads) before the simulator refuses:
 * the runtimes' ToString and JSON.stringify go on until their stack overflows (a RangeError at a depth that depends
 * on the machine), and the simulator's own stack would overflow near ten thousand levels (it crashed).
 */
export const MAX_NESTING = 1000;

/**
 * ToString; `site` null: a value the simulator cannot print becomes '[object]' instead of a refusal. An object whose
 * conversion calls a method the program wrote (its own toString or valueOf) is refused where the interpreter does not
 * call it (a template literal does: templateText in builtins.ts).
 */
export function toStr(v: Value, site: A.Node | null, nesting = 0): string {
  if (site && isObj(v) && v.convertsItself()) refuseAt(site, { code: 'unsupported', construct: 'ownToString' });
  return builtinToStr(v, site, nesting);
}

/** ToString with the built-in toString of an object (Object.prototype's, Error.prototype's, an array's join) */
export function builtinToStr(v: Value, site: A.Node | null, nesting = 0): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return numberToString(v);
  if (v === undefined || v === null || typeof v === 'boolean') return String(v);
  if (v instanceof ArrayObj) {
    if (nesting >= MAX_NESTING) {
      if (site) refuseAt(site, { code: 'unsupported', construct: 'nesting' });
      return '';
    }
    return v.items.map((x) => (x === undefined || x === null ? '' : toStr(x, site, nesting + 1))).join(',');
  }
  if (v instanceof PromiseObj) return '[object Promise]';
  if (v.isError) return errorToString(v, site);
  if (v instanceof OpaqueObj && v.text !== undefined) return v.text;
  if (v instanceof FnObj || v instanceof HandleObj || v instanceof OpaqueObj) {
    if (site) refuseAt(site, { code: 'unsupportedValue', name: describe(v) });
    return '[object]';
  }
  return '[object Object]';
}

/**
 * Error.prototype.toString (ECMA-262 §20.5.3.4), which is also the first line of V8's stack: `name: message`, the
 * name inherited from the built-in Error when the error has none of its own
 */
export function errorToString(v: Obj, site: A.Node | null): string {
  const n = v.props.has('name') ? v.props.get('name') : (v.errorInfo?.base ?? 'Error');
  const m = v.props.get('message');
  const name = n === undefined ? 'Error' : toStr(n, site);
  const msg = m === undefined ? '' : toStr(m, site);
  if (name === '') return msg;
  if (msg === '') return name;
  return `${name}: ${msg}`;
}

/** `new Error(message, { cause })`: the cause, which util.inspect prints as `[cause]` */
export function withCause(e: Obj, options: Value): void {
  if (options instanceof Obj && options.constructor === Obj && options.props.has('cause') && e.errorInfo)
    e.errorInfo.cause = options.props.get('cause');
}

export function toPrim(v: Value, site: A.Node): Exclude<Value, Obj> {
  return isObj(v) ? toStr(v, site) : v;
}

export function truthy(v: Value): boolean {
  if (isObj(v)) return true;
  return Boolean(v);
}

export function typeOf(v: Value): string {
  if (v === null) return 'object';
  if (v instanceof FnObj) return 'function';
  if (isObj(v)) return 'object';
  return typeof v;
}

/** how an uncaught exception or an unhandled rejection names its reason */
export function reasonText(v: Value): string {
  if (isObj(v) && !v.isError && !(v instanceof ArrayObj)) return describe(v);
  try {
    return toStr(v, null);
  } catch {
    return 'value';
  }
}

/** what "… is not a function" names */
export function describeCallee(v: Value): string {
  return typeof v === 'string' ? JSON.stringify(v) : String(isObj(v) ? describe(v) : v);
}

export function binary(op: A.BinaryOperator, l: Value, r: Value, node: A.Node): Value {
  if (op === '===') return l === r;
  if (op === '!==') return !(l === r);
  if (op === '==' || op === '!=') {
    let eq: boolean;
    if (isObj(l) && isObj(r)) eq = l === r;
    else if ((l === null || l === undefined) && (r === null || r === undefined)) eq = true;
    else if (l === null || l === undefined || r === null || r === undefined) eq = false;
    else {
      const a = toPrim(l, node);
      const b = toPrim(r, node);

      eq = a == b;
    }
    return op === '==' ? eq : !eq;
  }
  const a = toPrim(l, node);
  const b = toPrim(r, node);
  switch (op) {
    case '+':
      if (typeof a === 'string' || typeof b === 'string') return toStr(a, node) + toStr(b, node);
      return Number(a) + Number(b);
    case '-':
      return Number(a) - Number(b);
    case '*':
      return Number(a) * Number(b);
    case '/':
      return Number(a) / Number(b);
    case '%':
      return Number(a) % Number(b);
    case '**':
      return Number(a) ** Number(b);
    case '&':
      return Number(a) & Number(b);
    case '|':
      return Number(a) | Number(b);
    case '^':
      return Number(a) ^ Number(b);
    case '<<':
      return Number(a) << Number(b);
    case '>>':
      return Number(a) >> Number(b);
    case '>>>':
      return Number(a) >>> Number(b);
    case '<':
    case '>':
    case '<=':
    case '>=': {
      if (typeof a === 'string' && typeof b === 'string') {
        return op === '<' ? a < b : op === '>' ? a > b : op === '<=' ? a <= b : a >= b;
      }
      const x = Number(a);
      const y = Number(b);
      return op === '<' ? x < y : op === '>' ? x > y : op === '<=' ? x <= y : x >= y;
    }
    default:
      refuseAt(node, { code: 'unsupported', construct: 'operator', name: op });
  }
}
