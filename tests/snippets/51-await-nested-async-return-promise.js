async function a() {
  return b();
}
async function b() {
  return 'b';
}
(async () => {
  console.log(await a());
})();
Promise.resolve()
  .then(() => console.log(1))
  .then(() => console.log(2))
  .then(() => console.log(3))
  .then(() => console.log(4))
  .then(() => console.log(5));
