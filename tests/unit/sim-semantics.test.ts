/**
 * The simulator's semantics, each worked out by hand (the corpus test checks the same snippets against real Node).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  logLines,
  needsNode,
  queueViews,
  simulate,
  type Runtime,
  type SimResult,
} from '../../components/shared/js-sim/simulator.ts';
import { codeText, errorMessage } from '../../components/micro-macro/micro-macro-code-text.ts';
import { microMacroText } from '../../components/micro-macro/micro-macro-text.ts';
import { SIM_SEED } from './sim-seed.ts';

const out = (src: string, rt: Runtime = 'node'): string[] => {
  const r = simulate(src, rt);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
  return logLines(r);
};
const both = (src: string): [string[], string[]] => [out(src, 'node'), out(src, 'browser')];
const ok = (r: SimResult): Extract<SimResult, { ok: true }> => {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
  return r;
};

describe('microtasks drain completely', () => {
  it('after the script: the seed example prints A D F C E B in both runtimes', () => {
    const src = `console.log('A');
setTimeout(() => console.log('B'), 0);
queueMicrotask(() => console.log('C'));
(async () => { console.log('D'); await 0; console.log('E'); })();
console.log('F');`;
    expect(both(src)).toEqual([
      ['A', 'D', 'F', 'C', 'E', 'B'],
      ['A', 'D', 'F', 'C', 'E', 'B'],
    ]);
  });

  it('after every macrotask, including microtasks queued by microtasks', () => {
    const src = `setTimeout(() => { console.log('t1'); Promise.resolve().then(() => { console.log('m1'); queueMicrotask(() => console.log('m1b')); }); }, 0);
setTimeout(() => console.log('t2'), 0);`;
    const expected = ['t1', 'm1', 'm1b', 't2'];
    expect(both(src)).toEqual([expected, expected]);
  });

  it('no macrotask starts while the microtask queue is non-empty (every step)', () => {
    const r = ok(
      simulate(
        `setTimeout(() => console.log('t'), 0);
Promise.resolve().then(() => Promise.resolve().then(() => console.log('m')));`,
        'browser',
      ),
    );
    for (const s of r.steps) {
      if (s.event.code === 'taskStart' && s.event.params['queue'] === 'timers') {
        const before = r.steps[s.index - 1]!;
        expect(queueViews(before.microtasks)).toEqual([]);
      }
    }
  });
});

describe('await and async return cost', () => {
  it('await of a native promise costs one tick', () => {
    const src = `const p = Promise.resolve();
p.then(() => console.log('t1')).then(() => console.log('t2')).then(() => console.log('t3'));
(async () => { await p; console.log('after await'); })();`;
    // t1's reaction was queued first, the await's reaction second: both run in tick 1
    expect(out(src)).toEqual(['t1', 'after await', 't2', 't3']);
  });

  it('returning a promise from an async function costs two more ticks than returning a value', () => {
    const src = `async function v() { return 1; }
async function p() { return Promise.resolve(1); }
v().then(() => console.log('value'));
p().then(() => console.log('promise'));
Promise.resolve().then(() => console.log('t1')).then(() => console.log('t2')).then(() => console.log('t3')).then(() => console.log('t4'));`;
    // tick 1: value, thenable job (calls then on the inner promise), t1; tick 2: its reaction resolves p(), t2;
    // tick 3: promise, t3
    expect(both(src)).toEqual([
      ['value', 't1', 't2', 'promise', 't3', 't4'],
      ['value', 't1', 't2', 'promise', 't3', 't4'],
    ]);
  });

  it('resolving with a thenable queues a PromiseResolveThenableJob that calls its then()', () => {
    const src = `const thenable = { then(resolve) { console.log('then called'); resolve(42); } };
(async () => { const v = await thenable; console.log('got ' + v); })();
Promise.resolve().then(() => console.log('tick 1')).then(() => console.log('tick 2'));
console.log('sync');`;
    expect(out(src)).toEqual(['sync', 'then called', 'tick 1', 'got 42', 'tick 2']);
    const r = ok(simulate(src, 'node'));
    // the step before the first microtask is taken: the script has ended, the queue holds both jobs
    const first = r.steps.find((s) => s.event.code === 'taskStart')!;
    expect(queueViews(r.steps[first.index - 1]!.microtasks).map((m) => m.kind)).toEqual(['thenableJob', 'reaction']);
  });

  it('a then handler returning a promise also costs two extra ticks', () => {
    const src = `Promise.resolve().then(() => Promise.resolve('x')).then((v) => console.log(v));
Promise.resolve().then(() => console.log(1)).then(() => console.log(2)).then(() => console.log(3)).then(() => console.log(4));`;
    expect(out(src)).toEqual(['1', '2', '3', 'x', '4']);
  });

  it('try/catch around await catches a rejection; finally runs', () => {
    const src = `async function f() { await null; throw new Error('boom'); }
(async () => { try { await f(); } catch (e) { console.log('caught ' + e.message); } finally { console.log('finally'); } })();`;
    expect(out(src)).toEqual(['caught boom', 'finally']);
  });
});

describe('Node: process.nextTick', () => {
  it('drains before the promise queue after the script', () => {
    expect(
      out(`Promise.resolve().then(() => console.log('promise'));
process.nextTick(() => console.log('tick'));
console.log('sync');`),
    ).toEqual(['sync', 'tick', 'promise']);
  });

  it('a tick queued by a microtask waits until the microtask queue is empty', () => {
    expect(
      out(`Promise.resolve().then(() => { console.log('p1'); process.nextTick(() => console.log('tick')); });
Promise.resolve().then(() => console.log('p2')).then(() => console.log('p2b'));`),
    ).toEqual(['p1', 'p2', 'p2b', 'tick']);
  });

  it('drains after every timer callback and every immediate (Node ≥ 11)', () => {
    expect(
      out(`setTimeout(() => { console.log('t1'); process.nextTick(() => console.log('tick1')); Promise.resolve().then(() => console.log('p1')); }, 0);
setTimeout(() => console.log('t2'), 0);`),
    ).toEqual(['t1', 'tick1', 'p1', 't2']);
    expect(
      out(`setImmediate(() => { console.log('i1'); process.nextTick(() => console.log('tick1')); });
setImmediate(() => console.log('i2'));`),
    ).toEqual(['i1', 'tick1', 'i2']);
  });

  it('immediates queued during the check phase run on the next iteration', () => {
    const r = ok(
      simulate(
        `setImmediate(() => { console.log('i1'); setImmediate(() => console.log('i3')); });
setImmediate(() => console.log('i2'));`,
        'node',
      ),
    );
    expect(logLines(r)).toEqual(['i1', 'i2', 'i3']);
  });
});

describe('Node: I/O callbacks and the check phase', () => {
  it('inside an I/O callback setImmediate runs before setTimeout 0, deterministically', () => {
    const r = ok(
      simulate(
        `require('fs').readFile(__filename, () => {
  setTimeout(() => console.log('timeout'), 0);
  setImmediate(() => console.log('immediate'));
});`,
        'node',
      ),
    );
    expect(logLines(r)).toEqual(['immediate', 'timeout']);
    expect(r.timing).toBeNull();
  });

  it('at top level setTimeout 0 against setImmediate is called timing-dependent, with both orders', () => {
    const r = ok(
      simulate(
        `setTimeout(() => console.log('timeout'), 0);
setImmediate(() => console.log('immediate'));`,
        'node',
      ),
    );
    expect(r.timing?.code).toBe('timerVsImmediate');
    expect(r.timing?.affectsOutput).toBe(true);
    expect([logLines(r), r.timing?.alternative].map((x) => JSON.stringify(x)).sort()).toEqual(
      [JSON.stringify(['immediate', 'timeout']), JSON.stringify(['timeout', 'immediate'])].sort(),
    );
  });

  it('a timer far enough in the future is not a race', () => {
    const r = ok(
      simulate(
        `setTimeout(() => console.log('timeout'), 20);
setImmediate(() => console.log('immediate'));`,
        'node',
      ),
    );
    expect(logLines(r)).toEqual(['immediate', 'timeout']);
    expect(r.timing).toBeNull();
  });
});

describe('timers', () => {
  it('fire in due-time order, ties in the order they were set', () => {
    const src = `setTimeout(() => console.log('30'), 30);
setTimeout(() => console.log('10'), 10);
setTimeout(() => console.log('20'), 20);
setTimeout(() => console.log('10 again'), 10);`;
    expect(both(src)).toEqual([
      ['10', '10 again', '20', '30'],
      ['10', '10 again', '20', '30'],
    ]);
  });

  it('fire only once due: the virtual clock reaches each due time before its callback', () => {
    const r = ok(
      simulate(
        `setTimeout(() => { console.log('a'); setTimeout(() => console.log('c'), 15); }, 10);
setTimeout(() => console.log('b'), 20);`,
        'node',
      ),
    );
    expect(logLines(r)).toEqual(['a', 'b', 'c']);
    const starts = r.steps.filter((s) => s.event.code === 'taskStart' && s.event.params['queue'] === 'timers');
    expect(starts.map((s) => s.now)).toEqual([10, 20, 25]);
    // a timer is queued with its due time, and is not run before it
    const withC = r.steps.find((s) => queueViews(s.timers).some((t) => t.due === 25))!;
    expect(withC.now).toBe(10);
  });

  it('Node coerces 0 to 1 ms, so setTimeout(a, 1) and setTimeout(b, 0) share a list: a then b', () => {
    expect(out(`setTimeout(() => console.log('a'), 1); setTimeout(() => console.log('b'), 0);`, 'node')).toEqual([
      'a',
      'b',
    ]);
  });

  it('clearTimeout and clearInterval cancel', () => {
    expect(
      both(`const t = setTimeout(() => console.log('no'), 5);
let n = 0;
const i = setInterval(() => { n++; console.log('i' + n); if (n === 2) clearInterval(i); }, 3);
clearTimeout(t);`),
    ).toEqual([
      ['i1', 'i2'],
      ['i1', 'i2'],
    ]);
  });

  it('for-let closes over each iteration, for-var over one variable', () => {
    expect(out(`for (let i = 0; i < 3; i++) setTimeout(() => console.log(i), 0);`)).toEqual(['0', '1', '2']);
    expect(out(`for (var i = 0; i < 3; i++) setTimeout(() => console.log(i), 0);`)).toEqual(['3', '3', '3']);
  });
});

describe('starvation and endless programs stop at the step cap with an explanation', () => {
  it('the busy-wait quiz snippet starves the microtask queue; the timer never runs', () => {
    const r = ok(
      simulate(
        `let ready = false;
setTimeout(() => { ready = true; }, 0);
(async () => { while (!ready) { await Promise.resolve(); } console.log('done'); })();`,
        'node',
      ),
    );
    expect(r.end.code).toBe('starvedMicrotasks');
    expect(logLines(r)).toEqual([]);
    expect(r.end.params['pending']).toBe(1);
    expect(codeText.en.ends.starvedMicrotasks(r.end.params)).toMatch(/starvation/);
    expect(codeText.ru.ends.starvedMicrotasks(r.end.params)).toMatch(/голодание/);
  });

  it('the same snippet starves in the browser too', () => {
    const r = ok(
      simulate(
        `let ready = false;
setTimeout(() => { ready = true; }, 0);
(async () => { while (!ready) { await Promise.resolve(); } })();`,
        'browser',
      ),
    );
    expect(r.end.code).toBe('starvedMicrotasks');
  });

  it('recursive process.nextTick starves the loop', () => {
    const r = ok(
      simulate(
        `function again() { process.nextTick(again); }
setTimeout(() => console.log('never'), 0);
again();`,
        'node',
      ),
    );
    expect(r.end.code).toBe('starvedTicks');
  });

  it('a synchronous endless loop is an infinite loop, setInterval is just a long program', () => {
    expect(ok(simulate(`let x = 0; while (true) { x++; }`, 'node')).end.code).toBe('infiniteLoop');
    expect(ok(simulate(`setInterval(() => console.log('tick'), 1000);`, 'browser', { maxSteps: 300 })).end.code).toBe(
      'tooLong',
    );
  });

  it('the cap is respected: never more than maxSteps + 1 snapshots', () => {
    const r = ok(simulate(`function f() { queueMicrotask(f); } f();`, 'browser', { maxSteps: 500 }));
    expect(r.steps.length).toBeLessThanOrEqual(501);
  });
});

describe('errors and rejections', () => {
  it('Node ends the process on an unhandled rejection after the drain; the browser goes on', () => {
    const src = `Promise.reject(new Error('x'));
setTimeout(() => console.log('later'), 0);
console.log('sync');`;
    const n = ok(simulate(src, 'node'));
    expect(logLines(n)).toEqual(['sync']);
    expect(n.end.code).toBe('crashUnhandledRejection');
    const b = ok(simulate(src, 'browser'));
    expect(logLines(b)).toEqual(['sync', 'later']);
    expect(b.output.filter((o) => o.kind === 'error').map((o) => o.text)).toEqual(['Uncaught (in promise) Error: x']);
  });

  it('a rejection handled later in the same drain is not reported', () => {
    const n = ok(
      simulate(
        `const p = Promise.reject(new Error('x'));
Promise.resolve().then(() => p.catch((e) => console.log('caught ' + e.message)));`,
        'node',
      ),
    );
    expect(n.end.code).toBe('done');
    expect(logLines(n)).toEqual(['caught x']);
  });

  it('an uncaught throw in a timer crashes Node, and is reported and skipped in the browser', () => {
    const src = `setTimeout(() => { throw new Error('bad'); }, 0);
setTimeout(() => console.log('second timer'), 0);`;
    expect(ok(simulate(src, 'node')).end.code).toBe('crashUncaught');
    expect(out(src, 'browser')).toEqual(['second timer']);
  });
});

describe('destructuring assignment', () => {
  it('assigns names declared earlier, after evaluating the right side (a swap works)', () => {
    expect(out('let a = 1, b = 2;\n[a, b] = [b, a];\nconsole.log(a, b);', 'node')).toEqual(['2 1']);
    expect(out('let x, y;\n({ x, y = 9 } = { x: 1 });\nconsole.log(x, y);', 'browser')).toEqual(['1 9']);
  });

  it('onto a const throws as JavaScript does; onto a property it is refused by name', () => {
    const r = ok(simulate('const a = 1;\ntry { [a] = [2]; } catch (e) { console.log(e.message); }', 'node'));
    expect(logLines(r)).toEqual(['Assignment to constant variable.']);
    const refused = simulate('const o = {};\n[o.a] = [1];', 'node');
    expect(refused.ok ? null : refused.error.code).toBe('unsupported');
  });
});

describe('long loops', () => {
  it('a loop of 100,000 turns finishes, its statements past the first 200 of the task counted in one step', () => {
    const r = ok(simulate('let s = 0;\nfor (let i = 0; i < 100000; i++) s++;\nconsole.log(s);', 'node'));
    expect(r.end.code).toBe('done');
    expect(logLines(r)).toEqual(['100000']);
    expect(r.steps.length).toBeLessThan(300);
    const counted = r.steps.filter((st) => st.event.code === 'statements');
    expect(counted).toHaveLength(1);
    // two steps a turn (the loop's line, then its body) and four around the loop (the declaration and the log among
    // them): 200,004 statements, of which the task's first 200 are recorded
    const recorded = r.steps.filter((st) => st.event.code === 'statement').length;
    expect(recorded).toBe(200);
    expect(recorded + Number(counted[0]!.event.params['count'])).toBe(2 * 100000 + 4);
  });

  it('each task gets its own recorded statements; an endless one is still stopped as such', () => {
    const r = ok(
      simulate('setTimeout(() => { for (;;) {} }, 0);\nsetTimeout(() => console.log("never"), 0);', 'browser'),
    );
    expect(r.end.code).toBe('infiniteLoop');
    expect(logLines(r)).toEqual([]);
  });
});

describe('refusals name the construct and its line, in both languages', () => {
  const cases: [string, string, number][] = [
    ['console.log(1);\nclass A extends Object {}', 'unsupported', 2],
    ['console.log(1);\n\nfunction* g() { yield* [1]; }', 'unsupported', 3],
    ['let a = 1;\n\nfetch("/x");', 'unknownName', 3],
    ['console.log(new AggregateError([], "x"));', 'unsupportedLog', 1],
    ['const m = new WeakMap();', 'unsupportedNew', 1],
    ['console.log("x" ', 'syntax', 1],
    ["require('http');", 'unsupportedModule', 1],
  ];
  for (const [src, code, line] of cases) {
    it(`${code} at line ${line}: ${src.split('\n').pop()}`, () => {
      const r = simulate(src, 'node');
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe(code);
      expect(r.error.line).toBe(line);
      expect(errorMessage(codeText.en, r.error)).toContain(`Line ${line}`);
      expect(errorMessage(codeText.ru, r.error)).toContain(`Строка ${line}`);
    });
  }

  it('a format the simulator cannot vouch for is refused by name, with the way round it', () => {
    const cases: [string, 'node' | 'browser', RegExp][] = [
      [`console.log('%j', { a: 1 });`, 'node', /the format %j is not modelled: use %O/],
      [`console.log('100%% of %d', 3);`, 'browser', /the format %% in a browser/],
      [`console.log('%o', [[1]]);`, 'node', /%o of a nested value/],
      [`console.log('%O', 1);`, 'browser', /%o or %O of a primitive value/],
    ];
    for (const [src, rt, message] of cases) {
      const r = simulate(src, rt);
      if (r.ok) throw new Error(`expected a refusal: ${src}`);
      expect(r.error.code).toBe('unsupportedLog');
      expect(errorMessage(codeText.en, r.error)).toMatch(message);
      expect(errorMessage(codeText.ru, r.error)).toMatch(/^Строка 1: console\.log с форматом/);
    }
    // and what it can: the same calls with what each runtime accepts
    expect(out(`console.log('%O', [[1]]);`, 'node')).toEqual(['[ [ 1 ] ]']);
    expect(out(`console.log('100%% of %d', 3);`, 'node')).toEqual(['100% of 3']);
  });

  it('Node-only APIs are refused in the browser runtime', () => {
    const r = simulate(`setImmediate(() => {});`, 'browser');
    expect(r.ok ? null : r.error.code).toBe('nodeOnly');
    expect(needsNode(`process.nextTick(() => {});`)).toBe(true);
    expect(needsNode(`setTimeout(() => {}, 0);`)).toBe(false);
  });

  it('the construct in the message is named, e.g. inheritance / наследование, with the superclass', () => {
    const r = simulate('class A extends Object {}', 'node');
    if (r.ok) throw new Error('expected a refusal');
    expect(errorMessage(codeText.en, r.error)).toMatch(
      /inheritance \(`extends`\) from anything but a class or Error: `Object`/,
    );
    expect(errorMessage(codeText.ru, r.error)).toMatch(
      /наследование \(`extends`\) не от класса и не от Error: `Object`/,
    );
  });
});

describe('console.log prints primitives like the runtime', () => {
  it('numbers, booleans, null, undefined, -0, several arguments', () => {
    expect(out(`console.log(1, 'a', true, null, undefined, -0, 0.1 + 0.2, 1e21, \`\${[1, 2]}\`);`)).toEqual([
      '1 a true null undefined -0 0.30000000000000004 1e+21 1,2',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Properties

const snippetArb = fc
  .array(
    fc.oneof(
      fc.constant(`console.log('s');`),
      fc.constant(`setTimeout(() => console.log('t'), 0);`),
      fc.constant(`setTimeout(() => { console.log('t5'); Promise.resolve().then(() => console.log('t5m')); }, 5);`),
      fc.constant(`Promise.resolve().then(() => console.log('p')).then(() => console.log('pp'));`),
      fc.constant(`queueMicrotask(() => console.log('q'));`),
      fc.constant(`(async () => { console.log('a'); await null; console.log('a2'); })();`),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((lines) => lines.join('\n'));

describe('properties', () => {
  it('simulation is deterministic, steps are numbered, output only grows, and the clock never goes back', () => {
    fc.assert(
      fc.property(snippetArb, fc.constantFrom<Runtime>('node', 'browser'), (src, rt) => {
        const a = ok(simulate(src, rt));
        const b = ok(simulate(src, rt));
        expect(JSON.stringify(a)).toBe(JSON.stringify(b));
        a.steps.forEach((s, i) => {
          expect(s.index).toBe(i);
          if (i > 0) {
            expect(s.outputLength).toBeGreaterThanOrEqual(a.steps[i - 1]!.outputLength);
            expect(s.now).toBeGreaterThanOrEqual(a.steps[i - 1]!.now);
          }
        });
        expect(a.steps[a.steps.length - 1]!.outputLength).toBe(a.output.length);
        expect(a.end.code).toBe('done');
      }),
      { numRuns: 60, seed: SIM_SEED },
    );
  });

  it('every console.log line of the source is printed exactly as many times as it runs (no timer lost)', () => {
    fc.assert(
      fc.property(snippetArb, (src) => {
        const lines = out(src, 'browser');
        const count = (re: RegExp): number => (src.match(re) ?? []).length;
        expect(lines.filter((l) => l === 't').length).toBe(count(/'t'\)/g));
        expect(lines.filter((l) => l === 'q').length).toBe(count(/'q'\)/g));
      }),
      { numRuns: 60, seed: SIM_SEED },
    );
  });
});

describe('a turn of the loop takes time: spins are skipped to the timer they wait for', () => {
  const immediatePoll = (end: string): string => `let ready = false;
setTimeout(() => { ready = true; }, 5);
(async () => {
  let spins = 0;
  while (!ready) {
    await new Promise((r) => setImmediate(r));
    spins++;
  }
  ${end}
})();`;
  const spinSteps = (r: Extract<SimResult, { ok: true }>) => r.steps.filter((s) => s.event.code === 'spin');
  const taskStarts = (r: Extract<SimResult, { ok: true }>, queue: string) =>
    r.steps.filter((s) => s.event.code === 'taskStart' && s.event.params['queue'] === queue);

  it('setImmediate polling (Node): after 3 identical turns the clock jumps from 0 to 5 ms, the timer runs, ready is printed', () => {
    const r = ok(simulate(immediatePoll(`console.log('ready');`), 'node'));
    expect(r.end.code).toBe('done');
    expect(logLines(r)).toEqual(['ready']);
    expect(r.timing?.affectsOutput ?? false).toBe(false);
    // by hand: turn 1 (the first check phase) opens the count; turns 2, 3 and 4 are identical to it → the skip
    const [spin, ...more] = spinSteps(r);
    expect(more).toEqual([]);
    expect(spin!.event.params).toMatchObject({ from: 0, to: 5, due: 5, period: 0 });
    expect(taskStarts(r, 'check').filter((s) => s.index < spin!.index)).toHaveLength(4);
    expect(queueViews(spin!.immediates).map((i) => i.name)).toEqual(['resolve']);
    // the timer runs right after the jump, at 5 ms, in the timers phase that ends that turn
    const timer = taskStarts(r, 'timers')[0]!;
    expect(timer.index).toBe(spin!.index + 1);
    expect(timer.now).toBe(5);
    // the step explains itself in both languages
    expect(microMacroText.en.event.spin(spin!.event.params)).toContain('the clock jumps from 0 to 5 ms');
    expect(microMacroText.ru.event.spin(spin!.event.params)).toContain('часы прыгают с 0 на 5 мс');
  });

  it('a polling loop that prints its turn count is called timing-dependent, with other counts listed', () => {
    const r = ok(simulate(immediatePoll(`console.log('turns: ' + spins);`), 'node'));
    expect(r.timing?.code).toBe('loopSpin');
    expect(r.timing?.affectsOutput).toBe(true);
    expect(r.timing?.alternatives.length).toBeGreaterThan(0);
    for (const alt of r.timing!.alternatives) expect(alt[0]).toMatch(/^turns: \d+$/);
    expect(r.timing!.alternatives.map((a) => a[0])).not.toContain(logLines(r)[0]);
    expect(microMacroText.ru.timing.loopSpin(r.timing!.params)).toMatch(/сколько оборотов/);
  });

  it('a loop that acts at turn 100 is timing-dependent: skipping early misses it, skipping late does not', () => {
    const r = ok(
      simulate(
        immediatePoll(`console.log('ready');`).replace(
          'spins++;',
          `spins++;\n    if (spins === 100) console.log('hundred');`,
        ),
        'node',
      ),
    );
    expect(logLines(r)).toEqual(['ready']);
    expect(r.timing?.code).toBe('loopSpin');
    expect(r.timing?.alternatives).toContainEqual(['hundred', 'ready']);
  });

  it('a finite chain of 150 immediates against a 5 ms timer lists both orders (the chain is not an endless spin)', () => {
    const r = ok(
      simulate(
        `setTimeout(() => console.log('timer'), 5);
function step(i) { if (i < 150) setImmediate(() => step(i + 1)); else console.log('chain done'); }
step(0);`,
        'node',
      ),
    );
    expect(r.timing?.affectsOutput).toBe(true);
    const orders = [logLines(r), ...r.timing!.alternatives];
    expect(orders).toContainEqual(['chain done', 'timer']);
    expect(orders).toContainEqual(['timer', 'chain done']);
  });

  it('nothing is skipped without a timer to wait for: an endless setImmediate chain still stops at the cap', () => {
    const r = ok(simulate(`function f() { setImmediate(f); } f();`, 'node', { maxSteps: 400 }));
    expect(r.end.code).toBe('tooLong');
    expect(spinSteps(r)).toEqual([]);
    // with a timer: the clock jumps to it, it prints, and the spin goes on for ever
    const t = ok(
      simulate(`setTimeout(() => console.log('t'), 5);\nfunction f() { setImmediate(f); }\nf();`, 'node', {
        maxSteps: 400,
      }),
    );
    expect(t.end.code).toBe('tooLong');
    expect(logLines(t)).toEqual(['t']);
    expect(spinSteps(t)[0]!.event.params).toMatchObject({ from: 0, to: 5 });
  });

  it('microtask starvation is not a spin: immediates and timers waiting do not rescue it', () => {
    const r = ok(
      simulate(
        `let ready = false;
setTimeout(() => { ready = true; }, 5);
setImmediate(function poll() { if (!ready) setImmediate(poll); });
(async () => { while (!ready) { await Promise.resolve(); } console.log('never'); })();`,
        'node',
      ),
    );
    expect(r.end.code).toBe('starvedMicrotasks');
    expect(spinSteps(r)).toEqual([]);
    expect(r.steps[r.steps.length - 1]!.now).toBe(0);
  });

  it('a setImmediate loop that outlives two timers jumps to each in turn', () => {
    const r = ok(
      simulate(
        `let phase = 0;
setTimeout(() => { phase = 1; console.log('first'); }, 5);
setTimeout(() => { phase = 2; console.log('second'); }, 30);
(async () => { while (phase < 2) { await new Promise((r) => setImmediate(r)); } console.log('done'); })();`,
        'node',
      ),
    );
    expect(logLines(r)).toEqual(['first', 'second', 'done']);
    expect(spinSteps(r).map((s) => [s.event.params['from'], s.event.params['to']])).toEqual([
      [0, 5],
      [5, 30],
    ]);
  });

  it('setTimeout 0 polling in Node for 1 s: turns of 1 ms; 991 identical turns are skipped, up to 5 ms before the timer', () => {
    const r = ok(
      simulate(
        `let ready = false;
setTimeout(() => { ready = true; }, 1000);
(async () => { while (!ready) { await new Promise((r) => setTimeout(r, 0)); } console.log('ready'); })();`,
        'node',
      ),
    );
    expect(logLines(r)).toEqual(['ready']);
    expect(r.end.code).toBe('done');
    // by hand: a turn is sleep 1 ms → poll timer → await → new 1 ms timer. The turns ending at 2, 3 and 4 ms match the
    // one ending at 1 ms; at that boundary the clock is 4 and the next poll timer (due 4) has not run yet. Skipping up
    // to TIMER_SLACK (5 ms) before the 1,000 ms timer: floor((1000 − 5 − 4) / 1) = 991 turns, the clock 4 → 995
    const [spin] = spinSteps(r);
    expect(spin!.event.params).toMatchObject({ from: 4, to: 995, period: 1, turns: 991 });
    expect(r.steps[r.steps.length - 1]!.now).toBe(1000);
    expect(r.steps.length).toBeLessThan(200);
  });

  it('timer polling that fits in the step budget is not skipped: setInterval counts every tick', () => {
    const r = ok(
      simulate(
        `let n = 0;
const h = setInterval(() => { n++; }, 10);
setTimeout(() => { clearInterval(h); console.log('ticks ' + n); }, 105);`,
        'node',
      ),
    );
    expect(logLines(r)).toEqual(['ticks 10']);
    expect(spinSteps(r)).toEqual([]);
  });

  it('browser: a setTimeout after await in a timer chain is nested; from level 6 on it waits 4 ms', () => {
    // by hand: levels 1–6 are due at 0 ms, levels 7–12 at 4, 8, 12, 16, 20, 24 ms
    const r = ok(
      simulate(
        `(async () => {
  for (let i = 1; i <= 12; i++) { await new Promise((r) => setTimeout(r, 0)); }
  console.log('done');
})();`,
        'browser',
      ),
    );
    expect(logLines(r)).toEqual(['done']);
    const starts = taskStarts(r, 'timers').map((s) => s.now);
    expect(starts).toEqual([0, 0, 0, 0, 0, 0, 4, 8, 12, 16, 20, 24]);
    // called directly from a timer callback, the same chain is clamped the same way
    const direct = ok(
      simulate(`let n = 0; function f() { if (++n < 12) setTimeout(f, 0); } setTimeout(f, 0);`, 'browser'),
    );
    expect(taskStarts(direct, 'timers').map((s) => s.now)).toEqual(starts);
  });

  it('browser: setTimeout 0 polling sees a 5 ms timer (the clamp moves the clock: 0 … 0, 4, then 5, then 8)', () => {
    const r = ok(
      simulate(
        `let ready = false;
setTimeout(() => { ready = true; }, 5);
(async () => { while (!ready) { await new Promise((r) => setTimeout(r, 0)); } console.log('ready'); })();
console.log('waiting');`,
        'browser',
      ),
    );
    expect(logLines(r)).toEqual(['waiting', 'ready']);
    expect(r.end.code).toBe('done');
    expect(taskStarts(r, 'timers').map((s) => s.now)).toEqual([0, 0, 0, 0, 0, 0, 4, 5, 8]);
  });

  it('browser: setTimeout 0 polling for 1 s skips whole 4 ms turns once they would not fit in the budget', () => {
    const r = ok(
      simulate(
        `let ready = false;
setTimeout(() => { ready = true; }, 1000);
(async () => { while (!ready) { await new Promise((r) => setTimeout(r, 0)); } console.log('ready'); })();`,
        'browser',
      ),
    );
    expect(logLines(r)).toEqual(['ready']);
    const [spin] = spinSteps(r);
    expect(spin!.event.params['period']).toBe(4);
    expect(r.steps[r.steps.length - 1]!.now).toBe(1000);
  });
});
