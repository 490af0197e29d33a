/**
 * Parsing and static checking of a snippet for the task-queue simulator.
 *
 * The snippet is parsed with acorn (a real JavaScript parser) and every node of the tree is checked against the
 * supported subset. Anything outside it is refused with an error code naming the construct and its line (the
 * codes are in types.ts; the words shown to a person live with the demo that shows them). Nothing here evaluates the
 * person's code.
 */
import { parse } from 'acorn';
import type * as A from 'acorn';
import { hasNestedQuantifier } from './regex-check.ts';
import { symbolKey } from './symbols.ts';
import type { SimError } from './types.ts';

/** A refusal: the snippet uses something outside the subset. It unwinds the whole run. */
export class SimRefusal extends Error {
  constructor(public readonly error: SimError) {
    super(`${error.code} at line ${error.line}`);
  }
}

/** Refuses at a node of the tree (the interpreter meets some unsupported uses only while running). */
export function refuseAt(node: A.Node, error: Omit<SimError, 'line' | 'column'>): never {
  const loc = node.loc?.start;
  throw new SimRefusal({ ...error, line: loc?.line ?? 1, column: (loc?.column ?? 0) + 1 });
}

export type ParseResult = { ok: true; program: A.Program } | { ok: false; error: SimError };

const BINARY_OPS = new Set([
  '+',
  '-',
  '*',
  '/',
  '%',
  '**',
  '<',
  '>',
  '<=',
  '>=',
  '==',
  '!=',
  '===',
  '!==',
  'instanceof',
  'in',
  '&',
  '|',
  '^',
  '<<',
  '>>',
  '>>>',
]);
const UNARY_OPS = new Set(['-', '+', '!', '~', 'typeof', 'void', 'delete']);
const ASSIGN_OPS = new Set([
  '=',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '**=',
  '||=',
  '&&=',
  '??=',
  '&=',
  '|=',
  '^=',
  '<<=',
  '>>=',
  '>>>=',
]);

function refuse(node: A.Node, construct: string, name?: string): never {
  const loc = node.loc?.start;
  throw new SimRefusal({
    code: 'unsupported',
    construct,
    line: loc?.line ?? 1,
    column: (loc?.column ?? 0) + 1,
    ...(name !== undefined ? { name } : {}),
  });
}

/**
 * `__proto__` written as a key or a property name (`{ __proto__: p }`, `o.__proto__`, `{ __proto__: x } = o`): in
 * JavaScript it reads or sets the object's prototype, which the simulator does not model (it would print it as an
 * ordinary property and read inherited values as undefined). A computed `['__proto__']` is refused as a computed key.
 */
function isProtoKey(key: A.Node, computed: boolean): boolean {
  if (computed) return key.type === 'Literal' && (key as A.Literal).value === '__proto__';
  return (
    (key.type === 'Identifier' && (key as A.Identifier).name === '__proto__') ||
    (key.type === 'Literal' && (key as A.Literal).value === '__proto__')
  );
}

/** Node types that are always refused, with the construct key used in the message. */
const REFUSED: Record<string, string> = {
  WithStatement: 'with',
  DebuggerStatement: 'debugger',
  ImportDeclaration: 'module',
  ExportNamedDeclaration: 'module',
  ExportDefaultDeclaration: 'module',
  ExportAllDeclaration: 'module',
  ImportExpression: 'dynamicImport',
  TaggedTemplateExpression: 'taggedTemplate',
  MetaProperty: 'metaProperty',
  StaticBlock: 'class',
};

function checkParams(fn: A.Function): void {
  fn.params.forEach(checkPattern);
}

/** a binding pattern: a name, array and object patterns, defaults, rest elements (patterns.ts) */
function checkPattern(p: A.Pattern): void {
  switch (p.type) {
    case 'Identifier':
      return;
    case 'AssignmentPattern':
      checkPattern(p.left);
      check(p.right);
      return;
    case 'RestElement':
      checkPattern(p.argument);
      return;
    case 'ArrayPattern':
      for (const el of p.elements) if (el) checkPattern(el);
      return;
    case 'ObjectPattern':
      for (const prop of p.properties) {
        if (prop.type === 'RestElement') checkPattern(prop);
        else {
          if (isProtoKey(prop.key, prop.computed)) refuse(prop, 'proto');
          if (prop.computed) refuse(prop, 'computedKey');
          checkPattern(prop.value);
        }
      }
      return;
    default:
      refuse(p, 'destructuring');
  }
}

