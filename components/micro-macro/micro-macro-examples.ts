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
  new Promise((resolve) =>
    setTimeout(() => {
      console.log(\`\${name} ready\`);
      resolve(name);
    }, ms),
  );
(async () => {
  for (const [name, ms] of [['slow', 20], ['fast', 10]]) {
    console.log(\`got \${await job(name, ms)}\`);
  }
  const [a, b] = await Promise.all([job('slow 2', 20), job('fast 2', 10)]);
  console.log(\`all: \${a}, \${b}\`);
})();`,
  },
  {
    id: 'classTurns',
    runtimes: ['browser', 'node'],
    code: `class Counter {
  constructor(name) {
    this.name = name;
    this.count = 0;
  }
  async step() {
    await null;
    this.count++;
    console.log(\`\${this.name} \${this.count}\`);
  }
}
async function run(counter) {
  for (let i = 0; i < 2; i++) await counter.step();
}
run(new Counter('a'));
run(new Counter('b'));
console.log('script done');`,
  },
  {
    id: 'anyVsRace',
    runtimes: ['browser', 'node'],
    code: `const fail = (ms) =>
  new Promise((_, reject) => setTimeout(() => reject(new Error(\`failed at \${ms} ms\`)), ms));
const ok = (ms) => new Promise((resolve) => setTimeout(() => resolve(\`ok at \${ms} ms\`), ms));
Promise.race([fail(10), ok(20)]).catch((e) => console.log('race:', e.message));
Promise.any([fail(10), ok(20)]).then((v) => console.log('any:', v));
Promise.any([fail(10), fail(30)]).catch((e) => console.log('any:', e.errors.length, 'errors'));`,
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
