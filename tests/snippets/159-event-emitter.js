// runtime: node
// require('events'): a class extending EventEmitter; on, once, emit (listeners called there and then, in order,
// with the emitter as `this`), off, listenerCount, eventNames, newListener/removeListener, an 'error' event, and
// events.once awaited (an async function's promise: two ticks more than a plain one); the eleventh listener of one
// event prints Node's MaxListenersExceededWarning (stderr) from a nextTick
const EventEmitter = require('events');
const { once } = require('events');

class Job extends EventEmitter {
  constructor(id) {
    super();
    this.id = id;
  }
  run() {
    this.emit('start', this.id);
    Promise.resolve().then(() => this.emit('done', this.id, 'ok'));
    process.nextTick(() => this.emit('progress', 50));
  }
}

const job = new Job(7);
job.on('start', (id) => console.log('start', id));
job.once('done', function (id, result) {
  console.log('done (once)', id, result, this === job, this.id);
});
job.on('done', (id) => console.log('done (on)', id));
const onProgress = (pct) => console.log('progress', pct);
job.on('progress', onProgress);
console.log(job.listenerCount('done'), job instanceof EventEmitter, job.constructor.name, EventEmitter.EventEmitter === EventEmitter);
job.run();
console.log('run() returned; emit of nothing:', job.emit('nothing'));

(async () => {
  const [id, result] = await once(job, 'done');
  console.log('awaited once', id, result);
})();
Promise.resolve()
  .then(() => console.log('microtask 1'))
  .then(() => console.log('microtask 2'))
  .then(() => console.log('microtask 3'))
  .then(() => console.log('microtask 4'));

setTimeout(() => {
  job.off('progress', onProgress);
  console.log(job.listenerCount('progress'), job.eventNames());
  job.emit('done', 8, 'again');
  try {
    job.emit('error', new Error('disk full'));
  } catch (err) {
    console.log('emit threw', err.message);
  }
  const bus = new EventEmitter();
  bus.on('newListener', (name) => console.log('newListener', name));
  bus.on('removeListener', (name) => console.log('removeListener', name));
  const a = () => console.log('a');
  bus.on('msg', a);
  bus.prependListener('msg', () => {
    console.log('first, removes a');
    bus.removeListener('msg', a);
  });
  console.log(bus.emit('msg'), bus.emit('msg'), bus.listeners('msg').length);
  once(bus, 'ready').catch((err) => console.log('once rejected:', err.message));
  bus.emit('error', new Error('bus failed'));
  for (let i = 0; i < 11; i++) bus.on('data', () => {});
  bus.removeAllListeners('data');
  console.log(bus.listenerCount('data'));
}, 0);
