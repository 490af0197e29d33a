// an object holding methods logged: Node names each ([Function: inc], [AsyncFunction: load]…), a browser's
// console previews each as ƒ
const counter = {
  count: 0,
  inc() {
    return ++this.count;
  },
  reset: function () {
    this.count = 0;
  },
};
counter.inc();
console.log(counter);
const api = { async load() {}, *ids() {}, async *pages() {}, parse: (s) => s.trim(), Cls: class Cache {} };
console.log(api);
console.log([counter.inc, () => 1], { handlers: [counter.reset] });
const store = { state: { n: 1 }, actions: { add(n) {}, remove: function remove() {} } };
setTimeout(() => console.log(store, store.actions), 0);
