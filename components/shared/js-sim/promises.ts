/**
 * Promises as ECMA-262 specifies them (§27.2): resolving functions, PromiseResolveThenableJob, PromiseReactionJob,
 * PerformPromiseThen, PromiseResolve, then/catch/finally and the combinators all, allSettled and race. Every job
 * goes to the host's microtask queue, labelled for the snapshots (a reaction the person wrote, a pass-through, the
 * internal steps of finally …). A promise rejected with no handler is remembered until the runtime asks
 * (`takeUnhandled`) after a microtask checkpoint.
 */
import type * as A from 'acorn';
import { describeCallee } from './conversions.ts';
import type { Host } from './host.ts';
import { refuseAt } from './parse.ts';
import type { FrameView, TaskKind, TaskView } from './types.ts';
import {
  ArrayObj,
  FnObj,
  HandleObj,
  isCallable,
  isObj,
  Obj,
  OpaqueObj,
  PromiseObj,
  Throw,
  type Capability,
  type Native,
  type Reaction,
  type ThisValue,
  type Value,
} from './values.ts';

/** What the promise machinery uses of the interpreter. */
export interface PromiseRealm {
  nextId(): number;
  call(fn: Value, thisV: ThisValue, args: Value[], site: A.Node | null): Value;
  native(name: string, impl: Native, jobKind?: TaskKind, jobLine?: number | null): FnObj;
  makeError(name: string, message: string): Obj;
  throwError(name: string, message: string): never;
  viewFor(kind: TaskKind, fn: FnObj | null): TaskView;
  fnName(fn: FnObj): string;
  lineOf(node: A.Node | null | undefined): number | null;
  /** a frame for a built-in job (a thenable job, a pass-through) while it runs */
  beginJob(frame: FrameView): void;
  endJob(): void;
}

export class Promises {
  private unhandled: PromiseObj[] = [];
  /** rejections with no handler so far */
  private rejections = 0;
  /** promises reported as unhandled (to Node's 'unhandledRejection' listeners) that got a handler since */
  private lateHandled: PromiseObj[] = [];
  /** Promise.prototype.then, catch and finally (shared by every promise) */
  readonly protoThen: FnObj;
  readonly protoCatch: FnObj;
  readonly protoFinally: FnObj;

  constructor(
    private readonly realm: PromiseRealm,
    private readonly host: Pick<Host, 'enqueueMicrotask' | 'promiseWithResolvers' | 'drainSerial'>,
  ) {
    this.protoThen = realm.native('then', (t, a) => this.then(t, a));
    this.protoCatch = realm.native('catch', (t, a) => this.catch(t, a));
    this.protoFinally = realm.native('finally', (t, a, site) => this.finally(t, a, site));
  }

  newPromise(): PromiseObj {
    return new PromiseObj(this.realm.nextId());
  }

  createResolvingFunctions(p: PromiseObj): { resolve: FnObj; reject: FnObj } {
    let already = false;
    const resolve = this.realm.native(
      'resolve',
      (_t, a) => {
        if (already) return undefined;
        already = true;
        this.resolvePromise(p, a[0]);
        return undefined;
      },
      'resolveWith',
    );
    const reject = this.realm.native(
      'reject',
      (_t, a) => {
        if (already) return undefined;
        already = true;
        this.rejectPromise(p, a[0]);
        return undefined;
      },
      'resolveWith',
    );
    return { resolve, reject };
  }

  newCapability(): Capability {
    const promise = this.newPromise();
    return { promise, ...this.createResolvingFunctions(promise) };
  }

