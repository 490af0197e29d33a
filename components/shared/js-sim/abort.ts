/**
 * AbortController and AbortSignal (DOM §3.1–3.2), in both runtimes, and Node's `require('timers/promises')`
 * (`setTimeout(ms, value, { signal })`, `setImmediate(value, { signal })`, lib/timers/promises.js, Node 20).
 *
 * `abort(reason)` sets the signal's reason (a DOMException named AbortError when none is given) and fires its
 * `abort` event there and then: the listeners run synchronously, in the order they were added (`onabort` where it
 * was first set), so a promise they reject runs its handlers as microtasks after the `abort()` call returns.
 * `AbortSignal.timeout(ms)` aborts from a timer with a TimeoutError (in Node an unref'd timer: it does not keep the
 * process alive; in a browser each listener's microtasks run before the next listener, no script being on the stack,
 * and the TimeoutError has no stack frame). Node's timers/promises rejects with its AbortError (`code: 'ABORT_ERR'`, the signal's reason as
 * `cause`) and, when given a signal, returns its promise through SafePromisePrototypeFinally — `new Promise((a, b) =>
 * new SafePromise((a, b) => p.then(a, b)).finally(removeListener).then(a, b))` — which costs the ticks those steps
 * cost; the model runs the same steps. The texts differ by runtime (Node: "This operation was aborted", Chromium:
 * "signal is aborted without reason").
 *
 * Not modelled: Chromium runs AbortSignal.timeout's abort on a task queue of its own, not in order with setTimeout
 * (measured in Chromium 156: a 20 ms abort after a 21 ms timer set after it, a 40 ms abort before a 40 ms timer set
 * after it); the model queues it as a timer, so an abort within a millisecond or two of a timer may be ordered
 * differently in a real browser.
 */
import type * as A from 'acorn';
import { reasonText } from './conversions.ts';
import type { Interpreter } from './engine-types.ts';
import { refuseAt } from './parse.ts';
import { FnObj, isCallable, Obj, OpaqueObj, Throw, type Value } from './values.ts';

/** the DOMException's legacy codes the abort reasons carry */
const DOM_CODES: Record<string, number> = { AbortError: 20, TimeoutError: 23, DataCloneError: 25 };

interface Listener {
  fn: Value;
  once: boolean;
  /** the `onabort` slot: its function is read when the event fires */
  handlerSlot: boolean;
}

export class SignalObj extends OpaqueObj {
  aborted = false;
  reason: Value = undefined;
  listeners: Listener[] = [];
  onabort: Value = null;
  constructor() {
    super('AbortSignal');
  }
}

export class ControllerObj extends OpaqueObj {
  readonly signal = new SignalObj();
  constructor() {
    super('AbortController');
  }
}

/** the `abort` event a listener receives */
export class EventObj extends OpaqueObj {
  constructor(readonly target: SignalObj) {
    super('Event');
  }
}

export function domException(it: Interpreter, name: string, message: string, site: A.Node | null): Obj {
  const e = it.makeError(name, message, site);
  e.errorInfo = { ...e.errorInfo!, base: 'DOMException', ctorName: 'DOMException', code: DOM_CODES[name] };
  return e;
}

function texts(it: Interpreter): { abort: string; timeout: string } {
  return it.host.runtime === 'node'
    ? { abort: 'This operation was aborted', timeout: 'The operation was aborted due to timeout' }
    : { abort: 'signal is aborted without reason', timeout: 'signal timed out' };
}

/** DOM "signal abort": the reason, then the `abort` event's listeners, synchronously */
export function signalAbort(
  it: Interpreter,
  signal: SignalObj,
  reason: Value,
  site: A.Node | null,
  fromTimer = false,
): void {
  if (signal.aborted) return;
  signal.aborted = true;
  signal.reason = reason === undefined ? domException(it, 'AbortError', texts(it).abort, site) : reason;
  const event = new EventObj(signal);
  for (const l of [...signal.listeners]) {
    if (!signal.listeners.includes(l)) continue;
    if (l.once) signal.listeners = signal.listeners.filter((x) => x !== l);
    const fn = l.handlerSlot ? signal.onabort : l.fn;
    if (!isCallable(fn)) continue;
    try {
      it.call(fn, signal, [event], site);
    } catch (e) {
      if (!(e instanceof Throw)) throw e;
      // a listener's exception is reported and the others still run
      it.host.uncaught(reasonText(e.value));
    }
    // fired by a timer, not by script: a browser runs the microtasks each listener queued before the next one
    if (fromTimer) it.host.listenerCheckpoint?.();
  }
}

