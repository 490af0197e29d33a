// runtime: node
// expect: timing
// A script takes time: Node reads the clock at each setTimeout call. The 60 ms timer set by the .then callback
// starts after the console.log (Node's first one takes milliseconds), so it can fall due after the script's own
// 60 ms timer: the loop runs that one, finds the other not yet due, and the 0 ms timer it set runs in between.
Promise.resolve().then(() => {
  console.log('then sets a 60 ms timer');
  setTimeout(() => console.log('60 ms, set by then'), 60);
});
setTimeout(() => {
  console.log('60 ms, set by the script');
  setTimeout(() => console.log('0 ms, set at 60 ms'), 0);
}, 60);
