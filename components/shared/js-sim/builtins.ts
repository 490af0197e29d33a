/**
 * The built-ins every runtime has: console.log, the timer functions (their arguments checked here, their timing
 * decided by the host), queueMicrotask, Promise, the Error constructors and String; and property access on the
 * values the simulator models (promise methods, a few array and string methods, plain objects). A runtime adds its
 * own globals through Host.defineGlobals.
 */
import type * as A from 'acorn';
import {
  ControllerObj,
  controllerProperty,
  EventObj,
  eventProperty,
  installAbort,
  setSignalProperty,
  SignalObj,
  signalProperty,
} from './abort.ts';
import { ASYNC_ITERATOR, ITERATOR, SymbolObj } from './symbols.ts';
import { ClassObj, InstanceObj, instanceProperty, setClassProperty, staticProperty } from './classes.ts';
import { toPrim, toStr, typeOf, withCause } from './conversions.ts';
import { needsProgram, templateText } from './to-primitive.ts';
import type { Interpreter } from './engine-types.ts';
import { errorStack } from './inspect.ts';
import { arrayProperty, installNatives, numberProperty, setArrayLength, stringProperty } from './natives.ts';
import { installClone } from './clone.ts';
import { collectionProperty, CollectionObj, installCollections } from './collections.ts';
import { functionMethod, hasOwn, installObjects } from './objects.ts';
import { refuseAt } from './parse.ts';
import {
  Accessor,
  ArrayObj,
  FnObj,
  GlobalObj,
  HandleObj,
  isCallable,
  NativeObj,
  Obj,
  OpaqueObj,
  PromiseObj,
  type Value,
  OBJECT_PROTOTYPE,
  readOwn,
} from './values.ts';

export function installGlobals(it: Interpreter): void {
  const console = new Obj();
  for (const method of ['log', 'info', 'warn', 'error']) {
    const kind = method === 'warn' || method === 'error' ? 'error' : 'log';
    console.props.set(
      method,
      it.native(`console.${method}`, (_t, args, site) => {
        it.host.log(formatLog(it, args, site), kind);
        return undefined;
      }),
    );
  }
  it.defineGlobal('console', console);
  it.defineGlobal('undefined', undefined);
  it.defineGlobal('NaN', NaN);
  it.defineGlobal('Infinity', Infinity);

  it.defineGlobal(
    'setTimeout',
    it.native('setTimeout', (_t, a, site) => setTimer(it, a, site, false)),
  );
  it.defineGlobal(
    'setInterval',
    it.native('setInterval', (_t, a, site) => setTimer(it, a, site, true)),
  );
  const clear = it.native('clearTimeout', (_t, a) => {
    it.host.clearTimer(a[0]);
    return undefined;
  });
  it.defineGlobal('clearTimeout', clear);
  it.defineGlobal('clearInterval', clear);
  it.defineGlobal(
    'queueMicrotask',
    it.native('queueMicrotask', (_t, a, site) => {
      const fn = a[0];
      if (!isCallable(fn)) it.throwError('TypeError', `The "callback" argument must be of type function.`);
      it.host.enqueueMicrotask({ view: it.viewFor('callback', fn), run: () => it.runCallbackTask(fn, [], site) });
      return undefined;
    }),
  );

  it.defineGlobal('Promise', it.promises.makeConstructor());
  for (const name of ['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError']) {
    it.defineGlobal(
      name,
      it.native(name, (_t, a, site) => {
        const e = it.makeError(name, a[0] === undefined ? '' : toStr(a[0], null), site);
        withCause(e, a[1]);
        return e;
      }),
    );
  }
  // the virtual clock: the script starts at a fixed instant, so only differences mean anything (as in a real run)
  const date = it.native('Date', (_t, _a, site) => refuseAt(site, { code: 'unsupportedNew', name: 'Date' }));
  date.props.set(
    'now',
    it.native('Date.now', () => CLOCK_EPOCH + Math.floor(it.host.clock())),
  );
  it.defineGlobal('Date', date);
  const performance = new Obj();
  performance.props.set(
    'now',
    it.native('performance.now', () => it.host.clock()),
  );
  it.defineGlobal('performance', performance);
  it.defineGlobal(
    'AggregateError',
    it.native('AggregateError', (_t, a, site) => {
      const errors = a[0];
      if (!(errors instanceof ArrayObj)) refuseAt(site, { code: 'unsupportedValue', name: 'iterable' });
      const e = it.makeError('AggregateError', a[1] === undefined ? '' : toStr(a[1], null), site);
      e.props.set('errors', new ArrayObj([...errors.items]));
      return e;
    }),
  );
  installAbort(it);
  installNatives(it);
  installCollections(it);
  installObjects(it);
  installClone(it);
  const symbol = it.native('Symbol', (_t, _a, site) =>
    refuseAt(site, { code: 'unsupportedProperty', name: 'Symbol()' }),
  );
  symbol.props.set('iterator', new SymbolObj(ITERATOR));
  symbol.props.set('asyncIterator', new SymbolObj(ASYNC_ITERATOR));
  it.defineGlobal('Symbol', symbol);
  it.defineGlobal(
    'String',
    it.native('String', (_t, a, s) =>
      a.length === 0 ? '' : needsProgram(a[0]) ? templateText(it, a[0], s) : toStr(a[0], null),
    ),
  );
}

