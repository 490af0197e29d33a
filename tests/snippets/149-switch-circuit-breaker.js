// A circuit breaker's states in a `switch` (fall-through, default, a `break` out of a labelled loop, a `continue`
// through a switch) and flags kept with the bitwise operators
const READ = 1, WRITE = 2, EXEC = 4;
class Breaker {
  constructor(limit) {
    this.state = 'closed';
    this.failures = 0;
    this.limit = limit;
  }
  record(ok) {
    switch (this.state) {
      case 'open':
        return 'rejected';
      case 'half-open':
        if (ok) {
          this.state = 'closed';
          this.failures = 0;
          return 'closed again';
        }
      // falls through: a failure while half-open opens it again
      case 'closed': {
        if (ok) return 'ok';
        const n = ++this.failures;
        if (n >= this.limit) this.state = 'open';
        return `failure ${n}`;
      }
      default:
        throw new Error(`unknown state ${this.state}`);
    }
  }
}
const b = new Breaker(2);
const results = [b.record(true), b.record(false), b.record(false), b.record(true)];
setTimeout(() => {
  b.state = 'half-open';
  console.log(results.join(', '), '|', b.record(false), b.state);
  b.state = 'half-open';
  console.log(b.record(true), b.state);
}, 10);
let mode = READ | WRITE;
mode |= EXEC;
mode &= ~WRITE;
console.log(mode, mode & READ ? 'can read' : 'no read', (mode & WRITE) !== 0, mode ^ 1, 1 << 10, -16 >> 2, -16 >>> 28);
outer: for (let i = 0; i < 5; i++) {
  switch (i % 3) {
    case 0:
      continue;
    case 1:
      console.log('one at', i);
      break;
    default:
      console.log('two at', i);
      if (i > 3) break outer;
  }
}
Promise.resolve('x').then((v) => {
  switch (v) {
    case 'y':
      console.log('no');
      break;
    case 'x':
      console.log('matched', v);
  }
});
