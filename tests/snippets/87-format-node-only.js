// runtime: node
// Node's util.format: %% is a percent sign once an argument follows, %o shows an array's hidden length, %d is
// Number() (so '42px' is NaN) where %i is parseInt, and %s prints an object as util.inspect at depth 0
console.log('100%% done in %d ms', 12);
console.log('%o', [1, 2]);
console.log('%d vs %i', '42px', '42px');
console.log('%s', { user: { id: 1 }, tags: ['a'] });
Promise.resolve().then(() => console.log('%s: %O', 'nested', { a: { b: { c: { d: 1 } } } }));
