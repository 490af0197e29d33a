setTimeout(() => {
  console.log('t1');
  Promise.resolve()
    .then(() => console.log('t1 micro a'))
    .then(() => console.log('t1 micro b'));
}, 10);
setTimeout(() => console.log('t2'), 10);
setTimeout(() => console.log('t3'), 40);
