const wait = (ms, v) => new Promise((resolve) => setTimeout(() => resolve(v), ms));
const pending = [wait(30, 'first'), wait(10, 'second'), wait(20, 'third')];
(async () => {
  for (const p of pending) {
    console.log('got', await p);
  }
})();
let last;
for (last of [1, 2, 3]) {
  if (last === 2) break;
}
console.log('last', last);
