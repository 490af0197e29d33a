setTimeout(() => {
  console.log('outer 1');
  setTimeout(() => console.log('inner from 1'), 0);
  Promise.resolve().then(() => console.log('micro in 1'));
}, 0);
setTimeout(() => {
  console.log('outer 2');
}, 0);
