/**
 * The interpreter's synchronous path. evaluate.ts evaluates every statement and expression as a generator, so that an
 * `await` anywhere inside can suspend it; but most code contains no `await`, and a generator a node costs most of the
 * time of a simple loop. A statement or expression made only of the node types below (`isSync`, decided once per AST
 * node) runs here as plain calls instead, with the same semantics, the same order of evaluation and the same count of
 * work (Evaluator.tick: one per statement and expression), so that a run's steps and output do not change.
 *
 * The subset is a closed list: a node of any other type (an `await`, a class, `new`, an object literal, a spread, a
 * pattern, `for…of`, `try`, optional chaining, `super`, a private name …) anywhere inside sends the whole statement
 * or expression to evaluate.ts, which in turn runs its synchronous parts here. What a case does beyond walking its
 * children is shared with evaluate.ts (the helpers at the end of this file, and the Evaluator's bindings).
 *
 * Also: a `for (let …)` loop copies its bindings for each turn only if the loop creates a closure that could capture
 * one (`capturesScope`); otherwise a copy is unobservable.
 */
import type * as A from 'acorn';
import { RegExpObj } from './natives.ts';
import { getProperty, setProperty } from './builtins.ts';
import { deleteProperty } from './objects.ts';
import { binaryConverted, needsProgram, templateText, toPrimitive } from './to-primitive.ts';
import { toPrim, toStr, truthy, typeOf } from './conversions.ts';
import { instanceOf } from './classes.ts';
import { SymbolObj } from './symbols.ts';
import type { Completion, Evaluator, Interpreter } from './engine-types.ts';
import { excerpt, refuseAt } from './parse.ts';
import { blockScope, bodyScope, hoistBlock, hoistVars, makeClosure, patternNames, type FnCtx } from './scope.ts';
import { Env, FnObj, NO_THIS, Throw, ArrayObj, type ThisValue, type Value } from './values.ts';

export const NORMAL: Completion = { type: 'normal' };
const BREAK: Completion = { type: 'break' };
const CONTINUE: Completion = { type: 'continue' };

/** node types the synchronous path runs (their children must be of these types too) */
const SYNC_TYPES = new Set([
  'Literal',
  'Identifier',
  'TemplateLiteral',
  'TemplateElement',
  'UnaryExpression',
  'UpdateExpression',
  'BinaryExpression',
  'LogicalExpression',
  'AssignmentExpression',
  'ConditionalExpression',
  'SequenceExpression',
  'ThisExpression',
  'MemberExpression',
  'CallExpression',
  'ArrayExpression',
  'ParenthesizedExpression',
  'ExpressionStatement',
  'VariableDeclaration',
  'VariableDeclarator',
  'EmptyStatement',
  'ReturnStatement',
  'IfStatement',
  'BlockStatement',
  'ThrowStatement',
  'BreakStatement',
  'ContinueStatement',
  'WhileStatement',
  'DoWhileStatement',
  'ForStatement',
]);
const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

type AnyNode = A.Node & Record<string, unknown>;

/** the child nodes of a node (every property holding a node or a list of them) */
function children(node: A.Node): A.Node[] {
  const out: A.Node[] = [];
  for (const [k, v] of Object.entries(node)) {
    if (k === 'loc' || v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (const x of v) if (x && typeof x === 'object' && 'type' in x) out.push(x as A.Node);
    } else if ('type' in v) out.push(v as A.Node);
  }
  return out;
}

const syncCache = new WeakMap<A.Node, boolean>();

/** whether the synchronous path runs this statement or expression (a function inside is only created, not run) */
export function isSync(node: A.Node): boolean {
  let r = syncCache.get(node);
  if (r === undefined) {
    r = computeSync(node as AnyNode);
    syncCache.set(node, r);
  }
  return r;
}

