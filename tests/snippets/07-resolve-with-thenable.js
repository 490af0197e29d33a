const thenable = {
  then(onFulfilled) {
    console.log('thenable.then');
    onFulfilled('from thenable');
  },
};
const p = new Promise((resolve) => resolve(thenable));
p.then((v) => console.log(v));
Promise.resolve(thenable).then((v) => console.log('again', v));
Promise.resolve()
  .then(() => console.log('tick 1'))
  .then(() => console.log('tick 2'))
  .then(() => console.log('tick 3'));
