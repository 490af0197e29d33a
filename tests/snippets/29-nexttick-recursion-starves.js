// runtime: node
// expect: starvation
let n = 0;
function again() {
  n++;
  process.nextTick(again);
}
setTimeout(() => console.log('timer never runs'), 0);
console.log('start');
again();
