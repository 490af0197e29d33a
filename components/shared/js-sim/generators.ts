/**
 * Generators (ECMA-262 §27.5), async generators (§27.6) and iteration over iterator objects (§7.4): `function*`
 * with `yield`, `async function*` with `yield` and `await`, objects with `[Symbol.iterator]` or
 * `[Symbol.asyncIterator]` methods, for…of and for await…of over them, spread and destructuring of a generator.
 *
 * A generator's body runs on the interpreter's own generator (evaluate.ts), which hands up a request at each `yield`
 * as it does at each `await`. An async generator keeps the specification's request queue: `next()` enqueues and,
 * when the generator is suspended, resumes it synchronously; `yield v` first awaits v (one microtask turn), then
 * resolves the front request's promise with `{ value, done: false }` (AsyncGeneratorYield); `return v` awaits v; a
 * `for await` loop then awaits that promise (one more turn). Breaking out of a loop calls the iterator's `return()`
 * and awaits its result (AsyncIteratorClose); `return()` of a generator suspended at a `yield` runs the body's
 * `finally` blocks on the way out (GenReturn). Not modelled: `yield*` (refused by parse.ts).
 */
import type * as A from 'acorn';
import { truthy } from './conversions.ts';
import type { Completion, Evaluator, G, Interpreter } from './engine-types.ts';
import { excerpt, refuseAt } from './parse.ts';
import { ASYNC_ITERATOR, ITERATOR } from './symbols.ts';
import { FnObj, isCallable, isObj, NativeObj, Obj, Throw, type Capability, type Value } from './values.ts';

function iterResult(value: Value, done: boolean): Obj {
  const r = new Obj();
  r.props.set('value', value);
  r.props.set('done', done);
  return r;
}

type Resumption = { type: 'normal' | 'throw' | 'return'; value: Value };

/**
 * `return()` of a generator suspended at a yield: thrown into its body at the yield, so that the body's `finally`
 * blocks run (evaluate.ts's try, and for…of closing its iterator) on the way out; the generator then completes with
 * the value (a `return` or a throw in a `finally` overrides it, as in JavaScript)
 */
