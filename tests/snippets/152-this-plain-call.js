// `this` in a plain call: sloppy code gets the global object, strict code (a class, 'use strict') undefined;
// a timer's callback loses its object (Node passes the Timeout, a browser the window)
const account = {
  owner: 'Ada',
  count: 0,
  greet() {
    console.log('hello,', this.owner, typeof this);
  },
  bump() {
    this.count = (this.count ?? 0) + 1;
  },
};
account.greet();
setTimeout(account.greet, 0);
setTimeout(() => account.greet(), 0);
setTimeout(account.greet.bind(account), 5);

const user = {
  name: 'Grace',
  hi() {
    return 'hi ' + this.name;
  },
};
const hi = user.hi;
setTimeout(() => console.log(JSON.stringify(hi()), user.hi()), 10);

function sloppy() {
  return typeof this;
}
function strict() {
  'use strict';
  return this;
}
console.log(sloppy(), strict(), strict.call(null), sloppy.call(undefined));

class Counter {
  count = 0;
  inc() {
    return ++this.count;
  }
}
const c = new Counter();
const inc = c.inc;
try {
  inc();
} catch (e) {
  console.log(e instanceof TypeError, e.message);
}
[1, 2].forEach(function () {
  console.log(this === undefined);
});

function debounce(fn, ms) {
  let timer = null;
  return function (...args) {
    clearTimeout(timer);
    timer = setTimeout(() => fn.apply(this, args), ms);
  };
}
const save = debounce((text) => console.log('saved', text), 40);
save('a');
save('ab');
save('abc');
(async function () {
  await null;
  console.log('async', typeof this, this.owner);
})();
