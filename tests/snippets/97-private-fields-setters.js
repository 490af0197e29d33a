// private fields and methods, a static private counter, a getter and a setter that validates
class Account {
  static #opened = 0;
  #balance = 0;
  #log = [];
  constructor(owner) {
    this.owner = owner;
    Account.#opened++;
  }
  static get opened() {
    return Account.#opened;
  }
  get balance() {
    return this.#balance;
  }
  set balance(v) {
    if (v < 0) throw new RangeError(`balance cannot be ${v}`);
    this.#record(v - this.#balance);
    this.#balance = v;
  }
  #record(delta) {
    this.#log.push(delta);
  }
  async deposit(n) {
    await null;
    this.balance += n;
    return this.#log.length;
  }
}
const acc = new Account('ann');
acc.deposit(50).then((n) => console.log('deposits', n, 'balance', acc.balance));
acc.deposit(20).then((n) => console.log('deposits', n, 'balance', acc.balance));
try {
  acc.balance = -5;
} catch (e) {
  console.log(e.name, e.message, e instanceof RangeError, e instanceof Error);
}
console.log(acc, Account.opened, new Account('bob').balance, Account.opened);
