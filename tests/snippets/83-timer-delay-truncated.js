// a fractional delay is cut to whole milliseconds: 1.7 ms joins the 1 ms timers, in the order they were set
setTimeout(() => console.log('1 ms, set first'), 1);
setTimeout(() => console.log('1.7 ms'), 1.7);
setTimeout(() => console.log('1 ms, set last'), 1);
setTimeout(() => console.log('2 ms'), 2);
console.log('script done');
