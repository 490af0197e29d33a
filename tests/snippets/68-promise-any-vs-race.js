const rejected = Promise.reject('first');
const fulfilled = Promise.resolve('second');
Promise.race([rejected, fulfilled]).then(
  (v) => console.log('race fulfilled', v),
  (e) => console.log('race rejected', e),
);
Promise.any([rejected, fulfilled]).then((v) => console.log('any fulfilled', v));
Promise.resolve()
  .then(() => console.log('tick 1'))
  .then(() => console.log('tick 2'))
  .then(() => console.log('tick 3'));
