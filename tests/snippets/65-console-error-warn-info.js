// console.log and console.info print to stdout in Node; console.error and console.warn print to stderr
setTimeout(() => console.error('timeout failed'), 0);
Promise.reject(new Error('boom')).catch((err) => console.warn('caught', err.message));
console.info('info: scheduled');
console.log('log: end of script');
