/**
 * Evaluation of statements and expressions (ECMA-262 §13–14) for the interpreter. Both are generators: an `await`
 * yields an AwaitRequest up to the async function being run (interpreter.ts), which resumes the generator from a
 * promise job. Each statement is a step of its own (a snapshot highlighting its line); identifiers resolve through
 * the scope chain, and a name only another runtime defines is refused as such (Host.isForeignGlobal).
 */
import type * as A from 'acorn';
import { RegExpObj } from './natives.ts';
import { getProperty, setProperty } from './builtins.ts';
import { templateText } from './to-primitive.ts';
import { toPrim, truthy } from './conversions.ts';
import type { Completion, Evaluator as EvaluatorShape, G, Interpreter } from './engine-types.ts';
import { excerpt, refuseAt } from './parse.ts';
import { deleteProperty, forInKeys } from './objects.ts';
import { ClassObj, construct, defineClass, superCall, superGet } from './classes.ts';
import { forOfIterator, GenReturn } from './generators.ts';
import { symbolKey } from './symbols.ts';
import { bindPattern, evalList, spreadInto } from './patterns.ts';
import {
  assignmentSkips,
  calleeText,
  compound,
  Fast,
  isSync,
  logicalTakesRight,
  nextTurnEnv,
  NORMAL,
  perIterationNames,
  propertyKey,
  binaryValue,
  typeofUndeclared,
  unary,
} from './fast.ts';
import { blockScope, hoistBlock, makeClosure, type FnCtx } from './scope.ts';
import {
  Accessor,
  ArrayObj,
  Env,
  FnObj,
  Halt,
  NO_THIS,
  Obj,
  Overrun,
  Throw,
  type ThisValue,
  type Value,
} from './values.ts';

const NO_LABELS: readonly string[] = [];

/** thrown by a link of an optional chain whose object is null or undefined, caught by its ChainExpression */
const SHORT_CIRCUIT = new (class ShortCircuit extends Error {})('optional chain short-circuits');

/** after a loop's turn: null to go on to the next turn, else what the loop completes with */
function afterTurn(c: Completion, labels: readonly string[]): Completion | null {
  if (c.type === 'normal') return null;
  if (c.type === 'return') return c;
  const own = !c.label || labels.includes(c.label);
  if (!own) return c;
  return c.type === 'continue' ? null : NORMAL;
}

/** each switch's statements, all cases' in order (one block scope: scope.ts caches its plan by this array) */
const switchBodies = new WeakMap<A.SwitchStatement, A.Statement[]>();

/** the built-in Error constructors `new` calls as functions (builtins.ts) */
const ERROR_CONSTRUCTORS = new Set([
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'ReferenceError',
  'AggregateError',
]);

/**
 * Operations (statements and expressions evaluated, recorded or not) before a run is stopped as endless. It counts
 * work, not time, so the result stays deterministic. A turn of a simple loop costs 6 (`s++`) to 13 (`if (i % 3 ===
 * 0) n++`, or a call of a small function), so a million turns of such a body finish (6–15 M), as do a few million
 * turns of a smaller one. What it costs in time (Node 20 on the project's 2-core machine, see `npm run bench`): the
 * fast path (fast.ts) runs some 15–25 M operations a second unloaded, so an endless `while (true) {}` (2 a turn) is
 * reported after about a second (2–3 s when the machine is loaded); in the browser the simulation runs off the
 * page's thread.
 */
const MAX_OPS = 20_000_000;

export class Evaluator implements EvaluatorShape {
  private ops = 0;
  /** the synchronous path: statements and expressions without an `await` inside (fast.ts) */
  readonly fast: Fast;

  constructor(private readonly it: Interpreter) {
    this.fast = new Fast(this, it);
  }

  /** counts an operation; a task that never returns is stopped (see Scene.capEnd) */
  tick(): void {
    const rec = this.it.rec;
    if (++this.ops > MAX_OPS) throw new Halt(rec.capEnd(MAX_OPS));
    if ((this.ops & 255) === 0 && rec.interrupt?.()) throw new Overrun(this.ops, rec.currentLine);
    rec.work++;
  }

  // ----- statements

  *execBlockBody(body: A.Statement[], env: Env, ctx: FnCtx): G<Completion> {
    hoistBlock(body, env, ctx);
    for (const s of body) {
      const c = yield* this.exec(s, env, ctx);
      if (c.type !== 'normal') return c;
    }
    return NORMAL;
  }

