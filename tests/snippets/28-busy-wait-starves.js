// runtime: node
// expect: starvation
let ready = false;
setTimeout(() => {
  ready = true;
}, 0);
(async () => {
  console.log('waiting for ready');
  while (!ready) {
    await Promise.resolve();
  }
  console.log('never printed');
})();