  /** the [[Resolve]] steps of a promise resolve function */
  private resolvePromise(p: PromiseObj, resolution: Value): void {
    if (resolution === p) {
      this.rejectPromise(p, this.realm.makeError('TypeError', 'Chaining cycle detected for promise #<Promise>'));
      return;
    }
    if (!isObj(resolution)) {
      this.fulfillPromise(p, resolution);
      return;
    }
    let then: Value;
    try {
      then = this.getThen(resolution);
    } catch (e) {
      if (e instanceof Throw) {
        this.rejectPromise(p, e.value);
        return;
      }
      throw e;
    }
    if (!isCallable(then)) {
      this.fulfillPromise(p, resolution);
      return;
    }
    // NewPromiseResolveThenableJob
    const thenFn = then;
    const name = resolution instanceof PromiseObj ? 'Promise' : 'thenable';
    this.host.enqueueMicrotask({
      view: {
        id: this.realm.nextId(),
        kind: 'thenableJob',
        name,
        line: thenFn.node ? this.realm.lineOf(thenFn.node) : null,
      },
      run: () => {
        this.realm.beginJob({ name: `${name}.then`, kind: 'job', line: null });
        const { resolve, reject } = this.createResolvingFunctions(p);
        try {
          this.realm.call(thenFn, resolution, [resolve, reject], null);
        } catch (e) {
          if (!(e instanceof Throw)) throw e;
          this.realm.call(reject, undefined, [e.value], null);
        } finally {
          this.realm.endJob();
        }
      },
    });
  }

  private getThen(v: Obj): Value {
    if (v instanceof PromiseObj) return this.protoThen;
    if (v instanceof FnObj || v instanceof ArrayObj || v instanceof HandleObj || v instanceof OpaqueObj)
      return undefined;
    return v.props.get('then');
  }

  private fulfillPromise(p: PromiseObj, value: Value): void {
    const reactions = p.fulfillReactions;
    p.state = 'fulfilled';
    p.result = value;
    p.fulfillReactions = [];
    p.rejectReactions = [];
    for (const r of reactions) this.enqueueReaction(r, value);
  }

  rejectPromise(p: PromiseObj, reason: Value): void {
    const reactions = p.rejectReactions;
    p.state = 'rejected';
    p.result = reason;
    p.fulfillReactions = [];
    p.rejectReactions = [];
    if (!p.handled) {
      // Node numbers every rejection with no handler (its PromiseRejectionHandledWarning names the number)
      p.rejectionId = ++this.rejections;
      this.unhandled.push(p);
    }
    for (const r of reactions) this.enqueueReaction(r, reason);
  }

  /** the promises reported as unhandled that got a handler since the last call (Node's 'rejectionHandled') */
  takeLateHandled(): PromiseObj[] {
    return this.lateHandled.splice(0);
  }

  /** the promises rejected with no handler since the last call, still without one (HostPromiseRejectionTracker) */
  takeUnhandled(): PromiseObj[] {
    const list = this.unhandled.filter((p) => !p.handled);
    this.unhandled = [];
    return list;
  }

  private enqueueReaction(r: Reaction, arg: Value): void {
    const view: TaskView = r.handler
      ? r.handler.native
        ? { id: this.realm.nextId(), kind: r.handler.jobKind, name: r.handler.name, line: r.handler.jobLine }
        : this.realm.viewFor('reaction', r.handler)
      : { id: this.realm.nextId(), kind: 'passThrough', name: r.type === 'fulfill' ? 'value' : 'error', line: null };
    this.host.enqueueMicrotask({ view, run: () => this.runReaction(r, arg, view), drain: r.drain });
  }

  private runReaction(r: Reaction, arg: Value, view: TaskView): void {
    // a user handler gets its own frame from call(); built-in steps (pass-through, resolve …) get one here
    const isResume =
      view.kind === 'resume' || view.kind === 'resumeThrow' || (r.handler !== null && r.handler.native === null);
    if (!isResume) this.realm.beginJob({ name: view.name, kind: 'job', line: view.line });
    try {
      let result: Value;
      let threw: Throw | null = null;
      if (!r.handler) {
        if (r.type === 'fulfill') result = arg;
        else threw = new Throw(arg);
      } else {
        try {
          result = this.realm.call(r.handler, undefined, [arg], null);
        } catch (e) {
          if (!(e instanceof Throw)) throw e;
          threw = e;
        }
      }
      if (!r.capability) return;
      if (threw) this.realm.call(r.capability.reject, undefined, [threw.value], null);
      else this.realm.call(r.capability.resolve, undefined, [result], null);
    } finally {
      if (!isResume) this.realm.endJob();
    }
  }

