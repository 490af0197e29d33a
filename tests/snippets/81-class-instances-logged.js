class Task {
  constructor(id, state = 'pending') {
    this.id = id;
    this.state = state;
  }
  async run() {
    await null;
    this.state = 'done';
    return this;
  }
}
const t = new Task(1);
console.log(t);
t.run().then((task) => console.log(task, [task]));
console.log(new Task(2, 'queued').state);
try {
  Task(3);
} catch (e) {
  console.log(e.name, e.message);
}