function addListener(signal: SignalObj, fn: Value, options: Value): void {
  if (!isCallable(fn)) return;
  if (signal.listeners.some((l) => l.fn === fn && !l.handlerSlot)) return;
  const once = options instanceof Obj && options.props.get('once') === true;
  signal.listeners.push({ fn, once, handlerSlot: false });
}

export function signalProperty(it: Interpreter, signal: SignalObj, name: string, site: A.Node): Value {
  switch (name) {
    case 'aborted':
      return signal.aborted;
    case 'reason':
      return signal.reason;
    case 'onabort':
      return signal.onabort;
    case 'throwIfAborted':
      return it.native('throwIfAborted', () => {
        if (signal.aborted) throw new Throw(signal.reason);
        return undefined;
      });
    case 'addEventListener':
      return it.native('addEventListener', (_t, a) => {
        if (a[0] === 'abort') addListener(signal, a[1], a[2]);
        return undefined;
      });
    case 'removeEventListener':
      return it.native('removeEventListener', (_t, a) => {
        if (a[0] === 'abort') signal.listeners = signal.listeners.filter((l) => l.handlerSlot || l.fn !== a[1]);
        return undefined;
      });
    default:
      refuseAt(site, { code: 'unsupportedProperty', name });
  }
}

/** `signal.onabort = fn`: an event handler takes its place among the listeners when it is first set */
export function setSignalProperty(signal: SignalObj, name: string, v: Value): boolean {
  if (name !== 'onabort') return false;
  signal.onabort = isCallable(v) ? v : null;
  if (!signal.listeners.some((l) => l.handlerSlot))
    signal.listeners.push({ fn: undefined, once: false, handlerSlot: true });
  return true;
}

export function controllerProperty(it: Interpreter, c: ControllerObj, name: string, site: A.Node): Value {
  if (name === 'signal') return c.signal;
  if (name === 'abort')
    return it.native('abort', (_t, a, callSite) => {
      signalAbort(it, c.signal, a[0], callSite);
      return undefined;
    });
  refuseAt(site, { code: 'unsupportedProperty', name });
}

export function eventProperty(e: EventObj, name: string, site: A.Node): Value {
  if (name === 'type') return 'abort';
  if (name === 'target' || name === 'currentTarget') return e.target;
  refuseAt(site, { code: 'unsupportedProperty', name });
}

/** the globals AbortController and AbortSignal (with its statics timeout and abort) */
export function installAbort(it: Interpreter): void {
  const controller = it.native('AbortController', () =>
    it.throwError('TypeError', "Failed to construct 'AbortController': Please use the 'new' operator"),
  );
  controller.construct = () => new ControllerObj();
  it.defineGlobal('AbortController', controller);
  const signal = it.native('AbortSignal', () => it.throwError('TypeError', 'Illegal constructor'));
  signal.props.set(
    'timeout',
    it.native('AbortSignal.timeout', (_t, a, site) => {
      const s = new SignalObj();
      const ms = Number(a[0]);
      // the TimeoutError is created when the timer fires; its frame names the AbortSignal.timeout call
      const fire = it.native('AbortSignal.timeout', () => {
        const reason = domException(it, 'TimeoutError', texts(it).timeout, site);
        // a browser creates it with no script on the stack: its stack has no frame
        if (it.host.runtime === 'browser') reason.errorInfo!.frame = null;
        signalAbort(it, s, reason, site, true);
        return undefined;
      });
      fire.jobLine = it.lineOf(site);
      const handle = callGlobal(it, 'setTimeout', [fire, ms], site);
      it.host.unrefTimer?.(handle);
      return s;
    }),
  );
  signal.props.set(
    'abort',
    it.native('AbortSignal.abort', (_t, a, site) => {
      const s = new SignalObj();
      signalAbort(it, s, a[0], site);
      return s;
    }),
  );
  it.defineGlobal('AbortSignal', signal);
}

