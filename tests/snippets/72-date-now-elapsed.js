const start = Date.now();
setTimeout(() => {
  const elapsed = Date.now() - start;
  console.log('timer fired after at least 50 ms:', elapsed >= 50);
}, 50);
Promise.resolve().then(() => console.log('microtask ran at once:', Date.now() - start < 50));
console.log('clock is a number:', typeof Date.now());
