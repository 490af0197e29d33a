// destructuring assignment onto names declared earlier: a swap, an object's fields, defaults and a rest
let first = 'A';
let second = 'B';
[first, second] = [second, first];
console.log(first, second);
let status, rest;
const load = () => new Promise((resolve) => setTimeout(() => resolve({ status: 200, body: 'ok', ms: 5 }), 5));
(async () => {
  ({ status, ...rest } = await load());
  console.log(status, rest);
  let retries;
  [retries = 3] = [];
  console.log('retries', retries);
})();
Promise.resolve().then(() => console.log('microtask', first));
