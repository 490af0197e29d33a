const a = new Promise((resolve) => setTimeout(() => resolve('a (60 ms)'), 60));
const b = new Promise((resolve) => setTimeout(() => resolve('b (10 ms)'), 10));
Promise.race([a, b]).then((v) => console.log('race won by', v));
a.then((v) => console.log('a done', v));
