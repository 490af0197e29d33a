queueMicrotask(() => {
  console.log('m1');
  queueMicrotask(() => console.log('m1 inner'));
});
queueMicrotask(() => console.log('m2'));
setTimeout(() => console.log('timer'), 0);
