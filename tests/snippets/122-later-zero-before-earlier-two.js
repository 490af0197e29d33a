// runtime: node
// expect: timing
// A later 0 ms timer (Node makes it 1 ms) runs before an earlier 2 ms one only if less than a millisecond passed
// between the two setTimeout calls; the console.log between them can take longer.
setTimeout(() => console.log('2 ms timer, set first'), 2);
console.log('script prints');
setTimeout(() => console.log('0 ms timer, set second'), 0);
