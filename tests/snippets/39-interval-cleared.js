let count = 0;
const id = setInterval(() => {
  count++;
  console.log('tick', count);
  if (count === 3) {
    clearInterval(id);
    console.log('cleared');
  }
}, 20);
setTimeout(() => console.log('50 ms'), 50);
