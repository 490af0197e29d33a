/**
 * The everyday built-ins around the async parts (ECMA-262 §21–23): the methods of arrays, strings and numbers, the
 * globals `Math` (but `Math.random`: a run must repeat), `Number`, `Boolean`, `parseInt`, `parseFloat`, `isNaN`,
 * `isFinite`, and `Array` (`isArray`, `from`, `of`), and the iterators `entries()`, `keys()` and `values()` return.
 *
 * A string or a number of the program is a host primitive, so their methods are the host's own, called with the
 * arguments converted as the specification converts them (ToString, ToNumber); what a host method throws (a
 * RangeError of `repeat(-1)`) becomes the program's exception. An array's items are the host array `ArrayObj.items`,
 * so equality (`indexOf` strict, `includes` SameValueZero) is the host's. A method that calls back (`filter`, `reduce`,
 * `sort`, `find`…) reads the length when it starts and each item when it reaches it, as the specification's loops
 * do, so a callback that changes the array sees what it would in a real run; `sort` is the host's (V8's TimSort, as
 * in Node and Chromium), so a comparator is called with the same pairs in the same order.
 */
import type * as A from 'acorn';
import { toPrim, toStr, truthy } from './conversions.ts';
import type { Interpreter } from './engine-types.ts';
import { refuseAt } from './parse.ts';
import { iterate } from './patterns.ts';
import { ITERATOR } from './symbols.ts';
import { ArrayObj, FnObj, isCallable, NativeObj, Obj, type Value } from './values.ts';

/** ToNumber of a program value (an object through its string, as the subset converts objects) */
export function toNum(v: Value, site: A.Node): number {
  return Number(toPrim(v, site));
}
/** an optional numeric argument: absent stays absent (the host method then takes its default) */
function optNum(v: Value, site: A.Node): number | undefined {
  return v === undefined ? undefined : toNum(v, site);
}

/** runs a host method; its RangeError or TypeError (`'x'.repeat(-1)`, `(1).toFixed(200)`) becomes the program's */
export function hostCall<T>(it: Interpreter, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof RangeError || e instanceof TypeError || e instanceof SyntaxError) it.throwError(e.name, e.message);
    throw e;
  }
}

/** `{ value, done }` */
export function iterResult(value: Value, done: boolean): Obj {
  const r = new Obj();
  r.props.set('value', value);
  r.props.set('done', done);
  return r;
}

/** a built-in iterator (an array's, a Map's, a Set's): `next()` and `[Symbol.iterator]()` */
export class IteratorObj extends NativeObj {
  constructor(
    readonly it: Interpreter,
    what: string,
    readonly step: () => { done: boolean; value: Value },
  ) {
    super(what);
  }
  property(name: string, site: A.Node): Value {
    if (name === 'next')
      return this.it.native('next', () => {
        const r = this.step();
        return iterResult(r.value, r.done);
      });
    if (name === ITERATOR) return this.it.native('[Symbol.iterator]', () => this);
    refuseAt(site, { code: 'unsupportedProperty', name });
  }
}

/** an array iterator: reads the array's length at each step (items pushed while iterating are visited) */
function arrayIterator(it: Interpreter, arr: ArrayObj, kind: 'entries' | 'keys' | 'values'): IteratorObj {
  let i = 0;
  let done = false;
  return new IteratorObj(it, 'Array Iterator', () => {
    if (done || i >= arr.items.length) {
      done = true;
      return { done: true, value: undefined };
    }
    const k = i++;
    const value = kind === 'keys' ? k : kind === 'values' ? arr.items[k] : new ArrayObj([k, arr.items[k]]);
    return { done: false, value };
  });
}

/** a callback argument: a function, else the TypeError V8 throws (`undefined is not a function`) */
export function callback(it: Interpreter, f: Value): FnObj {
  if (!isCallable(f)) it.throwError('TypeError', `${f === undefined ? 'undefined' : toStr(f, null)} is not a function`);
  return f;
}

/** the callback-taking methods' loop: k from 0 to the length at the start, skipping items removed meanwhile */
function each(arr: ArrayObj, visit: (x: Value, k: number) => boolean | void): void {
  const len = arr.items.length;
  for (let k = 0; k < len; k++) {
    if (k >= arr.items.length) continue;
    if (visit(arr.items[k], k) === true) return;
  }
}

