const err = new AggregateError(['a', 'b'], 'several things failed');
console.log(err.name + ': ' + err.message, err.errors);
Promise.reject(err).catch((e) => console.log('caught', e.errors.length, e.message));
