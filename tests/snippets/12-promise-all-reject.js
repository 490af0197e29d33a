const ok = new Promise((resolve) => setTimeout(() => resolve('ok'), 60));
const bad = new Promise((resolve, reject) => setTimeout(() => reject(new Error('bad')), 10));
Promise.all([ok, bad])
  .then((v) => console.log('all', v.join(',')))
  .catch((e) => console.log('all failed:', e.message));
ok.then((v) => console.log('ok still resolves:', v));
