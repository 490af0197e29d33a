let ready = false;
let turns = 0;
setTimeout(() => {
  ready = true;
}, 5);
(async () => {
  while (!ready) {
    turns++;
    await new Promise((r) => setTimeout(r, 1));
  }
  console.log('ready after yielding');
})();