/** what Date.now() returns when the script starts (2026-01-01T00:00:00Z): a fixed instant, so runs repeat */
const CLOCK_EPOCH = Date.UTC(2026, 0, 1);

/** setTimeout / setInterval: the callback must be a function; the delay is ToNumber of the argument */
function setTimer(it: Interpreter, a: Value[], site: A.Node, repeat: boolean): Value {
  const fn = a[0];
  if (!isCallable(fn)) refuseAt(site, { code: 'unsupportedValue', name: typeOf(fn) });
  const raw = a[1] === undefined ? 0 : Number(toPrim(a[1], site));
  return it.host.setTimer(fn, raw, a.slice(2), repeat);
}

/** the line console.log prints, as the runtime prints its arguments and format specifiers (inspect.ts, format.ts) */
function formatLog(it: Interpreter, args: Value[], site: A.Node): string {
  return it.host.formatLog(args, site, it.source);
}

// ---------------------------------------------------------------------------------------------------------------
// Properties

export function getProperty(it: Interpreter, obj: Value, key: string | number, node: A.MemberExpression): Value {
  const name = String(key);
  if (obj === undefined || obj === null) {
    it.throwError('TypeError', `Cannot read properties of ${String(obj)} (reading '${name}')`);
  }
  // a private name (keyed `#x`) exists only on instances and classes that declare it (classes.ts)
  if (name.startsWith('#') && !(obj instanceof InstanceObj) && !(obj instanceof ClassObj))
    it.throwError('TypeError', `Cannot read private member ${name} from an object whose class did not declare it`);
  if (name === 'constructor' && (obj instanceof PromiseObj || obj instanceof ArrayObj)) {
    const ctor = it.global.vars.get(obj instanceof PromiseObj ? 'Promise' : 'Array')?.value;
    if (ctor !== undefined) return ctor;
  }
  if (obj instanceof PromiseObj) {
    if (name === 'then') return it.promises.protoThen;
    if (name === 'catch') return it.promises.protoCatch;
    if (name === 'finally') return it.promises.protoFinally;
  } else if (obj instanceof ArrayObj) {
    const arrayMethod = arrayProperty(it, obj, name);
    if (arrayMethod !== null) return arrayMethod;
  } else if (typeof obj === 'string') {
    const stringMethod = stringProperty(it, obj, name);
    if (stringMethod !== null) return stringMethod;
    return primitiveMissing(String.prototype, name, node);
  } else if (typeof obj === 'number') {
    const numberMethod = numberProperty(it, obj, name);
    if (numberMethod !== null) return numberMethod;
    return primitiveMissing(Number.prototype, name, node);
  } else if (typeof obj === 'boolean') {
    if (name === 'toString' || name === 'valueOf')
      return it.native(name, () => (name === 'toString' ? String(obj) : obj));
    return primitiveMissing(Boolean.prototype, name, node);
  } else if (obj instanceof InstanceObj) {
    if (obj.isError && name === 'stack') return errorStack(obj, it.host.runtime ?? 'node', node);
    return instanceProperty(it, obj, name);
  } else if (obj instanceof ClassObj) {
    return staticProperty(it, obj, name);
  } else if (obj instanceof SignalObj) {
    return signalProperty(it, obj, name, node);
  } else if (obj instanceof ControllerObj) {
    return controllerProperty(it, obj, name, node);
  } else if (obj instanceof EventObj) {
    return eventProperty(obj, name, node);
  } else if (obj instanceof NativeObj) {
    return obj.property(name, node);
  } else if (obj instanceof GlobalObj) {
    return globalProperty(it, name, node);
  } else if (obj instanceof HandleObj) {
    // a Timeout's or Immediate's own fields (`_idleTimeout`…) and methods (ref, unref, refresh…) are not modelled;
    // any other name is missing (a timer callback's `this.count` when the method lost its object)
    if (name.startsWith('_') || HANDLE_MEMBERS.has(name) || OBJECT_PROTOTYPE.has(name))
      refuseAt(node, { code: 'unsupportedProperty', name });
    return undefined;
  } else if (obj instanceof CollectionObj) {
    return collectionProperty(it, obj, name, node);
  } else if (
    obj instanceof FnObj ||
    (obj instanceof Obj && !(obj instanceof HandleObj) && !(obj instanceof OpaqueObj))
  ) {
    if (obj.isError && name === 'stack') return errorStack(obj, it.host.runtime ?? 'node', node);
    if (obj.props.has(name)) return readOwn(it, obj, name);
    if (obj instanceof FnObj) {
      if (name === 'name') return obj.name;
      const method = functionMethod(it, obj, name);
      if (method !== null) return method;
    } else if (name === 'constructor' && (obj.errorInfo || (obj.constructor === Obj && !isBuiltinObject(it, obj)))) {
      // `e.constructor.name`: a built-in Error's constructor, a plain object's Object
      const ctor = it.global.vars.get(obj.errorInfo ? obj.errorInfo.ctorName : 'Object')?.value;
      if (ctor !== undefined) return ctor;
    } else if (name === 'hasOwnProperty' && !isBuiltinObject(it, obj)) {
      return it.native('hasOwnProperty', (_t, a, s) => hasOwn(it, obj, a[0], s));
    } else if (OBJECT_PROTOTYPE.has(name)) {
      // what every object inherits from Object.prototype is not modelled (not undefined, as a missing property is)
      refuseAt(node, { code: 'unsupportedProperty', name });
    }
    if (obj.errorInfo && name === 'cause') return obj.errorInfo.cause;
    if (obj.errorInfo && name === 'code' && obj.errorInfo.code !== undefined) return obj.errorInfo.code;
    if (!(obj instanceof FnObj) && !isBuiltinObject(it, obj)) return undefined;
    // `process.on`, `console.table`: named with their object
    const owner = builtinName(it, obj);
    if (owner) refuseAt(node, { code: 'unsupportedProperty', name: `${owner}.${name}` });
  }
  refuseAt(node, { code: 'unsupportedProperty', name });
}

