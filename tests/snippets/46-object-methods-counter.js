const counter = {
  n: 0,
  inc() {
    this.n++;
    return this.n;
  },
};
setTimeout(() => console.log('timer sees', counter.inc()), 0);
Promise.resolve().then(() => console.log('micro sees', counter.inc()));
console.log('sync sees', counter.inc());