/** Walks every node and refuses what the interpreter does not support. */
function check(node: A.Node | null | undefined): void {
  if (!node) return;
  const refused = REFUSED[node.type];
  if (refused) refuse(node, refused);
  const n = node as A.AnyNode;
  switch (n.type) {
    case 'Program':
      n.body.forEach(check);
      return;
    case 'ExpressionStatement':
      check(n.expression);
      return;
    case 'BlockStatement':
      n.body.forEach(check);
      return;
    case 'EmptyStatement':
      return;
    case 'ReturnStatement':
      check(n.argument);
      return;
    case 'BreakStatement':
    case 'ContinueStatement':
      return;
    case 'LabeledStatement':
      check(n.body);
      return;
    case 'ChainExpression':
      check(n.expression);
      return;
    case 'IfStatement':
      check(n.test);
      check(n.consequent);
      check(n.alternate);
      return;
    case 'ThrowStatement':
      check(n.argument);
      return;
    case 'TryStatement':
      check(n.block);
      if (n.handler) {
        if (n.handler.param && n.handler.param.type !== 'Identifier') refuse(n.handler.param, 'destructuring');
        check(n.handler.body);
      }
      check(n.finalizer);
      return;
    case 'SwitchStatement':
      check(n.discriminant);
      for (const c of n.cases) {
        check(c.test);
        c.consequent.forEach(check);
      }
      return;
    case 'WhileStatement':
    case 'DoWhileStatement':
      check(n.test);
      check(n.body);
      return;
    case 'ForOfStatement':
      // for (const x of array) and for await (const x of array): one binding or a pattern
      if (n.left.type === 'VariableDeclaration') {
        if (n.left.kind !== 'let' && n.left.kind !== 'const' && n.left.kind !== 'var') refuse(n.left, 'using');
        checkPattern(n.left.declarations[0]!.id);
      } else if (n.left.type !== 'Identifier') refuse(n.left, REFUSED[n.left.type] ?? 'destructuring');
      check(n.right);
      check(n.body);
      return;
    case 'ForInStatement':
      // for (const k in o): one binding (a pattern would destructure each key string)
      if (n.left.type === 'VariableDeclaration') {
        if (n.left.kind !== 'let' && n.left.kind !== 'const' && n.left.kind !== 'var') refuse(n.left, 'using');
        if (n.left.declarations[0]!.id.type !== 'Identifier') refuse(n.left, 'destructuring');
      } else if (n.left.type !== 'Identifier') refuse(n.left, 'destructuring');
      check(n.right);
      check(n.body);
      return;
    case 'ForStatement':
      check(n.init);
      check(n.test);
      check(n.update);
      check(n.body);
      return;
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      checkParams(n);
      check(n.body);
      return;
    case 'VariableDeclaration':
      if (n.kind !== 'let' && n.kind !== 'const' && n.kind !== 'var') refuse(n, 'using');
      for (const d of n.declarations) {
        checkPattern(d.id);
        check(d.init);
      }
      return;
    case 'Identifier':
      return;
    case 'Literal':
      // a regular expression literal runs on the host's RegExp (natives.ts); one the host cannot build is refused
      if ('regex' in n && n.regex && !(n.value instanceof RegExp)) refuse(n, 'regex');
      // one that could backtrack without end on the host's engine, which the simulator cannot interrupt
      if ('regex' in n && n.regex && hasNestedQuantifier(n.regex.pattern)) refuse(n, 'nestedQuantifier');
      if ('bigint' in n && n.bigint !== undefined) refuse(n, 'bigint');
      return;
    case 'TemplateLiteral':
      n.expressions.forEach(check);
      return;
    case 'ArrayExpression':
      for (const el of n.elements) {
        if (el === null) refuse(n, 'holes');
        check(el);
      }
      return;
    case 'ObjectExpression':
      for (const p of n.properties) {
        if (p.type === 'SpreadElement') {
          check(p.argument);
          continue;
        }
        if (isProtoKey(p.key, p.computed)) refuse(p, 'proto');
        if (p.computed && !symbolKey(p.key)) refuse(p, 'computedKey');
        check(p.value);
      }
      return;
    case 'UnaryExpression':
      if (!UNARY_OPS.has(n.operator)) refuse(n, 'operator', n.operator);
      // delete of a property only (of a name it is a strict-mode error, of `a?.b` or a private name not modelled)
      if (
        n.operator === 'delete' &&
        (n.argument.type !== 'MemberExpression' ||
          n.argument.optional ||
          n.argument.object.type === 'Super' ||
          n.argument.property.type === 'PrivateIdentifier')
      )
        refuse(n, 'operator', 'delete');
      check(n.argument);
      return;
    case 'UpdateExpression':
      if (n.argument.type !== 'Identifier' && n.argument.type !== 'MemberExpression') refuse(n, 'destructuring');
      check(n.argument);
      return;
    case 'BinaryExpression':
      if (n.left.type === 'PrivateIdentifier') refuse(n, 'operator', `#${n.left.name} in`);
      if (!BINARY_OPS.has(n.operator)) refuse(n, 'operator', n.operator);
      check(n.left);
      check(n.right);
      return;
    case 'LogicalExpression':
      check(n.left);
      check(n.right);
      return;
    case 'AssignmentExpression':
      if (!ASSIGN_OPS.has(n.operator)) refuse(n, 'operator', n.operator);
      if (n.left.type === 'ArrayPattern' || n.left.type === 'ObjectPattern') {
        // `[a, b] = [b, a]`, `({ x, y } = point)`: plain `=` onto names (a property as a target is not modelled)
        if (n.operator !== '=') refuse(n, 'operator', n.operator);
        checkPattern(n.left);
        check(n.right);
        return;
      }
      if (n.left.type !== 'Identifier' && n.left.type !== 'MemberExpression') refuse(n.left, 'destructuring');
      check(n.left);
      check(n.right);
      return;
    case 'ConditionalExpression':
      check(n.test);
      check(n.consequent);
      check(n.alternate);
      return;
    case 'CallExpression':
    case 'NewExpression':
      check(n.callee);
      n.arguments.forEach(check);
      return;
    case 'MemberExpression':
      if (isProtoKey(n.property, n.computed)) refuse(n.property, 'proto');
      check(n.object);
      if (n.computed) check(n.property);
      return;
    case 'AwaitExpression':
      check(n.argument);
      return;
    case 'YieldExpression':
      if (n.delegate) refuse(n, 'yieldStar');
      check(n.argument);
      return;
    case 'SequenceExpression':
      n.expressions.forEach(check);
      return;
    case 'ThisExpression':
    case 'Super':
      return;
    case 'SpreadElement':
      check(n.argument);
      return;
    case 'ClassDeclaration':
    case 'ClassExpression':
      // `extends` of a class or of Error (the rest is refused by name when the class is defined: classes.ts);
      // private names; static blocks are refused (REFUSED)
      check(n.superClass);
      for (const m of n.body.body) {
        if (m.type === 'StaticBlock') refuse(m, 'class');
        if (m.computed && !symbolKey(m.key)) refuse(m, 'computedKey');
        if (m.key.type !== 'PrivateIdentifier' && !m.computed) check(m.key);
        if (m.type === 'MethodDefinition') {
          checkParams(m.value);
          check(m.value.body);
        } else check(m.value);
      }
      return;
    case 'ParenthesizedExpression':
      check(n.expression);
      return;
    default:
      refuse(n, 'other', n.type);
  }
}

