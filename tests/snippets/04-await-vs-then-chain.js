async function f() {
  console.log('f start');
  await null;
  console.log('f after 1st await');
  await null;
  console.log('f after 2nd await');
}
f();
Promise.resolve()
  .then(() => console.log('then 1'))
  .then(() => console.log('then 2'))
  .then(() => console.log('then 3'));
console.log('sync end');
