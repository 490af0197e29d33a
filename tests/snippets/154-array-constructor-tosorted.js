// new Array(n).fill(v), Array(n).fill(), toSorted and toReversed (copies), e.constructor.name
const grid = new Array(3).fill(0);
grid[1] = 5;
console.log(grid, Array(2).fill().map((_, i) => i * 10), new Array(4).length, Array(1, 2), new Array('x'));
console.log(Array.isArray(new Array(2)), new Array(0), Array());
const scores = [30, 4, 100, 25];
const ranked = scores.toSorted((a, b) => b - a);
console.log(ranked, scores, scores.toSorted(), scores.toReversed(), scores);
try {
  new Array(-1);
} catch (e) {
  console.log(e.constructor.name, e.message);
}
class NotFound extends Error {}
for (const e of [new TypeError('t'), new NotFound('nf'), new RangeError('r')]) console.log(e.constructor.name);
try {
  null.x;
} catch (e) {
  console.log(e.constructor.name, e.constructor === TypeError);
}
console.log({}.constructor.name, [].constructor.name, Promise.resolve().constructor.name, new NotFound().constructor.name);
(async () => {
  await null;
  const counts = new Array(2).fill(1);
  console.log(counts.toSorted().length, counts.constructor.name);
})();
