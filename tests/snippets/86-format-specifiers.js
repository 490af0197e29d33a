// console.log's format string: %s, %d, %i, %f and %o/%O take the next argument each; %c takes one and prints
// nothing; a specifier with no argument left stays as written; arguments left over follow
const user = { id: 7, name: 'Ada' };
console.log('%s has %d tasks', user.name, 3);
console.log('parsed: %i and %f', '42px', '2.5e1 ms');
console.log('user %o, tags %O', user, ['a', 'b']);
console.log('%cstyled', 'color: red', 'and more', 1);
console.log('%s and %s', 'one');
console.log('%d items, minus zero %s', '12', -0);
setTimeout(() => console.log('after %d ms: %s', 10, [1, 2]), 10);
