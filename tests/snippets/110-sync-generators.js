// plain generators: next() by hand, spread, destructuring, for…of with an early break, an infinite id generator
function* range(from, to) {
  for (let i = from; i < to; i++) yield i;
  return 'done';
}
const r = range(1, 3);
console.log(r.next(), r.next(), r.next(), r.next());
console.log([...range(0, 5)]);
const [first, second, ...rest] = range(10, 15);
console.log(first, second, rest);
function* ids() {
  let id = 0;
  while (true) yield ++id;
}
const nextId = ids();
for (const id of ids()) {
  if (id > 3) break;
  console.log('id', id);
}
setTimeout(() => console.log('timer', nextId.next().value, nextId.next().value), 0);
Promise.resolve().then(() => console.log('micro', nextId.next().value));