function computeSync(node: AnyNode): boolean {
  if (FUNCTION_TYPES.has(node.type)) return true;
  if (!SYNC_TYPES.has(node.type)) return false;
  if (node.type === 'VariableDeclarator' && (node['id'] as A.Node).type !== 'Identifier') return false;
  // a link of `a?.b` / `f?.()`, a labelled break or continue: evaluate.ts's (ChainExpression, LabeledStatement)
  if ((node.type === 'MemberExpression' || node.type === 'CallExpression') && node['optional']) return false;
  if ((node.type === 'BreakStatement' || node.type === 'ContinueStatement') && node['label']) return false;
  if (node.type === 'AssignmentExpression') {
    const left = (node['left'] as A.Node).type;
    if (left !== 'Identifier' && left !== 'MemberExpression') return false;
  }
  return children(node).every(isSync);
}

const captureCache = new WeakMap<A.Node, boolean>();

/** whether running the node may create a closure or a class (which could keep a loop turn's bindings) */
export function capturesScope(node: A.Node): boolean {
  let r = captureCache.get(node);
  if (r === undefined) {
    const t = node.type;
    r =
      FUNCTION_TYPES.has(t) ||
      t === 'ClassDeclaration' ||
      t === 'ClassExpression' ||
      children(node).some(capturesScope);
    captureCache.set(node, r);
  }
  return r;
}

/** whether a plain (not async) function's call can run on the synchronous path: identifier parameters, sync body */
export function isSyncBody(node: A.Function): boolean {
  return !node.async && node.params.every((p) => p.type === 'Identifier') && isSync(node.body);
}

/** the `let`/`const` bindings a `for` loop copies into each turn's scope (none if no closure could keep one) */
export function perIterationNames(node: A.ForStatement): string[] {
  const init = node.init;
  if (!init || init.type !== 'VariableDeclaration' || init.kind === 'var') return [];
  if (!capturesScope(node)) return [];
  return init.declarations.flatMap((d) => patternNames(d.id));
}

/** a new scope for the next turn of a `for` loop, with copies of the loop's bindings */
export function nextTurnEnv(env: Env, outer: Env, names: string[]): Env {
  if (names.length === 0) return env;
  const next = new Env(outer);
  for (const name of names) next.vars.set(name, { ...env.vars.get(name)! });
  return next;
}

export class Fast {
  constructor(
    private readonly ev: Evaluator,
    private readonly it: Interpreter,
  ) {}

  // ----- statements

  execBlockBody(body: A.Statement[], env: Env, ctx: FnCtx): Completion {
    hoistBlock(body, env, ctx);
    for (const s of body) {
      const c = this.exec(s, env, ctx);
      if (c !== NORMAL) return c;
    }
    return NORMAL;
  }

  /** the body of a plain function (see isSyncBody): what Interpreter.runBody does, without a generator */
  runBody(fn: FnObj, thisV: ThisValue, args: Value[]): Value {
    const node = fn.node!;
    const { env, ctx } = bodyScope(fn, thisV, this.it.globalObject);
    const params = node.params as A.Identifier[];
    for (let i = 0; i < params.length; i++) {
      env.vars.set(params[i]!.name, { value: args[i], mutable: true, initialized: true });
    }
    if (node.body.type === 'BlockStatement') {
      hoistVars(node.body.body, env);
      const c = this.execBlockBody(node.body.body, env, ctx);
      return c.type === 'return' ? c.value : undefined;
    }
    this.it.rec.statement(this.it.lineOf(node.body));
    return this.expr(node.body, env, ctx);
  }

