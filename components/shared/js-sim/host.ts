/**
 * The boundary between the interpreter and a runtime.
 *
 * The interpreter knows the language (ECMA-262: values, scopes, functions, promises, async functions) and nothing of
 * a runtime: whatever a host (Node, a browser) decides, it asks through `Host`. A runtime (runtime-node.ts,
 * runtime-browser.ts) implements `Host` and drives the interpreter through `Realm`: it defines its own globals with
 * the realm's natives, and runs callbacks as tasks.
 */
import type * as A from 'acorn';
import type { Runtime, TaskKind, TaskView } from './types.ts';
import type { FnObj, GlobalObj, Job, Native, PromiseObj, ThisValue, Value } from './values.ts';

/** What the interpreter asks of the runtime it runs in. */
export interface Host {
  /** which runtime this is (texts that differ, such as an abort reason's message) */
  readonly runtime?: Runtime;
  /** Node: a timer that does not keep the process alive (AbortSignal.timeout's) */
  unrefTimer?(handle: Value): void;
  /**
   * a browser: the microtask checkpoint after a listener it called itself, with no script on the stack (an abort
   * event fired by AbortSignal.timeout's timer); Node runs a listener's microtasks after all of them
   */
  listenerCheckpoint?(): void;
  /** the runtime's own globals, defined after the ones every runtime has (Node: setImmediate, process, require …) */
  defineGlobals(realm: Realm): void;
  /** whether an undeclared name is a global of another runtime (refused as such, not as an unknown name) */
  isForeignGlobal(name: string): boolean;
  /** console.log, info (stdout in Node), or error, warn (stderr in Node, 'error' lines): one line of output */
  log(text: string, kind?: 'log' | 'error'): void;
  /** console.log's arguments as the runtime prints them, joined by spaces (inspect.ts) */
  formatLog(args: Value[], site: A.Node, source: string): string;
  /** the virtual clock, in ms since the script started (Date.now and performance.now read it) */
  clock(): number;
  /** whether the global Promise has withResolvers (ES2024: Chromium has it, Node 20 does not) */
  readonly promiseWithResolvers: boolean;
  /** queueMicrotask and every promise job: the microtask queue */
  enqueueMicrotask(job: Job): void;
  /** a serial number of the microtask drain under way (or the last one): Job.drain */
  readonly drainSerial: number;
  /**
   * setTimeout / setInterval with a callable callback and the delay as a number (ToNumber of the argument, 0 when
   * missing): the runtime clamps the delay, queues the timer and returns its handle
   */
  setTimer(fn: FnObj, delay: number, args: Value[], repeat: boolean): Value;
  /** clearTimeout / clearInterval */
  clearTimer(handle: Value): void;
  /** an exception reached the top of a task (`reason` as the runtime prints it): Node crashes, a browser reports it */
  uncaught(reason: string): void;
}

/** What a runtime uses of the interpreter. */
export interface Realm {
  /** a built-in function; `jobKind`/`jobLine` label the job it becomes when used as a promise handler */
  native(name: string, impl: Native, jobKind?: TaskKind, jobLine?: number | null): FnObj;
  defineGlobal(name: string, value: Value): void;
  /** a global's value as the runtime defined it (undefined: none) */
  globalValue(name: string): Value;
  /** the label of a queued callback: its name (or an excerpt of its source) and line */
  viewFor(kind: TaskKind, fn: FnObj | null, extraName?: string): TaskView;
  /** throws a JavaScript exception (a TypeError …) into the snippet */
  throwError(name: string, message: string): never;
  /**
   * runs a callback as a task (timer, immediate, tick, I/O): an exception it throws is uncaught (Host.uncaught);
   * `thisV`: its `this` (a Node timer's is its Timeout, a browser timer's the window; omitted: a plain call's)
   */
  runCallbackTask(fn: FnObj, args: Value[], site: A.Node | null, thisV?: ThisValue): void;
  /** the global object (a browser timer callback's `this`) */
  readonly globalObject: GlobalObj;
  /** runs the script, the first task (an exception it throws is uncaught) */
  runScript(program: A.Program): void;
  /** Node's require('timers/promises') (abort.ts) */
  timersPromises(): Value;
  /** the promises rejected with no handler since the last call, still without one, oldest first */
  takeUnhandledRejections(): PromiseObj[];
  /** the promises given to 'unhandledRejection' listeners that got a handler since the last call */
  takeLateHandledRejections(): PromiseObj[];
  /** Node's require('events') (events.ts); `emitWarning` prints a process warning as process.emitWarning does */
  eventsModule(emitWarning: (text: string) => void): Value;
  /** Node's require('util'); `promisified` gives a function's own promisified form (setTimeout's), or null */
  utilModule(promisified: (fn: FnObj) => Value | null): Value;
}
