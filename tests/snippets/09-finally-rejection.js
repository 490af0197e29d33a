Promise.reject(new Error('nope'))
  .finally(() => console.log('finally runs'))
  .catch((e) => console.log('caught', e.message));
Promise.resolve()
  .then(() => console.log('tick 1'))
  .then(() => console.log('tick 2'))
  .then(() => console.log('tick 3'))
  .then(() => console.log('tick 4'));