  performThen(p: PromiseObj, onF: Value, onR: Value, capability: Capability | null): void {
    const drain = this.host.drainSerial;
    const f: Reaction = { capability, type: 'fulfill', handler: isCallable(onF) ? onF : null, drain };
    const r: Reaction = { capability, type: 'reject', handler: isCallable(onR) ? onR : null, drain };
    if (p.state === 'pending') {
      p.fulfillReactions.push(f);
      p.rejectReactions.push(r);
    } else if (p.state === 'fulfilled') {
      this.enqueueReaction(f, p.result);
    } else {
      if (!p.handled) this.unhandled = this.unhandled.filter((u) => u !== p);
      if (!p.handled && p.reported) this.lateHandled.push(p);
      this.enqueueReaction(r, p.result);
    }
    p.handled = true;
  }

  /** PromiseResolve(%Promise%, x) */
  promiseResolve(x: Value): PromiseObj {
    if (x instanceof PromiseObj) return x;
    const cap = this.newCapability();
    this.realm.call(cap.resolve, undefined, [x], null);
    return cap.promise;
  }

  /** new Promise(executor) */
  construct(executor: Value, site: A.Node): Value {
    if (!isCallable(executor))
      this.realm.throwError('TypeError', `Promise resolver ${describeCallee(executor)} is not a function`);
    const p = this.newPromise();
    const { resolve, reject } = this.createResolvingFunctions(p);
    try {
      this.realm.call(executor, undefined, [resolve, reject], site);
    } catch (e) {
      if (!(e instanceof Throw)) throw e;
      this.realm.call(reject, undefined, [e.value], null);
    }
    return p;
  }

  /** the global `Promise`: called without `new` it throws; its statics resolve, reject, all, allSettled, race */
  makeConstructor(): FnObj {
    const native = this.realm.native.bind(this.realm);
    const P = native('Promise', () => {
      this.realm.throwError('TypeError', "Promise constructor cannot be invoked without 'new'");
    });
    P.props.set(
      'resolve',
      native('Promise.resolve', (_t, a) => this.promiseResolve(a[0])),
    );
    P.props.set(
      'reject',
      native('Promise.reject', (_t, a) => {
        const p = this.newPromise();
        this.rejectPromise(p, a[0]);
        return p;
      }),
    );
    P.props.set(
      'all',
      native('Promise.all', (_t, a, site) => this.promiseAll(a[0], site, 'all')),
    );
    P.props.set(
      'allSettled',
      native('Promise.allSettled', (_t, a, site) => this.promiseAll(a[0], site, 'allSettled')),
    );
    P.props.set(
      'race',
      native('Promise.race', (_t, a, site) => this.promiseRace(a[0], site)),
    );
    P.props.set(
      'any',
      native('Promise.any', (_t, a, site) => this.promiseAny(a[0], site)),
    );
    // ES2024: Chromium has it, Node 20 does not (calling it throws "Promise.withResolvers is not a function")
    P.props.set(
      'withResolvers',
      this.host.promiseWithResolvers
        ? native('Promise.withResolvers', () => {
            const cap = this.newCapability();
            const o = new Obj();
            o.props.set('promise', cap.promise);
            o.props.set('resolve', cap.resolve);
            o.props.set('reject', cap.reject);
            return o;
          })
        : undefined,
    );
    return P;
  }

  // ----- Promise.prototype

  private thisPromise(t: Value, method: string): PromiseObj {
    if (!(t instanceof PromiseObj))
      this.realm.throwError('TypeError', `Method Promise.prototype.${method} called on incompatible receiver`);
    return t;
  }

  private then(t: Value, a: Value[]): Value {
    const p = this.thisPromise(t, 'then');
    const cap = this.newCapability();
    this.performThen(p, a[0], a[1], cap);
    return cap.promise;
  }

  private catch(t: Value, a: Value[]): Value {
    const p = this.thisPromise(t, 'catch');
    return this.realm.call(this.protoThen, p, [undefined, a[0]], null);
  }

