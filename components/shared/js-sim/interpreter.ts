/**
 * The interpreter: runs the parsed snippet node by node over a host (host.ts); the person's code is never evaluated
 * by the real JavaScript engine. It knows the language only: scopes and hoisting (scope.ts), values and conversions
 * (values.ts, conversions.ts), statements and expressions (evaluate.ts), functions, closures and `this`, exceptions,
 * promises (promises.ts) and async functions: `await v` is PerformPromiseThen(PromiseResolve(v), resume,
 * resumeThrow) — one tick for a native promise — and `return p` in an async function resolves its promise with a
 * thenable (two more ticks).
 *
 * Whatever a runtime decides (timers, the queues besides the microtask queue, console output, uncaught errors, its
 * own globals) is asked of the Host; a runtime drives the interpreter through the Realm interface it implements.
 * Every step is recorded by the Recorder.
 */
import type * as A from 'acorn';
import { timersPromises } from './abort.ts';
import { eventsModule, utilModule } from './events.ts';
import { getProperty, installGlobals, setProperty } from './builtins.ts';
import { startGenerator } from './generators.ts';
import { describeCallee, reasonText } from './conversions.ts';
import { Evaluator } from './evaluate.ts';
import type { AwaitRequest, G, Interpreter as Machine } from './engine-types.ts';
import type { Host } from './host.ts';
import { excerpt, refuseAt } from './parse.ts';
import { ClassObj } from './classes.ts';
import { bindPattern } from './patterns.ts';
import { Promises } from './promises.ts';
import type { Recorder } from './recorder.ts';
import { isSyncBody } from './fast.ts';
import { joinText } from './to-primitive.ts';
import { bodyScope, hoistVars, type FnCtx } from './scope.ts';
import type { FrameView, TaskKind, TaskView } from './types.ts';
import {
  ArrayObj,
  Env,
  FnObj,
  isCallable,
  GlobalObj,
  NO_THIS,
  Obj,
  Throw,
  type Native,
  type PromiseObj,
  type StackFrame,
  type ThisValue,
  type Value,
} from './values.ts';

/** synchronous call depth the simulator follows */
const MAX_DEPTH = 150;

export class Interpreter implements Machine {
  readonly global = new Env(null);
  /** the global object: the `this` of a plain call of sloppy code (scope.ts bodyScope) */
  readonly globalObject = new GlobalObj();
  /** the script's own top-level scope (its names are not the global object's properties in Node) */
  scriptEnv: Env | null = null;
  readonly promises: Promises;
  private readonly ev: Evaluator;
  private depth = 0;

  constructor(
    readonly source: string,
    readonly host: Host,
    readonly rec: Recorder,
    /** SimOptions.syncPath: code without an await runs on fast.ts's synchronous path */
    readonly syncPath = true,
  ) {
    this.ev = new Evaluator(this);
    this.promises = new Promises(this, host);
    installGlobals(this);
    host.defineGlobals(this);
  }

  // ----- helpers for the built-ins, the promises and the runtime

  nextId(): number {
    return this.rec.nextId();
  }

  makeError(name: string, message: string, site?: A.Node | null): Obj {
    const e = new Obj();
    e.isError = true;
    e.props.set('name', name);
    e.props.set('message', message);
    e.errorInfo = { base: name, ctorName: name, frame: this.frameAt(site) };
    return e;
  }

  /** the stack frame an Error created at `site` names: the running function and the position of the call */
  frameAt(site: A.Node | null | undefined): StackFrame {
    const top = this.rec.stack[this.rec.stack.length - 1]?.view;
    // a function with a name (an excerpt of an anonymous one's source is no name): '' for an anonymous one
    const fn = !top || top.kind === 'script' ? null : /^[\w$.]+$/.test(top.name) ? top.name : '';
    const loc = site?.loc?.start;
    return { fn, line: loc?.line ?? this.rec.currentLine ?? 1, column: (loc?.column ?? 0) + 1 };
  }

  /** `obj[key]` as the program reads it (builtins.ts): modules below the built-ins reach it through the interpreter */
  getProperty(obj: Value, key: string | number, node: A.MemberExpression): Value {
    return getProperty(this, obj, key, node);
  }

