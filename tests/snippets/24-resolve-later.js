const p = new Promise((resolve) => {
  console.log('executor runs now');
  setTimeout(() => {
    console.log('resolving');
    resolve('late value');
    console.log('after resolve');
  }, 10);
});
p.then((v) => console.log('then:', v));
p.then((v) => console.log('second then:', v));
console.log('end of script');
