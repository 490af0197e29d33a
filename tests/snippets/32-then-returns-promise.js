Promise.resolve()
  .then(() => {
    console.log('a1');
    return Promise.resolve('a2');
  })
  .then((v) => console.log(v));
Promise.resolve()
  .then(() => console.log('b1'))
  .then(() => console.log('b2'))
  .then(() => console.log('b3'))
  .then(() => console.log('b4'));
