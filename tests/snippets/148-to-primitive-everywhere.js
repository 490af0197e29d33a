// An object's own toString and valueOf are called wherever the runtimes convert it: String(x), join, `+` with a
// string, arithmetic and comparisons (valueOf first), `==` with a primitive, and unary minus; a class's toString
// along its chain too. What they throw is thrown
class Account {
  static count = 0;
  constructor(owner, balance) {
    this.id = ++Account.count;
    this.owner = owner;
    this.balance = balance;
  }
  toString() {
    return `Account#${this.id}(${this.owner}: ${this.balance})`;
  }
}
class Savings extends Account {}
const a = new Account('ada', 75);
const b = new Savings('bob', 20);
console.log(String(a));
console.log('account: ' + a);
console.log([a, b].join(' | '));
console.log(String([a, [b, null], undefined]));
console.log(`${[a]}`, [b] + '');
const money = { valueOf() { return 42; }, toString() { return 'forty-two'; } };
console.log(money + 1, `${money}`, String(money), money * 2, money > 41, money == 42, -money);
console.log(money + '', [money].join());
let total = 'sum: ';
total += money;
console.log(total);
const onlyValue = { valueOf() { return 7; } };
console.log(onlyValue + 1, String(onlyValue), onlyValue === 7, onlyValue == null);
const broken = { toString() { throw new Error('no text'); } };
try {
  console.log('x' + broken);
} catch (e) {
  console.log('caught', e.message);
}
const neither = { toString() { return {}; }, valueOf() { return {}; } };
try {
  console.log(neither * 1);
} catch (e) {
  console.log('caught', e.name, e.message);
}