  /** `obj[key] = v` as the program writes it (builtins.ts) */
  setProperty(obj: Value, key: string | number, v: Value, node: A.MemberExpression): void {
    setProperty(this, obj, key, v, node);
  }

  throwError(name: string, message: string): never {
    throw new Throw(this.makeError(name, message));
  }

  lineOf(node: A.Node | null | undefined): number | null {
    return node?.loc?.start.line ?? null;
  }

  /** Array.prototype.join with the program's conversions (to-primitive.ts; natives.ts reaches it through here) */
  joinText(items: readonly Value[], sep: string, site: A.Node): string {
    return joinText(this, items, sep, site);
  }

  fnName(fn: FnObj): string {
    if (fn.name) return fn.name;
    if (!fn.node) return 'anonymous';
    // (asked for every job a callback queues: one excerpt per function node)
    let name = this.excerpts.get(fn.node);
    if (name === undefined) this.excerpts.set(fn.node, (name = excerpt(this.source, fn.node)));
    return name;
  }
  private readonly excerpts = new WeakMap<A.Node, string>();

  viewFor(kind: TaskKind, fn: FnObj | null, extraName?: string): TaskView {
    if (fn && fn.native && kind === 'reaction') {
      return { id: this.nextId(), kind: fn.jobKind, name: fn.name, line: fn.jobLine };
    }
    return {
      id: this.nextId(),
      kind,
      name: extraName ?? (fn ? this.fnName(fn) : ''),
      line: fn?.node ? this.lineOf(fn.node) : (fn?.jobLine ?? null),
    };
  }

  native(name: string, impl: Native, jobKind: TaskKind = 'callback', jobLine: number | null = null): FnObj {
    const f = new FnObj(name);
    f.native = impl;
    f.jobKind = jobKind;
    f.jobLine = jobLine;
    return f;
  }

  defineGlobal(name: string, value: Value): void {
    this.global.vars.set(name, { value, mutable: true, initialized: true });
  }

  globalValue(name: string): Value {
    return this.global.vars.get(name)?.value;
  }

  beginJob(frame: FrameView): void {
    this.rec.stack.push({ view: frame });
  }
  endJob(): void {
    this.rec.stack.pop();
  }

  timersPromises(): Value {
    return timersPromises(this);
  }

  takeUnhandledRejections(): PromiseObj[] {
    return this.promises.takeUnhandled();
  }

  takeLateHandledRejections(): PromiseObj[] {
    return this.promises.takeLateHandled();
  }

  eventsModule(emitWarning: (text: string) => void): Value {
    return eventsModule(this, emitWarning);
  }

  utilModule(promisified: (fn: FnObj) => Value | null): Value {
    return utilModule(this, promisified);
  }

  // ----- tasks

  /** runs a callback task (timer, immediate, tick, queueMicrotask, I/O); an exception is uncaught */
  runCallbackTask(fn: FnObj, args: Value[], site: A.Node | null, thisV: ThisValue = NO_THIS): void {
    try {
      this.call(fn, thisV, args, site);
    } catch (e) {
      if (!(e instanceof Throw)) throw e;
      this.host.uncaught(reasonText(e.value));
    }
  }

  runScript(program: A.Program): void {
    const ctx: FnCtx = { thisV: NO_THIS, fn: null, varEnv: this.global };
    const env = new Env(this.global);
    ctx.varEnv = env;
    this.scriptEnv = env;
    this.rec.stack.push({ view: { name: 'script', kind: 'script', line: null } });
    try {
      hoistVars(program.body, env);
      const gen = this.ev.execBlockBody(program.body as A.Statement[], env, ctx);
      const r = gen.next();
      if (!r.done) throw new Error('await at top level');
    } catch (e) {
      if (!(e instanceof Throw)) throw e;
      this.rec.stack.pop();
      this.host.uncaught(reasonText(e.value));
      this.rec.stack.push({ view: { name: 'script', kind: 'script', line: null } });
    }
    this.rec.stack.pop();
    this.rec.currentLine = null;
  }

  // ----- calling functions

