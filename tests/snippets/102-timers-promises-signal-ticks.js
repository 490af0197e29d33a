// runtime: node
// timers/promises as an async function uses it: a sleep per step, an immediate from inside a timer callback (the
// check phase comes before the next timer), and a signal that is never aborted changing nothing but the ticks
const { setTimeout: sleep, setImmediate: immediate } = require('timers/promises');
const { signal } = new AbortController();
async function steps(name, ms, options) {
  for (let i = 1; i <= 3; i++) {
    const v = await sleep(ms, `${name} ${i}`, options);
    console.log(v);
  }
  return name;
}
steps('a', 25, { signal }).then((n) => console.log(n, 'done'));
steps('b', 100).then((n) => console.log(n, 'done'));
setTimeout(async () => {
  console.log('timer at 1');
  const v = await immediate('immediate after the timer', { signal });
  console.log(v);
}, 1);
