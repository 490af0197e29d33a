const thenable = {
  then(resolve) {
    console.log('then called');
    resolve(42);
  },
};
(async () => {
  const v = await thenable;
  console.log('got', v);
})();
Promise.resolve()
  .then(() => console.log('tick 1'))
  .then(() => console.log('tick 2'))
  .then(() => console.log('tick 3'));
console.log('sync');
