// a loop of 100,000 turns inside a timer: it holds the loop, so the 0 ms timer set before it waits until it ends
setTimeout(() => console.log('timer set first'), 0);
setTimeout(() => {
  let sum = 0;
  for (let i = 0; i < 100000; i++) sum += i % 7;
  console.log('sum', sum);
  Promise.resolve().then(() => console.log('microtask after the loop'));
}, 0);
setTimeout(() => console.log('timer set last'), 0);
