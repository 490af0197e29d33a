// runtime: node
// Timers with one delay share one list in Node, first in, first out: however long the microtask's console.log
// takes, the timer it sets runs after both of the script's, and nothing can run between them.
setTimeout(() => console.log('first 10 ms timer'), 10);
Promise.resolve().then(() => {
  console.log('microtask sets a 10 ms timer');
  setTimeout(() => console.log('10 ms timer set by the microtask'), 10);
});
setTimeout(() => console.log('second 10 ms timer'), 10);
