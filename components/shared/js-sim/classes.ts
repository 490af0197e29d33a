/**
 * Classes (ECMA-262 §15.7): a constructor, methods, async methods, getters and setters, static methods and fields,
 * instance fields with initialisers, private fields and methods (`#x`), `extends` of a class the snippet defines or
 * of a built-in Error (`class HttpError extends Error`), `super(...)`, `super.method()`, and `instanceof`. Static
 * blocks are refused by parse.ts, `extends` of anything else (Promise, an expression) here, by name.
 *
 * An instance's own properties are set by the fields and the constructors; its methods, getters and setters are
 * looked up along its class and the classes it extends (the prototype chain). Private names live apart from the
 * properties (util.inspect does not print them), keyed by `#name`. A derived constructor runs its parent's
 * construction on the same instance when it calls `super(...)`, then its own fields are initialised, as the
 * specification orders it; an instance whose chain ends at Error is an Error (its message and stack frame are set by
 * that `super` call).
 */
import type * as A from 'acorn';
import { toStr, withCause } from './conversions.ts';
import type { Interpreter } from './engine-types.ts';
import { excerpt, refuseAt } from './parse.ts';
import { symbolKey } from './symbols.ts';
import { makeClosure, type FnCtx } from './scope.ts';
import { CollectionObj } from './collections.ts';
import { ArrayObj, Env, FnObj, isObj, Obj, PromiseObj, type ThisValue, type Value } from './values.ts';

/** the built-in constructors a class may extend */
export const ERROR_CLASSES = new Set(['Error', 'TypeError', 'RangeError']);

export class ClassObj extends FnObj {
  /** the class's source, for printing it */
  classNode: A.Class | null = null;
  ctor: FnObj | null = null;
  /** the class it extends: another class, or a built-in Error constructor (a native FnObj) */
  parent: FnObj | null = null;
  methods = new Map<string, FnObj>();
  getters = new Map<string, FnObj>();
  setters = new Map<string, FnObj>();
  /** instance fields: name (`#x` for a private one) and initialiser (an arrow over its expression) */
  fields: [string, FnObj | null][] = [];
  /** static private fields and methods */
  priv = new Map<string, Value>();
  /** static getters and setters */
  staticGetters = new Map<string, FnObj>();
  staticSetters = new Map<string, FnObj>();
  /** Node's EventEmitter (events.ts): a class of built-in methods */
  declare emitter?: boolean;
}

export class InstanceObj extends Obj {
  /** private fields, keyed by `#name` */
  priv = new Map<string, Value>();
  constructor(public cls: ClassObj) {
    super();
  }
  override convertsItself(): boolean {
    const along = (name: string): boolean =>
      inChain(this.cls, 'methods', name) !== undefined || inChain(this.cls, 'getters', name) !== undefined;
    return super.convertsItself() || along('toString') || along('valueOf');
  }
  override iteratorLookup(): boolean {
    return true;
  }
}

/** whether `v` is an EventEmitter: an instance of it or of a class extending it */
export function isEmitter(v: Value): v is InstanceObj {
  if (!(v instanceof InstanceObj)) return false;
  for (let c: FnObj | null = v.cls; c instanceof ClassObj; c = c.parent) if (c.emitter) return true;
  return false;
}

function keyName(key: A.Expression | A.PrivateIdentifier): string {
  if (key.type === 'PrivateIdentifier') return `#${key.name}`;
  const sym = symbolKey(key);
  if (sym) return sym;
  return key.type === 'Identifier' ? key.name : String((key as A.Literal).value);
}

/** an arrow `() => expr` over a field's initialiser, so it runs with the instance (or the class) as `this` */
function initializer(expr: A.Expression, env: Env, thisV: Value, ctx: FnCtx, home: ClassObj): FnObj {
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
  return makeClosure(arrow, env, { ...ctx, thisV, home });
}

/** `extends X`: a class of the snippet's, or Error, TypeError, RangeError; anything else is refused by name */
function superclass(it: Interpreter, node: A.Expression, env: Env): FnObj {
  const name = excerpt(it.source, node, 40);
  if (node.type === 'Identifier') {
    const b = env.lookup(node.name);
    if (b && !b.initialized) it.throwError('ReferenceError', `Cannot access '${node.name}' before initialization`);
    const v = b?.value;
    if (v instanceof ClassObj) return v;
    if (v instanceof FnObj && ERROR_CLASSES.has(node.name) && it.global.vars.get(node.name)?.value === v) return v;
    if (b && !isObj(v) && v !== undefined)
      it.throwError('TypeError', `Class extends value ${String(v)} is not a constructor or null`);
  }
  refuseAt(node, { code: 'unsupported', construct: 'extends', name });
}