function flatten(items: Value[], depth: number, out: Value[]): Value[] {
  for (const x of items) {
    if (x instanceof ArrayObj && depth >= 1) flatten(x.items, depth - 1, out);
    else out.push(x);
  }
  return out;
}

/** Array.prototype.sort's SortCompare: undefined last, a comparator's result as a number, else by ToString */
function sortItems(it: Interpreter, items: Value[], cmp: Value, site: A.Node): Value[] {
  if (cmp !== undefined && !isCallable(cmp))
    it.throwError('TypeError', 'The comparison function must be either a function or undefined');
  const defined: Value[] = items.filter((x) => x !== undefined);
  const holes = items.length - defined.length;
  if (isCallable(cmp)) {
    defined.sort((x, y) => {
      const r = toNum(it.call(cmp, undefined, [x, y], site), site);
      return Number.isNaN(r) ? 0 : r;
    });
  } else {
    const keyed = defined.map((x) => ({ x, k: toStr(x, site) }));
    keyed.sort((p, q) => (p.k < q.k ? -1 : p.k > q.k ? 1 : 0));
    defined.splice(0, defined.length, ...keyed.map((p) => p.x));
  }
  for (let i = 0; i < holes; i++) defined.push(undefined);
  return defined;
}

/** a property of an array: `length`, an index, or a method; null: not one the simulator models */
export function arrayProperty(it: Interpreter, arr: ArrayObj, name: string): Value | null {
  if (name === 'length') return arr.items.length;
  if (/^\d+$/.test(name)) return arr.items[Number(name)];
  if (name === 'index' && arr.matchIndex !== undefined) return arr.matchIndex;
  const items = arr.items;
  const m = (impl: (a: Value[], site: A.Node) => Value): FnObj => it.native(name, (_t, a, s) => impl(a, s));
  switch (name) {
    case 'push':
      return m((a) => items.push(...a));
    case 'pop':
      return m(() => items.pop());
    case 'shift':
      return m(() => items.shift());
    case 'unshift':
      return m((a) => items.unshift(...a));
    case 'join':
    case 'toString':
      return m((a, s) => it.joinText(items, name === 'join' && a[0] !== undefined ? toStr(a[0], s) : ',', s));
    case 'includes':
      return m((a, s) => items.includes(a[0], optNum(a[1], s)));
    case 'indexOf':
      return m((a, s) => items.indexOf(a[0], optNum(a[1], s)));
    case 'lastIndexOf':
      return m((a, s) => (a.length > 1 ? items.lastIndexOf(a[0], toNum(a[1], s)) : items.lastIndexOf(a[0])));
    case 'at':
      return m((a, s) => items.at(toNum(a[0], s)));
    case 'slice':
      return m((a, s) => new ArrayObj(items.slice(optNum(a[0], s), optNum(a[1], s))));
    case 'splice':
      return m((a, s) => {
        if (a.length === 0) return new ArrayObj(items.splice(0, 0));
        if (a.length === 1) return new ArrayObj(items.splice(toNum(a[0], s)));
        return new ArrayObj(items.splice(toNum(a[0], s), toNum(a[1], s), ...a.slice(2)));
      });
    case 'concat':
      return m((a) => {
        const out = [...items];
        for (const x of a) {
          if (x instanceof ArrayObj) out.push(...x.items);
          else out.push(x);
        }
        return new ArrayObj(out);
      });
    case 'reverse':
      return m(() => {
        items.reverse();
        return arr;
      });
    case 'fill':
      return m((a, s) => {
        items.fill(a[0], optNum(a[1], s), optNum(a[2], s));
        return arr;
      });
    case 'flat':
      return m((a, s) => {
        const d = a[0] === undefined ? 1 : toNum(a[0], s);
        return new ArrayObj(flatten(items, Number.isNaN(d) ? 0 : d, []));
      });
    case 'toSorted':
      return m((a, s) => new ArrayObj(sortItems(it, [...items], a[0], s)));
    case 'toReversed':
      return m(() => new ArrayObj([...items].reverse()));
    case 'sort':
      return m((a, s) => {
        const sorted = sortItems(it, [...items], a[0], s);
        items.splice(0, items.length, ...sorted);
        return arr;
      });
    case 'entries':
    case 'keys':
    case 'values':
      return it.native(name, () => arrayIterator(it, arr, name));
    case ITERATOR:
      return it.native('values', () => arrayIterator(it, arr, 'values'));
    default:
      return callbackMethod(it, arr, name);
  }
}

