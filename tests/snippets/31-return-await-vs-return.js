async function withAwait() {
  return await Promise.resolve('return await');
}
async function withoutAwait() {
  return Promise.resolve('return promise');
}
async function plain() {
  return 'return value';
}
withoutAwait().then(console.log);
withAwait().then(console.log);
plain().then(console.log);