export class GenReturn extends Error {
  constructor(readonly value: Value) {
    super('generator return');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// function*

export class GeneratorObj extends NativeObj {
  state: 'suspendedStart' | 'suspendedYield' | 'executing' | 'completed' = 'suspendedStart';
  constructor(
    readonly it: Interpreter,
    readonly gen: G<Value>,
    readonly fnName: string,
    readonly line: number | null,
  ) {
    super('Generator');
  }

  property(name: string, site: A.Node): Value {
    return generatorProperty(this.it, this, name, site);
  }

  resume(it: Interpreter, input: Resumption): Obj {
    if (this.state === 'executing') it.throwError('TypeError', 'Generator is already running');
    if (this.state === 'completed') {
      if (input.type === 'throw') throw new Throw(input.value);
      return iterResult(input.type === 'return' ? input.value : undefined, true);
    }
    if (this.state === 'suspendedStart' && input.type !== 'normal') {
      this.state = 'completed';
      return this.resume(it, input);
    }
    this.state = 'executing';
    it.rec.stack.push({ view: { name: this.fnName, kind: 'function', line: this.line } });
    const savedLine = it.rec.currentLine;
    try {
      const r =
        input.type === 'normal'
          ? this.gen.next(input.value)
          : input.type === 'throw'
            ? this.gen.throw(new Throw(input.value))
            : this.gen.throw(new GenReturn(input.value));
      if (r.done) {
        this.state = 'completed';
        return iterResult(r.value, true);
      }
      this.state = 'suspendedYield';
      return iterResult(r.value.value, false);
    } catch (e) {
      this.state = 'completed';
      if (e instanceof GenReturn) return iterResult(e.value, true);
      throw e;
    } finally {
      it.rec.stack.pop();
      it.rec.currentLine = savedLine;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// async function*

interface Request {
  completion: Resumption;
  cap: Capability;
}

export class AsyncGeneratorObj extends NativeObj {
  state: 'suspendedStart' | 'suspendedYield' | 'executing' | 'awaitingReturn' | 'completed' = 'suspendedStart';
  queue: Request[] = [];
  constructor(
    readonly it: Interpreter,
    readonly gen: G<Value>,
    readonly fnName: string,
    readonly line: number | null,
  ) {
    super('AsyncGenerator');
  }

  property(name: string, site: A.Node): Value {
    return generatorProperty(this.it, this, name, site);
  }

  /** AsyncGenerator.prototype.next / return / throw */
  request(completion: Resumption): Value {
    const cap = this.it.promises.newCapability();
    const { state } = this;
    if (completion.type === 'normal' && state === 'completed') {
      this.it.call(cap.resolve, undefined, [iterResult(undefined, true)], null);
      return cap.promise;
    }
    if (completion.type === 'throw' && (state === 'suspendedStart' || state === 'completed')) {
      this.state = 'completed';
      this.it.call(cap.reject, undefined, [completion.value], null);
      return cap.promise;
    }
    this.queue.push({ completion, cap });
    if (completion.type === 'return' && (state === 'suspendedStart' || state === 'completed')) {
      this.state = 'awaitingReturn';
      this.awaitReturn();
    } else if (state === 'suspendedStart' || state === 'suspendedYield') this.resume(completion);
    return cap.promise;
  }

  /** Await(v) in the generator's body: resumed from a promise job */
  private await(v: Value, line: number | null, onF: (x: Value) => void, onR: (x: Value) => void): void {
    const it = this.it;
    const promise = it.promises.promiseResolve(v);
    const f = it.native(this.fnName, (_t, [x]) => (onF(x), undefined), 'resume', line);
    const r = it.native(this.fnName, (_t, [x]) => (onR(x), undefined), 'resumeThrow', line);
    it.promises.performThen(promise, f, r, null);
    it.rec.snap('await', { fn: this.fnName }, line);
  }

  private resume(input: Resumption): void {
    if (input.type === 'return') {
      // AsyncGeneratorUnwrapYieldResumption: the value is awaited, then the body returns
      this.state = 'executing';
      this.await(
        input.value,
        this.line,
        (v) => this.finish(() => this.gen.throw(new GenReturn(v))),
        (e) => this.resume({ type: 'throw', value: e }),
      );
      return;
    }
    this.finish(() => (input.type === 'normal' ? this.gen.next(input.value) : this.gen.throw(new Throw(input.value))));
  }

  /** runs the body until its next await, yield or end */
  private finish(run: () => IteratorResult<{ value: Value; node: A.Node; yield?: boolean }, Value>): void {
    const it = this.it;
    this.state = 'executing';
    it.rec.stack.push({ view: { name: this.fnName, kind: 'async', line: this.line } });
    const savedLine = it.rec.currentLine;
    try {
      let r: IteratorResult<{ value: Value; node: A.Node; yield?: boolean }, Value>;
      try {
        r = run();
      } catch (e) {
        if (e instanceof GenReturn) {
          this.state = 'completed';
          this.completeStep({ type: 'normal', value: e.value }, true);
          this.drainQueue();
          return;
        }
        if (!(e instanceof Throw)) throw e;
        this.state = 'completed';
        this.completeStep({ type: 'throw', value: e.value }, true);
        this.drainQueue();
        return;
      }
      if (r.done) {
        this.state = 'completed';
        this.completeStep({ type: 'normal', value: r.value }, true);
        this.drainQueue();
        return;
      }
      const req = r.value;
      const line = it.lineOf(req.node);
      const onR = (e: Value): void => this.resume({ type: 'throw', value: e });
      if (!req.yield) this.await(req.value, line, (v) => this.resume({ type: 'normal', value: v }), onR);
      // AsyncGeneratorYield: Await(value), then the front request is resolved
      else this.await(req.value, line, (v) => this.yielded(v), onR);
    } finally {
      it.rec.stack.pop();
      it.rec.currentLine = savedLine;
    }
  }

  private yielded(v: Value): void {
    this.completeStep({ type: 'normal', value: v }, false);
    const next = this.queue[0];
    if (next) this.resume(next.completion);
    else this.state = 'suspendedYield';
  }

  private completeStep(c: Resumption, done: boolean): void {
    const front = this.queue.shift();
    if (!front) return;
    if (c.type === 'throw') this.it.call(front.cap.reject, undefined, [c.value], null);
    else this.it.call(front.cap.resolve, undefined, [iterResult(c.value, done)], null);
  }

  private drainQueue(): void {
    while (this.queue.length > 0) {
      const c = this.queue[0]!.completion;
      if (c.type === 'return') {
        this.state = 'awaitingReturn';
        this.awaitReturn();
        return;
      }
      this.completeStep(c.type === 'throw' ? c : { type: 'normal', value: undefined }, true);
    }
  }

  private awaitReturn(): void {
    const c = this.queue[0]!.completion;
    const settle = (r: Resumption): void => {
      this.state = 'completed';
      this.completeStep(r, true);
      this.drainQueue();
    };
    const it = this.it;
    const promise = it.promises.promiseResolve(c.value);
    const f = it.native(this.fnName, (_t, [x]) => (settle({ type: 'normal', value: x }), undefined), 'resume');
    const r = it.native(this.fnName, (_t, [x]) => (settle({ type: 'throw', value: x }), undefined), 'resumeThrow');
    it.promises.performThen(promise, f, r, null);
  }
}

/** calling a generator function: its body waits for the first next() */
export function startGenerator(it: Interpreter, fn: FnObj, gen: G<Value>): Value {
  const name = it.fnName(fn);
  const line = it.lineOf(fn.node);
  return fn.node!.async ? new AsyncGeneratorObj(it, gen, name, line) : new GeneratorObj(it, gen, name, line);
}

/** next, return, throw and the iterator symbols of a generator object */
function generatorProperty(it: Interpreter, g: GeneratorObj | AsyncGeneratorObj, name: string, site: A.Node): Value {
  const self = it.native(name, () => g);
  if (name === ITERATOR && g instanceof GeneratorObj) return self;
  if (name === ASYNC_ITERATOR && g instanceof AsyncGeneratorObj) return self;
  if (name === ITERATOR || name === ASYNC_ITERATOR) return undefined;
  const type = name === 'next' ? 'normal' : name === 'return' ? 'return' : name === 'throw' ? 'throw' : null;
  if (!type) refuseAt(site, { code: 'unsupportedProperty', name });
  return it.native(name, (_t, a) =>
    g instanceof GeneratorObj ? g.resume(it, { type, value: a[0] }) : g.request({ type, value: a[0] }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// iteration

function memberSite(site: A.Node): A.MemberExpression {
  return site as unknown as A.MemberExpression;
}

/** GetIterator(obj, sync or async): the iterator and its next method, or null when obj has no such method */
function getIterator(it: Interpreter, obj: Value, key: string, site: A.Node): { iter: Value; next: Value } | null {
  if (!isObj(obj) || !obj.iteratorLookup()) return null;
  const method = it.getProperty(obj, key, memberSite(site));
  if (method === undefined || method === null) return null;
  const iter = it.call(method, obj, [], site, excerpt(it.source, site, 40));
  if (!isObj(iter)) it.throwError('TypeError', 'Result of the Symbol.iterator method is not an object');
  return { iter, next: it.getProperty(iter, 'next', memberSite(site)) };
}

function stepResult(it: Interpreter, r: Value): Obj {
  if (!(r instanceof Obj)) it.throwError('TypeError', `Iterator result ${String(r)} is not an object`);
  return r;
}

/** the values a sync iterable gives, for spread and destructuring (a generator runs to its end) */
export function drainIterable(it: Interpreter, v: Value, site: A.Node): Value[] | null {
  const i = getIterator(it, v, ITERATOR, site);
  if (!i) return null;
  const out: Value[] = [];
  for (;;) {
    const r = stepResult(it, it.call(i.next, i.iter, [], site));
    if (truthy(it.getProperty(r, 'done', memberSite(site)))) return out;
    out.push(it.getProperty(r, 'value', memberSite(site)));
  }
}

/**
 * for…of and for await…of over an iterator object (a generator, an object with [Symbol.iterator] or
 * [Symbol.asyncIterator]); `turn` binds the value and runs the loop's body. A `for await` over a sync iterator wraps
 * each result as CreateAsyncFromSyncIterator does (two turns an item, as over an array).
 */
export function* forOfIterator(
  ev: Evaluator,
  it: Interpreter,
  iterable: Value,
  node: A.ForOfStatement,
  turn: (value: Value) => G<Completion>,
): G<Completion | null> {
  const site = node.right;
  const asyncIter = node.await ? getIterator(it, iterable, ASYNC_ITERATOR, site) : null;
  const syncIter = asyncIter ? null : getIterator(it, iterable, ITERATOR, site);
  const i = asyncIter ?? syncIter;
  if (!i) return null;
  const awaitNode = node as unknown as A.AwaitExpression;
  const close = function* (): G<void> {
    const ret = it.getProperty(i.iter, 'return', memberSite(site));
    if (ret === undefined || ret === null) return;
    let r = it.call(ret, i.iter, [], site);
    if (asyncIter) r = yield { value: r, node: awaitNode };
    if (!isObj(r)) it.throwError('TypeError', `Iterator result ${String(r)} is not an object`);
  };
  for (;;) {
    let r: Value = it.call(i.next, i.iter, [], site);
    if (asyncIter) r = yield { value: r, node: awaitNode };
    const result = stepResult(it, r);
    const done = truthy(it.getProperty(result, 'done', memberSite(site)));
    let value = it.getProperty(result, 'value', memberSite(site));
    if (node.await && syncIter) value = yield* ev.forAwaitNext(value, done, node);
    if (done) return { type: 'normal' };
    let c: Completion;
    try {
      c = yield* turn(value);
    } catch (e) {
      if (e instanceof Throw || e instanceof GenReturn) {
        try {
          yield* close();
        } catch (e2) {
          if (!(e2 instanceof Throw)) throw e2;
        }
      }
      throw e;
    }
    // a break, a return, a labelled continue of an outer loop: the iterator is closed
    if (c.type === 'break' || c.type === 'return' || (c.type === 'continue' && c.label)) {
      yield* close();
      return c.type === 'break' && !c.label ? { type: 'normal' } : c;
    }
    if (!isCallable(i.next)) it.throwError('TypeError', 'next is not a function');
  }
}
