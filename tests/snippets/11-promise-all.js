const slow = new Promise((resolve) => setTimeout(() => resolve('slow'), 80));
const fast = new Promise((resolve) => setTimeout(() => resolve('fast'), 10));
Promise.all([slow, fast, 'plain']).then((values) => {
  console.log(values.join(','));
});
setTimeout(() => console.log('timer 40'), 40);
console.log('waiting');