/** the methods that call a function for each item */
function callbackMethod(it: Interpreter, arr: ArrayObj, name: string): Value | null {
  const call = (f: FnObj, thisArg: Value, x: Value, k: number, s: A.Node): Value => it.call(f, thisArg, [x, k, arr], s);
  const m = (impl: (f: FnObj, thisArg: Value, s: A.Node, a: Value[]) => Value): FnObj =>
    it.native(name, (_t, a, s) => impl(callback(it, a[0]), a[1], s, a));
  switch (name) {
    case 'forEach':
      return m((f, t, s) => {
        each(arr, (x, k) => void call(f, t, x, k, s));
        return undefined;
      });
    case 'map':
      return m((f, t, s) => {
        const out: Value[] = [];
        each(arr, (x, k) => void (out[k] = call(f, t, x, k, s)));
        return new ArrayObj(out);
      });
    case 'filter':
      return m((f, t, s) => {
        const out: Value[] = [];
        each(arr, (x, k) => void (truthy(call(f, t, x, k, s)) && out.push(x)));
        return new ArrayObj(out);
      });
    case 'flatMap':
      return m((f, t, s) => {
        const out: Value[] = [];
        each(arr, (x, k) => {
          const r = call(f, t, x, k, s);
          if (r instanceof ArrayObj) out.push(...r.items);
          else out.push(r);
        });
        return new ArrayObj(out);
      });
    case 'some':
    case 'every': {
      const want = name === 'some';
      return m((f, t, s) => {
        let found = false;
        each(arr, (x, k) => (found = truthy(call(f, t, x, k, s)) === want));
        return found ? want : !want;
      });
    }
    case 'find':
    case 'findIndex':
    case 'findLast':
    case 'findLastIndex': {
      const last = name.startsWith('findLast');
      const index = name.endsWith('Index');
      return m((f, t, s) => {
        const len = arr.items.length;
        for (let i = 0; i < len; i++) {
          const k = last ? len - 1 - i : i;
          const x = arr.items[k];
          if (truthy(call(f, t, x, k, s))) return index ? k : x;
        }
        return index ? -1 : undefined;
      });
    }
    case 'reduce':
    case 'reduceRight': {
      const right = name === 'reduceRight';
      return it.native(name, (_t, a, s) => {
        const f = callback(it, a[0]);
        const len = arr.items.length;
        let i = 0;
        let acc: Value;
        if (a.length >= 2) acc = a[1];
        else {
          if (len === 0) it.throwError('TypeError', 'Reduce of empty array with no initial value');
          acc = arr.items[right ? len - 1 : 0];
          i = 1;
        }
        for (; i < len; i++) {
          const k = right ? len - 1 - i : i;
          if (k >= arr.items.length) continue;
          acc = it.call(f, undefined, [acc, arr.items[k], k, arr], s);
        }
        return acc;
      });
    }
    default:
      return null;
  }
}

/** `arr.length = n`: shortening drops the items past n; lengthening would make holes (refused, as holes are) */
export function setArrayLength(it: Interpreter, arr: ArrayObj, v: Value, site: A.Node): void {
  const n = toNum(v, site);
  if (!Number.isInteger(n) || n < 0 || n >= 2 ** 32) it.throwError('RangeError', 'Invalid array length');
  if (n > arr.items.length) refuseAt(site, { code: 'unsupported', construct: 'holes' });
  arr.items.length = n;
}

// ---------------------------------------------------------------------------------------------------------------
// Strings and numbers

