const order = [];
setTimeout(() => {
  order.push('timeout');
  console.log('after the timer:', order);
}, 0);
Promise.resolve().then(() => {
  order.push('microtask');
  console.log('after the microtask:', order);
});
order.push('script');
console.log('end of script:', order, order.length);
