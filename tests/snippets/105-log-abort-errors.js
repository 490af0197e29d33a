// runtime: node
// what Node prints for an abort: timers/promises' AbortError carries the signal's reason as its [cause], a
// DOMException named AbortError (or TimeoutError for AbortSignal.timeout)
const { setTimeout: sleep } = require('timers/promises');
const ac = new AbortController();
sleep(100, null, { signal: ac.signal }).catch((err) => console.log(err));
setTimeout(() => ac.abort(), 10);
const timeout = AbortSignal.timeout(5);
setTimeout(() => console.log({ reason: timeout.reason }), 20);
const custom = new AbortController();
custom.abort(new Error('shutting down', { cause: 'SIGTERM' }));
console.log(custom.signal.reason);