/** a property of a string: `length`, an index, or a method; null: not one the simulator models */
export function stringProperty(it: Interpreter, str: string, name: string): Value | null {
  if (name === 'length') return str.length;
  if (/^\d+$/.test(name)) return str[Number(name)];
  const s = (v: Value, at: A.Node): string => toStr(v, at);
  const m = (impl: (a: Value[], site: A.Node) => Value): FnObj =>
    it.native(name, (_t, a, at) => hostCall(it, () => impl(a, at)));
  switch (name) {
    case 'toUpperCase':
      return m(() => str.toUpperCase());
    case 'toLowerCase':
      return m(() => str.toLowerCase());
    case 'trim':
      return m(() => str.trim());
    case 'trimStart':
      return m(() => str.trimStart());
    case 'trimEnd':
      return m(() => str.trimEnd());
    case 'toString':
    case 'valueOf':
      return m(() => str);
    case 'includes':
    case 'startsWith':
    case 'endsWith':
    case 'indexOf':
    case 'lastIndexOf':
      return m((a, at) => str[name](s(a[0], at), optNum(a[1], at)));
    case 'padStart':
    case 'padEnd':
      return m((a, at) => str[name](toNum(a[0], at), a[1] === undefined ? undefined : s(a[1], at)));
    case 'repeat':
      return m((a, at) => str.repeat(toNum(a[0], at)));
    case 'at':
      return m((a, at) => str.at(toNum(a[0], at)));
    case 'charAt':
      return m((a, at) => str.charAt(toNum(a[0], at)));
    case 'charCodeAt':
      return m((a, at) => str.charCodeAt(toNum(a[0], at)));
    case 'codePointAt':
      return m((a, at) => str.codePointAt(toNum(a[0], at)));
    case 'slice':
    case 'substring':
      return m((a, at) => str[name](toNum(a[0], at), optNum(a[1], at)));
    case 'concat':
      return m((a, at) => str.concat(...a.map((x) => s(x, at))));
    case 'localeCompare':
      // the default locale of both runtimes compares ASCII the same; a locale or options argument is not modelled
      return m((a, at) => {
        if (a.length > 1) refuseAt(at, { code: 'unsupportedProperty', name: 'localeCompare(…, locales)' });
        return str.localeCompare(s(a[0], at));
      });
    case 'split':
      return m((a, at) => {
        const limit = optNum(a[1], at);
        if (a[0] instanceof RegExpObj) return new ArrayObj(regexCall(it, a[0], at, (re) => str.split(re, limit)));
        if (a[0] === undefined) return new ArrayObj(str.split(undefined as unknown as string, limit));
        return new ArrayObj(str.split(s(a[0], at), limit));
      });
    case 'replace':
    case 'replaceAll':
      return m((a, at) => {
        const r = a[1];
        if (a[0] instanceof RegExpObj) return regexReplace(it, str, name, a[0], r, at);
        const pattern = s(a[0], at);
        if (isCallable(r))
          return str[name](pattern, (match: string, offset: number) =>
            s(it.call(r, undefined, [match, offset, str], at), at),
          );
        return str[name](pattern, s(r, at));
      });
    case 'match':
    case 'search':
      return m((a, at) => {
        if (!(a[0] instanceof RegExpObj)) refuseAt(at, { code: 'unsupportedValue', name: `${name} of a string` });
        const re = a[0];
        if (name === 'search') return regexCall(it, re, at, (h) => str.search(h));
        return regexCall(it, re, at, (h) => matchArray(str.match(h)));
      });
    default:
      return null;
  }
}

/**
 * A regular expression (a literal: `/\.txt$/`): the host's own RegExp, the same engine as the runtimes' (V8 in Node
 * and Chromium; the simulator's worker is one or the other), so a match, a replacement's `$1` and `lastIndex` are
 * theirs. Modelled: test, exec, source, flags, global, lastIndex, and the string methods match, search, replace,
 * replaceAll and split given one; logged as `/a/g`. A named group, `new RegExp` and the rest are refused by name.
 */
export class RegExpObj extends NativeObj {
  constructor(
    private readonly it: Interpreter,
    readonly re: RegExp,
  ) {
    super('regular expression');
    this.text = String(re);
  }
  property(name: string, site: A.Node): Value {
    const it = this.it;
    switch (name) {
      case 'test':
        return it.native('test', (_t, a, at) => regexCall(it, this, at, (re) => re.test(toStr(a[0], at))));
      case 'exec':
        return it.native('exec', (_t, a, at) => regexCall(it, this, at, (re) => matchArray(re.exec(toStr(a[0], at)))));
      case 'source':
      case 'flags':
      case 'global':
      case 'lastIndex':
        return this.re[name];
      default:
        refuseAt(site, { code: 'unsupportedProperty', name });
    }
  }
}

