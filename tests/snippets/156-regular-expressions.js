// regular expression literals on the runtime's own engine: test, exec, match, search, replace, replaceAll, split
const files = ['notes.txt', 'photo.jpg', 'todo.txt', 'README'];
const backups = files.filter((name) => /\.txt$/.test(name)).map((name) => name.replace(/\.txt$/, '.bak'));
console.log(backups);
console.log('2024-05-06'.match(/(\d+)-(\d+)/)[2], 'a1b22c333'.match(/\d+/g), 'none'.match(/\d/));
console.log('Hello World'.replace(/o/g, '0'), 'a-b_c'.split(/[-_]/), 'x=1, y=2'.replace(/(\w)=(\d)/g, '$2:$1'));
console.log('John Smith'.replace(/(\w+)\s(\w+)/, (m, first, last) => `${last.toUpperCase()}, ${first}`));
console.log('abcabc'.search(/c/), 'aaa'.replaceAll(/a/g, 'b'), /^[A-Z]/i.test('hello'));
const re = /o/g;
console.log(re.test('foo'), re.lastIndex, re.test('foo'), re.lastIndex, re.source, re.flags, re.global);
const m = /(\d+)px/.exec('width: 120px');
console.log(m[1], m.index, m.length, /x/.exec('abc'));
console.log(/a+b/g, { pattern: /\s+/, list: [/x/i] });
for (const word of ['cat', 'Dog', 'bird']) {
  if (/^[a-z]/.test(word)) console.log('lower', word);
}
(async () => {
  const text = await Promise.resolve('v1.2.3');
  console.log(text.replace(/\./g, '-'), /\d/.test(text));
})();
