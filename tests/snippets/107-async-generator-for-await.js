// an async generator consumed by for await: each `yield` awaits its value, then settles the next() promise, which
// the loop awaits — two microtask turns an item, as a then() chain beside it shows
async function* ticker(n) {
  for (let i = 1; i <= n; i++) {
    yield i;
  }
  return 'end';
}
(async () => {
  for await (const x of ticker(3)) console.log('got', x);
  console.log('loop done');
})();
Promise.resolve()
  .then(() => console.log('t1'))
  .then(() => console.log('t2'))
  .then(() => console.log('t3'))
  .then(() => console.log('t4'))
  .then(() => console.log('t5'))
  .then(() => console.log('t6'))
  .then(() => console.log('t7'))
  .then(() => console.log('t8'));
console.log('sync end');
