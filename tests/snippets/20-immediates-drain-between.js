// runtime: node
setImmediate(() => {
  console.log('immediate 1');
  Promise.resolve().then(() => console.log('promise in 1'));
  process.nextTick(() => console.log('tick in 1'));
});
setImmediate(() => {
  console.log('immediate 2');
  setImmediate(() => console.log('immediate 3 (next iteration)'));
});
