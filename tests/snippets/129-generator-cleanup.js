// generators that clean up: a finally block runs when a for…of leaves the generator by break, return or a throw,
// when return() is called by hand, and when a for await loop over a paginated async generator breaks (its finally
// may await)
function* numbers() {
  try {
    for (let i = 1; ; i++) yield i;
  } finally {
    console.log('numbers: cleanup');
  }
}
for (const n of numbers()) if (n === 2) break;
function firstOver(limit) {
  for (const n of numbers()) if (n > limit) return n;
}
console.log('first over 3:', firstOver(3));
try {
  for (const n of numbers()) if (n === 1) throw new Error('stop');
} catch (e) {
  console.log('caught', e.message);
}
const g = numbers();
g.next();
console.log(g.return(42), g.next());
async function* pages() {
  try {
    for (let p = 1; ; p++) {
      await new Promise((r) => setTimeout(r, 5));
      yield `page ${p}`;
    }
  } finally {
    console.log('pages: connection closed');
    await null;
    console.log('pages: after await in finally');
  }
}
(async () => {
  for await (const p of pages()) {
    console.log(p);
    if (p === 'page 2') break;
  }
  console.log('after for await');
})();
