// runtime: node
Promise.resolve().then(() => {
  console.log('promise 1');
  process.nextTick(() => console.log('tick from promise 1'));
});
Promise.resolve().then(() => console.log('promise 2'));
Promise.resolve()
  .then(() => console.log('promise 3'))
  .then(() => console.log('promise 3 again'));