  stmtSnap(node: A.Node): void {
    this.it.rec.statement(this.it.lineOf(node));
  }

  /** `labels`: the labels of the statement (a loop's own, for `break label` and `continue label`) */
  private *exec(node: A.Statement, env: Env, ctx: FnCtx, labels: readonly string[] = NO_LABELS): G<Completion> {
    // (`return v` in an async generator awaits v: its statements stay here)
    if (this.it.syncPath && isSync(node) && !(ctx.fn?.node?.async && ctx.fn.node.generator))
      return this.fast.exec(node, env, ctx);
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
      case 'ClassDeclaration':
        this.stmtSnap(node);
        this.bindName('let', node.id.name, defineClass(this.it, node, env, ctx), env, ctx);
        return NORMAL;
      case 'ReturnStatement': {
        this.stmtSnap(node);
        let value = node.argument ? yield* this.evalExpr(node.argument, env, ctx) : undefined;
        // `return v` in an async generator awaits v
        if (node.argument && ctx.fn?.node?.async && ctx.fn.node.generator)
          value = yield { value, node: node as unknown as A.AwaitExpression };
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
        return yield* this.execBlockBody(node.body, blockScope(node.body, env), ctx);
      case 'ThrowStatement': {
        this.stmtSnap(node);
        const v = yield* this.evalExpr(node.argument, env, ctx);
        throw new Throw(v);
      }
      case 'BreakStatement':
        this.stmtSnap(node);
        return node.label ? { type: 'break', label: node.label.name } : { type: 'break' };
      case 'ContinueStatement':
        this.stmtSnap(node);
        return node.label ? { type: 'continue', label: node.label.name } : { type: 'continue' };
      case 'LabeledStatement': {
        // `outer: for (…)`: the loop gets the label; `break outer` from anywhere inside ends here
        const name = node.label.name;
        const c = yield* this.exec(node.body, env, ctx, [...labels, name]);
        return c.type === 'break' && c.label === name ? NORMAL : c;
      }
      case 'WhileStatement':
        for (;;) {
          this.stmtSnap(node);
          if (!truthy(yield* this.evalExpr(node.test, env, ctx))) return NORMAL;
          const after = afterTurn(yield* this.exec(node.body, env, ctx), labels);
          if (after) return after;
        }
      case 'DoWhileStatement':
        for (;;) {
          const after = afterTurn(yield* this.exec(node.body, env, ctx), labels);
          if (after) return after;
          this.stmtSnap(node.test);
          if (!truthy(yield* this.evalExpr(node.test, env, ctx))) return NORMAL;
        }
      case 'ForStatement':
        return yield* this.execFor(node, env, ctx, labels);
      case 'ForOfStatement':
        return yield* this.execForOf(node, env, ctx, labels);
      case 'TryStatement':
        return yield* this.execTry(node, env, ctx);
      case 'SwitchStatement':
        return yield* this.execSwitch(node, env, ctx, labels);
      case 'ForInStatement':
        return yield* this.execForIn(node, env, ctx, labels);
      default:
        refuseAt(node, { code: 'unsupported', construct: 'other', name: node.type });
    }
  }

  /**
   * `switch`: the cases' tests compared with `===` in order until one matches (then `default` if none did), and the
   * statements run from there on, falling through, until a `break`; the cases share one block scope
   */
  private *execSwitch(node: A.SwitchStatement, env: Env, ctx: FnCtx, labels: readonly string[]): G<Completion> {
    this.stmtSnap(node);
    const d = yield* this.evalExpr(node.discriminant, env, ctx);
    let body = switchBodies.get(node);
    if (!body) switchBodies.set(node, (body = node.cases.flatMap((c) => c.consequent)));
    const scope = blockScope(body, env);
    hoistBlock(body, scope, ctx);
    let start = -1;
    for (let i = 0; i < node.cases.length && start < 0; i++) {
      const test = node.cases[i]!.test;
      if (test && (yield* this.evalExpr(test, scope, ctx)) === d) start = i;
    }
    if (start < 0) start = node.cases.findIndex((c) => !c.test);
    if (start < 0) return NORMAL;
    for (let i = start; i < node.cases.length; i++) {
      for (const s of node.cases[i]!.consequent) {
        const c = yield* this.exec(s, scope, ctx);
        if (c.type === 'normal') continue;
        if (c.type === 'break' && (!c.label || labels.includes(c.label))) return NORMAL;
        return c;
      }
    }
    return NORMAL;
  }

