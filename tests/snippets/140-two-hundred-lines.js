// A 200-line program of the kind people write: a small job runner with helpers, a class, promises, timers and
// loops. It is the bench's "200-line snippet" (npm run bench) and, like every snippet, checked against real runtimes.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function pad(text, width) {
  let s = String(text);
  while (s.length < width) s = s + '.';
  return s;
}

function sumTo(n) {
  let total = 0;
  for (let i = 1; i <= n; i++) total += i;
  return total;
}

function isPrime(n) {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) {
    if (n % d === 0) return false;
  }
  return true;
}

function primesBelow(limit) {
  const found = [];
  for (let n = 2; n < limit; n++) {
    if (isPrime(n)) found.push(n);
  }
  return found;
}

function fib(n) {
  let a = 0;
  let b = 1;
  for (let i = 0; i < n; i++) {
    const next = a + b;
    a = b;
    b = next;
  }
  return a;
}

class Job {
  constructor(name, delay, work) {
    this.name = name;
    this.delay = delay;
    this.work = work;
    this.state = 'new';
  }

  get label() {
    return `${this.name}(${this.delay} ms)`;
  }

  async run() {
    this.state = 'running';
    await sleep(this.delay);
    const value = this.work();
    this.state = 'done';
    return value;
  }

  static of(name, delay, work) {
    return new Job(name, delay, work);
  }
}

class Runner {
  constructor() {
    this.log = [];
    this.done = 0;
  }

  note(text) {
    this.log.push(text);
    console.log(text);
  }

  async runAll(jobs) {
    this.note('runner: start ' + jobs.length + ' jobs');
    const results = await Promise.all(
      jobs.map(async (job) => {
        const value = await job.run();
        this.done++;
        this.note(`runner: ${pad(job.name, 8)} ${value}`);
        return value;
      }),
    );
    this.note('runner: all done, ' + this.done + ' of ' + jobs.length);
    return results;
  }
}

const jobs = [
  Job.of('sum', 30, () => sumTo(1000)),
  Job.of('primes', 10, () => primesBelow(60).join(' ')),
  Job.of('fib', 50, () => fib(30)),
];

console.log('script: ' + jobs.map((j) => j.label).join(', '));

const runner = new Runner();
const finished = runner.runAll(jobs).then((results) => {
  console.log('then: ' + results.length + ' results');
  return results[0];
});

finished.finally(() => console.log('finally: runner settled'));

queueMicrotask(() => console.log('microtask: after the script'));

Promise.resolve('resolved')
  .then((v) => {
    console.log('then 1: ' + v);
    return v.toUpperCase();
  })
  .then((v) => {
    console.log('then 2: ' + v);
    throw new Error('boom');
  })
  .catch((e) => console.log('catch: ' + e.message))
  .then(() => console.log('then 3: recovered'));

let ticks = 0;
const interval = setInterval(() => {
  ticks++;
  console.log('interval: tick ' + ticks);
  if (ticks === 3) {
    clearInterval(interval);
    console.log('interval: cleared');
  }
}, 100);

async function retry(times, attempt) {
  for (let i = 1; i <= times; i++) {
    try {
      return await attempt(i);
    } catch (e) {
      console.log(`retry: attempt ${i} failed: ${e.message}`);
    }
  }
  return 'gave up';
}

const flaky = (i) =>
  new Promise((resolve, reject) => {
    setTimeout(() => {
      if (i < 3) reject(new Error('not yet'));
      else resolve('ok on attempt ' + i);
    }, 5);
  });

setTimeout(async () => {
  console.log('timeout 230: retrying');
  const result = await retry(4, flaky);
  console.log('timeout 230: ' + result);
}, 230);

const counts = { even: 0, odd: 0 };
for (const n of [3, 8, 15, 4, 42, 7, 10]) {
  if (n % 2 === 0) counts.even++;
  else counts.odd++;
}
const { even, odd } = counts;
console.log(`script: ${even} even, ${odd} odd`);

let squares = [];
for (let i = 0; i < 12; i++) squares.push(i * i);
const [first, second, ...rest] = squares;
console.log('script: squares ' + first + ' ' + second + ' and ' + rest.length + ' more');

let words = ['event', 'loop', 'task', 'queue'];
let shout = [];
words.forEach((w) => shout.push(w.toUpperCase()));
console.log('script: ' + shout.join('-'));

Promise.race([sleep(170).then(() => 'slow'), sleep(150).then(() => 'fast')]).then((winner) =>
  console.log('race: ' + winner),
);

// a table of the first Fibonacci numbers, built in a loop
const table = [];
for (let i = 1; i <= 8; i++) {
  table.push(`${i}:${fib(i)}`);
}
console.log('script: fib ' + table.join(' '));

Promise.allSettled([Promise.reject(new Error('no')), Promise.resolve(1)]).then((rs) =>
  console.log('allSettled: ' + rs.map((r) => r.status).join(' ')),
);

let busy = 0;
for (let i = 0; i < 2000; i++) {
  if (i % 3 === 0) busy += 2;
  else busy--;
}
console.log('script: busy ' + busy);
console.log('script: end');
