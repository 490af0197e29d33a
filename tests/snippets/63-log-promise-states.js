const later = new Promise((resolve) => setTimeout(() => resolve('done'), 10));
const now = Promise.resolve(42);
console.log(later);
console.log(now);
later.then(() => console.log(later, 'settled'));
const failed = Promise.reject('nope');
failed.catch(() => console.log(failed));
