// A loop of a million turns finishes: the simulator counts work, and stops only a task that never returns.
setTimeout(() => console.log('timeout: after the loop'), 0);
Promise.resolve().then(() => console.log('then: after the loop'));

let sum = 0;
let thirds = 0;
for (let i = 0; i < 1000000; i++) {
  sum += i;
  if (i % 3 === 0) thirds++;
}
console.log('sum', sum);
console.log('thirds', thirds);
