// runtime: node
setImmediate(() => {
  console.log('immediate A');
  process.nextTick(() => console.log('tick after A'));
  setImmediate(() => console.log('immediate C'));
});
setImmediate(() => console.log('immediate B'));
process.nextTick(() => console.log('tick first'));
