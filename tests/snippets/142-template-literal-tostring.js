// A template literal converts an object with its toString (then its valueOf): a method the program wrote is
// called, along a class chain too, and what it throws the template literal throws
const named = { toString() { return 'named'; } };
class Point {
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
  toString() {
    return `(${this.x}, ${this.y})`;
  }
}
class Point3 extends Point {}
const counted = { valueOf() { return 42; } };
const both = { toString() { return {}; }, valueOf() { return 'from valueOf'; } };
console.log(`${named} ${new Point(1, 2)} ${new Point3(3, 4)} ${counted} ${both} ${{ a: 1 }} ${[1, [2, 3]]}`);
const broken = { toString() { throw new Error('toString failed'); } };
try {
  console.log(`value: ${broken}`);
} catch (e) {
  console.log('caught', e.message);
}
const neither = { toString() { return {}; } };
try {
  console.log(`value: ${neither}`);
} catch (e) {
  console.log('caught', e.name, e.message);
}
Promise.resolve().then(() => console.log(`later ${named}`));
