async function step(name) {
  console.log(name + ' 1');
  await null;
  console.log(name + ' 2');
}
const p = Promise.resolve();
p.then(() => console.log('then A'));
step('await');
p.then(() => console.log('then B'));
