// AbortSignal.timeout: the signal aborts from a timer with a TimeoutError; a listener added with addEventListener and
// the onabort handler run in the order they were added, synchronously, before the microtasks they queue
const signal = AbortSignal.timeout(20);
signal.addEventListener('abort', (e) => console.log('listener:', e.type, signal.reason.name));
signal.onabort = () => {
  console.log('onabort:', signal.aborted, signal.reason.code);
  queueMicrotask(() => console.log('microtask after the abort event'));
};
signal.addEventListener('abort', () => console.log('second listener'), { once: true });
const work = new Promise((resolve, reject) => {
  const t = setTimeout(() => resolve('work done'), 50);
  signal.addEventListener('abort', () => {
    clearTimeout(t);
    reject(signal.reason);
  });
});
work.then(console.log, (err) => console.log('work failed:', err.name, err instanceof Error));
setTimeout(() => console.log('10 ms'), 10);
setTimeout(() => console.log('30 ms, aborted =', signal.aborted), 30);