  private *declare(node: A.VariableDeclaration, env: Env, ctx: FnCtx): G<void> {
    for (const d of node.declarations) {
      if (d.id.type !== 'Identifier') {
        const value = yield* this.evalExpr(d.init!, env, ctx);
        yield* bindPattern(this, this.it, d.id, value, env, ctx, (name, v) =>
          this.bindName(node.kind, name, v, env, ctx),
        );
        continue;
      }
      const name = d.id.name;
      let value: Value = undefined;
      if (d.init) {
        const init = d.init;
        if ((init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') && !init.id) {
          value = makeClosure(init, env, ctx, name);
        } else value = yield* this.evalExpr(init, env, ctx);
      } else if (node.kind === 'var') continue;
      this.bindName(node.kind, name, value, env, ctx);
    }
  }

  /** a name a declaration binds: var to the function, let/const to the block */
  bindName(kind: string, name: string, value: Value, env: Env, ctx: FnCtx): void {
    if (kind === 'var') {
      const b = env.lookup(name) ?? ctx.varEnv.vars.get(name);
      if (b) b.value = value;
      else ctx.varEnv.vars.set(name, { value, mutable: true, initialized: true });
      return;
    }
    const b = env.vars.get(name);
    if (b) {
      b.value = value;
      b.initialized = true;
    } else env.vars.set(name, { value, mutable: kind === 'let', initialized: true });
  }

  private *execFor(node: A.ForStatement, outer: Env, ctx: FnCtx, labels: readonly string[]): G<Completion> {
    let env = new Env(outer);
    const init = node.init;
    // each turn's own copy of the loop's let bindings, where a closure could keep one (fast.ts)
    const perIteration = perIterationNames(node);
    if (init) {
      if (init.type === 'VariableDeclaration') {
        this.stmtSnap(node);
        if (init.kind !== 'var') hoistBlock([init], env, ctx);
        yield* this.declare(init, env, ctx);
      } else {
        this.stmtSnap(node);
        yield* this.evalExpr(init, env, ctx);
      }
    }
    env = nextTurnEnv(env, outer, perIteration);
    for (;;) {
      if (node.test) {
        this.stmtSnap(node);
        if (!truthy(yield* this.evalExpr(node.test, env, ctx))) return NORMAL;
      }
      const after = afterTurn(yield* this.exec(node.body, env, ctx), labels);
      if (after) return after;
      env = nextTurnEnv(env, outer, perIteration);
      if (node.update) yield* this.evalExpr(node.update, env, ctx);
    }
  }

  /** for…of over an array (read by index each turn, as the array iterator does) or a string; a fresh binding a turn */
  private *execForOf(node: A.ForOfStatement, outer: Env, ctx: FnCtx, labels: readonly string[]): G<Completion> {
    this.stmtSnap(node);
    const iterable = yield* this.evalExpr(node.right, outer, ctx);
    let items: () => Value[];
    if (iterable instanceof ArrayObj) items = () => iterable.items;
    else if (typeof iterable === 'string') {
      const chars = [...iterable];
      items = () => chars;
    } else {
      // a generator or an object with [Symbol.iterator] / [Symbol.asyncIterator] (generators.ts)
      // the loop's own labels are dropped here: generators.ts's loop then sees a plain break or continue
      const turn = function* (ev: Evaluator, v: Value): G<Completion> {
        const c = yield* ev.forOfTurn(node, v, outer, ctx);
        if ((c.type === 'break' || c.type === 'continue') && c.label && labels.includes(c.label))
          return { type: c.type };
        return c;
      };
      const c = yield* forOfIterator(this, this.it, iterable, node, (v) => turn(this, v));
      if (c) return c;
      this.it.throwError('TypeError', `${excerpt(this.it.source, node.right, 60)} is not iterable`);
    }
    for (let i = 0; i < items().length; i++) {
      const value = node.await ? yield* this.forAwaitNext(items()[i], false, node) : items()[i];
      const after = afterTurn(yield* this.forOfTurn(node, value, outer, ctx), labels);
      if (after) return after;
      if (i + 1 < items().length) this.stmtSnap(node);
    }
    // the last next() says done, through the same two jobs
    if (node.await) yield* this.forAwaitNext(undefined, true, node);
    return NORMAL;
  }

  /** for…in: the object's own enumerable keys as they are when the loop starts, each turn like for…of's */
  private *execForIn(node: A.ForInStatement, outer: Env, ctx: FnCtx, labels: readonly string[]): G<Completion> {
    this.stmtSnap(node);
    const keys = forInKeys(this.it, yield* this.evalExpr(node.right, outer, ctx), node.right);
    // (a for…in has a for…of's left side and body: forOfTurn binds and runs them)
    const turn = node as unknown as A.ForOfStatement;
    for (let i = 0; i < keys.length; i++) {
      const after = afterTurn(yield* this.forOfTurn(turn, keys[i], outer, ctx), labels);
      if (after) return after;
      if (i + 1 < keys.length) this.stmtSnap(node);
    }
    return NORMAL;
  }

  /** one turn of a for…of loop: its binding (a fresh one a turn for let/const), then its body */
  *forOfTurn(node: A.ForOfStatement, value: Value, outer: Env, ctx: FnCtx): G<Completion> {
    const left = node.left;
    let env = outer;
    if (left.type === 'VariableDeclaration') {
      if (left.kind !== 'var') env = new Env(outer);
      const target = env;
      yield* bindPattern(this, this.it, left.declarations[0]!.id, value, env, ctx, (name, v) =>
        this.bindName(left.kind, name, v, target, ctx),
      );
    } else {
      const ref = yield* this.reference(left as A.Identifier | A.MemberExpression, outer, ctx);
      ref.set(value);
    }
    return yield* this.exec(node.body, env, ctx);
  }

  /**
   * One step of `for await` over an array (ECMA-262 AsyncFromSyncIteratorContinuation): the item is turned into a
   * promise (PromiseResolve), a job makes the iterator's result promise from it, and the loop awaits that: two
   * microtask turns an item where a plain `await` takes one. A rejected item throws at the loop.
   */
  *forAwaitNext(item: Value, done: boolean, node: A.ForOfStatement): G<Value> {
    const promises = this.it.promises;
    const result = promises.newCapability();
    const wrapper = promises.promiseResolve(item);
    const step = this.it.native(
      'for await: next item',
      (_t, [v]) => {
        const r = new Obj();
        r.props.set('value', v);
        r.props.set('done', done);
        return r;
      },
      'forAwaitStep',
      this.it.lineOf(node),
    );
    promises.performThen(wrapper, step, undefined, result);
    const r = yield { value: result.promise, node: node as unknown as A.AwaitExpression };
    return r instanceof Obj ? r.props.get('value') : undefined;
  }

  private *execTry(node: A.TryStatement, env: Env, ctx: FnCtx): G<Completion> {
    let completion: Completion = NORMAL;
    let pending: Throw | GenReturn | null = null;
    try {
      completion = yield* this.exec(node.block, env, ctx);
    } catch (e) {
      // a generator closed at a yield inside the block: no catch, but the finally runs (generators.ts)
      if (e instanceof GenReturn && node.finalizer) pending = e;
      else if (!(e instanceof Throw)) throw e;
      else if (node.handler) {
        const catchEnv = new Env(env);
        if (node.handler.param) {
          catchEnv.vars.set((node.handler.param as A.Identifier).name, {
            value: e.value,
            mutable: true,
            initialized: true,
          });
        }
        try {
          completion = yield* this.exec(node.handler.body, catchEnv, ctx);
        } catch (e2) {
          if (!(e2 instanceof Throw || e2 instanceof GenReturn) || !node.finalizer) throw e2;
          pending = e2;
        }
      } else pending = e;
    }
    if (node.finalizer) {
      const f = yield* this.exec(node.finalizer, env, ctx);
      if (f.type !== 'normal') return f;
    }
    if (pending instanceof GenReturn) throw pending;
    if (pending) throw pending;
    return completion;
  }

  // ----- expressions

  *evalExpr(node: A.Expression | A.SpreadElement | A.PrivateIdentifier | A.Super, env: Env, ctx: FnCtx): G<Value> {
    if (this.it.syncPath && isSync(node)) return this.fast.expr(node, env, ctx);
    this.tick();
    switch (node.type) {
      case 'Literal':
        // a regular expression literal makes a new object each time it is evaluated
        if (node.value instanceof RegExp) return new RegExpObj(this.it, new RegExp(node.value));
        return node.value as Value;
      case 'Identifier':
        return this.lookup(node, env);
      case 'TemplateLiteral': {
        let s = node.quasis[0]?.value.cooked ?? '';
        for (let i = 0; i < node.expressions.length; i++) {
          const v = yield* this.evalExpr(node.expressions[i]!, env, ctx);
          s += templateText(this.it, v, node) + (node.quasis[i + 1]?.value.cooked ?? '');
        }
        return s;
      }
      case 'ArrayExpression': {
        return new ArrayObj(yield* evalList(this, this.it, node.elements, env, ctx));
      }
      case 'ObjectExpression': {
        const o = new Obj();
        for (const p of node.properties) {
          if (p.type === 'SpreadElement') {
            spreadInto(this.it, o, yield* this.evalExpr(p.argument, env, ctx), p);
            continue;
          }
          const prop = p;
          const key =
            symbolKey(prop.key) ??
            (prop.key.type === 'Identifier' ? prop.key.name : String((prop.key as A.Literal).value));
          const vn = prop.value;
          if (prop.kind !== 'init') {
            // `get total() { … }`, `set total(v) { … }`: one accessor holds both
            const fn = makeClosure(vn as A.FunctionExpression, env, ctx, `${prop.kind} ${key}`);
            const old = o.props.get(key);
            const acc = old instanceof Accessor ? old : new Accessor(null, null);
            acc[prop.kind] = fn;
            if (!(old instanceof Accessor)) o.props.delete(key);
            o.props.set(key, acc);
            continue;
          }
          let v: Value;
          if ((vn.type === 'FunctionExpression' || vn.type === 'ArrowFunctionExpression') && !vn.id) {
            v = makeClosure(vn, env, ctx, key);
          } else v = yield* this.evalExpr(vn, env, ctx);
          // a data property after an accessor of the same name replaces it, in the accessor's place
          o.props.set(key, v);
        }
        return o;
      }
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        return makeClosure(node, env, ctx);
      case 'ClassExpression':
        return defineClass(this.it, node, env, ctx);
      case 'UnaryExpression': {
        if (typeofUndeclared(node, env)) return 'undefined';
        if (node.operator === 'delete') {
          const m = node.argument as A.MemberExpression;
          const obj = yield* this.evalExpr(m.object, env, ctx);
          return deleteProperty(this.it, obj, yield* this.memberKey(m, env, ctx), m);
        }
        return unary(this.it, node, yield* this.evalExpr(node.argument, env, ctx));
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
        return binaryValue(this.it, node, l, r);
      }
      case 'LogicalExpression': {
        const l = yield* this.evalExpr(node.left, env, ctx);
        return logicalTakesRight(node.operator, l) ? yield* this.evalExpr(node.right, env, ctx) : l;
      }
      case 'AssignmentExpression': {
        if (node.left.type === 'ArrayPattern' || node.left.type === 'ObjectPattern') {
          // destructuring assignment: the right side first, then each name assigned as `name = value` would be
          const v = yield* this.evalExpr(node.right, env, ctx);
          yield* bindPattern(this, this.it, node.left, v, env, ctx, (name, x) => this.assignName(node, name, x, env));
          return v;
        }
        const ref = yield* this.reference(node.left as A.Identifier | A.MemberExpression, env, ctx);
        const op = node.operator;
        if (op === '=') {
          let v: Value;
          const rn = node.right;
          if (
            (rn.type === 'ArrowFunctionExpression' || rn.type === 'FunctionExpression') &&
            !rn.id &&
            node.left.type === 'Identifier'
          ) {
            v = makeClosure(rn, env, ctx, node.left.name);
          } else v = yield* this.evalExpr(rn, env, ctx);
          ref.set(v);
          return v;
        }
        const old = ref.get();
        if (assignmentSkips(op, old)) return old;
        const v = compound(this.it, op, old, yield* this.evalExpr(node.right, env, ctx), node);
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
      case 'ChainExpression':
        // `a?.b.c`, `f?.()`: a link whose object is null or undefined makes the whole chain undefined
        try {
          return yield* this.evalExpr(node.expression, env, ctx);
        } catch (e) {
          if (e === SHORT_CIRCUIT) return undefined;
          throw e;
        }
      case 'MemberExpression': {
        if (node.object.type === 'Super') return superGet(this.it, ctx, yield* this.memberKey(node, env, ctx), node);
        const obj = yield* this.evalExpr(node.object, env, ctx);
        if (node.optional && (obj === null || obj === undefined)) throw SHORT_CIRCUIT;
        const key = yield* this.memberKey(node, env, ctx);
        return getProperty(this.it, obj, key, node);
      }
      case 'CallExpression': {
        let fn: Value;
        let thisV: ThisValue = NO_THIS;
        const callee = node.callee;
        if (callee.type === 'Super')
          return superCall(this.it, yield* evalList(this, this.it, node.arguments, env, ctx), ctx, node);
        if (callee.type === 'MemberExpression' && callee.object.type === 'Super') {
          fn = superGet(this.it, ctx, yield* this.memberKey(callee, env, ctx), callee);
          thisV = ctx.thisV;
        } else if (callee.type === 'MemberExpression') {
          const obj = yield* this.evalExpr(callee.object, env, ctx);
          if (callee.optional && (obj === null || obj === undefined)) throw SHORT_CIRCUIT;
          const key = yield* this.memberKey(callee, env, ctx);
          fn = getProperty(this.it, obj, key, callee);
          thisV = obj;
        } else fn = yield* this.evalExpr(callee, env, ctx);
        if (node.optional && (fn === null || fn === undefined)) throw SHORT_CIRCUIT;
        const args = yield* evalList(this, this.it, node.arguments, env, ctx);
        return this.it.call(fn, thisV, args, node, calleeText(this.it, fn, callee));
      }
      case 'NewExpression': {
        const callee = node.callee;
        const name = callee.type === 'Identifier' ? callee.name : excerpt(this.it.source, callee);
        const args: Value[] = [];
        if (callee.type === 'Identifier' && !env.lookup(callee.name)) refuseAt(node, { code: 'unsupportedNew', name });
        const ctor = yield* this.evalExpr(callee, env, ctx);
        args.push(...(yield* evalList(this, this.it, node.arguments, env, ctx)));
        if (ctor instanceof ClassObj) return construct(this.it, ctor, args, node);
        if (ctor === this.it.global.vars.get('Promise')?.value) return this.it.promises.construct(args[0], node);
        if (ctor instanceof FnObj && ctor.construct) return ctor.construct(undefined, args, node);
        if (ERROR_CONSTRUCTORS.has(name)) {
          if (ctor === this.it.global.vars.get(name)?.value) return this.it.call(ctor, undefined, args, node);
        }
        refuseAt(node, { code: 'unsupportedNew', name });
      }
      case 'YieldExpression': {
        const v = node.argument ? yield* this.evalExpr(node.argument, env, ctx) : undefined;
        return yield { value: v, node: node as unknown as A.AwaitExpression, yield: true };
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
    if (node.property.type === 'PrivateIdentifier') return `#${node.property.name}`;
    if (!node.computed) return (node.property as A.Identifier).name;
    return propertyKey(yield* this.evalExpr(node.property, env, ctx), node);
  }

  lookup(node: A.Identifier, env: Env): Value {
    const b = env.lookup(node.name);
    if (!b) {
      if (this.it.host.isForeignGlobal(node.name)) {
        refuseAt(node, { code: 'nodeOnly', name: node.name });
      }
      refuseAt(node, { code: 'unknownName', name: node.name });
    }
    if (!b.initialized) this.it.throwError('ReferenceError', `Cannot access '${node.name}' before initialization`);
    return b.value;
  }

  /** `name = v` onto an existing binding (a const or one in its temporal dead zone throws as JavaScript does) */
  assignName(site: A.Node, name: string, v: Value, env: Env): void {
    const b = env.lookup(name);
    if (!b) refuseAt(site, { code: 'unknownName', name });
    if (!b.initialized) this.it.throwError('ReferenceError', `Cannot access '${name}' before initialization`);
    if (!b.mutable) this.it.throwError('TypeError', 'Assignment to constant variable.');
    b.value = v;
  }

  private *reference(
    node: A.Identifier | A.MemberExpression,
    env: Env,
    ctx: FnCtx,
  ): G<{ get: () => Value; set: (v: Value) => void }> {
    if (node.type === 'Identifier') {
      return {
        get: () => this.lookup(node, env),
        set: (v) => this.assignName(node, node.name, v, env),
      };
    }
    const obj = yield* this.evalExpr(node.object, env, ctx);
    const key = yield* this.memberKey(node, env, ctx);
    return { get: () => getProperty(this.it, obj, key, node), set: (v) => setProperty(this.it, obj, key, v, node) };
  }
}
