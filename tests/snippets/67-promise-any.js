const fail = (ms, why) => new Promise((_, reject) => setTimeout(() => reject(why), ms));
const ok = (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms));
Promise.any([fail(5, 'mirror 1 down'), ok(20, 'mirror 2'), ok(10, 'mirror 3')]).then((winner) =>
  console.log('first to succeed:', winner),
);
Promise.any([fail(1, 'a'), fail(2, 'b')]).catch((err) => {
  console.log(err.name, err.message);
  console.log(err.errors);
});
Promise.any([]).catch((err) => console.log('empty:', err.message, err.errors.length));
console.log('sync');
