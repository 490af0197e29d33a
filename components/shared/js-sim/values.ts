/**
 * Values of the interpreted program: primitives are host primitives, objects are instances of the classes below
 * (the snippet's objects never become host objects). Also the scopes, and the two exceptions that travel through the
 * interpreter: a JavaScript `throw` and the end of the run.
 */
import type * as A from 'acorn';
import type { SimEnd, TaskKind, TaskView } from './types.ts';

export type Value = undefined | null | boolean | number | string | Obj;

/** a built-in function: `site` is the call expression (for refusals and labels) */
export type Native = (thisV: Value, args: Value[], site: A.Node) => Value;

export class Obj {
  /** made on first use: most objects the interpreter makes (built-in functions, promise machinery) never get one */
  private ownProps: Map<string, Value> | null = null;
  get props(): Map<string, Value> {
    return (this.ownProps ??= new Map<string, Value>());
  }
  /** 'Error' objects carry name/message in props */
  isError = false;
  /** Object.freeze: its properties can no longer change (a write is refused, objects.ts) */
  declare frozen?: boolean;
  /** an Error: the built-in it derives from, its constructor's name and where it was created (the stack's frame) */
  declare errorInfo?: ErrorInfo;
  /** whether it has an own property `name` (without making its map) */
  hasOwn(name: string): boolean {
    return this.ownProps?.has(name) ?? false;
  }
  /**
   * Whether converting it to a primitive calls a method the program wrote: its own `toString` or `valueOf` (an
   * instance: or its class's, classes.ts), rather than the built-in ones (`[object Object]`, an Error's message).
   */
  convertsItself(): boolean {
    return this.hasOwn('toString') || this.hasOwn('valueOf');
  }
  /**
   * Whether GetIterator looks up an iterator method on it (generators.ts): a plain object, a built-in with methods
   * (NativeObj), a class's instance or a Map or Set (classes.ts and collections.ts say so for theirs).
   */
  iteratorLookup(): boolean {
    return this.constructor === Obj;
  }
}

/** where an Error was created: the function running (null: the script's top level, '': an anonymous function) */
export interface StackFrame {
  fn: string | null;
  line: number;
  column: number;
}
export interface ErrorInfo {
  /** the built-in constructor: 'Error', 'TypeError', … */
  base: string;
  /** the name of the constructor that made it (a class extending Error, or the built-in) */
  ctorName: string;
  /** null: created with no script running (a browser's own TimeoutError), its stack has no frame */
  frame: StackFrame | null;
  /** thrown by a built-in whose own frame V8 prints above the snippet's (`JSON.parse`) */
  builtin?: string;
  /** a DOMException's legacy code (20 for AbortError) */
  code?: number;
  /** `new Error(message, { cause })`: util.inspect prints it as `[cause]` */
  cause?: Value;
}
/**
 * A getter and/or a setter of an object literal (`get total() { … }`), held in the object's props where its value
 * would be: whatever reads a plain object's props reads it through the getter (readOwn, objects.ts)
 */
export class Accessor extends Obj {
  constructor(
    public get: FnObj | null,
    public set: FnObj | null,
  ) {
    super();
  }
}
export class ArrayObj extends Obj {
  /** the array a regular expression's match or exec returned: where it matched (its `index`; natives.ts) */
  declare matchIndex?: number;
  constructor(public items: Value[]) {
    super();
  }
}

/** the `this` of a call without a receiver, and of an arrow function that captured none */
export const NO_THIS = Symbol('no this');
export type ThisValue = Value | typeof NO_THIS;

export class FnObj extends Obj {
  /** user function: its AST node, closure and the `this` it captured (arrows) */
  node: A.Function | null = null;
  env: Env | null = null;
  lexicalThis: Value | typeof NO_THIS = NO_THIS;
  native: Native | null = null;
  /** for natives used as promise handlers: what the queued job is called */
  jobKind: TaskKind = 'callback';
  jobLine: number | null = null;
  /** a method's class (an arrow's: the class of the method it is in), for `super` (classes.ts) */
  declare home?: Obj | null;
  /** a built-in that `new` constructs (AbortController) */
  declare construct?: Native;
  constructor(public name: string) {
    super();
  }
}

