// runtime: node
// Node prints an Error inside a value with its stack indented under the key; an unnamed subclass is tagged with its
// base ("NotFound [Error]"); a rejected promise shows its reason
class NotFound extends Error {}
class TimeoutError extends Error {
  constructor(ms) {
    super(`timed out after ${ms} ms`);
    this.name = 'TimeoutError';
    this.ms = ms;
  }
}
const results = [
  { status: 'fulfilled', value: 1 },
  { status: 'rejected', reason: new NotFound('no user 7') },
];
console.log(results);
const failed = Promise.reject(new TimeoutError(50));
failed.catch(() => {});
setTimeout(() => console.log({ failed }), 0);
Promise.allSettled([Promise.resolve('ok'), Promise.reject(new TimeoutError(10))]).then((all) => console.log(all));
