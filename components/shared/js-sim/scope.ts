/**
 * Declarations: closures, and the hoisting of a function body or a block (`var` to the function, `let`/`const`
 * uninitialised until their declaration runs, function declarations initialised at the top of their block).
 */
import type * as A from 'acorn';
import { isStrictFunction } from './parse.ts';
import { Env, FnObj, NO_THIS, type GlobalObj, type Obj, type ThisValue } from './values.ts';

/** how a function body runs: its `this`, the function (null for the script) and where `var` lands */
export interface FnCtx {
  thisV: ThisValue;
  /** the function being run (null for the script) */
  fn: FnObj | null;
  /** the variable environment where `var` lands */
  varEnv: Env;
  /** the class whose method (or constructor) is running, for `super` (classes.ts) */
  home?: Obj | null;
}

export function makeClosure(node: A.Function, env: Env, ctx: FnCtx, name?: string): FnObj {
  const f = new FnObj(node.id?.name ?? name ?? '');
  f.node = node;
  f.env = env;
  if (node.type === 'ArrowFunctionExpression') {
    f.lexicalThis = ctx.thisV;
    if (ctx.home) f.home = ctx.home;
  }
  return f;
}

/**
 * a function body's scope and how it runs: its `this` (an arrow's is the one it captured; a call without one, or with
 * undefined or null, gives strict code undefined and sloppy code the global object, ECMA-262 §10.2.1.2) and where
 * `var` lands
 */
export function bodyScope(fn: FnObj, thisV: ThisValue, global: GlobalObj): { env: Env; ctx: FnCtx } {
  const env = new Env(fn.env);
  const node = fn.node!;
  let t = thisV;
  if (node.type === 'ArrowFunctionExpression') t = fn.lexicalThis;
  else if (t === NO_THIS || t === undefined || t === null)
    t = isStrictFunction(node) ? (t === NO_THIS ? undefined : t) : global;
  const ctx: FnCtx = {
    thisV: t,
    fn,
    varEnv: env,
    home: fn.home ?? null,
  };
  return { env, ctx };
}

/** what hoisting finds in a body, worked out once per body (a function is called, a loop's block run, many times) */
const varNamesCache = new WeakMap<A.Node[], string[]>();
interface BlockPlan {
  /** let, const and class names, in order, uninitialised (a class's binding is mutable) */
  lexical: { name: string; mutable: boolean }[];
  functions: A.FunctionDeclaration[];
}
const blockPlans = new WeakMap<A.Node[], BlockPlan>();

/** `var` declarations anywhere in a function body (not in nested functions), as undefined */
export function hoistVars(body: A.Node[], env: Env): void {
  let names = varNamesCache.get(body);
  if (!names) {
    names = varNames(body);
    varNamesCache.set(body, names);
  }
  for (const name of names)
    if (!env.vars.has(name)) env.vars.set(name, { value: undefined, mutable: true, initialized: true });
}

function varNames(body: A.Node[]): string[] {
  const out: string[] = [];
  const visit = (n: A.Node | null | undefined): void => {
    if (!n) return;
    const s = n as A.AnyNode;
    switch (s.type) {
      case 'VariableDeclaration':
        if (s.kind === 'var')
          for (const d of s.declarations)
            for (const name of patternNames(d.id)) if (!out.includes(name)) out.push(name);
        return;
      case 'BlockStatement':
        s.body.forEach(visit);
        return;
      case 'SwitchStatement':
        for (const c of s.cases) c.consequent.forEach(visit);
        return;
      case 'IfStatement':
        visit(s.consequent);
        visit(s.alternate);
        return;
      case 'ForStatement':
        visit(s.init);
        visit(s.body);
        return;
      case 'ForOfStatement':
      case 'ForInStatement':
        visit(s.left);
        visit(s.body);
        return;
      case 'WhileStatement':
      case 'DoWhileStatement':
        visit(s.body);
        return;
      case 'TryStatement':
        visit(s.block);
        visit(s.handler?.body);
        visit(s.finalizer);
        return;
      default:
        return;
    }
  };
  body.forEach(visit);
  return out;
}

/** let/const (uninitialised until their declaration runs) and function declarations of one block */
export function hoistBlock(body: A.Node[], env: Env, ctx: FnCtx): void {
  const plan = planFor(body);
  for (const { name, mutable } of plan.lexical) env.vars.set(name, { value: undefined, mutable, initialized: false });
  for (const s of plan.functions) {
    env.vars.set(s.id.name, { value: makeClosure(s, env, ctx), mutable: true, initialized: true });
  }
}

/** the scope a block runs in: a new one if it declares anything (let, const, class, function), else the enclosing one */
export function blockScope(body: A.Node[], env: Env): Env {
  const plan = planFor(body);
  return plan.lexical.length === 0 && plan.functions.length === 0 ? env : new Env(env);
}

function planFor(body: A.Node[]): BlockPlan {
  let plan = blockPlans.get(body);
  if (!plan) {
    plan = blockPlan(body);
    blockPlans.set(body, plan);
  }
  return plan;
}

function blockPlan(body: A.Node[]): BlockPlan {
  const plan: BlockPlan = { lexical: [], functions: [] };
  for (const n of body) {
    const s = n as A.AnyNode;
    if (s.type === 'VariableDeclaration' && s.kind !== 'var') {
      for (const d of s.declarations)
        for (const name of patternNames(d.id)) plan.lexical.push({ name, mutable: s.kind === 'let' });
    }
    if (s.type === 'ClassDeclaration' && s.id) plan.lexical.push({ name: s.id.name, mutable: true });
  }
  for (const n of body) {
    const s = n as A.AnyNode;
    if (s.type === 'FunctionDeclaration' && s.id) plan.functions.push(s);
  }
  return plan;
}

/** the names a binding pattern declares */
export function patternNames(p: A.Pattern): string[] {
  switch (p.type) {
    case 'Identifier':
      return [p.name];
    case 'AssignmentPattern':
      return patternNames(p.left);
    case 'RestElement':
      return patternNames(p.argument);
    case 'ArrayPattern':
      return p.elements.flatMap((el) => (el ? patternNames(el) : []));
    case 'ObjectPattern':
      return p.properties.flatMap((prop) => patternNames(prop.type === 'RestElement' ? prop : prop.value));
    default:
      return [];
  }
}
