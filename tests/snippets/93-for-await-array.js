// for await over an array of promises and values: each item costs two microtask turns where a plain await costs
// one, so a chain of then() handlers running beside it gets ahead
const later = (v, ms) => new Promise((resolve) => setTimeout(() => resolve(v), ms));
(async () => {
  for await (const x of [Promise.resolve('a'), 'b', later('c', 5)]) {
    console.log('item', x);
  }
  console.log('loop done');
})();
Promise.resolve()
  .then(() => console.log('then 1'))
  .then(() => console.log('then 2'))
  .then(() => console.log('then 3'))
  .then(() => console.log('then 4'))
  .then(() => console.log('then 5'));
console.log('sync');
