const bad = {
  then() {
    throw new Error('thenable exploded');
  },
};
(async () => {
  try {
    await bad;
  } catch (e) {
    console.log('caught', e.message);
  }
})();
Promise.resolve()
  .then(() => console.log('t1'))
  .then(() => console.log('t2'));
