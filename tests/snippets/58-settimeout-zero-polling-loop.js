// Polling a flag with setTimeout 0: Node makes each wait 1 ms; a browser runs the first five nested levels at once,
// then clamps each to 4 ms (the awaits run inside the timer's task, so the nesting counts). Either way the 5 ms
// timer falls due.
let ready = false;
setTimeout(() => { ready = true; }, 5);
(async () => {
  let spins = 0;
  while (!ready) {
    await new Promise((r) => setTimeout(r, 0));
    spins++;
  }
  console.log('ready');
})();
console.log('waiting');
