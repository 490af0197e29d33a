setTimeout(() => {
  console.log('timer 1');
  Promise.resolve().then(() => console.log('micro 1'));
}, 0);
setTimeout(() => {
  console.log('timer 2');
  queueMicrotask(() => console.log('micro 2'));
}, 0);
