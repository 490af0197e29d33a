// results keyed by id, filled in as timers fire: integer keys print in ascending order, whatever the insertion order
const results = { label: 'by id' };
const ids = [3, 1, 2];
ids.forEach((id) => {
  setTimeout(() => {
    results[id] = 'done ' + id;
  }, 40 - id * 10);
});
setTimeout(() => console.log(results, ids), 50);
