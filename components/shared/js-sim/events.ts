/**
 * Node's `require('events')` and `require('util')` (Node 20: lib/events.js, lib/internal/util.js).
 *
 * EventEmitter is a class like the snippet's own (classes.ts) whose methods are built-ins, so that `new
 * EventEmitter()`, `class Job extends EventEmitter`, `super.emit(…)` and `instanceof` work as for any class. Its
 * listeners are kept apart from the instance's properties (a map per emitter, held by the module object of one run).
 * `emit` calls the listeners there and then, in the order they were added, with the emitter as `this`, over a copy of
 * the list (a listener added or removed meanwhile changes the next emit, not this one); a `once` listener is removed
 * before it is called; `off`/`removeListener` removes the last matching one; an exception from a listener stops the
 * emit and travels out of it; `emit('error', err)` with no listener throws `err` (a value that is not an Error, Node's
 * ERR_UNHANDLED_ERROR, is refused); 'newListener' and 'removeListener' are emitted as Node does; the eleventh listener of
 * one event prints Node's MaxListenersExceededWarning (from a nextTick, as process.emitWarning does).
 * `events.once(emitter, name)` is Node's async function: a promise resolved with the event's arguments as an array
 * (rejected by an 'error' event), returned through an async function's return, which costs the two extra ticks Node's
 * does. An emitter is not logged (Node prints its internal fields `_events`, `_eventsCount`, `_maxListeners`).
 *
 * `util.promisify(fn)` returns a function that calls `fn` with a callback `(err, value)` appended and returns a
 * promise rejected with `err` or resolved with `value` (an exception `fn` throws rejects it); `setTimeout` and
 * `setImmediate` promisify to timers/promises' (their `util.promisify.custom`). `util.inspect(v)` is util.inspect's
 * text of `v` (what console.log prints for it, a string quoted).
 */
import type * as A from 'acorn';
import { ClassObj, InstanceObj, isEmitter } from './classes.ts';
import { typeOf } from './conversions.ts';
import { inspectNodeValue } from './inspect.ts';
import type { Interpreter } from './engine-types.ts';
import { NamespaceObj } from './natives.ts';
import { refuseAt } from './parse.ts';
import { ArrayObj, FnObj, isCallable, Obj, Throw, type Value } from './values.ts';

/** Node's defaultMaxListeners: the eleventh listener of one event prints a warning */
const MAX_LISTENERS = 10;

/** a listener: `once` wraps it (Node's onceWrapper, whose `listener` is the function given) */
interface Listener {
  fn: FnObj;
  once: boolean;
  /** a once listener already called (Node's onceWrapper `fired`: an emit under way calls it no more) */
  fired?: boolean;
}

interface EmitterState {
  events: Map<string, Listener[]>;
  max: number;
  /** the events whose leak warning was printed */
  warned: Set<string>;
}

/** an event's name: a string (a number is its string); a symbol is not modelled */
function eventName(v: Value, site: A.Node): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  refuseAt(site, { code: 'unsupportedValue', name: typeOf(v) });
}

