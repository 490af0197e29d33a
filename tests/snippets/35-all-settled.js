Promise.allSettled([
  Promise.resolve(1),
  Promise.reject(new Error('two')),
  new Promise((r) => setTimeout(() => r(3), 5)),
]).then((results) => {
  for (let i = 0; i < results.length; i++) {
    console.log(results[i].status);
  }
});