  call(fn: Value, thisV: ThisValue, args: Value[], site: A.Node | null, calleeText?: string): Value {
    if (!isCallable(fn)) {
      this.throwError('TypeError', `${calleeText ?? describeCallee(fn)} is not a function`);
    }
    if (fn instanceof ClassObj)
      this.throwError('TypeError', `Class constructor ${fn.name} cannot be invoked without 'new'`);
    if (fn.native)
      return fn.native(thisV === NO_THIS ? undefined : thisV, args, site ?? { type: 'Native', start: 0, end: 0 });
    const node = fn.node!;
    if (node.generator) return startGenerator(this, fn, this.runBody(fn, thisV, args));
    if (node.async) return this.callAsync(fn, thisV, args);
    if (++this.depth > MAX_DEPTH) refuseAt(site ?? node, { code: 'tooDeep' });
    const frame = { view: { name: this.fnName(fn), kind: 'function' as const, line: this.lineOf(node) } };
    this.rec.stack.push(frame);
    const savedLine = this.rec.currentLine;
    try {
      if (this.syncPath && isSyncBody(node)) return this.ev.fast.runBody(fn, thisV, args);
      const gen = this.runBody(fn, thisV, args);
      const r = gen.next();
      if (!r.done) throw new Error('await outside an async function');
      return r.value;
    } finally {
      this.rec.stack.pop();
      this.depth--;
      this.rec.currentLine = savedLine;
    }
  }

  private callAsync(fn: FnObj, thisV: ThisValue, args: Value[]): Value {
    const cap = this.promises.newCapability();
    const gen = this.runBody(fn, thisV, args);
    const name = this.fnName(fn);
    const line = this.lineOf(fn.node);
    const step = (
      input: { kind: 'start' } | { kind: 'value'; value: Value } | { kind: 'throw'; value: Value },
    ): void => {
      const frame = { view: { name, kind: 'async' as const, line } };
      if (++this.depth > MAX_DEPTH) refuseAt(fn.node!, { code: 'tooDeep' });
      this.rec.stack.push(frame);
      const savedLine = this.rec.currentLine;
      try {
        let r: IteratorResult<AwaitRequest, Value>;
        try {
          r =
            input.kind === 'start'
              ? gen.next()
              : input.kind === 'value'
                ? gen.next(input.value)
                : gen.throw(new Throw(input.value));
        } catch (e) {
          if (!(e instanceof Throw)) throw e;
          this.call(cap.reject, undefined, [e.value], null);
          return;
        }
        if (r.done) {
          this.call(cap.resolve, undefined, [r.value], null);
          return;
        }
        // Await(v): PerformPromiseThen(PromiseResolve(%Promise%, v), onFulfilled, onRejected)
        const awaitLine = this.lineOf(r.value.node);
        const promise = this.promises.promiseResolve(r.value.value);
        const onF = this.native(
          name,
          (_t, [v]) => {
            step({ kind: 'value', value: v });
            return undefined;
          },
          'resume',
          awaitLine,
        );
        const onR = this.native(
          name,
          (_t, [v]) => {
            step({ kind: 'throw', value: v });
            return undefined;
          },
          'resumeThrow',
          awaitLine,
        );
        this.promises.performThen(promise, onF, onR, null);
        this.rec.snap('await', { fn: name }, awaitLine);
      } finally {
        this.rec.stack.pop();
        this.depth--;
        this.rec.currentLine = savedLine;
      }
    };
    step({ kind: 'start' });
    return cap.promise;
  }

  *runBody(fn: FnObj, thisV: ThisValue, args: Value[]): G<Value> {
    const node = fn.node!;
    const { env, ctx } = bodyScope(fn, thisV, this.globalObject);
    const define = (name: string, value: Value): void => {
      env.vars.set(name, { value, mutable: true, initialized: true });
    };
    for (let i = 0; i < node.params.length; i++) {
      const p = node.params[i]!;
      if (p.type === 'Identifier') define(p.name, args[i]);
      else if (p.type === 'RestElement')
        yield* bindPattern(this.ev, this, p.argument, new ArrayObj(args.slice(i)), env, ctx, define);
      else yield* bindPattern(this.ev, this, p, args[i], env, ctx, define);
    }
    if (node.body.type === 'BlockStatement') {
      hoistVars(node.body.body, env);
      const c = yield* this.ev.execBlockBody(node.body.body, env, ctx);
      return c.type === 'return' ? c.value : undefined;
    }
    this.rec.statement(this.lineOf(node.body));
    return yield* this.ev.evalExpr(node.body, env, ctx);
  }
}
