Promise.resolve('x')
  .finally(() => console.log('finally'))
  .then((v) => console.log('after finally', v));
Promise.resolve()
  .then(() => console.log('tick 1'))
  .then(() => console.log('tick 2'))
  .then(() => console.log('tick 3'))
  .then(() => console.log('tick 4'))
  .then(() => console.log('tick 5'));
