Promise.resolve(1)
  .then((v) => {
    throw new Error('bad ' + v);
  })
  .then(() => console.log('skipped'))
  .catch((e) => console.log('handled:', e.message))
  .finally(() => console.log('cleanup'));
console.log('sync');
