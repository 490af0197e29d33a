// runtime: browser
const deferred = Promise.withResolvers();
deferred.promise.then((v) => console.log('resolved with', v));
setTimeout(() => deferred.resolve('late value'), 5);
queueMicrotask(() => console.log('microtask'));
console.log('sync', typeof deferred.resolve);