  exec(node: A.Statement, env: Env, ctx: FnCtx): Completion {
    const ev = this.ev;
    ev.tick();
    switch (node.type) {
      case 'ExpressionStatement':
        ev.stmtSnap(node);
        this.expr(node.expression, env, ctx);
        return NORMAL;
      case 'VariableDeclaration':
        ev.stmtSnap(node);
        this.declare(node, env, ctx);
        return NORMAL;
      case 'FunctionDeclaration':
      case 'EmptyStatement':
        return NORMAL;
      case 'ReturnStatement': {
        ev.stmtSnap(node);
        const value = node.argument ? this.expr(node.argument, env, ctx) : undefined;
        return { type: 'return', value };
      }
      case 'IfStatement':
        ev.stmtSnap(node);
        if (truthy(this.expr(node.test, env, ctx))) return this.exec(node.consequent, env, ctx);
        if (node.alternate) return this.exec(node.alternate, env, ctx);
        return NORMAL;
      case 'BlockStatement':
        return this.execBlockBody(node.body, blockScope(node.body, env), ctx);
      case 'ThrowStatement': {
        ev.stmtSnap(node);
        throw new Throw(this.expr(node.argument, env, ctx));
      }
      case 'BreakStatement':
        ev.stmtSnap(node);
        return BREAK;
      case 'ContinueStatement':
        ev.stmtSnap(node);
        return CONTINUE;
      case 'WhileStatement':
        for (;;) {
          ev.stmtSnap(node);
          if (!truthy(this.expr(node.test, env, ctx))) return NORMAL;
          const c = this.exec(node.body, env, ctx);
          if (c === BREAK) return NORMAL;
          if (c.type === 'return') return c;
        }
      case 'DoWhileStatement':
        for (;;) {
          const c = this.exec(node.body, env, ctx);
          if (c === BREAK) return NORMAL;
          if (c.type === 'return') return c;
          ev.stmtSnap(node.test);
          if (!truthy(this.expr(node.test, env, ctx))) return NORMAL;
        }
      case 'ForStatement':
        return this.execFor(node, env, ctx);
      default:
        throw new Error(`not on the synchronous path: ${node.type}`);
    }
  }

  private declare(node: A.VariableDeclaration, env: Env, ctx: FnCtx): void {
    for (const d of node.declarations) {
      const name = (d.id as A.Identifier).name;
      if (!d.init && node.kind === 'var') continue;
      const value = d.init ? this.initValue(d.init, name, env, ctx) : undefined;
      this.ev.bindName(node.kind, name, value, env, ctx);
    }
  }

