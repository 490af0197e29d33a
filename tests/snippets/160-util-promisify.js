// runtime: node
// require('util'): promisify of a callback-last function (the error rejects, an exception it throws rejects, the
// value resolves), of fs.readFile, and of setTimeout (its own promisified form, timers/promises'); util.inspect
const util = require('util');
const { promisify } = require('node:util');
const fs = require('fs');

function lookup(name, callback) {
  if (typeof name !== 'string') throw new TypeError('name must be a string');
  setTimeout(() => {
    if (name === 'missing') callback(new Error(`no such user: ${name}`));
    else callback(null, { name, id: name.length });
  }, 5);
}
const lookupAsync = promisify(lookup);
const sleep = promisify(setTimeout);
const readFile = util.promisify(fs.readFile);

(async () => {
  console.log('start');
  console.log(await lookupAsync('ada'));
  try {
    await lookupAsync('missing');
  } catch (err) {
    console.log('rejected:', err.message);
  }
  try {
    await lookupAsync(42);
  } catch (err) {
    console.log('threw:', err.name, err.message);
  }
  console.log(await sleep(10, 'slept 10 ms'));
  const data = await readFile(__filename);
  console.log('read', typeof data);
})();
const pending = lookupAsync('grace');
console.log(util.inspect(pending), util.inspect('a string'), util.inspect([1, 'two', { three: { four: { five: 5 } } }]));
Promise.resolve().then(() => console.log('microtask'));
