// runtime: node
// expect: timing
setTimeout(() => console.log('timeout'), 0);
setImmediate(() => console.log('immediate'));
