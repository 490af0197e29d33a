Promise.reject(new Error('first'))
  .then(() => console.log('skipped'))
  .catch((e) => {
    console.log('catch', e.message);
    return 'recovered';
  })
  .then((v) => console.log('then', v));
Promise.resolve()
  .then(() => console.log('x1'))
  .then(() => console.log('x2'))
  .then(() => console.log('x3'));