/** evaluates a class declaration or expression: its methods close over a scope that holds the class's name */
export function defineClass(it: Interpreter, node: A.Class, outer: Env, ctx: FnCtx, name?: string): ClassObj {
  const parent = node.superClass ? superclass(it, node.superClass, outer) : null;
  const env = new Env(outer);
  const cls = new ClassObj(node.id?.name ?? name ?? '');
  cls.classNode = node;
  cls.parent = parent;
  if (node.id) env.vars.set(node.id.name, { value: cls, mutable: false, initialized: true });
  const statics: [string, FnObj | null][] = [];
  for (const m of node.body.body) {
    if (m.type === 'MethodDefinition') {
      const key = keyName(m.key);
      const fn = makeClosure(m.value, env, ctx, key.replace(/^#/, ''));
      fn.home = cls;
      if (m.kind === 'constructor') cls.ctor = fn;
      else if (m.static && m.kind === 'get') cls.staticGetters.set(key, fn);
      else if (m.static && m.kind === 'set') cls.staticSetters.set(key, fn);
      else if (m.static) (key.startsWith('#') ? cls.priv : cls.props).set(key, fn);
      else if (m.kind === 'get') cls.getters.set(key, fn);
      else if (m.kind === 'set') cls.setters.set(key, fn);
      else cls.methods.set(key, fn);
    } else if (m.type === 'PropertyDefinition') {
      const key = keyName(m.key);
      if (m.static) statics.push([key, m.value ? initializer(m.value, env, cls, ctx, cls) : null]);
      else cls.fields.push([key, m.value ? initializer(m.value, env, undefined, ctx, cls) : null]);
    }
  }
  cls.native = null;
  for (const [key, init] of statics) {
    const v = init ? it.call(init, undefined, [], null) : undefined;
    (key.startsWith('#') ? cls.priv : cls.props).set(key, v);
  }
  return cls;
}

/** the built-in Error a class chain ends at, or null */
function errorBase(cls: FnObj | null): string | null {
  for (let c = cls; c; c = c instanceof ClassObj ? c.parent : null) if (!(c instanceof ClassObj)) return c.name;
  return null;
}

/** `new C(...args)`: a derived class runs its parent's construction when it calls `super(...)` */
export function construct(it: Interpreter, cls: ClassObj, args: Value[], site: A.Node): Value {
  const self = new InstanceObj(cls);
  const base = errorBase(cls);
  if (base) {
    // V8 leaves the constructors out of an Error's stack: its frame is where `new` was called
    self.isError = true;
    self.errorInfo = { base, ctorName: cls.name, frame: it.frameAt(site) };
  }
  initialize(it, cls, self, args, site);
  return self;
}

function initialize(it: Interpreter, cls: ClassObj, self: InstanceObj, args: Value[], site: A.Node): void {
  if (!cls.parent) initFields(it, cls, self, site);
  if (cls.ctor) it.call(cls.ctor, self, args, site);
  else if (cls.parent) superConstruct(it, cls, self, args, site); // constructor(...args) { super(...args); }
}

/** a class's instance fields, in order, with the instance as `this` */
function initFields(it: Interpreter, cls: ClassObj, self: InstanceObj, site: A.Node): void {
  for (const [key, init] of cls.fields) {
    let v: Value = undefined;
    if (init) {
      const bound = new FnObj(init.name);
      bound.node = init.node;
      bound.env = init.env;
      bound.lexicalThis = self;
      bound.home = cls;
      v = it.call(bound, undefined, [], site);
    }
    if (key.startsWith('#')) self.priv.set(key, v);
    else self.props.set(key, v);
  }
}

/** `super(...args)` in the constructor of `cls`: the parent's construction on this instance, then cls's fields */
function superConstruct(it: Interpreter, cls: ClassObj, self: InstanceObj, args: Value[], site: A.Node): void {
  const parent = cls.parent!;
  if (parent instanceof ClassObj) initialize(it, parent, self, args, site);
  else {
    // the Error constructor: the message, an own property (the stack was captured by construct())
    if (args[0] !== undefined) self.props.set('message', toStr(args[0], site));
    withCause(self, args[1]);
  }
  initFields(it, cls, self, site);
}

/** `super(...args)`, as the constructor running (ctx) calls it */
export function superCall(it: Interpreter, args: Value[], ctx: FnCtx, site: A.Node): Value {
  const cls = ctx.home;
  if (!(cls instanceof ClassObj) || !cls.parent || !(ctx.thisV instanceof InstanceObj))
    refuseAt(site, { code: 'unsupported', construct: 'extends', name: 'super' });
  superConstruct(it, cls, ctx.thisV, args, site);
  return undefined;
}

/** `super.name` in a method of ctx.home: looked up from the parent class on, with the current `this` */
export function superGet(it: Interpreter, ctx: FnCtx, key: string | number, site: A.Node): Value {
  const name = String(key);
  const cls = ctx.home;
  if (!(cls instanceof ClassObj)) refuseAt(site, { code: 'unsupported', construct: 'extends', name: 'super' });
  const parent = cls.parent;
  if (ctx.thisV instanceof ClassObj)
    return parent instanceof ClassObj ? staticProperty(it, parent, name, ctx.thisV) : undefined;
  if (!(parent instanceof ClassObj)) return undefined;
  const thisV: ThisValue = ctx.thisV;
  const getter = inChain(parent, 'getters', name);
  if (getter) return it.call(getter, thisV, [], site);
  return inChain(parent, 'methods', name);
}

export function inChain(cls: ClassObj, kind: 'methods' | 'getters' | 'setters', name: string): FnObj | undefined {
  for (let c: FnObj | null = cls; c instanceof ClassObj; c = c.parent) {
    const f = c[kind].get(name);
    if (f) return f;
  }
  return undefined;
}

/** a static property of a class: its own, then the classes it extends (`name`: the class's name) */
export function staticProperty(it: Interpreter, cls: ClassObj, name: string, thisV: ClassObj = cls): Value {
  if (name.startsWith('#')) {
    if (cls.priv.has(name)) return cls.priv.get(name);
    it.throwError('TypeError', `Cannot read private member ${name} from an object whose class did not declare it`);
  }
  for (let c: FnObj | null = cls; c instanceof ClassObj; c = c.parent) {
    if (c.props.has(name)) return c.props.get(name);
    const g = c.staticGetters.get(name);
    if (g) return it.call(g, thisV, [], null);
  }
  return name === 'name' ? cls.name : undefined;
}

/** a property of an instance: a private name, its own, then a getter or a method along its class chain */
export function instanceProperty(it: Interpreter, obj: InstanceObj, name: string): Value {
  if (name.startsWith('#')) {
    if (obj.priv.has(name)) return obj.priv.get(name);
    const f = inChain(obj.cls, 'methods', name);
    if (f) return f;
    const g = inChain(obj.cls, 'getters', name);
    if (g) return it.call(g, obj, [], null);
    it.throwError('TypeError', `Cannot read private member ${name} from an object whose class did not declare it`);
  }
  if (obj.props.has(name)) return obj.props.get(name);
  const getter = inChain(obj.cls, 'getters', name);
  if (getter) return it.call(getter, obj, [], null);
  const method = inChain(obj.cls, 'methods', name);
  if (method) return method;
  if (name === 'constructor') return obj.cls;
  if (obj.isError) {
    if (name === 'cause') return obj.errorInfo?.cause;
    if (name === 'name') return obj.errorInfo?.base ?? 'Error';
    if (name === 'message') return '';
  }
  return undefined;
}

/** `obj.name = v` on an instance (a setter along its chain, a private field), or on a class; false: not modelled */
export function setClassProperty(it: Interpreter, obj: Value, name: string, v: Value, site: A.Node): boolean {
  if (obj instanceof ClassObj) {
    const setter = obj.staticSetters.get(name);
    if (setter) it.call(setter, obj, [v], site);
    else (name.startsWith('#') ? obj.priv : obj.props).set(name, v);
    return true;
  }
  if (!(obj instanceof InstanceObj)) return false;
  if (name.startsWith('#')) {
    const setter = inChain(obj.cls, 'setters', name);
    if (setter) it.call(setter, obj, [v], site);
    else if (obj.priv.has(name)) obj.priv.set(name, v);
    else it.throwError('TypeError', `Cannot write private member ${name} to an object whose class did not declare it`);
    return true;
  }
  const setter = obj.props.has(name) ? undefined : inChain(obj.cls, 'setters', name);
  if (setter) {
    it.call(setter, obj, [v], site);
    return true;
  }
  // a getter without a setter: assigning is an error in strict code, ignored in sloppy code (not modelled)
  if (!obj.props.has(name) && inChain(obj.cls, 'getters', name)) return false;
  obj.props.set(name, v);
  return true;
}

/** `v instanceof C`: C's prototype along v's chain (classes, Error and its kinds, Promise) */
export function instanceOf(it: Interpreter, v: Value, c: Value): boolean {
  if (!(c instanceof FnObj)) it.throwError('TypeError', "Right-hand side of 'instanceof' is not callable");
  if (!isObj(v)) return false;
  if (c instanceof ClassObj) {
    if (!(v instanceof InstanceObj)) return false;
    for (let k: FnObj | null = v.cls; k instanceof ClassObj; k = k.parent) if (k === c) return true;
    return false;
  }
  const global = (n: string): Value => it.global.vars.get(n)?.value;
  if (c === global('Promise')) return v instanceof PromiseObj;
  if (v.isError && v.errorInfo) {
    if (c === global('Error')) return true;
    return c === global(v.errorInfo.base);
  }
  if (c === global('Array')) return v instanceof ArrayObj;
  if (v instanceof CollectionObj) return c === global(v.kind);
  if (c === global('Object')) return true;
  return false;
}
