// runtime: node
// process.on('unhandledRejection'): instead of the crash, the listener gets (reason, promise) once the ticks and
// microtasks are drained, each listener call before the ticks and microtasks it queues; a rejection handled in
// time is not reported; one the listener saw and that got a handler later prints Node's
// PromiseRejectionHandledWarning (stderr)
process.on('unhandledRejection', (reason, promise) => {
  console.log('unhandled:', reason instanceof Error ? reason.message : reason, promise instanceof Promise);
  process.nextTick(() => console.log('tick queued by the listener'));
  Promise.resolve().then(() => console.log('microtask queued by the listener'));
});

async function fetchUser(id) {
  await null;
  if (id < 0) throw new RangeError(`bad id ${id}`);
  return { id };
}

const lost = Promise.reject(new Error('nobody catches this'));
Promise.reject('a plain string');
fetchUser(-1);
fetchUser(1).then((u) => console.log('user', u.id));
const caughtInTime = Promise.reject(new Error('caught in time'));
caughtInTime.catch((err) => console.log('caught', err.message));
process.nextTick(() => console.log('tick 1'));
Promise.resolve().then(() => console.log('microtask 1'));

setTimeout(() => {
  console.log('timer');
  lost.catch((err) => console.log('handled late:', err.message));
}, 0);
setTimeout(() => console.log('timer 2'), 0);
console.log('script end');