/** require('events'): EventEmitter itself, with EventEmitter, once and defaultMaxListeners on it */
export function eventsModule(it: Interpreter, emitWarning: (text: string) => void): ClassObj {
  const states = new WeakMap<Obj, EmitterState>();
  const cls = new ClassObj('EventEmitter');
  cls.emitter = true;

  const state = (thisV: Value, site: A.Node): EmitterState => {
    if (!isEmitter(thisV)) {
      // a method taken off its emitter (`const { emit } = e`), as Node fails on it; another object is not followed
      if (thisV === undefined || thisV === null)
        it.throwError('TypeError', `Cannot read properties of ${String(thisV)} (reading '_events')`);
      refuseAt(site, { code: 'unsupportedValue', name: typeOf(thisV) });
    }
    let s = states.get(thisV);
    if (!s) {
      s = { events: new Map(), max: MAX_LISTENERS, warned: new Set() };
      states.set(thisV, s);
    }
    return s;
  };
  const count = (s: EmitterState, name: string): number => s.events.get(name)?.length ?? 0;

  /** emit(): the listeners of a copy of the list, each with the emitter as `this` */
  const emit = (self: Value, name: string, args: Value[], site: A.Node): boolean => {
    const s = state(self, site);
    const list = s.events.get(name);
    if (!list || list.length === 0) {
      if (name !== 'error') return false;
      // an Error is thrown as it is; anything else becomes Node's ERR_UNHANDLED_ERROR, whose text is not modelled
      const er = args[0];
      if (er instanceof Obj && er.isError) throw new Throw(er);
      refuseAt(site, { code: 'unsupported', construct: 'emitError' });
    }
    // over a copy: a listener removed meanwhile is still called by this emit (a once listener only once)
    for (const l of [...list]) {
      if (l.once) {
        if (l.fired) continue;
        l.fired = true;
        const i = s.events.get(name)?.indexOf(l) ?? -1;
        if (i >= 0) removeAt(self, s, name, i, site);
      }
      it.call(l.fn, self, args, site);
    }
    return true;
  };

  const removeAt = (self: Value, s: EmitterState, name: string, i: number, site: A.Node): void => {
    const list = s.events.get(name)!;
    const [l] = list.splice(i, 1);
    if (list.length === 0) {
      s.events.delete(name);
      s.warned.delete(name);
    }
    if (count(s, 'removeListener') > 0) emit(self, 'removeListener', [name, l!.fn], site);
  };

  const add = (self: Value, a: Value[], site: A.Node, once: boolean, prepend: boolean): Value => {
    const s = state(self, site);
    const name = eventName(a[0], site);
    const fn = a[1];
    if (!isCallable(fn)) refuseAt(site, { code: 'unsupportedValue', name: typeOf(fn) });
    // Node emits newListener before the listener is added
    if (count(s, 'newListener') > 0) emit(self, 'newListener', [name, fn], site);
    let list = s.events.get(name);
    if (!list) s.events.set(name, (list = []));
    if (prepend) list.unshift({ fn, once });
    else list.push({ fn, once });
    if (s.max > 0 && list.length > s.max && !s.warned.has(name)) {
      s.warned.add(name);
      const owner = self instanceof InstanceObj ? self.cls.name : 'EventEmitter';
      emitWarning(
        `MaxListenersExceededWarning: Possible EventEmitter memory leak detected. ${list.length} ${name} listeners ` +
          `added to [${owner}]. MaxListeners is ${s.max}. Use emitter.setMaxListeners() to increase limit`,
      );
    }
    return self;
  };

  const remove = (self: Value, a: Value[], site: A.Node): Value => {
    const s = state(self, site);
    const name = eventName(a[0], site);
    const list = s.events.get(name);
    if (list) {
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i]!.fn === a[1]) {
          removeAt(self, s, name, i, site);
          break;
        }
      }
    }
    return self;
  };

  const method = (name: string, impl: (self: Value, a: Value[], site: A.Node) => Value): void => {
    cls.methods.set(name, it.native(name, impl));
  };
  method('on', (t, a, site) => add(t, a, site, false, false));
  method('addListener', (t, a, site) => add(t, a, site, false, false));
  method('prependListener', (t, a, site) => add(t, a, site, false, true));
  method('once', (t, a, site) => add(t, a, site, true, false));
  method('prependOnceListener', (t, a, site) => add(t, a, site, true, true));
  method('off', remove);
  method('removeListener', remove);
  method('emit', (t, a, site) => emit(t, eventName(a[0], site), a.slice(1), site));
  method('listenerCount', (t, a, site) => count(state(t, site), eventName(a[0], site)));
  method(
    'listeners',
    (t, a, site) => new ArrayObj((state(t, site).events.get(eventName(a[0], site)) ?? []).map((l) => l.fn)),
  );
  method('eventNames', (t, _a, site) => new ArrayObj([...state(t, site).events.keys()]));
  // with 'removeListener' listeners, each listener is removed on its own (last first), each removal emitted
  const removeAll = (self: Value, s: EmitterState, name: string, site: A.Node): void => {
    const list = s.events.get(name) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      const j = s.events.get(name)?.indexOf(list[i]!) ?? -1;
      if (j >= 0) removeAt(self, s, name, j, site);
    }
  };
  method('removeAllListeners', (t, a, site) => {
    const s = state(t, site);
    if (a[0] !== undefined) removeAll(t, s, eventName(a[0], site), site);
    else {
      for (const name of [...s.events.keys()]) if (name !== 'removeListener') removeAll(t, s, name, site);
      removeAll(t, s, 'removeListener', site);
    }
    return t;
  });
  method('setMaxListeners', (t, a, site) => {
    const n = a[0];
    if (typeof n !== 'number' || !(n >= 0)) refuseAt(site, { code: 'unsupportedValue', name: typeOf(n) });
    state(t, site).max = n === Infinity ? 0 : n;
    return t;
  });
  method('getMaxListeners', (t, _a, site) => state(t, site).max);

  cls.props.set('EventEmitter', cls);
  cls.props.set('defaultMaxListeners', MAX_LISTENERS);
  cls.props.set(
    'once',
    it.native('once', (_t, a, site) => onceEvent(it, a, site, add, remove)),
  );
  for (const name of [
    'on',
    'getEventListeners',
    'setMaxListeners',
    'listenerCount',
    'errorMonitor',
    'addAbortListener',
  ])
    cls.props.set(
      name,
      it.native(name, (_t, _a, site) => refuseAt(site, { code: 'unsupportedProperty', name: `events.${name}` })),
    );
  return cls;
}

