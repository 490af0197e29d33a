const wait = (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms));
Promise.all([wait(20, 'slow'), wait(10, 'fast'), 3]).then((values) => console.log('all:', values));
Promise.allSettled([wait(5, 'ok'), Promise.reject('bad')]).then((results) => console.log(results));
console.log('waiting for', [20, 10, 0]);
