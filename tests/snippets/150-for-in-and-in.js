// for…in over an object's own keys (integer-like keys first, as the runtimes order them), an array's indices and a
// string's; `in` for own keys, a class's methods and getters, an array's length and methods, Object.prototype's
// members; `in` with a primitive on the right throws
class Config {
  constructor() {
    this.port = 8080;
    this.host = 'localhost';
  }
  get url() {
    return `http://${this.host}:${this.port}`;
  }
  describe() {
    return this.url;
  }
}
const c = new Config();
const headers = { accept: 'json', 2: 'two', 1: 'one', 'x-id': 7 };
for (const k in headers) console.log(k, headers[k]);
for (const k in c) console.log('config', k);
for (const i in ['a', 'b']) console.log('index', i, typeof i);
let keys = '';
for (var ch in 'hey') keys += ch;
console.log(keys, ch);
for (const k in null) console.log('never');
console.log('port' in c, 'url' in c, 'describe' in c, 'missing' in c, 'toString' in c);
console.log('length' in [], 'push' in [1], 0 in [1], 1 in [1], 'accept' in headers, 2 in headers);
try {
  console.log('a' in 'abc');
} catch (e) {
  console.log(e.name, e.message);
}
setTimeout(() => {
  outer: for (const a in { x: 1, y: 2 }) {
    for (const b in { p: 1, q: 2 }) {
      if (b === 'q') continue outer;
      if (a === 'y') break outer;
      console.log(a, b);
    }
  }
}, 0);
