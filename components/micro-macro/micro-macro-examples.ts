/**
 * The examples of the `micro-macro` slide. Titles and explanations live in micro-macro-text.ts under the same ids.
 * Every example is also in the corpus (tests/snippets/) and checked against real Node and Chromium there.
 */
import type { Runtime } from '../shared/js-sim/index.ts';

export type ExampleId =
  | 'seed'
  | 'nextTick'
  | 'ioImmediate'
  | 'chains'
  | 'returnPromise'
  | 'timers'
  | 'forOfAwait'
  | 'classTurns'
  | 'anyVsRace'
  | 'race'
  | 'busyWait';

export interface Example {
  id: ExampleId;
  code: string;
  /** the runtimes where the example runs (the first is the default) */
  runtimes: readonly Runtime[];
}

export const EXAMPLES: readonly Example[] = [
  {
    id: 'seed',
    runtimes: ['browser', 'node'],
    code: `console.log('A');
setTimeout(() => console.log('B'), 0);
queueMicrotask(() => console.log('C'));
(async () => {
  console.log('D');
  await 0;
  console.log('E');
})();
console.log('F');`,
  },
  {
    id: 'nextTick',
    runtimes: ['node'],
    code: `console.log('script');
setTimeout(() => console.log('timeout'), 0);
Promise.resolve().then(() => console.log('promise'));
process.nextTick(() => console.log('nextTick'));
console.log('end');`,
  },
  {
    id: 'ioImmediate',
    runtimes: ['node'],
    code: `const fs = require('fs');
fs.readFile(__filename, () => {
  setTimeout(() => console.log('timeout'), 0);
  setImmediate(() => console.log('immediate'));
  process.nextTick(() => console.log('nextTick'));
});`,
  },
  {
    id: 'chains',
    runtimes: ['browser', 'node'],
    code: `Promise.resolve()
  .then(() => console.log('a1'))
  .then(() => console.log('a2'));
Promise.resolve()
  .then(() => console.log('b1'))
  .then(() => console.log('b2'));
(async () => {
  await null;
  console.log('c1');
  await null;
  console.log('c2');
})();`,
  },
  {
    id: 'returnPromise',
    runtimes: ['browser', 'node'],
    code: `async function value() {
  return 'value';
}
async function promise() {
  return Promise.resolve('promise');
}
promise().then((v) => console.log(v));
value().then((v) => console.log(v));
Promise.resolve()
  .then(() => console.log('tick 1'))
  .then(() => console.log('tick 2'))
  .then(() => console.log('tick 3'));`,
  },
  {
    id: 'timers',
    runtimes: ['browser', 'node'],
    code: `setTimeout(() => {
  console.log('t1');
  setTimeout(() => console.log('t1 inner'), 0);
  Promise.resolve().then(() => console.log('t1 micro'));
}, 0);
setTimeout(() => console.log('t2'), 0);
setTimeout(() => console.log('t3 (50 ms)'), 50);`,
  },
  {
    id: 'forOfAwait',
    runtimes: ['browser', 'node'],
    code: `const job = (name, ms) =>
  new Promise((ok) => setTimeout(ok, ms, name));
(async () => {
  for (const [name, ms] of [['A', 20], ['B', 10]]) {
    console.log('in turn:', await job(name, ms));
  }
  const both = [job('C', 20), job('D', 10)];
  both[1].then(() => console.log('D is done'));
  const [c, d] = await Promise.all(both);
  console.log('together:', c, d);
})();`,
  },
  {
    id: 'classTurns',
    runtimes: ['browser', 'node'],
    code: `class Counter {
  constructor(name) { this.name = name; }
  async step(i) {
    await null;
    console.log(this.name, i);
  }
}
const run = async (c) => {
  for (const i of [1, 2]) await c.step(i);
};
['a', 'b'].forEach((name) => run(new Counter(name)));
console.log('script done');`,
  },
  {
    id: 'anyVsRace',
    runtimes: ['browser', 'node'],
    code: `const fail = (ms) => new Promise((_, no) =>
  setTimeout(no, ms, new Error(\`failed, \${ms} ms\`)));
const ok = (ms) => new Promise((yes) =>
  setTimeout(yes, ms, \`ok, \${ms} ms\`));
Promise.race([fail(10), ok(20)])
  .catch((e) => console.log('race:', e.message));
Promise.any([fail(10), ok(20)])
  .then((v) => console.log('any:', v));
Promise.any([fail(10), fail(30)])
  .catch((e) => console.log('none:', e.name));`,
  },
  {
    id: 'race',
    runtimes: ['node'],
    code: `setTimeout(() => console.log('timeout'), 0);
setImmediate(() => console.log('immediate'));`,
  },
  {
    id: 'busyWait',
    runtimes: ['node', 'browser'],
    code: `let ready = false;
setTimeout(() => {
  ready = true;
}, 0);
(async () => {
  console.log('waiting');
  while (!ready) {
    await Promise.resolve();
  }
  console.log('ready');
})();`,
  },
];

export function exampleById(id: string): Example | undefined {
  return EXAMPLES.find((e) => e.id === id);
}
