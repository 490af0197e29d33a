// runtime: node
// expect: starvation
// A callback that queues itself again: the microtask queue never empties (the timer never runs). The simulator says
// so because the same callback keeps coming back with the queue never shorter, not because the chain is long
setTimeout(() => console.log('timer never runs'), 0);
let turns = 0;
function again() {
  turns++;
  Promise.resolve().then(again);
}
console.log('start');
again();