/** Parses a snippet as a classic script (CommonJS and a browser <script> are both scripts). */
export function parseSnippet(source: string): ParseResult {
  let program: A.Program;
  try {
    program = parse(source, { ecmaVersion: 2022, sourceType: 'script', locations: true });
  } catch (e) {
    const err = e as { message?: string; loc?: { line: number; column: number } };
    const detail = String(err.message ?? e).replace(/\s*\(\d+:\d+\)$/, '');
    const at = { line: err.loc?.line ?? 1, column: (err.loc?.column ?? 0) + 1 };
    // what a script cannot have, named as a construct rather than as acorn's message
    if (/^'import' and 'export' may appear only/.test(detail))
      return { ok: false, error: { code: 'unsupported', construct: 'module', ...at } };
    if (/^Cannot use 'import\.meta'/.test(detail))
      return { ok: false, error: { code: 'unsupported', construct: 'metaProperty', ...at } };
    const awaitAt = topLevelAwait(source);
    if (awaitAt) return { ok: false, error: { code: 'unsupported', construct: 'topLevelAwait', ...awaitAt } };
    return { ok: false, error: { code: 'syntax', ...at, detail } };
  }
  try {
    check(program);
    markStrict(program, hasUseStrict(program.body));
  } catch (e) {
    if (e instanceof SimRefusal) return { ok: false, error: e.error };
    throw e;
  }
  return { ok: true, program };
}