export function setProperty(
  it: Interpreter,
  obj: Value,
  key: string | number,
  v: Value,
  node: A.MemberExpression,
): void {
  const name = String(key);
  if (obj === undefined || obj === null) {
    it.throwError('TypeError', `Cannot set properties of ${String(obj)} (setting '${name}')`);
  }
  if (obj instanceof Obj && obj.frozen) refuseAt(node, { code: 'unsupportedProperty', name: `${name} (frozen)` });
  // `o[key] = v` with the key '__proto__' sets the prototype, which is not modelled (`o.__proto__` is refused by parse.ts)
  if (name === '__proto__') refuseAt(node, { code: 'unsupported', construct: 'proto' });
  if (obj instanceof ArrayObj && /^\d+$/.test(name)) {
    const i = Number(name);
    while (obj.items.length < i) obj.items.push(undefined);
    obj.items[i] = v;
    return;
  }
  if (obj instanceof ArrayObj && name === 'length') {
    setArrayLength(it, obj, v, node);
    return;
  }
  if (setClassProperty(it, obj, name, v, node)) return;
  if (obj instanceof SignalObj && setSignalProperty(obj, name, v)) return;
  if (obj instanceof Obj && obj.constructor === Obj && !isBuiltinObject(it, obj)) {
    const old = obj.props.get(name);
    if (!(old instanceof Accessor)) obj.props.set(name, v);
    else if (old.set) it.call(old.set, obj, [v], node);
    // a getter without a setter: ignored in sloppy code, a TypeError in strict code (not followed)
    else refuseAt(node, { code: 'unsupportedProperty', name: `${name} (a getter only)` });
    return;
  }
  refuseAt(node, { code: 'unsupportedProperty', name });
}

