const p = Promise.resolve('shared');
(async () => {
  console.log('first', await p);
})();
(async () => {
  console.log('second', await p);
})();
p.then((v) => console.log('then', v));
