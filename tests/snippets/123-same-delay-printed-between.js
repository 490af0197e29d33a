// runtime: node
// expect: timing
// Two 5 ms timers set one after the other, with a console.log between: they stay in order (one list, first in,
// first out), but if the clock moved on between the two calls the second is not yet due when the first has run, and
// the 0 ms timer the first one sets can run before it.
setTimeout(() => {
  console.log('first 5 ms timer');
  setTimeout(() => console.log('0 ms timer set by the first'), 0);
}, 5);
console.log('between the two calls');
setTimeout(() => console.log('second 5 ms timer'), 5);
