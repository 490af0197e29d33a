// for await over a plain generator that yields promises: each item is awaited (two turns, as over an array), so the
// results come in order even when a later one settles first
const later = (v, ms) => new Promise((resolve) => setTimeout(() => resolve(v), ms));
function* requests() {
  yield later('slow', 20);
  yield later('fast', 5);
  yield 'cached';
}
(async () => {
  for await (const r of requests()) console.log('result', r);
  console.log('all done');
})();
Promise.resolve()
  .then(() => console.log('m1'))
  .then(() => console.log('m2'))
  .then(() => console.log('m3'));
setTimeout(() => console.log('timer 10'), 10);
