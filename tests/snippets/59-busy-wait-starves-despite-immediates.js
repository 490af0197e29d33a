// runtime: node
// expect: starvation
// A setImmediate chain is waiting too, but the async function never leaves the microtask queue: no turn of the
// loop ever happens, so no time passes for the program and neither the immediate nor the timer runs.
let ready = false;
setTimeout(() => { ready = true; }, 5);
setImmediate(function poll() {
  console.log('never printed: immediate');
  if (!ready) setImmediate(poll);
});
(async () => {
  console.log('waiting');
  while (!ready) {
    await Promise.resolve();
  }
  console.log('never printed');
})();
