// a property a string, number or boolean does not have is undefined, not an error; their own methods work
const results = [{ bytes: 120 }, 'timeout', { bytes: 80 }, 42, true];
let total = 0;
for (const r of results) total += r.bytes ?? 0;
console.log(total);
console.log('abc'.length, 'abc'.size, (5).toFixed(1), (5).unit, true.label, true.toString());
const word = 'hello';
console.log(word[1], word[9], word.missing?.length, typeof word.nothing);
console.log([1, 'x', false].map((v) => v.id === undefined));
(async () => {
  const r = await 'done';
  console.log(r.bytes ?? 0, r.length, (await 7).unit);
})();
