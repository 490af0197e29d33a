// Long finite chains of microtasks run to their end: a 2,000-deep `then` chain and a 100,000-deep one, built before
// they run. Only then does the timer run (the queue did empty)
setTimeout(() => console.log('timer after both chains'), 0);
let p = Promise.resolve(0);
for (let i = 0; i < 2000; i++) p = p.then((v) => v + 1);
p.then((v) => console.log('2,000-deep chain:', v));
let q = Promise.resolve(0);
for (let i = 0; i < 100000; i++) q = q.then((v) => v + 1);
q.then((v) => console.log('100,000-deep chain:', v));
console.log('script done');
