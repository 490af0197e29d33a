const t = setTimeout(() => console.log('cancelled'), 40);
setTimeout(() => console.log('runs'), 10);
Promise.resolve().then(() => clearTimeout(t));
setTimeout(() => console.log('also runs'), 80);
