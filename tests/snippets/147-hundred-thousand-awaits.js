// 100,000 awaits in a loop: a microtask each, all in one drain, then the timer
setTimeout(() => console.log('timer after the awaits'), 0);
(async () => {
  let s = 0;
  for (let i = 0; i < 100000; i++) s += await i;
  console.log('awaited', s);
})();
console.log('script done');
