// Errors logged: a new Error, a caught rejection's error, console.error of it, and the ways to turn one into text
const boom = new Error('boom');
console.log(boom);
function parse(text) {
  if (text === '') throw new TypeError('empty input');
  return text.length;
}
Promise.reject(new Error('rejected'))
  .catch((err) => {
    console.log('caught:', err.message);
    console.error(err);
    return parse('');
  })
  .catch((err) => console.log(err));
setTimeout(() => {
  try {
    parse('');
  } catch (err) {
    console.log(String(err), `${err}`, err.name + ' / ' + err.message);
    console.log('%s', err.message);
  }
}, 0);
console.log(new RangeError(''), 'after');
