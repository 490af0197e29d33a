// runtime: browser
setTimeout(() => console.log('1 ms'), 1);
setTimeout(() => console.log('0 ms'), 0);
setTimeout(() => console.log('20 ms'), 20);
