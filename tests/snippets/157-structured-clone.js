// structuredClone: a deep copy (shared references and cycles kept, Map and Set too); a class instance becomes a plain
// object; a function is a DataCloneError
const config = { name: 'api', limits: { rps: 10 }, tags: ['a', 'b'], seen: new Set([1, 2]), byId: new Map([[1, { ok: true }]]) };
const copy = structuredClone(config);
copy.limits.rps = 99;
copy.tags.push('c');
console.log(config.limits.rps, config.tags.length, copy.limits.rps, copy.tags, copy.seen.has(2), copy.byId.get(1).ok);
const shared = { n: 1 };
const pair = structuredClone({ a: shared, b: shared });
console.log(pair.a === pair.b, pair.a === shared);
const node = { id: 1 };
node.self = node;
const c = structuredClone(node);
console.log(c.self === c, c !== node);
class Point {
  #secret = 1;
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
  get sum() {
    return this.x + this.y;
  }
}
const p = structuredClone(new Point(1, 2));
console.log(JSON.stringify(p), p instanceof Point, p.sum);
try {
  structuredClone({ onDone: () => 1 });
} catch (e) {
  console.log(e.name, e.code, e instanceof Error, e.message);
}
