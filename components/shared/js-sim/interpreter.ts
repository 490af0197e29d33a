/**
 * The interpreter: runs the parsed snippet node by node over a host (host.ts); the person's code is never evaluated
 * by the real JavaScript engine. It knows the language only: scopes and hoisting (scope.ts), values and conversions
 * (values.ts, conversions.ts), functions and closures, `this`, exceptions, promises (promises.ts) and async functions:
 * `await v` is PerformPromiseThen(PromiseResolve(v), resume, resumeThrow) — one tick for a native promise — and
 * `return p` in an async function resolves its promise with a thenable (two more ticks). Statements and expressions
 * are generators, so an async function's body can stop at an `await` and resume from a promise job.
 *
 * Whatever a runtime decides (timers, the queues besides the microtask queue, console output, uncaught errors, its
 * own globals) is asked of the Host; every step is recorded by the Recorder.
 */
import type * as A from 'acorn';
import { getProperty, installGlobals, setProperty } from './builtins.ts';
import { binary, describeCallee, reasonText, toPrim, toStr, truthy, typeOf } from './conversions.ts';
import type { Host, Realm } from './host.ts';
import { excerpt, refuseAt } from './parse.ts';
import { Promises, type PromiseRealm } from './promises.ts';
import type { Recorder } from './recorder.ts';
import { hoistBlock, hoistVars, makeClosure, type FnCtx } from './scope.ts';
import type { FrameView, TaskKind, TaskView } from './types.ts';
import { ArrayObj, Env, FnObj, Halt, isCallable, NO_THIS, Obj, Throw, type Native, type ThisValue, type Value } from './values.ts';

/** operations (statements and expressions evaluated) before a run is stopped as endless */
const MAX_OPS = 2_000_000;
/** synchronous call depth the simulator follows */
const MAX_DEPTH = 150;

type Completion = { type: 'normal' } | { type: 'return'; value: Value } | { type: 'break' } | { type: 'continue' };
const NORMAL: Completion = { type: 'normal' };

interface AwaitRequest {
  value: Value;
  node: A.AwaitExpression;
}
type G<T> = Generator<AwaitRequest, T, Value>;

export class Interpreter implements Realm, PromiseRealm {
  readonly global = new Env(null);
  readonly promises: Promises;
  private ops = 0;
  private depth = 0;

  constructor(
    private readonly source: string,
    readonly host: Host,
    readonly rec: Recorder,
  ) {
    this.promises = new Promises(this, host);
    installGlobals(this);
    host.defineGlobals(this);
  }

  // ----- helpers for the built-ins, the promises and the runtime

  nextId(): number {
    return this.rec.nextId();
  }

  /** counts an operation; a task that never returns is stopped (see Scene.capEnd) */
  private tick(): void {
    if (++this.ops > MAX_OPS) throw new Halt(this.rec.capEnd());
  }

  makeError(name: string, message: string): Obj {
    const e = new Obj();
    e.isError = true;
    e.props.set('name', name);
    e.props.set('message', message);
    return e;
  }

  throwError(name: string, message: string): never {
    throw new Throw(this.makeError(name, message));
  }

  lineOf(node: A.Node | null | undefined): number | null {
    return node?.loc?.start.line ?? null;
  }

  fnName(fn: FnObj): string {
    if (fn.name) return fn.name;
    if (fn.node) return excerpt(this.source, fn.node);
    return 'anonymous';
  }

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

  beginJob(frame: FrameView): void {
    this.rec.stack.push({ view: frame });
  }
  endJob(): void {
    this.rec.stack.pop();
  }

  takeUnhandledRejections(): Value[] {
    return this.promises.takeUnhandled();
  }

  // ----- tasks

  /** runs a callback task (timer, immediate, tick, queueMicrotask, I/O); an exception is uncaught */
  runCallbackTask(fn: FnObj, args: Value[], site: A.Node | null): void {
    try {
      this.call(fn, NO_THIS, args, site);
    } catch (e) {
      if (!(e instanceof Throw)) throw e;
      this.host.uncaught(reasonText(e.value));
    }
  }

