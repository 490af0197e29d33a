// an abort reason logged by itself: the runtime's own DOMException (AbortError without a reason, TimeoutError from
// AbortSignal.timeout), or whatever reason abort() was given
const ac = new AbortController();
ac.signal.addEventListener('abort', () => console.log(ac.signal.reason));
setTimeout(() => ac.abort(), 5);
const t = AbortSignal.timeout(10);
t.addEventListener('abort', () => {
  console.log(t.reason.name, t.reason.message === '' ? 'no message' : 'a message');
  console.log(t.reason);
});
const c = new AbortController();
c.abort('plain string');
console.log(c.signal.reason, typeof c.signal.reason);
setTimeout(() => console.log('end'), 30);
