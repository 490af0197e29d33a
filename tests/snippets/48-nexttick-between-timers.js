// runtime: node
setTimeout(() => {
  console.log('timer 1');
  process.nextTick(() => console.log('tick after timer 1'));
  Promise.resolve().then(() => console.log('promise after timer 1'));
}, 0);
setTimeout(() => console.log('timer 2'), 0);