function callGlobal(it: Interpreter, name: string, args: Value[], site: A.Node): Value {
  return it.call(it.global.vars.get(name)?.value, undefined, args, site);
}

/** Node's AbortError (lib/internal/errors.js): `code: 'ABORT_ERR'`, the signal's reason as its cause */
function abortError(it: Interpreter, signal: SignalObj, site: A.Node | null): Obj {
  const e = it.makeError('AbortError', 'The operation was aborted', site);
  e.errorInfo = { ...e.errorInfo!, base: 'Error', ctorName: 'AbortError', cause: signal.reason };
  e.props.delete('name');
  e.props.set('code', 'ABORT_ERR');
  e.props.set('name', 'AbortError');
  return e;
}

/** the `signal` of timers/promises' options, which must be an AbortSignal when given */
function optionSignal(it: Interpreter, options: Value, site: A.Node): SignalObj | null {
  if (options === undefined) return null;
  if (!(options instanceof Obj) || options.constructor !== Obj)
    refuseAt(site, { code: 'unsupportedValue', name: 'options' });
  const s = options.props.get('signal');
  if (s === undefined) return null;
  if (!(s instanceof SignalObj))
    it.throwError('TypeError', 'The "options.signal" property must be an instance of AbortSignal.');
  return s;
}

/**
 * timers/promises' setTimeout and setImmediate: a promise resolved with `value` by the timer or the immediate; with a
 * signal, rejected with an AbortError when it aborts (at once if it already has)
 */
function promisified(it: Interpreter, kind: 'setTimeout' | 'setImmediate', a: Value[], site: A.Node): Value {
  const [value, options] = kind === 'setTimeout' ? [a[1], a[2]] : [a[0], a[1]];
  const signal = optionSignal(it, options, site);
  const promises = it.promises;
  if (signal?.aborted) {
    const p = promises.newPromise();
    promises.rejectPromise(p, abortError(it, signal, site));
    return p;
  }
  const cap = promises.newCapability();
  const label = `timers/promises ${kind}`;
  let listener: FnObj | null = null;
  const fire = it.native(label, () => {
    it.call(cap.resolve, undefined, [value], null);
    return undefined;
  });
  fire.jobLine = it.lineOf(site);
  const handle = callGlobal(it, kind, kind === 'setTimeout' ? [fire, a[0]] : [fire], site);
  if (!signal) return cap.promise;
  listener = it.native('cancelListenerHandler', (_t, _a, abortSite) => {
    callGlobal(it, kind === 'setTimeout' ? 'clearTimeout' : 'clearImmediate', [handle], site);
    it.call(cap.reject, undefined, [abortError(it, signal, abortSite)], null);
    return undefined;
  });
  signal.listeners.push({ fn: listener, once: true, handlerSlot: false });
  // SafePromisePrototypeFinally(ret, () => signal.removeEventListener('abort', oncancel))
  const remove = it.native('removeEventListener', () => {
    signal.listeners = signal.listeners.filter((l) => l.fn !== listener);
    return undefined;
  });
  const outer = promises.newCapability();
  const safe = promises.newCapability();
  it.call(promises.protoThen, cap.promise, [safe.resolve, safe.reject], null);
  const fin = it.call(promises.protoFinally, safe.promise, [remove], site);
  it.call(promises.protoThen, fin, [outer.resolve, outer.reject], null);
  return outer.promise;
}

/** require('timers/promises') */
export function timersPromises(it: Interpreter): Obj {
  const m = new Obj();
  m.props.set(
    'setTimeout',
    it.native('setTimeout', (_t, a, site) => promisified(it, 'setTimeout', a, site)),
  );
  m.props.set(
    'setImmediate',
    it.native('setImmediate', (_t, a, site) => promisified(it, 'setImmediate', a, site)),
  );
  return m;
}
