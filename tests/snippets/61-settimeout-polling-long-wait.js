// Polling with setTimeout 0 for a second: about 1,000 turns in Node (1 ms each), 250 in a browser (4 ms each once
// nested). The simulator skips identical turns that would not fit in its step budget.
let ready = false;
setTimeout(() => { ready = true; }, 1000);
(async () => {
  while (!ready) {
    await new Promise((r) => setTimeout(r, 0));
  }
  console.log('ready after a second');
})();
console.log('waiting');
