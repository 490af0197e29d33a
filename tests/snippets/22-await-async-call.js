async function inner() {
  console.log('inner start');
  await null;
  console.log('inner end');
  return 'r';
}
async function outer() {
  console.log('outer start');
  const v = await inner();
  console.log('outer got', v);
}
outer();
Promise.resolve()
  .then(() => console.log('t1'))
  .then(() => console.log('t2'))
  .then(() => console.log('t3'))
  .then(() => console.log('t4'));
console.log('sync');
