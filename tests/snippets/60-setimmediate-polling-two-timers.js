// runtime: node
// A setImmediate polling loop that outlives two timers: the clock jumps to each in turn.
let phase = 0;
setTimeout(() => { phase = 1; console.log('first timer'); }, 5);
setTimeout(() => { phase = 2; console.log('second timer'); }, 30);
(async () => {
  let seen = 0;
  while (phase < 2) {
    await new Promise((r) => setImmediate(r));
    if (phase !== seen) {
      seen = phase;
      console.log('saw phase ' + phase);
    }
  }
  console.log('done');
})();
