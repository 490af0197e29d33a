const p = Promise.reject(new Error('boom'));
Promise.resolve()
  .then(() => console.log('tick 1'))
  .then(() => {
    console.log('tick 2: attaching catch');
    p.catch((e) => console.log('caught', e.message));
  })
  .then(() => console.log('tick 3'));
