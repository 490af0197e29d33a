/**
 * Objects and functions as data (ECMA-262 §20.1, §20.2.3, §25.5): `Object.keys/values/entries/assign/freeze/
 * isFrozen/fromEntries/hasOwn`, `hasOwnProperty`, a function's `call`, `apply` and `bind`, `JSON.stringify` (with
 * a replacer and the indentation argument: the same text as the runtimes print, built as SerializeJSONProperty
 * builds it, calling `toJSON` and getters in the same order) and `JSON.parse` (the host's parser, its SyntaxError
 * the program's). An object's own enumerable keys come in the specification's order: integer keys ascending, then
 * the others as they were added.
 *
 * What stays refused, by name: property descriptors (`Object.defineProperty`, `getOwnPropertyDescriptor`),
 * prototypes (`Object.create`, `getPrototypeOf`, `setPrototypeOf`), a write to a frozen object (sloppy code ignores
 * it, strict code throws: the simulator does not follow which), a circular structure given to JSON.stringify, and a
 * reviver of JSON.parse.
 */
import type * as A from 'acorn';
import { inChain, InstanceObj, isEmitter } from './classes.ts';
import { CollectionObj } from './collections.ts';
import { MAX_NESTING, toStr } from './conversions.ts';
import type { Interpreter } from './engine-types.ts';
import { arrayProperty, NamespaceObj } from './natives.ts';
import { refuseAt } from './parse.ts';
import { iterate } from './patterns.ts';
import type { Runtime } from './types.ts';
import {
  ArrayObj,
  FnObj,
  HandleObj,
  isCallable,
  isObj,
  OBJECT_PROTOTYPE,
  Obj,
  OpaqueObj,
  PromiseObj,
  Throw,
  type Value,
  readOwn,
} from './values.ts';

const isIndex = (k: string): boolean => /^(0|[1-9]\d*)$/.test(k) && Number(k) < 2 ** 32 - 1;

/** an object's own property keys in the specification's order: integer keys ascending, then the rest as added */
export function orderedKeys(keys: Iterable<string>): string[] {
  const all = [...keys];
  const ints = all.filter(isIndex).sort((a, b) => Number(a) - Number(b));
  return ints.length === 0 ? all : [...ints, ...all.filter((k) => !isIndex(k))];
}

/** the own enumerable string keys of an object the simulator models; null: one it does not (refused by the caller) */
function ownKeys(v: Value): string[] | null {
  if (typeof v === 'string') return [...v].map((_c, i) => String(i)).slice(0, v.length);
  if (!(v instanceof Obj)) return [];
  if (v instanceof ArrayObj) return v.items.map((_x, i) => String(i));
  if (v instanceof CollectionObj || v instanceof PromiseObj) return [];
  if (v instanceof HandleObj || v instanceof OpaqueObj || v instanceof FnObj) return null;
  // an EventEmitter's own keys begin with Node's _events, _eventsCount, _maxListeners, which are not modelled
  if (isEmitter(v)) return null;
  let keys = [...v.props.keys()];
  // an Error's message is its own but not enumerable; a built-in Error's name is its prototype's
  if (v.isError) keys = keys.filter((k) => k !== 'message' && (k !== 'name' || v instanceof InstanceObj));
  return orderedKeys(keys);
}

function keysOf(it: Interpreter, v: Value, site: A.Node): string[] {
  if (v === undefined || v === null) it.throwError('TypeError', 'Cannot convert undefined or null to object');
  const keys = ownKeys(v);
  if (!keys) refuseAt(site, { code: 'unsupportedValue', name: isEmitter(v) ? 'EventEmitter' : 'object' });
  return keys;
}

function valueOf(it: Interpreter, v: Value, key: string, site: A.Node): Value {
  if (typeof v === 'string') return v[Number(key)];
  if (v instanceof ArrayObj) return v.items[Number(key)];
  if (v instanceof Obj && !(v instanceof InstanceObj)) return readOwn(it, v, key);
  return it.getProperty(v, key, site as A.MemberExpression);
}

