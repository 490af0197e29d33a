console.log('before');
const p = new Promise((resolve) => {
  console.log('in executor');
  resolve('v');
  console.log('still in executor');
});
p.then((v) => console.log('then', v));
console.log('after');
