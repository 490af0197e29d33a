class Queue {
  static created = 0;
  pending = [];
  constructor(name) {
    this.name = name;
    Queue.created++;
  }
  get size() {
    return this.pending.length;
  }
  add(job) {
    this.pending.push(job);
    return this;
  }
  async drain() {
    while (this.pending.length > 0) {
      const job = this.pending.shift();
      await new Promise((resolve) => setTimeout(resolve, job.ms));
      console.log(this.name, 'finished', job.id);
    }
    return 'drained';
  }
  static of(name, ...jobs) {
    const q = new Queue(name);
    for (const job of jobs) q.add(job);
    return q;
  }
}
const q = Queue.of('q1', { id: 1, ms: 10 }, { id: 2, ms: 5 });
console.log('size', q.size, 'created', Queue.created);
q.drain().then((result) => console.log(result, q.size));
Promise.resolve().then(() => console.log('microtask before any timer'));