export function installObjects(it: Interpreter): void {
  const object = it.native('Object', (_t, _a, site) => refuseAt(site, { code: 'unsupportedNew', name: 'Object' }));
  const def = (name: string, impl: (a: Value[], site: A.Node) => Value): void => {
    object.props.set(
      name,
      it.native(`Object.${name}`, (_t, a, s) => impl(a, s)),
    );
  };
  def('keys', (a, s) => new ArrayObj(keysOf(it, a[0], s)));
  def('values', (a, s) => new ArrayObj(keysOf(it, a[0], s).map((k) => valueOf(it, a[0], k, s))));
  def('entries', (a, s) => new ArrayObj(keysOf(it, a[0], s).map((k) => new ArrayObj([k, valueOf(it, a[0], k, s)]))));
  def('assign', (a, s) => {
    const target = a[0];
    if (target === undefined || target === null)
      it.throwError('TypeError', 'Cannot convert undefined or null to object');
    for (const src of a.slice(1)) {
      if (src === undefined || src === null) continue;
      for (const k of keysOf(it, src, s)) {
        // an own '__proto__' key (JSON.parse makes one) is assigned with [[Set]]: it changes the target's prototype
        if (k === '__proto__') refuseAt(s, { code: 'unsupported', construct: 'protoAssign' });
        it.setProperty(target, k, valueOf(it, src, k, s), s as A.MemberExpression);
      }
    }
    return target;
  });
  def('freeze', (a) => {
    if (a[0] instanceof Obj) a[0].frozen = true;
    return a[0];
  });
  def('isFrozen', (a) => !(a[0] instanceof Obj) || a[0].frozen === true);
  def('fromEntries', (a, s) => {
    const o = new Obj();
    for (const e of iterate(it, a[0], s)) {
      if (!(e instanceof Obj)) it.throwError('TypeError', `Iterator value ${toStr(e, null)} is not an entry object`);
      const [k, v] = e instanceof ArrayObj ? [e.items[0], e.items[1]] : [e.props.get('0'), e.props.get('1')];
      o.props.set(toStr(k, s), v);
    }
    return o;
  });
  def('hasOwn', (a, s) => hasOwn(it, a[0], a[1], s));
  it.defineGlobal('Object', object);

  const json = new NamespaceObj('JSON');
  json.members.set(
    'stringify',
    it.native('JSON.stringify', (_t, a, s) => stringify(it, a[0], a[1], a[2], s)),
  );
  json.members.set(
    'parse',
    it.native('JSON.parse', (_t, a, s) => {
      if (a.length > 1) refuseAt(s, { code: 'unsupportedProperty', name: 'JSON.parse(…, reviver)' });
      const text = toStr(a[0], s);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (e) {
        // V8's stack names JSON.parse's own frame above the caller's, whose column is the call's (`parse`)
        const message = parseErrorMessage((e as Error).message, text, it.host.runtime ?? 'node');
        const err = it.makeError('SyntaxError', message, callPosition(s));
        err.errorInfo!.builtin = 'JSON.parse';
        throw new Throw(err);
      }
      return fromHost(parsed, s);
    }),
  );
  it.defineGlobal('JSON', json);
}

/** where V8 places a call in a stack frame: a method call at its property's name (`JSON.parse(…)` at `parse`) */
function callPosition(site: A.Node): A.Node {
  const call = site as A.AnyNode;
  return call.type === 'CallExpression' && call.callee.type === 'MemberExpression' ? call.callee.property : site;
}

/**
 * JSON.parse's message as the runtime's V8 writes it, whatever the host's is: Chromium's (V8 ≥ 12) ends a message
 * that names a position with its line and column, Node 20's does not
 */
function parseErrorMessage(host: string, text: string, runtime: Runtime): string {
  const bare = host.replace(/ \(line \d+ column \d+\)$/, '');
  const at = /at position (\d+)$/.exec(bare);
  if (runtime === 'node' || !at) return bare;
  const pos = Number(at[1]);
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  return `${bare} (line ${line} column ${pos - before.lastIndexOf('\n')})`;
}