/** runs the host's RegExp; a named group (its `groups` object) is refused */
function regexCall<T>(it: Interpreter, re: RegExpObj, site: A.Node, f: (re: RegExp) => T): T {
  if (/\(\?<[^=!]/.test(re.re.source)) refuseAt(site, { code: 'unsupported', construct: 'regex' });
  return hostCall(it, () => f(re.re));
}

/**
 * a match's array (match without g, exec): its items; its `index` is kept, its `input` and `groups` are not, so
 * logging it whole is refused (inspect.ts) while its items and length read as usual
 */
function matchArray(m: RegExpMatchArray | RegExpExecArray | null): Value {
  if (m === null) return null;
  const arr = new ArrayObj([...m]);
  if (m.index !== undefined) arr.matchIndex = m.index;
  return arr;
}

function regexReplace(
  it: Interpreter,
  str: string,
  name: 'replace' | 'replaceAll',
  re: RegExpObj,
  r: Value,
  site: A.Node,
): Value {
  return regexCall(it, re, site, (h) => {
    if (!isCallable(r)) return str[name](h, toStr(r, site));
    // (match, p1, …, offset, string): the captures are strings or undefined
    return str[name](h, (...args: (string | number | undefined)[]) => toStr(it.call(r, undefined, args, site), site));
  });
}

/** a property of a number: toFixed, toString (with a radix), toPrecision; null: not modelled */
export function numberProperty(it: Interpreter, n: number, name: string): Value | null {
  const m = (impl: (a: Value[], site: A.Node) => Value): FnObj =>
    it.native(name, (_t, a, at) => hostCall(it, () => impl(a, at)));
  switch (name) {
    case 'toFixed':
      return m((a, at) => n.toFixed(optNum(a[0], at)));
    case 'toPrecision':
      return m((a, at) => n.toPrecision(optNum(a[0], at)));
    case 'toString':
      return m((a, at) => n.toString(optNum(a[0], at)));
    case 'valueOf':
      return m(() => n);
    default:
      return null;
  }
}

/**
 * `new Array(n)` / `Array(n)`: n holes, which the simulator does not model (they print as `<n empty items>`, most
 * methods skip them). Only its length and filling it whole (`fill(v)`, `fill()`) are modelled: an array of n items.
 */
class HolesObj extends NativeObj {
  constructor(
    private readonly it: Interpreter,
    readonly length: number,
  ) {
    super('array with holes');
  }
  property(name: string, site: A.Node): Value {
    if (name === 'length') return this.length;
    if (name === 'fill')
      return this.it.native('fill', (_t, a, s) => {
        const whole = (a[1] === undefined || a[1] === 0) && (a[2] === undefined || a[2] === this.length);
        if (!whole) refuseAt(s, { code: 'unsupported', construct: 'holes' });
        return new ArrayObj(new Array<Value>(this.length).fill(a[0]));
      });
    refuseAt(site, { code: 'unsupported', construct: 'holes' });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Globals: Math, Number, Boolean, parseInt, parseFloat, isNaN, isFinite, Array

const MATH_FUNCTIONS = [
  'abs',
  'acos',
  'acosh',
  'asin',
  'asinh',
  'atan',
  'atan2',
  'atanh',
  'cbrt',
  'ceil',
  'clz32',
  'cos',
  'cosh',
  'exp',
  'expm1',
  'floor',
  'fround',
  'hypot',
  'imul',
  'log',
  'log10',
  'log1p',
  'log2',
  'max',
  'min',
  'pow',
  'round',
  'sign',
  'sin',
  'sinh',
  'sqrt',
  'tan',
  'tanh',
  'trunc',
] as const;
const MATH_CONSTANTS = ['E', 'LN10', 'LN2', 'LOG10E', 'LOG2E', 'PI', 'SQRT1_2', 'SQRT2'] as const;
const NUMBER_CONSTANTS = [
  'EPSILON',
  'MAX_SAFE_INTEGER',
  'MAX_VALUE',
  'MIN_SAFE_INTEGER',
  'MIN_VALUE',
  'NaN',
  'NEGATIVE_INFINITY',
  'POSITIVE_INFINITY',
] as const;

/** a built-in namespace object whose unknown properties are refused (as console's are), not undefined */
export class NamespaceObj extends NativeObj {
  readonly members = new Map<string, Value>();
  constructor(what: string) {
    super(what);
  }
  property(name: string, site: A.Node): Value {
    if (this.members.has(name)) return this.members.get(name);
    refuseAt(site, { code: 'unsupportedProperty', name: `${this.what}.${name}` });
  }
}

export function installNatives(it: Interpreter): void {
  const math = new NamespaceObj('Math');
  const hostMath = Math as unknown as Record<string, (...xs: number[]) => number>;
  for (const f of MATH_FUNCTIONS) {
    const host = hostMath[f]!;
    math.members.set(
      f,
      it.native(`Math.${f}`, (_t, a, s) => host(...a.map((x) => toNum(x, s)))),
    );
  }
  for (const c of MATH_CONSTANTS) math.members.set(c, Math[c]);
  it.defineGlobal('Math', math);

  const parseIntFn = it.native('parseInt', (_t, a, s) => parseInt(toStr(a[0], s), optNum(a[1], s)));
  const parseFloatFn = it.native('parseFloat', (_t, a, s) => parseFloat(toStr(a[0], s)));
  it.defineGlobal('parseInt', parseIntFn);
  it.defineGlobal('parseFloat', parseFloatFn);
  it.defineGlobal(
    'isNaN',
    it.native('isNaN', (_t, a, s) => Number.isNaN(toNum(a[0], s))),
  );
  it.defineGlobal(
    'isFinite',
    it.native('isFinite', (_t, a, s) => Number.isFinite(toNum(a[0], s))),
  );

  const number = it.native('Number', (_t, a, s) => (a.length === 0 ? 0 : toNum(a[0], s)));
  for (const c of NUMBER_CONSTANTS) number.props.set(c, Number[c]);
  for (const f of ['isInteger', 'isFinite', 'isNaN', 'isSafeInteger'] as const) {
    number.props.set(
      f,
      it.native(`Number.${f}`, (_t, a) => Number[f](a[0])),
    );
  }
  number.props.set('parseInt', parseIntFn);
  number.props.set('parseFloat', parseFloatFn);
  it.defineGlobal('Number', number);
  it.defineGlobal(
    'Boolean',
    it.native('Boolean', (_t, a) => truthy(a[0])),
  );

  // Array(…) and new Array(…): the items, or with one number that many holes (only filling them is modelled)
  const makeArray = (_t: Value, a: Value[], site: A.Node): Value => {
    if (a.length !== 1 || typeof a[0] !== 'number') return new ArrayObj([...a]);
    const n = a[0];
    if (!Number.isInteger(n) || n < 0 || n >= 2 ** 32) it.throwError('RangeError', 'Invalid array length');
    if (n > 1_000_000) refuseAt(site, { code: 'unsupportedValue', name: 'array-like' });
    return n === 0 ? new ArrayObj([]) : new HolesObj(it, n);
  };
  const array = it.native('Array', makeArray);
  array.construct = makeArray;
  array.props.set(
    'isArray',
    it.native('Array.isArray', (_t, a) => a[0] instanceof ArrayObj || a[0] instanceof HolesObj),
  );
  array.props.set(
    'of',
    it.native('Array.of', (_t, a) => new ArrayObj([...a])),
  );
  array.props.set(
    'from',
    it.native('Array.from', (_t, a, s) => {
      const src = a[0];
      const f = a[1];
      if (f !== undefined && !isCallable(f)) it.throwError('TypeError', `${toStr(f, null)} is not a function`);
      if (src === undefined || src === null)
        it.throwError('TypeError', `${String(src)} is not iterable (cannot read property Symbol(Symbol.iterator))`);
      let items: Value[];
      // an array-like `{ length: n }` (Array.from({ length: 3 }, (_, i) => i)); anything else must be iterable
      if (src instanceof Obj && src.constructor === Obj && !src.props.has(ITERATOR)) {
        const len = Math.min(Math.max(0, Math.trunc(toNum(src.props.get('length'), s)) || 0), 2 ** 32 - 1);
        if (len > 1_000_000) refuseAt(s, { code: 'unsupportedValue', name: 'array-like' });
        items = [];
        for (let i = 0; i < len; i++) items.push(src.props.get(String(i)));
      } else if (typeof src === 'number' || typeof src === 'boolean') items = [];
      else items = iterate(it, src, s);
      return new ArrayObj(isCallable(f) ? items.map((x, i) => it.call(f, undefined, [x, i], s)) : items);
    }),
  );
  it.defineGlobal('Array', array);
}
