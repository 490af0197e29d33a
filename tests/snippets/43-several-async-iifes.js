(async () => {
  console.log('1a');
  await undefined;
  console.log('1b');
  await undefined;
  console.log('1c');
})();
(async () => {
  console.log('2a');
  await Promise.resolve();
  console.log('2b');
})();
const f = async () => {
  console.log('3a');
  await 3;
  console.log('3b');
};
f();
