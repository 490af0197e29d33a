setTimeout(() => console.log('90 ms'), 90);
setTimeout(() => console.log('30 ms'), 30);
setTimeout(() => console.log('60 ms'), 60);
setTimeout(() => console.log('30 ms again'), 30);
console.log('scheduled');
