const tasks = ['a', 'b', 'c'];
// forEach does not wait for an async callback: all three start at once
tasks.forEach(async (t) => {
  await null;
  console.log('forEach', t);
});
// for…of inside an async function waits at each await
(async () => {
  for (const t of tasks) {
    await null;
    console.log('for of', t);
  }
})();
for (const ch of 'hi') console.log('char', ch);
console.log('sync end');
