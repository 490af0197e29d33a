// runtime: node
// timers/promises with an AbortSignal: abort() rejects the sleep with Node's AbortError at once, and its handlers
// run as microtasks after the abort() call; with a signal the promise goes through extra internal steps, which a
// chain of then() handlers beside it shows
const { setTimeout: sleep } = require('timers/promises');
const ac = new AbortController();
sleep(1000, 'too late', { signal: ac.signal }).then(
  (v) => console.log('slept', v),
  (err) => console.log('sleep rejected:', err.name, err.code, err.message, err.cause.name),
);
sleep(10, 'plain').then((v) => console.log(v));
setTimeout(() => {
  console.log('abort()');
  ac.abort();
  console.log('abort() returned, aborted =', ac.signal.aborted);
  Promise.resolve()
    .then(() => console.log('then 1'))
    .then(() => console.log('then 2'))
    .then(() => console.log('then 3'))
    .then(() => console.log('then 4'))
    .then(() => console.log('then 5'))
    .then(() => console.log('then 6'))
    .then(() => console.log('then 7'))
    .then(() => console.log('then 8'));
}, 30);