  runScript(program: A.Program): void {
    const ctx: FnCtx = { thisV: NO_THIS, fn: null, varEnv: this.global };
    const env = new Env(this.global);
    ctx.varEnv = env;
    this.rec.stack.push({ view: { name: 'script', kind: 'script', line: null } });
    try {
      hoistVars(program.body, env);
      const gen = this.execBlockBody(program.body as A.Statement[], env, ctx);
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
    if (fn.native) return fn.native(thisV === NO_THIS ? undefined : thisV, args, site ?? ({ type: 'Native', start: 0, end: 0 } as A.Node));
    const node = fn.node!;
    if (node.async) return this.callAsync(fn, thisV, args);
    if (++this.depth > MAX_DEPTH) refuseAt(site ?? node, { code: 'tooDeep' });
    const frame = { view: { name: this.fnName(fn), kind: 'function' as const, line: this.lineOf(node) } };
    this.rec.stack.push(frame);
    const savedLine = this.rec.currentLine;
    try {
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
    const step = (input: { kind: 'start' } | { kind: 'value'; value: Value } | { kind: 'throw'; value: Value }): void => {
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
        const onF = this.native(name, (_t, [v]) => {
          step({ kind: 'value', value: v });
          return undefined;
        }, 'resume', awaitLine);
        const onR = this.native(name, (_t, [v]) => {
          step({ kind: 'throw', value: v });
          return undefined;
        }, 'resumeThrow', awaitLine);
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

  private *runBody(fn: FnObj, thisV: ThisValue, args: Value[]): G<Value> {
    const node = fn.node!;
    const env = new Env(fn.env);
    node.params.forEach((p, i) => {
      env.vars.set((p as A.Identifier).name, { value: args[i], mutable: true, initialized: true });
    });
    const ctx: FnCtx = {
      thisV: node.type === 'ArrowFunctionExpression' ? fn.lexicalThis : thisV,
      fn,
      varEnv: env,
    };
    if (node.body.type === 'BlockStatement') {
      hoistVars(node.body.body, env);
      const c = yield* this.execBlockBody(node.body.body, env, ctx);
      return c.type === 'return' ? c.value : undefined;
    }
    this.rec.currentLine = this.lineOf(node.body);
    this.rec.snap('statement', {}, this.rec.currentLine);
    return yield* this.evalExpr(node.body, env, ctx);
  }


  // ----- statements

  private *execBlockBody(body: A.Statement[], env: Env, ctx: FnCtx): G<Completion> {
    hoistBlock(body, env, ctx);
    for (const s of body) {
      const c = yield* this.exec(s, env, ctx);
      if (c.type !== 'normal') return c;
    }
    return NORMAL;
  }

  private stmtSnap(node: A.Node): void {
    this.rec.currentLine = this.lineOf(node);
    this.rec.snap('statement', {}, this.rec.currentLine);
  }

  private *exec(node: A.Statement, env: Env, ctx: FnCtx): G<Completion> {
    this.tick();
    switch (node.type) {
      case 'ExpressionStatement':
        this.stmtSnap(node);
        yield* this.evalExpr(node.expression, env, ctx);
        return NORMAL;
      case 'VariableDeclaration':
        this.stmtSnap(node);
        yield* this.declare(node, env, ctx);
        return NORMAL;
      case 'FunctionDeclaration':
      case 'EmptyStatement':
        return NORMAL;
      case 'ReturnStatement': {
        this.stmtSnap(node);
        const value = node.argument ? yield* this.evalExpr(node.argument, env, ctx) : undefined;
        return { type: 'return', value };
      }
      case 'IfStatement': {
        this.stmtSnap(node);
        const test = yield* this.evalExpr(node.test, env, ctx);
        if (truthy(test)) return yield* this.exec(node.consequent, env, ctx);
        if (node.alternate) return yield* this.exec(node.alternate, env, ctx);
        return NORMAL;
      }
      case 'BlockStatement':
        return yield* this.execBlockBody(node.body, new Env(env), ctx);
      case 'ThrowStatement': {
        this.stmtSnap(node);
        const v = yield* this.evalExpr(node.argument, env, ctx);
        throw new Throw(v);
      }
      case 'BreakStatement':
        this.stmtSnap(node);
        return { type: 'break' };
      case 'ContinueStatement':
        this.stmtSnap(node);
        return { type: 'continue' };
      case 'WhileStatement':
        for (;;) {
          this.stmtSnap(node);
          if (!truthy(yield* this.evalExpr(node.test, env, ctx))) return NORMAL;
          const c = yield* this.exec(node.body, env, ctx);
          if (c.type === 'break') return NORMAL;
          if (c.type === 'return') return c;
        }
      case 'DoWhileStatement':
        for (;;) {
          const c = yield* this.exec(node.body, env, ctx);
          if (c.type === 'break') return NORMAL;
          if (c.type === 'return') return c;
          this.stmtSnap(node.test);
          if (!truthy(yield* this.evalExpr(node.test, env, ctx))) return NORMAL;
        }
      case 'ForStatement':
        return yield* this.execFor(node, env, ctx);
      case 'TryStatement':
        return yield* this.execTry(node, env, ctx);
      default:
        refuseAt(node, { code: 'unsupported', construct: 'other', name: node.type });
    }
  }

  private *declare(node: A.VariableDeclaration, env: Env, ctx: FnCtx): G<void> {
    for (const d of node.declarations) {
      const name = (d.id as A.Identifier).name;
      let value: Value = undefined;
      if (d.init) {
        const init = d.init;
        if ((init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') && !init.id) {
          value = makeClosure(init, env, ctx, name);
        } else value = yield* this.evalExpr(init, env, ctx);
      } else if (node.kind === 'var') continue;
      if (node.kind === 'var') {
        const b = env.lookup(name) ?? ctx.varEnv.vars.get(name);
        if (b) b.value = value;
        else ctx.varEnv.vars.set(name, { value, mutable: true, initialized: true });
      } else {
        const b = env.vars.get(name);
        if (b) {
          b.value = value;
          b.initialized = true;
        } else env.vars.set(name, { value, mutable: node.kind === 'let', initialized: true });
      }
    }
  }

  private *execFor(node: A.ForStatement, outer: Env, ctx: FnCtx): G<Completion> {
    let env = new Env(outer);
    const init = node.init;
    let perIteration: string[] = [];
    if (init) {
      if (init.type === 'VariableDeclaration') {
        this.stmtSnap(node);
        if (init.kind !== 'var') {
          hoistBlock([init], env, ctx);
          perIteration = init.declarations.map((d) => (d.id as A.Identifier).name);
        }
        yield* this.declare(init, env, ctx);
      } else {
        this.stmtSnap(node);
        yield* this.evalExpr(init, env, ctx);
      }
    }
    const copy = (): void => {
      if (perIteration.length === 0) return;
      const next = new Env(outer);
      for (const name of perIteration) {
        const b = env.vars.get(name)!;
        next.vars.set(name, { ...b });
      }
      env = next;
    };
    copy();
    for (;;) {
      if (node.test) {
        this.stmtSnap(node);
        if (!truthy(yield* this.evalExpr(node.test, env, ctx))) return NORMAL;
      }
      const c = yield* this.exec(node.body, env, ctx);
      if (c.type === 'break') return NORMAL;
      if (c.type === 'return') return c;
      copy();
      if (node.update) yield* this.evalExpr(node.update, env, ctx);
    }
  }

  private *execTry(node: A.TryStatement, env: Env, ctx: FnCtx): G<Completion> {
    let completion: Completion = NORMAL;
    let pending: Throw | null = null;
    try {
      completion = yield* this.exec(node.block, env, ctx);
    } catch (e) {
      if (!(e instanceof Throw)) throw e;
      if (node.handler) {
        const catchEnv = new Env(env);
        if (node.handler.param) {
          catchEnv.vars.set((node.handler.param as A.Identifier).name, { value: e.value, mutable: true, initialized: true });
        }
        try {
          completion = yield* this.exec(node.handler.body, catchEnv, ctx);
        } catch (e2) {
          if (!(e2 instanceof Throw) || !node.finalizer) throw e2;
          pending = e2;
        }
      } else pending = e;
    }
    if (node.finalizer) {
      const f = yield* this.exec(node.finalizer, env, ctx);
      if (f.type !== 'normal') return f;
    }
    if (pending) throw pending;
    return completion;
  }

  // ----- expressions

  private *evalExpr(node: A.Expression | A.SpreadElement | A.PrivateIdentifier | A.Super, env: Env, ctx: FnCtx): G<Value> {
    this.tick();
    switch (node.type) {
      case 'Literal':
        return node.value as Value;
      case 'Identifier':
        return this.lookup(node, env);
      case 'TemplateLiteral': {
        let s = node.quasis[0]?.value.cooked ?? '';
        for (let i = 0; i < node.expressions.length; i++) {
          const v = yield* this.evalExpr(node.expressions[i]!, env, ctx);
          s += toStr(v, node) + (node.quasis[i + 1]?.value.cooked ?? '');
        }
        return s;
      }
      case 'ArrayExpression': {
        const items: Value[] = [];
        for (const el of node.elements) items.push(yield* this.evalExpr(el!, env, ctx));
        return new ArrayObj(items);
      }
      case 'ObjectExpression': {
        const o = new Obj();
        for (const p of node.properties) {
          const prop = p as A.Property;
          const key = prop.key.type === 'Identifier' ? prop.key.name : String((prop.key as A.Literal).value);
          const vn = prop.value as A.Expression;
          let v: Value;
          if ((vn.type === 'FunctionExpression' || vn.type === 'ArrowFunctionExpression') && !vn.id) {
            v = makeClosure(vn, env, ctx, key);
          } else v = yield* this.evalExpr(vn, env, ctx);
          o.props.set(key, v);
        }
        return o;
      }
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        return makeClosure(node, env, ctx);
      case 'UnaryExpression': {
        if (node.operator === 'typeof' && node.argument.type === 'Identifier' && !env.lookup(node.argument.name)) {
          return 'undefined';
        }
        const v = yield* this.evalExpr(node.argument, env, ctx);
        switch (node.operator) {
          case '!':
            return !truthy(v);
          case '-':
            return -Number(toPrim(v, node));
          case '+':
            return Number(toPrim(v, node));
          case 'typeof':
            return typeOf(v);
          case 'void':
            return undefined;
          default:
            refuseAt(node, { code: 'unsupported', construct: 'operator', name: node.operator });
        }
      }
      case 'UpdateExpression': {
        const ref = yield* this.reference(node.argument as A.Identifier | A.MemberExpression, env, ctx);
        const old = Number(toPrim(ref.get(), node));
        const next = node.operator === '++' ? old + 1 : old - 1;
        ref.set(next);
        return node.prefix ? next : old;
      }
      case 'BinaryExpression': {
        const l = yield* this.evalExpr(node.left, env, ctx);
        const r = yield* this.evalExpr(node.right, env, ctx);
        return binary(node.operator, l, r, node);
      }
      case 'LogicalExpression': {
        const l = yield* this.evalExpr(node.left, env, ctx);
        if (node.operator === '&&') return truthy(l) ? yield* this.evalExpr(node.right, env, ctx) : l;
        if (node.operator === '||') return truthy(l) ? l : yield* this.evalExpr(node.right, env, ctx);
        return l === null || l === undefined ? yield* this.evalExpr(node.right, env, ctx) : l;
      }
      case 'AssignmentExpression': {
        const ref = yield* this.reference(node.left as A.Identifier | A.MemberExpression, env, ctx);
        const op = node.operator;
        if (op === '=') {
          let v: Value;
          const rn = node.right;
          if ((rn.type === 'ArrowFunctionExpression' || rn.type === 'FunctionExpression') && !rn.id && node.left.type === 'Identifier') {
            v = makeClosure(rn, env, ctx, node.left.name);
          } else v = yield* this.evalExpr(rn, env, ctx);
          ref.set(v);
          return v;
        }
        const old = ref.get();
        if (op === '||=' || op === '&&=' || op === '??=') {
          const skip = op === '||=' ? truthy(old) : op === '&&=' ? !truthy(old) : old !== null && old !== undefined;
          if (skip) return old;
          const v = yield* this.evalExpr(node.right, env, ctx);
          ref.set(v);
          return v;
        }
        const r = yield* this.evalExpr(node.right, env, ctx);
        const v = binary(op.slice(0, -1) as A.BinaryOperator, old, r, node);
        ref.set(v);
        return v;
      }
      case 'ConditionalExpression': {
        const t = yield* this.evalExpr(node.test, env, ctx);
        return yield* this.evalExpr(truthy(t) ? node.consequent : node.alternate, env, ctx);
      }
      case 'SequenceExpression': {
        let v: Value = undefined;
        for (const e of node.expressions) v = yield* this.evalExpr(e, env, ctx);
        return v;
      }
      case 'ThisExpression':
        if (ctx.thisV === NO_THIS) refuseAt(node, { code: 'unsupportedThis' });
        return ctx.thisV;
      case 'MemberExpression': {
        const obj = yield* this.evalExpr(node.object as A.Expression, env, ctx);
        const key = yield* this.memberKey(node, env, ctx);
        return getProperty(this, obj, key, node);
      }
      case 'CallExpression': {
        let fn: Value;
        let thisV: ThisValue = NO_THIS;
        const callee = node.callee;
        if (callee.type === 'MemberExpression') {
          const obj = yield* this.evalExpr(callee.object as A.Expression, env, ctx);
          const key = yield* this.memberKey(callee, env, ctx);
          fn = getProperty(this, obj, key, callee);
          thisV = obj;
        } else fn = yield* this.evalExpr(callee as A.Expression, env, ctx);
        const args: Value[] = [];
        for (const a of node.arguments) args.push(yield* this.evalExpr(a, env, ctx));
        return this.call(fn, thisV, args, node, excerpt(this.source, callee, 60));
      }
      case 'NewExpression': {
        const callee = node.callee;
        const name = callee.type === 'Identifier' ? callee.name : excerpt(this.source, callee);
        const args: Value[] = [];
        if (callee.type === 'Identifier' && !env.lookup(callee.name)) refuseAt(node, { code: 'unsupportedNew', name });
        const ctor = yield* this.evalExpr(callee as A.Expression, env, ctx);
        for (const a of node.arguments) args.push(yield* this.evalExpr(a, env, ctx));
        if (ctor === this.global.vars.get('Promise')?.value) return this.promises.construct(args[0], node);
        if (name === 'Error' || name === 'TypeError' || name === 'RangeError') {
          if (ctor === this.global.vars.get(name)?.value) return this.call(ctor, undefined, args, node);
        }
        refuseAt(node, { code: 'unsupportedNew', name });
      }
      case 'AwaitExpression': {
        const v = yield* this.evalExpr(node.argument, env, ctx);
        return yield { value: v, node };
      }
      case 'ParenthesizedExpression':
        return yield* this.evalExpr(node.expression, env, ctx);
      default:
        refuseAt(node, { code: 'unsupported', construct: 'other', name: node.type });
    }
  }

  private *memberKey(node: A.MemberExpression, env: Env, ctx: FnCtx): G<string | number> {
    if (!node.computed) return (node.property as A.Identifier).name;
    const k = yield* this.evalExpr(node.property as A.Expression, env, ctx);
    if (typeof k === 'number') return k;
    return toStr(k, node);
  }

  private lookup(node: A.Identifier, env: Env): Value {
    const b = env.lookup(node.name);
    if (!b) {
      if (this.host.isForeignGlobal(node.name)) {
        refuseAt(node, { code: 'nodeOnly', name: node.name });
      }
      refuseAt(node, { code: 'unknownName', name: node.name });
    }
    if (!b.initialized) this.throwError('ReferenceError', `Cannot access '${node.name}' before initialization`);
    return b.value;
  }

  private *reference(
    node: A.Identifier | A.MemberExpression,
    env: Env,
    ctx: FnCtx,
  ): G<{ get: () => Value; set: (v: Value) => void }> {
    if (node.type === 'Identifier') {
      const name = node.name;
      return {
        get: () => this.lookup(node, env),
        set: (v) => {
          const b = env.lookup(name);
          if (!b) refuseAt(node, { code: 'unknownName', name });
          if (!b.initialized) this.throwError('ReferenceError', `Cannot access '${name}' before initialization`);
          if (!b.mutable) this.throwError('TypeError', 'Assignment to constant variable.');
          b.value = v;
        },
      };
    }
    const obj = yield* this.evalExpr(node.object as A.Expression, env, ctx);
    const key = yield* this.memberKey(node, env, ctx);
    return { get: () => getProperty(this, obj, key, node), set: (v) => setProperty(this, obj, key, v, node) };
  }

}
