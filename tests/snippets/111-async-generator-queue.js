// an async generator's request queue: next() called twice before awaiting, return() from outside, and an error
// thrown inside that rejects the pending next() and ends a for await loop
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function* numbers() {
  let n = 0;
  while (true) {
    await sleep(5);
    yield ++n;
  }
}
async function* failing() {
  yield 'first';
  throw new Error('generator failed');
}
(async () => {
  const g = numbers();
  const a = g.next();
  const b = g.next();
  console.log(await a, await b);
  console.log(await g.return('bye'), await g.next());
})();
(async () => {
  try {
    for await (const x of failing()) console.log('from failing:', x);
  } catch (e) {
    console.log('caught', e.message);
  }
})();
Promise.resolve()
  .then(() => console.log('m1'))
  .then(() => console.log('m2'))
  .then(() => console.log('m3'))
  .then(() => console.log('m4'))
  .then(() => console.log('m5'));
