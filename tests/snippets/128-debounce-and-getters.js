// a debounce written by hand (clearTimeout, setTimeout, fn.apply with the last arguments and `this`), a search
// box's state with getters and a setter, and a cache in a Map; keystrokes arrive from timers 10 ms apart, then pauses
function debounce(fn, ms) {
  let timer = null;
  return function (...args) {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      fn.apply(this, args);
    }, ms);
  };
}
const cache = new Map();
const box = {
  _query: '',
  searches: 0,
  get query() {
    return this._query;
  },
  set query(q) {
    this._query = q.trim().toLowerCase();
  },
  get summary() {
    return `${this.searches} search(es), cache: ${[...cache.keys()].join('|') || 'empty'}`;
  },
};
const search = debounce(function (q) {
  this.query = q;
  this.searches++;
  const hit = cache.has(this.query);
  if (!hit) cache.set(this.query, this.query.split('').reverse().join(''));
  console.log(`search "${this.query}" (${hit ? 'cached' : 'fresh'}) ->`, cache.get(this.query));
}, 30);
const typed = ['R', 'Re', 'Rea', 'Reac', 'React '];
typed.forEach((text, i) => setTimeout(() => search.call(box, text), i * 10));
setTimeout(() => search.call(box, ' react'), 200);
setTimeout(() => search.apply(box, ['vue']), 300);
setTimeout(() => console.log(box.summary, box), 400);
console.log(box.summary);
