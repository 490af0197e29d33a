// runtime: node
process.nextTick(() => {
  console.log('tick 1');
  Promise.resolve().then(() => console.log('promise from tick 1'));
  process.nextTick(() => console.log('tick from tick 1'));
});
process.nextTick(() => console.log('tick 2'));