  /** an initialiser's value; an anonymous function takes the name it is bound to */
  private initValue(init: A.Expression, name: string, env: Env, ctx: FnCtx): Value {
    if ((init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') && !init.id) {
      return makeClosure(init, env, ctx, name);
    }
    return this.expr(init, env, ctx);
  }

  private execFor(node: A.ForStatement, outer: Env, ctx: FnCtx): Completion {
    let env = new Env(outer);
    const init = node.init;
    const perIteration = perIterationNames(node);
    if (init) {
      this.ev.stmtSnap(node);
      if (init.type === 'VariableDeclaration') {
        if (init.kind !== 'var') hoistBlock([init], env, ctx);
        this.declare(init, env, ctx);
      } else this.expr(init, env, ctx);
    }
    env = nextTurnEnv(env, outer, perIteration);
    for (;;) {
      if (node.test) {
        this.ev.stmtSnap(node);
        if (!truthy(this.expr(node.test, env, ctx))) return NORMAL;
      }
      const c = this.exec(node.body, env, ctx);
      if (c === BREAK) return NORMAL;
      if (c.type === 'return') return c;
      env = nextTurnEnv(env, outer, perIteration);
      if (node.update) this.expr(node.update, env, ctx);
    }
  }

  // ----- expressions

  expr(node: A.Expression | A.SpreadElement | A.PrivateIdentifier | A.Super, env: Env, ctx: FnCtx): Value {
    const ev = this.ev;
    ev.tick();
    switch (node.type) {
      case 'Literal':
        // a regular expression literal makes a new object each time it is evaluated
        if (node.value instanceof RegExp) return new RegExpObj(this.it, new RegExp(node.value));
        return node.value as Value;
      case 'Identifier':
        return ev.lookup(node, env);
      case 'TemplateLiteral': {
        let s = node.quasis[0]?.value.cooked ?? '';
        for (let i = 0; i < node.expressions.length; i++) {
          s +=
            templateText(this.it, this.expr(node.expressions[i]!, env, ctx), node) +
            (node.quasis[i + 1]?.value.cooked ?? '');
        }
        return s;
      }
      case 'ArrayExpression':
        return new ArrayObj(node.elements.map((el) => (el === null ? undefined : this.expr(el, env, ctx))));
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        return makeClosure(node, env, ctx);
      case 'UnaryExpression':
        if (typeofUndeclared(node, env)) return 'undefined';
        if (node.operator === 'delete') {
          const m = node.argument as A.MemberExpression;
          const obj = this.expr(m.object, env, ctx);
          return deleteProperty(this.it, obj, this.memberKey(m, env, ctx), m);
        }
        return unary(this.it, node, this.expr(node.argument, env, ctx));
      case 'UpdateExpression': {
        const arg = node.argument;
        if (arg.type === 'Identifier') {
          const old = Number(toPrim(ev.lookup(arg, env), node));
          const next = node.operator === '++' ? old + 1 : old - 1;
          ev.assignName(arg, arg.name, next, env);
          return node.prefix ? next : old;
        }
        const m = arg as A.MemberExpression;
        const obj = this.expr(m.object, env, ctx);
        const key = this.memberKey(m, env, ctx);
        const old = Number(toPrim(getProperty(this.it, obj, key, m), node));
        const next = node.operator === '++' ? old + 1 : old - 1;
        setProperty(this.it, obj, key, next, m);
        return node.prefix ? next : old;
      }
      case 'BinaryExpression': {
        const l = this.expr(node.left, env, ctx);
        return binaryValue(this.it, node, l, this.expr(node.right, env, ctx));
      }
      case 'LogicalExpression': {
        const l = this.expr(node.left, env, ctx);
        return logicalTakesRight(node.operator, l) ? this.expr(node.right, env, ctx) : l;
      }
      case 'AssignmentExpression':
        return this.assign(node, env, ctx);
      case 'ConditionalExpression':
        return this.expr(truthy(this.expr(node.test, env, ctx)) ? node.consequent : node.alternate, env, ctx);
      case 'SequenceExpression': {
        let v: Value = undefined;
        for (const e of node.expressions) v = this.expr(e, env, ctx);
        return v;
      }
      case 'ThisExpression':
        if (ctx.thisV === NO_THIS) refuseAt(node, { code: 'unsupportedThis' });
        return ctx.thisV;
      case 'MemberExpression': {
        const obj = this.expr(node.object, env, ctx);
        return getProperty(this.it, obj, this.memberKey(node, env, ctx), node);
      }
      case 'CallExpression': {
        let fn: Value;
        let thisV: ThisValue = NO_THIS;
        const callee = node.callee;
        if (callee.type === 'MemberExpression') {
          const obj = this.expr(callee.object, env, ctx);
          fn = getProperty(this.it, obj, this.memberKey(callee, env, ctx), callee);
          thisV = obj;
        } else fn = this.expr(callee, env, ctx);
        const args: Value[] = [];
        for (const a of node.arguments) args.push(this.expr(a, env, ctx));
        return this.it.call(fn, thisV, args, node, calleeText(this.it, fn, callee));
      }
      case 'ParenthesizedExpression':
        return this.expr(node.expression, env, ctx);
      default:
        throw new Error(`not on the synchronous path: ${node.type}`);
    }
  }

  private assign(node: A.AssignmentExpression, env: Env, ctx: FnCtx): Value {
    const ev = this.ev;
    const op = node.operator;
    const left = node.left as A.Identifier | A.MemberExpression;
    const rn = node.right;
    if (left.type === 'Identifier') {
      if (op === '=') {
        const v =
          (rn.type === 'ArrowFunctionExpression' || rn.type === 'FunctionExpression') && !rn.id
            ? makeClosure(rn, env, ctx, left.name)
            : this.expr(rn, env, ctx);
        ev.assignName(left, left.name, v, env);
        return v;
      }
      const old = ev.lookup(left, env);
      if (assignmentSkips(op, old)) return old;
      const v = compound(this.it, op, old, this.expr(rn, env, ctx), node);
      ev.assignName(left, left.name, v, env);
      return v;
    }
    // the reference first (the member's object and key), then the value, as evaluate.ts does
    const obj = this.expr(left.object, env, ctx);
    const key = this.memberKey(left, env, ctx);
    if (op === '=') {
      const v = this.expr(rn, env, ctx);
      setProperty(this.it, obj, key, v, left);
      return v;
    }
    const old = getProperty(this.it, obj, key, left);
    if (assignmentSkips(op, old)) return old;
    const v = compound(this.it, op, old, this.expr(rn, env, ctx), node);
    setProperty(this.it, obj, key, v, left);
    return v;
  }

  private memberKey(node: A.MemberExpression, env: Env, ctx: FnCtx): string | number {
    if (!node.computed) return (node.property as A.Identifier).name;
    return propertyKey(this.expr(node.property, env, ctx), node);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What evaluate.ts and the synchronous path share

/** a computed member's key: a number stays one, a symbol is its key (symbols.ts), anything else its string */
export function propertyKey(k: Value, node: A.Node): string | number {
  if (typeof k === 'number') return k;
  if (k instanceof SymbolObj) return k.key;
  return toStr(k, node);
}

/** a binary operator's value: `instanceof` walks the prototype chain (classes.ts), the rest are conversions.ts's */
export function binaryValue(it: Interpreter, node: A.BinaryExpression, l: Value, r: Value): Value {
  return node.operator === 'instanceof' ? instanceOf(it, l, r) : binaryConverted(it, node.operator, l, r, node);
}

/** `typeof x` of an undeclared name is 'undefined' (the name is not evaluated) */
export function typeofUndeclared(node: A.UnaryExpression, env: Env): boolean {
  return node.operator === 'typeof' && node.argument.type === 'Identifier' && !env.lookup(node.argument.name);
}

/** a unary operator applied to its evaluated operand */
export function unary(it: Interpreter, node: A.UnaryExpression, v: Value): Value {
  switch (node.operator) {
    case '!':
      return !truthy(v);
    case '-':
      return -Number(needsProgram(v) ? toPrimitive(it, v, 'number', node) : toPrim(v, node));
    case '+':
      return Number(needsProgram(v) ? toPrimitive(it, v, 'number', node) : toPrim(v, node));
    case '~':
      return ~Number(needsProgram(v) ? toPrimitive(it, v, 'number', node) : toPrim(v, node));
    case 'typeof':
      return typeOf(v);
    case 'void':
      return undefined;
    default:
      refuseAt(node, { code: 'unsupported', construct: 'operator', name: node.operator });
  }
}

/** whether `l && r`, `l || r`, `l ?? r` evaluates its right side */
export function logicalTakesRight(op: A.LogicalOperator, l: Value): boolean {
  if (op === '&&') return truthy(l);
  if (op === '||') return !truthy(l);
  return l === null || l === undefined;
}

/** whether `x ||= v`, `x &&= v`, `x ??= v` leaves x as it is (and v unevaluated); false for other operators */
export function assignmentSkips(op: A.AssignmentOperator, old: Value): boolean {
  if (op === '||=') return truthy(old);
  if (op === '&&=') return !truthy(old);
  if (op === '??=') return old !== null && old !== undefined;
  return false;
}

/** the value a compound assignment stores: `x op= r` */
export function compound(it: Interpreter, op: A.AssignmentOperator, old: Value, r: Value, node: A.Node): Value {
  if (op === '||=' || op === '&&=' || op === '??=') return r;
  return binaryConverted(it, op.slice(0, -1) as A.BinaryOperator, old, r, node);
}

/** the callee's source text, which only the TypeError for calling a non-function shows (so made only then) */
export function calleeText(it: Interpreter, fn: Value, callee: A.Node): string | undefined {
  return fn instanceof FnObj ? undefined : excerpt(it.source, callee, 60);
}
