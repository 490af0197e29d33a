async function worker(name, n) {
  for (let i = 0; i < n; i++) {
    console.log(`${name} ${i}`);
    await null;
  }
}
worker('a', 3);
worker('b', 3);
console.log('both started');