export type PromiseState = 'pending' | 'fulfilled' | 'rejected';
export interface Reaction {
  capability: Capability | null;
  type: 'fulfill' | 'reject';
  handler: FnObj | null;
  /** the drain the `then` call was made in (Job.drain) */
  drain: number;
}
export class PromiseObj extends Obj {
  state: PromiseState = 'pending';
  result: Value = undefined;
  fulfillReactions: Reaction[] = [];
  rejectReactions: Reaction[] = [];
  handled = false;
  /** the number of its rejection with no handler (Node's rejection id) */
  declare rejectionId?: number;
  /** given to Node's 'unhandledRejection' listeners */
  declare reported?: boolean;
  constructor(public id: number) {
    super();
  }
}
export interface Capability {
  promise: PromiseObj;
  resolve: FnObj;
  reject: FnObj;
}

/** what setTimeout/setImmediate return in Node; the browser returns a number */
export class HandleObj extends Obj {
  constructor(
    public kind: 'timeout' | 'immediate',
    public id: number,
  ) {
    super();
  }
}
/** a value the simulator only passes around (file contents, module objects' internals) */
export class OpaqueObj extends Obj {
  /** its string conversion, where the runtimes' is fixed (a regular expression's `/a/g`) */
  declare text?: string;
  constructor(public what: string) {
    super();
  }
}

/**
 * The global object (Node's `globalThis`, a browser's `window`): only ever the `this` of a plain call of sloppy code
 * (and of a browser timer's callback). Its properties are read by builtins.ts globalProperty; it cannot be logged.
 */
export class GlobalObj extends OpaqueObj {
  constructor() {
    super('globalThis');
  }
}

/** a built-in object that answers its own property reads (a generator object) */
export abstract class NativeObj extends OpaqueObj {
  abstract property(name: string, site: A.Node): Value;
  override iteratorLookup(): boolean {
    return true;
  }
}

export function isObj(v: Value): v is Obj {
  return v instanceof Obj;
}
export function isCallable(v: Value): v is FnObj {
  return v instanceof FnObj;
}

// ---------------------------------------------------------------------------------------------------------------
// Scopes

export interface Binding {
  value: Value;
  mutable: boolean;
  initialized: boolean;
}
export class Env {
  vars = new Map<string, Binding>();
  constructor(public parent: Env | null) {}
  /** the binding `name` refers to here: this scope's own, or else its parent's (the chain is lexical, short) */
  lookup(name: string): Binding | undefined {
    const own = this.vars.get(name);
    if (own !== undefined) return own;
    for (let e = this.parent; e !== null; e = e.parent) {
      const b = e.vars.get(name);
      if (b !== undefined) return b;
    }
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Exceptions and jobs

/** A JavaScript exception travelling through the interpreter. */
export class Throw {
  constructor(public value: Value) {}
}
/** The run is over (step cap, Node crash); unwinds everything. */
export class Halt {
  constructor(public end: SimEnd) {}
}

/**
 * The simulation was stopped inside a task because SimOptions.interrupt said so: it has no result (not caught by
 * the run, unlike Halt). `ops` is the operations the run had made, `line` the line the task was at.
 */
export class Overrun extends Error {
  constructor(
    readonly ops: number,
    readonly line: number | null,
  ) {
    super('interrupted inside a task');
  }
}

/** a queued job (a microtask or a nextTick callback): what the queue shows, and what running it does */
export interface Job {
  view: TaskView;
  run: () => void;
  /**
   * The drain (EventLoop.drainSerial) in which what queued this job was set up: a `then` call for a promise job, the
   * queueing itself otherwise (set by the loop when absent). A job set up before its drain began cannot be a turn of
   * a cycle that drain goes round (drain-watch.ts).
   */
  drain?: number;
}

/** a property of a plain object read through its getter, if it has one (`call`: the interpreter's) */
export function readOwn(
  it: { call(fn: Value, thisV: Value, args: Value[], site: A.Node | null): Value },
  o: Obj,
  key: string,
): Value {
  const v = o.props.get(key);
  if (v instanceof Accessor) return v.get ? it.call(v.get, o, [], null) : undefined;
  return v;
}

/** Object.prototype's properties besides hasOwnProperty */
export const OBJECT_PROTOTYPE = new Set([
  'toString',
  'valueOf',
  'toLocaleString',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'constructor',
  '__proto__',
]);
