// the usual cancellable request: a promise that listens to the signal, cancelled from a timer; a second request
// given an already aborted signal fails at once; throwIfAborted and a custom reason
function request(url, ms, { signal } = {}) {
  return new Promise((resolve, reject) => {
    if (signal && signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => resolve(`${url}: 200`), ms);
    if (signal) {
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    }
  });
}
const controller = new AbortController();
request('/slow', 100, { signal: controller.signal })
  .then(console.log)
  .catch((err) => console.log('cancelled:', err.name, err.message === undefined ? '' : 'with message'));
request('/fast', 5, { signal: controller.signal }).then(console.log);
setTimeout(() => controller.abort(), 20);
const done = new AbortController();
done.abort(new Error('user left'));
request('/late', 1, { signal: done.signal }).catch((err) => console.log('refused:', err.message));
try {
  done.signal.throwIfAborted();
} catch (err) {
  console.log('throwIfAborted:', String(err));
}
console.log('reason before:', controller.signal.reason, controller.signal.aborted);
