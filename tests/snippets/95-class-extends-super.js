// a base class and a subclass: super(...) in the constructor, super.method() in an override, an async method
// inherited, instanceof along the chain
class Worker {
  static created = 0;
  constructor(name) {
    this.name = name;
    this.done = 0;
    Worker.created++;
  }
  async work(ms) {
    await new Promise((resolve) => setTimeout(resolve, ms));
    this.done++;
    return this.describe();
  }
  describe() {
    return `${this.name}: ${this.done} done`;
  }
}
class LoudWorker extends Worker {
  constructor(name, volume = 11) {
    super(name.toUpperCase());
    this.volume = volume;
  }
  describe() {
    return super.describe() + (this.volume > 10 ? '!!' : '!');
  }
}
const quiet = new Worker('ann');
const loud = new LoudWorker('bob');
loud.work(5).then((s) => console.log(s));
quiet.work(1).then((s) => console.log(s));
console.log(loud instanceof LoudWorker, loud instanceof Worker, quiet instanceof LoudWorker);
console.log(LoudWorker.created, loud);
