/**
 * The types by which the simulator's modules name each other: the interpreter and the evaluator as the built-ins,
 * patterns, generators and the synchronous path see them, what an `await` yields, a statement's completion, a run as
 * slices and a timer. They live here, apart from the modules that implement them (interpreter.ts, evaluate.ts,
 * fast.ts, loop.ts), so that no module imports one that imports it back, not even for a type (`npm run deps`).
 * Nothing outside this folder sees them (the public types are types.ts).
 */
import type * as A from 'acorn';
import type { Host, Realm } from './host.ts';
import type { PromiseRealm, Promises } from './promises.ts';
import type { Recorder } from './recorder.ts';
import type { FnCtx } from './scope.ts';
import type { FrameView, TaskKind, TaskView } from './types.ts';
import type { Env, FnObj, GlobalObj, Obj, StackFrame, ThisValue, Value } from './values.ts';

/** what an `await` hands to the async function that runs the generator */
export interface AwaitRequest {
  value: Value;
  node: A.AwaitExpression;
  /** a `yield` of a generator's body (generators.ts), not an await */
  yield?: boolean;
}
/** a statement or expression being evaluated: it yields at each `await` and is resumed with the awaited value */
export type G<T> = Generator<AwaitRequest, T, Value>;

/** a statement's completion; a labelled `break`/`continue` names its label (only evaluate.ts runs those) */
export type Completion =
  | { type: 'normal' }
  | { type: 'return'; value: Value }
  | { type: 'break'; label?: string }
  | { type: 'continue'; label?: string };

/**
 * A run as a generator that yields between macrotasks: nothing is observed or changed from outside between two
 * yields, so driving it to the end at once (`drive`) or in slices with the thread given back between them
 * (the page-thread fallback of "Your code") records the same run.
 */
export type Slices<T = void> = Generator<void, T, void>;

/** a timer of the event loop (loop.ts) */
export interface Timer {
  view: TaskView;
  seq: number;
  due: number;
  ms: number;
  fn: FnObj;
  args: Value[];
  repeat: boolean;
  /** index of the task that created it (-1: the script) */
  createdInTask: number;
  createdAt: number;
  nesting: number;
  handle: Value;
  cleared: boolean;
}

/** The evaluator (evaluate.ts) as the synchronous path, patterns and generators call it. */
export interface Evaluator {
  /** counts one unit of work (a statement or an expression) */
  tick(): void;
  /** a step of its own for a statement (a snapshot highlighting its line) */
  stmtSnap(node: A.Node): void;
  bindName(kind: string, name: string, value: Value, env: Env, ctx: FnCtx): void;
  evalExpr(node: A.Expression | A.SpreadElement | A.PrivateIdentifier | A.Super, env: Env, ctx: FnCtx): G<Value>;
  forAwaitNext(item: Value, done: boolean, node: A.ForOfStatement): G<Value>;
  lookup(node: A.Identifier, env: Env): Value;
  assignName(site: A.Node, name: string, v: Value, env: Env): void;
}

/** The interpreter (interpreter.ts) as the rest of the simulator calls it. */
export interface Interpreter extends Realm, PromiseRealm {
  readonly source: string;
  readonly host: Host;
  readonly rec: Recorder;
  /** SimOptions.syncPath: code without an await runs on fast.ts's synchronous path */
  readonly syncPath: boolean;
  readonly global: Env;
  /** the global object: the `this` of a plain call of sloppy code (scope.ts bodyScope) */
  readonly globalObject: GlobalObj;
  /** the script's own top-level scope (its names are not the global object's properties in Node) */
  scriptEnv: Env | null;
  readonly promises: Promises;
  nextId(): number;
  makeError(name: string, message: string, site?: A.Node | null): Obj;
  /** the stack frame an Error created at `site` names: the running function and the position of the call */
  frameAt(site: A.Node | null | undefined): StackFrame;
  /** `obj[key]` as the program reads it (builtins.ts): modules below the built-ins reach it through the interpreter */
  getProperty(obj: Value, key: string | number, node: A.MemberExpression): Value;
  /** `obj[key] = v` as the program writes it (builtins.ts) */
  setProperty(obj: Value, key: string | number, v: Value, node: A.MemberExpression): void;
  lineOf(node: A.Node | null | undefined): number | null;
  /** Array.prototype.join with the program's conversions (to-primitive.ts; natives.ts reaches it through here) */
  joinText(items: readonly Value[], sep: string, site: A.Node): string;
  fnName(fn: FnObj): string;
  /** the label of a queued callback (Realm's, which PromiseRealm's asks without `extraName`) */
  viewFor(kind: TaskKind, fn: FnObj | null, extraName?: string): TaskView;
  beginJob(frame: FrameView): void;
  endJob(): void;
  call(fn: Value, thisV: ThisValue, args: Value[], site: A.Node | null, calleeText?: string): Value;
  runBody(fn: FnObj, thisV: ThisValue, args: Value[]): G<Value>;
}