/** for…in's keys: the own enumerable string keys, in Object.keys's order; none for undefined, null, a number */
export function forInKeys(it: Interpreter, v: Value, site: A.Node): string[] {
  if (v === undefined || v === null || typeof v === 'number' || typeof v === 'boolean') return [];
  return keysOf(it, v, site);
}

/**
 * `key in o`: an own key, an array's or a string object's length, a method of the instance's class chain, an array's
 * methods and Object.prototype's members; a primitive on the right is V8's TypeError. Other built-in objects (a Map,
 * a function, a promise) are refused: their prototype chains are not modelled.
 */
export function hasProperty(it: Interpreter, o: Value, key: Value, site: A.Node): boolean {
  const k = typeof key === 'number' ? String(key) : toStr(key, site);
  if (!isObj(o)) it.throwError('TypeError', `Cannot use 'in' operator to search for '${k}' in ${toStr(o, null)}`);
  if (!(o instanceof ArrayObj) && o.constructor !== Obj && !(o instanceof InstanceObj))
    refuseAt(site, { code: 'unsupported', construct: 'operator', name: 'in' });
  if (keysOf(it, o, site).includes(k) || OBJECT_PROTOTYPE.has(k) || k === 'hasOwnProperty') return true;
  if (o instanceof ArrayObj) return k === 'length' || (!isIndex(k) && arrayProperty(it, o, k) !== null);
  if (o instanceof InstanceObj)
    return (
      inChain(o.cls, 'methods', k) !== undefined ||
      inChain(o.cls, 'getters', k) !== undefined ||
      inChain(o.cls, 'setters', k) !== undefined
    );
  return false;
}

/**
 * `delete o.k` / `delete o[k]`: removes an own property of a plain object or a class instance (true, also when there
 * was none); on a primitive it is true and does nothing. An array's element (it would leave a hole), a frozen object
 * and the other built-in objects are refused.
 */
export function deleteProperty(it: Interpreter, o: Value, key: Value, site: A.Node): boolean {
  if (o === undefined || o === null) it.throwError('TypeError', 'Cannot convert undefined or null to object');
  if (!isObj(o)) return true;
  const k = typeof key === 'number' ? String(key) : toStr(key, site);
  if ((o.constructor !== Obj && !(o instanceof InstanceObj)) || o.frozen)
    refuseAt(site, { code: 'unsupported', construct: 'operator', name: 'delete' });
  o.props.delete(k);
  return true;
}

export function hasOwn(it: Interpreter, o: Value, key: Value, site: A.Node): boolean {
  const keys = keysOf(it, o, site);
  const k = toStr(key, site);
  if (keys.includes(k)) return true;
  return o instanceof ArrayObj ? k === 'length' : typeof o === 'string' ? k === 'length' : false;
}

/** a parsed JSON value as the program's value (nested deeper than MAX_NESTING: refused at `site`) */
function fromHost(v: unknown, site: A.Node, nesting = 0): Value {
  if (v === null || typeof v !== 'object') return v as Value;
  if (nesting >= MAX_NESTING) refuseAt(site, { code: 'unsupported', construct: 'nesting' });
  if (Array.isArray(v)) return new ArrayObj(v.map((x) => fromHost(x, site, nesting + 1)));
  const o = new Obj();
  for (const [k, x] of Object.entries(v)) o.props.set(k, fromHost(x, site, nesting + 1));
  return o;
}

// ---------------------------------------------------------------------------------------------------------------
// Functions: call, apply, bind

