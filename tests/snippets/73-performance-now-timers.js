const t0 = performance.now();
const log = (label) => console.log(label, performance.now() - t0 >= 0);
setTimeout(() => log('timeout 20 ms, clock moved on:'), 20);
setTimeout(() => {
  const t1 = performance.now();
  console.log('timeout 5 ms ran before 20 ms:', t1 - t0 < 20);
}, 5);
queueMicrotask(() => log('microtask, same clock:'));
