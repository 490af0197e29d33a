const t0 = performance.now();
const log = (label) => console.log(label, performance.now() - t0 >= 0);
setTimeout(() => log('timeout 20 ms, clock moved on:'), 20);
setTimeout(() => {
  const t1 = performance.now();
  // (not "before 20 ms": on a loaded machine the loop can start more than 20 ms after the script)
  console.log('timeout 5 ms, at least 4 ms later:', t1 - t0 >= 4);
}, 5);
queueMicrotask(() => log('microtask, same clock:'));
