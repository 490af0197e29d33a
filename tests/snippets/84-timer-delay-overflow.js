// a delay beyond 2 ** 31 - 1 ms does not wait 24 days: Node sets it to 1 ms (with a TimeoutOverflowWarning on
// stderr), a browser reads it as a 32-bit integer (negative here, so 0)
setTimeout(() => console.log('"in 24.8 days"'), 2 ** 31);
setTimeout(() => console.log('1 ms'), 1);
console.log('script done');