/** `f.call`, `f.apply`, `f.bind`; null for other names */
export function functionMethod(it: Interpreter, fn: FnObj, name: string): Value | null {
  // undefined or null as the receiver: strict code gets it, sloppy code the global object (scope.ts bodyScope)
  switch (name) {
    case 'call':
      return it.native('call', (_t, a, s) => it.call(fn, a[0], a.slice(1), s));
    case 'apply':
      return it.native('apply', (_t, a, s) => {
        const list = a[1];
        if (list !== undefined && list !== null && !(list instanceof ArrayObj))
          refuseAt(s, { code: 'unsupportedValue', name: 'array-like' });
        return it.call(fn, a[0], list instanceof ArrayObj ? [...list.items] : [], s);
      });
    case 'bind': {
      return it.native('bind', (_t, a) => {
        const bound = a.slice(1);
        const thisV = a[0];
        return it.native(`bound ${fn.name}`, (_t2, args, s) => it.call(fn, thisV, [...bound, ...args], s));
      });
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// JSON.stringify (ECMA-262 §25.5.2)

function stringify(it: Interpreter, value: Value, replacer: Value, space: Value, site: A.Node): Value {
  const replacerFn = isCallable(replacer) ? replacer : null;
  let allow: string[] | null = null;
  if (replacer instanceof ArrayObj) {
    allow = [];
    for (const x of replacer.items) {
      const k = typeof x === 'string' ? x : typeof x === 'number' ? String(x) : null;
      if (k !== null && !allow.includes(k)) allow.push(k);
    }
  }
  let gap = '';
  if (typeof space === 'number') gap = ' '.repeat(Math.max(0, Math.min(10, Math.trunc(space) || 0)));
  else if (typeof space === 'string') gap = space.slice(0, 10);
  const stack: Obj[] = [];

  const property = (holder: Obj, key: string, v: Value, indent: string): string | undefined => {
    if (v instanceof Obj && !(v instanceof FnObj)) {
      const toJSON = v instanceof ArrayObj ? undefined : jsonMethod(it, v, site);
      if (isCallable(toJSON)) v = it.call(toJSON, v, [key], site);
    }
    if (replacerFn) v = it.call(replacerFn, holder, [key, v], site);
    if (v === null) return 'null';
    if (typeof v === 'boolean') return String(v);
    if (typeof v === 'string') return JSON.stringify(v);
    if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
    if (v === undefined || v instanceof FnObj) return undefined;
    if (v instanceof HandleObj || v instanceof OpaqueObj) refuseAt(site, { code: 'unsupportedValue', name: 'object' });
    if (stack.includes(v)) refuseAt(site, { code: 'unsupportedValue', name: 'circular structure' });
    if (stack.length > MAX_NESTING) refuseAt(site, { code: 'unsupported', construct: 'nesting' });
    stack.push(v);
    const inner = indent + gap;
    let out: string;
    if (v instanceof ArrayObj) {
      const parts = v.items.map((x, i) => property(v as Obj, String(i), x, inner) ?? 'null');
      out = wrap('[', ']', parts, indent, inner);
    } else {
      const keys = allow ?? keysOf(it, v, site);
      const parts: string[] = [];
      for (const k of keys) {
        if (allow && !(ownKeys(v) ?? []).includes(k)) continue;
        const s = property(v, k, valueOf(it, v, k, site), inner);
        if (s !== undefined) parts.push(`${JSON.stringify(k)}:${gap ? ' ' : ''}${s}`);
      }
      out = wrap('{', '}', parts, indent, inner);
    }
    stack.pop();
    return out;
  };

  const wrap = (open: string, close: string, parts: string[], indent: string, inner: string): string => {
    if (parts.length === 0) return `${open}${close}`;
    if (!gap) return `${open}${parts.join(',')}${close}`;
    return `${open}\n${inner}${parts.join(`,\n${inner}`)}\n${indent}${close}`;
  };

  const wrapper = new Obj();
  wrapper.props.set('', value);
  return property(wrapper, '', value, '');
}

/** a value's toJSON method (a plain object's own, an instance's along its class), or undefined */
function jsonMethod(it: Interpreter, v: Obj, site: A.Node): Value {
  if (v instanceof InstanceObj) return it.getProperty(v, 'toJSON', site as A.MemberExpression);
  if (v instanceof CollectionObj || v instanceof PromiseObj || v.isError) return undefined;
  if (v.constructor === Obj) return readOwn(it, v, 'toJSON');
  return undefined;
}
