// an EventEmitter written by hand: listeners in a Map of arrays, once() through a wrapper, emit() on a copy of the
// list (a listener that removes itself does not skip the next); events come from timers and a resolved promise
class Emitter {
  #listeners = new Map();
  on(event, fn) {
    if (!this.#listeners.has(event)) this.#listeners.set(event, []);
    this.#listeners.get(event).push(fn);
    return this;
  }
  off(event, fn) {
    const list = this.#listeners.get(event) ?? [];
    const i = list.indexOf(fn);
    if (i !== -1) list.splice(i, 1);
    if (list.length === 0) this.#listeners.delete(event);
    return this;
  }
  once(event, fn) {
    const wrapper = (...args) => {
      this.off(event, wrapper);
      fn.apply(this, args);
    };
    return this.on(event, wrapper);
  }
  emit(event, ...args) {
    const list = this.#listeners.get(event);
    if (!list) return false;
    [...list].forEach((fn) => fn.call(this, ...args));
    return true;
  }
  get events() {
    return [...this.#listeners.keys()];
  }
}
const bus = new Emitter();
const log = [];
const logger = { prefix: '[log]', write(msg) { log.push(`${this.prefix} ${msg}`); } };
bus.on('data', (chunk) => console.log('data', chunk.length, chunk.toUpperCase()));
bus.on('data', logger.write.bind(logger));
bus.once('end', () => console.log('end (once), events left:', bus.events));
bus.on('end', function () { console.log('end listener this is the bus:', this === bus); });
setTimeout(() => bus.emit('data', 'hello'), 10);
setTimeout(() => bus.emit('data', 'world'), 20);
setTimeout(() => {
  console.log('emit end:', bus.emit('end'), 'again:', bus.emit('end'));
  console.log(log);
  console.log('nothing for "error":', bus.emit('error', new Error('x')));
}, 30);
Promise.resolve('first').then((v) => bus.emit('data', v));
console.log('listening to', bus.events.join(' and '));
