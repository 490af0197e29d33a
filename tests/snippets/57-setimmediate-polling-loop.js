// runtime: node
// Polling a flag with setImmediate: every turn of the loop takes real time (microseconds), so the 5 ms timer falls
// due after some hundreds of turns. The simulator skips the identical turns and jumps the clock to the timer.
let ready = false;
setTimeout(() => { ready = true; }, 5);
(async () => {
  let spins = 0;
  while (!ready) {
    await new Promise((r) => setImmediate(r));
    spins++;
  }
  console.log('ready');
})();
