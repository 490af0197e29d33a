// an interval that sets a 0 ms timeout on each run: Node puts the timeout in the 1 ms list before it re-inserts the
// interval, so they alternate; a browser reschedules the interval before its callback runs
let n = 0;
const iv = setInterval(() => {
  n++;
  console.log('interval ' + n);
  setTimeout(() => console.log('timeout ' + n), 0);
  if (n === 3) clearInterval(iv);
}, 0);