/**
 * events.once(emitter, name): Node 20's `async function once(…) { … return new Promise(…) }`: the returned promise
 * is resolved with the inner one (an async function's return), which takes a thenable job and a `then` more
 */
function onceEvent(
  it: Interpreter,
  a: Value[],
  site: A.Node,
  add: (self: Value, a: Value[], site: A.Node, once: boolean, prepend: boolean) => Value,
  remove: (self: Value, a: Value[], site: A.Node) => Value,
): Value {
  const [emitter, nameV, options] = a;
  if (options !== undefined) refuseAt(site, { code: 'unsupportedProperty', name: 'events.once(…, options)' });
  if (!isEmitter(emitter)) refuseAt(site, { code: 'unsupportedValue', name: typeOf(emitter) });
  const name = eventName(nameV, site);
  const promises = it.promises;
  const outer = promises.newCapability();
  const inner = promises.newCapability();
  let errorListener: FnObj | null = null;
  const resolver = it.native('resolver', (_t, args) => {
    if (errorListener) remove(emitter, ['error', errorListener], site);
    it.call(inner.resolve, undefined, [new ArrayObj(args)], null);
    return undefined;
  });
  add(emitter, [name, resolver], site, true, false);
  if (name !== 'error') {
    errorListener = it.native('errorListener', (_t, args) => {
      remove(emitter, [name, resolver], site);
      it.call(inner.reject, undefined, [args[0]], null);
      return undefined;
    });
    add(emitter, ['error', errorListener], site, true, false);
  }
  it.call(outer.resolve, undefined, [inner.promise], null);
  return outer.promise;
}

/** require('util'): promisify and inspect */
export function utilModule(it: Interpreter, promisified: (fn: FnObj) => Value | null): NamespaceObj {
  const util = new NamespaceObj('util');
  util.members.set(
    'promisify',
    it.native('promisify', (_t, a, site) => {
      const original = a[0];
      if (!isCallable(original)) refuseAt(site, { code: 'unsupportedValue', name: typeOf(original) });
      const custom = promisified(original);
      if (custom !== null) return custom;
      return it.native(original.name, (thisV, args, callSite) => {
        const cap = it.promises.newCapability();
        const callback = it.native(`${original.name} callback`, (_c, [err, value]) => {
          if (err !== undefined && err !== null && err !== false && err !== 0 && err !== '')
            it.call(cap.reject, undefined, [err], null);
          else it.call(cap.resolve, undefined, [value], null);
          return undefined;
        });
        try {
          it.call(original, thisV, [...args, callback], callSite);
        } catch (e) {
          if (!(e instanceof Throw)) throw e;
          it.call(cap.reject, undefined, [e.value], null);
        }
        return cap.promise;
      });
    }),
  );
  util.members.set(
    'inspect',
    it.native('inspect', (_t, a, site) => {
      if (a.length > 1) refuseAt(site, { code: 'unsupportedProperty', name: 'util.inspect(…, options)' });
      return inspectNodeValue(a[0], site);
    }),
  );
  return util;
}