  private finally(t: Value, a: Value[], site: A.Node): Value {
    const p = this.thisPromise(t, 'finally');
    const onFinally = a[0];
    if (!isCallable(onFinally)) return this.realm.call(this.protoThen, p, [onFinally, onFinally], null);
    const line = this.realm.lineOf(site);
    const label = this.realm.fnName(onFinally);
    const thenFinally = this.realm.native(
      label,
      (_t, [value]) => {
        const result = this.realm.call(onFinally, undefined, [], null);
        const promise = this.promiseResolve(result);
        const valueThunk = this.realm.native('() => value', () => value, 'finallyStep', line);
        return this.realm.call(this.protoThen, promise, [valueThunk], null);
      },
      'reaction',
      line,
    );
    const catchFinally = this.realm.native(
      label,
      (_t, [reason]) => {
        const result = this.realm.call(onFinally, undefined, [], null);
        const promise = this.promiseResolve(result);
        const thrower = this.realm.native(
          '() => { throw reason }',
          () => {
            throw new Throw(reason);
          },
          'finallyStep',
          line,
        );
        return this.realm.call(this.protoThen, promise, [thrower], null);
      },
      'reaction',
      line,
    );
    return this.realm.call(this.protoThen, p, [thenFinally, catchFinally], null);
  }

  // ----- combinators

  private iterableItems(v: Value, site: A.Node): Value[] {
    if (!(v instanceof ArrayObj)) refuseAt(site, { code: 'unsupportedValue', name: 'iterable' });
    return [...v.items];
  }

  private promiseAll(iterable: Value, site: A.Node, mode: 'all' | 'allSettled'): Value {
    const cap = this.newCapability();
    const items = this.iterableItems(iterable, site);
    const values: Value[] = [];
    let remaining = 1;
    const line = this.realm.lineOf(site);
    const finish = (): void => {
      if (--remaining === 0) this.realm.call(cap.resolve, undefined, [new ArrayObj(values)], null);
    };
    items.forEach((item, index) => {
      values.push(undefined);
      const next = this.promiseResolve(item);
      let called = false;
      const settle = (status: 'fulfilled' | 'rejected', x: Value): Value => {
        if (called) return undefined;
        called = true;
        if (mode === 'allSettled') {
          const o = new Obj();
          o.props.set('status', status);
          o.props.set(status === 'fulfilled' ? 'value' : 'reason', x);
          values[index] = o;
        } else values[index] = x;
        finish();
        return undefined;
      };
      const onF = this.realm.native(
        `Promise.${mode}[${index}]`,
        (_t, [x]) => settle('fulfilled', x),
        'combinator',
        line,
      );
      const onR =
        mode === 'all'
          ? cap.reject
          : this.realm.native(`Promise.${mode}[${index}]`, (_t, [x]) => settle('rejected', x), 'combinator', line);
      remaining++;
      this.realm.call(this.protoThen, next, [onF, onR], null);
    });
    finish();
    return cap.promise;
  }

  /** ES2021 Promise.any: the first fulfillment, or an AggregateError of every rejection reason, in input order */
  private promiseAny(iterable: Value, site: A.Node): Value {
    const cap = this.newCapability();
    const errors: Value[] = [];
    let remaining = 1;
    const line = this.realm.lineOf(site);
    const finish = (): void => {
      if (--remaining > 0) return;
      const e = this.realm.makeError('AggregateError', 'All promises were rejected');
      e.props.set('errors', new ArrayObj(errors));
      this.realm.call(cap.reject, undefined, [e], null);
    };
    this.iterableItems(iterable, site).forEach((item, index) => {
      errors.push(undefined);
      const next = this.promiseResolve(item);
      let called = false;
      const onR = this.realm.native(
        `Promise.any[${index}]`,
        (_t, [x]) => {
          if (called) return undefined;
          called = true;
          errors[index] = x;
          finish();
          return undefined;
        },
        'combinator',
        line,
      );
      remaining++;
      this.realm.call(this.protoThen, next, [cap.resolve, onR], null);
    });
    finish();
    return cap.promise;
  }

  private promiseRace(iterable: Value, site: A.Node): Value {
    const cap = this.newCapability();
    for (const item of this.iterableItems(iterable, site)) {
      this.realm.call(this.protoThen, this.promiseResolve(item), [cap.resolve, cap.reject], null);
    }
    return cap.promise;
  }
}
