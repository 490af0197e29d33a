async function fails() {
  await null;
  throw new Error('db down');
}
async function main() {
  try {
    console.log('calling');
    await fails();
    console.log('not printed');
  } catch (e) {
    console.log('caught:', e.message);
  } finally {
    console.log('finally');
  }
  return 'done';
}
main().then((v) => console.log(v));
Promise.resolve()
  .then(() => console.log('t1'))
  .then(() => console.log('t2'))
  .then(() => console.log('t3'));
