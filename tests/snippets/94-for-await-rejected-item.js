// a rejected item throws at the for await loop, after the items before it: the catch sees it two turns later
(async () => {
  try {
    for await (const x of [1, Promise.reject(new Error('bad')), 3]) console.log('got', x);
  } catch (e) {
    console.log('caught', e.message);
  }
})();
Promise.resolve().then(() => console.log('t1')).then(() => console.log('t2')).then(() => console.log('t3'));
