const items = [1, 'two', true];
console.log(items.length, items[1], items[2]);
console.log(0.1 + 0.2);
console.log(`${items}`);
console.log(null, undefined, -0, 1e21, 7 / 2);
let done = false;
setTimeout(() => {
  done = !done;
  console.log('done is', done);
}, 0);
console.log(typeof done, done ? 'yes' : 'no');
