/**
 * The language the simulator gained for issue #10 (classes with extends, Errors logged, AbortController and
 * timers/promises, generators and for await over async iterables), each result worked out by hand from the
 * specification and the runtimes' sources; the corpus (tests/snippets/95–112) checks the same constructs against
 * real Node and real Chromium line by line.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { logLines, simulate, type Runtime } from '../../components/shared/js-sim/simulator.ts';
import { codeText, errorMessage } from '../../components/micro-macro/micro-macro-code-text.ts';
import { SIM_SEED } from './sim-seed.ts';

const out = (src: string, rt: Runtime = 'node'): string[] => {
  const r = simulate(src, rt);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
  return logLines(r);
};
const refusal = (src: string, rt: Runtime = 'node'): { en: string; ru: string; line: number } => {
  const r = simulate(src, rt);
  if (r.ok) throw new Error(`expected a refusal: ${src}`);
  return {
    en: errorMessage(codeText.en, r.error),
    ru: errorMessage(codeText.ru, r.error),
    line: r.error.line,
  };
};

describe('classes: extends, super, private names, accessors, instanceof', () => {
  it('a derived constructor runs the parent’s fields and constructor at super(), then its own fields', () => {
    const src = `class A { a = (console.log('A field'), 1); constructor() { console.log('A ctor'); } }
class B extends A { b = (console.log('B field'), 2); constructor() { console.log('before super'); super(); console.log('after super', this.a, this.b); } }
console.log(new B());`;
    expect(out(src)).toEqual(['before super', 'A field', 'A ctor', 'B field', 'after super 1 2', 'B { a: 1, b: 2 }']);
  });

  it('super.method() calls the parent’s with this; statics and getters are inherited; a setter runs on assignment', () => {
    const src = `class A { static kind = 'a'; static make() { return new this(); } get who() { return 'A:' + this.n; } hi() { return 'hi ' + this.who; } }
class B extends A { n = 2; hi() { return super.hi() + '!'; } set value(v) { this.n = v * 10; } }
const b = B.make(); b.value = 4;
console.log(b.hi(), B.kind, b instanceof A, b instanceof B, new A() instanceof B);`;
    expect(out(src)).toEqual(['hi A:40! a true true false']);
  });

  it('private fields are not printed by Node; a class without the field cannot read it', () => {
    const src = `class C { #secret = 1; shown = 2; static #count = 0; static inc() { return ++C.#count; } read(o) { return o.#secret; } }
const c = new C(); console.log(c, C.inc(), C.inc());
try { c.read({}); } catch (e) { console.log(e.name, e.message); }`;
    expect(out(src)).toEqual([
      'C { shown: 2 } 1 2',
      'TypeError Cannot read private member #secret from an object whose class did not declare it',
    ]);
  });

  it('extends of anything but a class or Error is refused by name, in both languages', () => {
    const r = refusal('class P extends Promise {}');
    expect(r.en).toBe(
      'Line 1: the simulator’s subset does not include inheritance (`extends`) from anything but a class or Error: `Promise`.',
    );
    expect(r.ru).toMatch(/^Строка 1: наследование \(`extends`\) не от класса и не от Error: `Promise`/);
    expect(refusal('class A { static { } }').en).toMatch(/static blocks in classes/);
    expect(refusal('class A { #x; has(o) { return #x in o; } }').en).toMatch(/the operator `#x in`/);
  });
});

describe('Errors logged: the first line as each runtime prints it, and one stack frame', () => {
  it('Node: util.inspect’s first line (a subclass not named …Error is tagged), own properties after the stack', () => {
    const src = `class HttpError extends Error { constructor(s, m) { super(m); this.name = 'HttpError'; this.status = s; } }
class NotFound extends Error {}
function f() { return new HttpError(404, 'gone'); }
console.log(f());
console.log(new NotFound('x'));
console.log({ e: new TypeError('t') });`;
    expect(out(src)).toEqual([
      'HttpError: gone',
      '    at f (snippet.js:3:23) {',
      '  status: 404',
      '}',
      'NotFound [Error]: x',
      '    at Object.<anonymous> (snippet.js:5:13)',
      '{',
      '  e: TypeError: t',
      '      at Object.<anonymous> (snippet.js:6:18)',
      '}',
    ]);
  });

  it('Chromium: the class name and message, one line with its frame; an Error inside a value is refused', () => {
    const src = `class NotFound extends Error {}
console.log(new NotFound('x'), String(new NotFound('y')), \`\${new RangeError('r')}\`);`;
    expect(out(src, 'browser')).toEqual(['NotFound: x\n    at <anonymous>:2:13 Error: y RangeError: r']);
    expect(refusal('console.log([new Error("x")]);', 'browser').en).toMatch(/an Error inside an array or object/);
  });

  it('err.message, String(err), a cause printed as [cause] in Node', () => {
    const src = `const e = new Error('outer', { cause: new Error('inner') });
console.log(e.message, String(e), e.cause.message);
console.log(e);`;
    expect(out(src)).toEqual([
      'outer Error: outer inner',
      'Error: outer',
      '    at Object.<anonymous> (snippet.js:1:11) {',
      '  [cause]: Error: inner',
      '      at Object.<anonymous> (snippet.js:1:39)',
      '}',
    ]);
  });

  it('an object of more than 5 properties: a browser previews 5 and marks the rest', () => {
    expect(out('console.log({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 }, { a: 1 });', 'browser')).toEqual([
      '{a: 1, b: 2, c: 3, d: 4, e: 5, …} {a: 1}',
    ]);
  });
});

describe('AbortController, AbortSignal.timeout and timers/promises', () => {
  it('abort() runs the listeners synchronously, in order; their promise handlers run after abort() returns', () => {
    const src = `const ac = new AbortController();
ac.signal.addEventListener('abort', () => console.log('listener', ac.signal.aborted));
new Promise((_, reject) => ac.signal.addEventListener('abort', () => reject(ac.signal.reason))).catch((e) => console.log('rejected', e.name));
ac.signal.onabort = () => console.log('onabort');
ac.abort();
console.log('after abort');`;
    const expected = ['listener true', 'onabort', 'after abort', 'rejected AbortError'];
    expect(out(src)).toEqual(expected);
    expect(out(src, 'browser')).toEqual(expected);
  });

  it('the default reasons are each runtime’s texts', () => {
    const src = `const ac = new AbortController(); ac.abort();
console.log(ac.signal.reason.name, ac.signal.reason.message, ac.signal.reason.code);`;
    expect(out(src)).toEqual(['AbortError This operation was aborted 20']);
    expect(out(src, 'browser')).toEqual(['AbortError signal is aborted without reason 20']);
  });

  it('Node: AbortSignal.timeout’s timer does not keep the process alive; a browser fires it', () => {
    const src = `const s = AbortSignal.timeout(50); s.onabort = () => console.log('timed out', s.reason.name);`;
    expect(out(src)).toEqual([]);
    expect(out(src, 'browser')).toEqual(['timed out TimeoutError']);
    expect(out(src + `\nsetTimeout(() => console.log('kept alive'), 60);`)).toEqual([
      'timed out TimeoutError',
      'kept alive',
    ]);
  });

  it('a browser runs each listener’s microtasks before the next when a timer fired the abort; Node after all', () => {
    const src = `const s = AbortSignal.timeout(5);
s.addEventListener('abort', () => { console.log('l1'); queueMicrotask(() => console.log('m1')); });
s.addEventListener('abort', () => console.log('l2'));
setTimeout(() => {}, 10);`;
    expect(out(src)).toEqual(['l1', 'l2', 'm1']);
    expect(out(src, 'browser')).toEqual(['l1', 'm1', 'l2']);
  });

  it('timers/promises: a value after the delay; an aborted signal rejects with ABORT_ERR, at once if already aborted', () => {
    const src = `const { setTimeout: sleep, setImmediate } = require('timers/promises');
sleep(10, 'late').then(console.log);
setImmediate('soon').then(console.log);
const ac = new AbortController(); ac.abort();
sleep(1, 'never', { signal: ac.signal }).catch((e) => console.log(e.code, e.cause.name));`;
    expect(out(src)).toEqual(['ABORT_ERR AbortError', 'soon', 'late']);
    expect(simulate(`require('timers/promises');`, 'browser').ok).toBe(false);
  });
});

describe('generators, async generators and for await over async iterables', () => {
  it('next() by hand: values, then done with the return value, then done with undefined', () => {
    expect(
      out(`function* g() { const x = yield 1; yield x * 2; return 'r'; }
const it = g(); console.log(it.next().value, it.next(5).value, it.next(), it.next());`),
    ).toEqual(["1 10 { value: 'r', done: true } { value: undefined, done: true }"]);
  });

  it('for await over an async generator: two microtask turns an item (yield awaits, then the loop awaits)', () => {
    const src = `async function* g() { yield 'a'; yield 'b'; }
(async () => { for await (const x of g()) console.log(x); console.log('end'); })();
Promise.resolve().then(() => console.log(1)).then(() => console.log(2)).then(() => console.log(3)).then(() => console.log(4)).then(() => console.log(5));`;
    // checked in Node 20: the loop's last (done) result lands between 4 and 5
    const expected = ['1', 'a', '2', '3', 'b', '4', 'end', '5'];
    expect(out(src)).toEqual(expected);
    expect(out(src, 'browser')).toEqual(expected);
  });

  it('break calls return(): the generator does not resume after its yield', () => {
    expect(
      out(`async function* g() { yield 1; console.log('resumed'); yield 2; }
(async () => { for await (const x of g()) { console.log(x); break; } console.log('out'); })();`),
    ).toEqual(['1', 'out']);
  });

  it('a next() without [Symbol.asyncIterator] is not iterable; yield* is refused by name', () => {
    expect(
      out(`(async () => { try { for await (const x of {}) {} } catch (e) { console.log(e.message); } })();`),
    ).toEqual(['{} is not iterable']);
    const r = refusal('function* g() {\n  yield* [1, 2];\n}');
    expect(r.line).toBe(2);
    expect(r.en).toMatch(/delegating `yield\*`/);
    expect(r.ru).toMatch(/делегирующий `yield\*`/);
  });

  it('property: a generator gives back what it yields, sync by spread and async by for await, in both runtimes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -99, max: 99 }), { maxLength: 8 }), (items) => {
        const list = JSON.stringify(items);
        const src = `function* g(xs) { for (const x of xs) yield x; }
async function* h(xs) { for (const x of xs) { await null; yield x; } }
console.log([...g(${list})].join(','));
(async () => { const got = []; for await (const x of h(${list})) got.push(x); console.log(got.join(',')); })();`;
        const expected = [items.join(','), items.join(',')];
        expect(out(src)).toEqual(expected);
        expect(out(src, 'browser')).toEqual(expected);
      }),
      { seed: SIM_SEED, numRuns: 40 },
    );
  });
});
