/**
 * Declarations: closures, and the hoisting of a function body or a block (`var` to the function, `let`/`const`
 * uninitialised until their declaration runs, function declarations initialised at the top of their block).
 */
import type * as A from 'acorn';
import { Env, FnObj, type Obj, type ThisValue } from './values.ts';

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

/** `var` declarations anywhere in a function body (not in nested functions), as undefined */
export function hoistVars(body: A.Node[], env: Env): void {
  const visit = (n: A.Node | null | undefined): void => {
    if (!n) return;
    const s = n as A.AnyNode;
    switch (s.type) {
      case 'VariableDeclaration':
        if (s.kind === 'var')
          for (const d of s.declarations)
            for (const name of patternNames(d.id))
              if (!env.vars.has(name)) env.vars.set(name, { value: undefined, mutable: true, initialized: true });
        return;
      case 'BlockStatement':
        s.body.forEach(visit);
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
}

/** let/const (uninitialised until their declaration runs) and function declarations of one block */
export function hoistBlock(body: A.Node[], env: Env, ctx: FnCtx): void {
  for (const n of body) {
    const s = n as A.AnyNode;
    if (s.type === 'VariableDeclaration' && s.kind !== 'var') {
      for (const d of s.declarations)
        for (const name of patternNames(d.id))
          env.vars.set(name, { value: undefined, mutable: s.kind === 'let', initialized: false });
    }
    if (s.type === 'ClassDeclaration' && s.id)
      env.vars.set(s.id.name, { value: undefined, mutable: true, initialized: false });
  }
  for (const n of body) {
    const s = n as A.AnyNode;
    if (s.type === 'FunctionDeclaration') {
      if (s.id) env.vars.set(s.id.name, { value: makeClosure(s, env, ctx), mutable: true, initialized: true });
    }
  }
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
