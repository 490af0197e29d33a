// A callback that queues the next one 100,000 times is long, not endless: the queue empties and the timer runs
setTimeout(() => console.log('timer after the countdown'), 0);
function countdown(n) {
  if (n === 0) return console.log('countdown done');
  Promise.resolve().then(() => countdown(n - 1));
}
countdown(100000);
console.log('script done');