/**
 * Which functions are strict code (ECMA-262 §11.2.2): inside a script or function that begins with 'use strict', or
 * inside a class. It decides a plain call's `this` (scope.ts): undefined in strict code, the global object otherwise.
 */
const strictFunctions = new WeakSet<A.Node>();
export function isStrictFunction(node: A.Function): boolean {
  return strictFunctions.has(node);
}

function hasUseStrict(body: readonly A.Node[]): boolean {
  for (const s of body) {
    const d = (s as A.ExpressionStatement).directive;
    if (s.type !== 'ExpressionStatement' || d === undefined) return false;
    if (d === 'use strict') return true;
  }
  return false;
}

function markStrict(node: unknown, strict: boolean): void {
  if (Array.isArray(node)) {
    for (const n of node) markStrict(n, strict);
    return;
  }
  if (!node || typeof node !== 'object' || !('type' in node)) return;
  const n = node as A.AnyNode;
  let inner = strict;
  if (n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression') {
    inner = strict || (n.body.type === 'BlockStatement' && hasUseStrict(n.body.body));
    if (inner) strictFunctions.add(n);
  } else if (n.type === 'ClassDeclaration' || n.type === 'ClassExpression') inner = true;
  for (const [k, v] of Object.entries(n)) if (k !== 'loc' && v && typeof v === 'object') markStrict(v, inner);
}

/**
 * Where a snippet that is not a valid script uses `await` outside any function (a CommonJS file and a classic
 * <script> have no top-level await; acorn says only "Unexpected token"): the first such await, or null.
 */
function topLevelAwait(source: string): { line: number; column: number } | null {
  let program: A.Program;
  try {
    program = parse(source, {
      ecmaVersion: 2022,
      sourceType: 'script',
      locations: true,
      allowAwaitOutsideFunction: true,
    });
  } catch {
    return null;
  }
  const find = (node: unknown): A.Node | null => {
    if (Array.isArray(node)) {
      for (const n of node) {
        const hit = find(n);
        if (hit) return hit;
      }
      return null;
    }
    if (!node || typeof node !== 'object' || !('type' in node)) return null;
    const n = node as A.AnyNode;
    if (n.type === 'AwaitExpression' || (n.type === 'ForOfStatement' && n.await)) return n;
    if (n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression')
      return null;
    for (const [k, v] of Object.entries(n)) {
      if (k === 'loc' || !v || typeof v !== 'object') continue;
      const hit = find(v);
      if (hit) return hit;
    }
    return null;
  };
  const hit = find(program);
  const loc = hit?.loc?.start;
  return loc ? { line: loc.line, column: loc.column + 1 } : null;
}

/** A short one-line excerpt of source text, for labels of queued callbacks. */
export function excerpt(source: string, node: A.Node, max = 34): string {
  const text = source.slice(node.start, node.end).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
