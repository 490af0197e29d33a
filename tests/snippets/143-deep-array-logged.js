// A value nested far deeper than console.log shows: Node's util.inspect stops at depth 2 ([Array], [Object]);
// Chromium's console preview shows one level (Array(1), Object)
let deep = [1];
for (let i = 0; i < 5000; i++) deep = [deep];
let nested = { level: 0 };
for (let i = 1; i < 5000; i++) nested = { level: i, inner: nested };
console.log(deep);
console.log(nested);
console.log('%O', deep);
console.log([deep, 'end']);
