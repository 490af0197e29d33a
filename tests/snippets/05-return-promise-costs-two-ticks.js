async function returnsValue() {
  return 'value';
}
async function returnsPromise() {
  return Promise.resolve('promise');
}
returnsPromise().then((v) => console.log(v));
returnsValue().then((v) => console.log(v));
Promise.resolve()
  .then(() => console.log('tick 1'))
  .then(() => console.log('tick 2'))
  .then(() => console.log('tick 3'))
  .then(() => console.log('tick 4'));
