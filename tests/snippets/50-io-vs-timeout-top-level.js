// runtime: node
// expect: timing
require('fs').readFile(__filename, () => console.log('file read'));
setTimeout(() => console.log('timeout'), 0);