/**
 * A property a string, number or boolean does not have (`r.bytes` where `r` is a string) is undefined, as in
 * JavaScript; one its prototype has (a method the simulator does not model) is refused. The prototype is the host's
 * own: the same engine as the runtimes'.
 */
function primitiveMissing(proto: object, name: string, node: A.MemberExpression): undefined {
  if (name in proto || name.startsWith('#')) refuseAt(node, { code: 'unsupportedProperty', name });
  return undefined;
}

const HANDLE_MEMBERS = new Set(['ref', 'unref', 'hasRef', 'refresh', 'close', 'hasOwnProperty']);

/** properties of the global object in Node or a browser that a program may well read through `this` */
const GLOBAL_MEMBERS = new Set(
  (
    'name length status closed top parent self window frames opener origin location document navigator history ' +
    'screen event external crypto caches indexedDB localStorage sessionStorage visualViewport scrollX scrollY ' +
    'innerWidth innerHeight outerWidth outerHeight devicePixelRatio isSecureContext customElements global ' +
    'globalThis process Buffer require module exports __filename __dirname fetch atob btoa structuredClone ' +
    'hasOwnProperty'
  ).split(' '),
);

/**
 * `this.x` where `this` is the global object (a plain call of sloppy code): a name the runtimes' global objects do
 * not have is undefined in both; one they may have (a global the simulator knows, the program's own top-level name —
 * the window's property in a browser, not in a CommonJS module —, a window property, an `on…` handler) is refused.
 */
function globalProperty(it: Interpreter, name: string, node: A.MemberExpression): Value {
  // a page's window.name is '' unless something set it; Node's global has no `name`
  if (name === 'name' && !it.scriptEnv?.vars.has(name)) return it.host.runtime === 'browser' ? '' : undefined;
  if (
    GLOBAL_MEMBERS.has(name) ||
    OBJECT_PROTOTYPE.has(name) ||
    name.startsWith('_') ||
    /^on[a-z]/.test(name) ||
    it.global.vars.has(name) ||
    it.scriptEnv?.vars.has(name) ||
    it.host.isForeignGlobal(name)
  )
    refuseAt(node, { code: 'unsupportedProperty', name: `this.${name}` });
  return undefined;
}

/** console and process: their other properties are refused, not undefined */
function builtinName(it: Interpreter, o: Obj): string | null {
  for (const n of ['console', 'process', 'performance']) if (it.global.vars.get(n)?.value === o) return n;
  return null;
}

function isBuiltinObject(it: Interpreter, o: Obj): boolean {
  for (const n of ['console', 'process', 'performance']) if (it.global.vars.get(n)?.value === o) return true;
  return false;
}
