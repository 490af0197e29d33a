/**
 * Classes without inheritance (ECMA-262 §15.7): a constructor, methods, async methods, getters, static methods and
 * fields, instance fields with initialisers. `extends`/`super`, setters, private names and static blocks are
 * refused by parse.ts. An instance's own properties are set by the constructor and the fields; its methods and
 * getters are looked up on its class (the prototype).
 */
import type * as A from 'acorn';
import type { Interpreter } from './interpreter.ts';
import { makeClosure, type FnCtx } from './scope.ts';
import { Env, FnObj, Obj, type Value } from './values.ts';

export class ClassObj extends FnObj {
  /** the class's source, for printing it */
  classNode: A.Class | null = null;
  ctor: FnObj | null = null;
  methods = new Map<string, FnObj>();
  getters = new Map<string, FnObj>();
  /** instance fields: name and initialiser (an arrow over the field's expression, called with the instance) */
  fields: [string, FnObj | null][] = [];
}

export class InstanceObj extends Obj {
  constructor(public cls: ClassObj) {
    super();
  }
}

function keyName(key: A.Expression | A.PrivateIdentifier): string {
  return key.type === 'Identifier' ? key.name : String((key as A.Literal).value);
}

/** an arrow `() => expr` over a field's initialiser, so it runs with the instance (or the class) as `this` */
function initializer(expr: A.Expression, env: Env, thisV: Value, ctx: FnCtx): FnObj {
  const arrow = {
    type: 'ArrowFunctionExpression',
    id: null,
    params: [],
    body: expr,
    expression: true,
    async: false,
    generator: false,
    start: expr.start,
    end: expr.end,
    loc: expr.loc,
  } as unknown as A.ArrowFunctionExpression;
  return makeClosure(arrow, env, { ...ctx, thisV });
}

/** evaluates a class declaration or expression: its methods close over a scope that holds the class's name */
export function defineClass(it: Interpreter, node: A.Class, outer: Env, ctx: FnCtx, name?: string): ClassObj {
  const env = new Env(outer);
  const cls = new ClassObj(node.id?.name ?? name ?? '');
  cls.classNode = node;
  if (node.id) env.vars.set(node.id.name, { value: cls, mutable: false, initialized: true });
  const statics: [string, FnObj | null][] = [];
  for (const m of node.body.body) {
    if (m.type === 'MethodDefinition') {
      const key = keyName(m.key);
      const fn = makeClosure(m.value, env, ctx, key);
      if (m.kind === 'constructor') cls.ctor = fn;
      else if (m.static) cls.props.set(key, fn);
      else if (m.kind === 'get') cls.getters.set(key, fn);
      else cls.methods.set(key, fn);
    } else if (m.type === 'PropertyDefinition') {
      const key = keyName(m.key);
      if (m.static) statics.push([key, m.value ? initializer(m.value, env, cls, ctx) : null]);
      else cls.fields.push([key, m.value ? initializer(m.value, env, undefined, ctx) : null]);
    }
  }
  cls.native = null;
  for (const [key, init] of statics) cls.props.set(key, init ? it.call(init, undefined, [], null) : undefined);
  return cls;
}

/** `new C(...args)`: the fields in order, then the constructor, with the new instance as `this` */
export function construct(it: Interpreter, cls: ClassObj, args: Value[], site: A.Node): Value {
  const self = new InstanceObj(cls);
  for (const [key, init] of cls.fields) {
    let v: Value = undefined;
    if (init) {
      const bound = new FnObj(init.name);
      bound.node = init.node;
      bound.env = init.env;
      bound.lexicalThis = self;
      v = it.call(bound, undefined, [], site);
    }
    self.props.set(key, v);
  }
  if (cls.ctor) it.call(cls.ctor, self, args, site);
  return self;
}

/** a property of an instance: its own, then a getter or a method of its class */
export function instanceProperty(it: Interpreter, obj: InstanceObj, name: string): { found: boolean; value: Value } {
  if (obj.props.has(name)) return { found: true, value: obj.props.get(name) };
  const getter = obj.cls.getters.get(name);
  if (getter) return { found: true, value: it.call(getter, obj, [], null) };
  const method = obj.cls.methods.get(name);
  if (method) return { found: true, value: method };
  return { found: false, value: undefined };
}
