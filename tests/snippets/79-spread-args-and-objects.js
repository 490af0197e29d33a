const delays = [30, 10, 20];
const log = (...parts) => console.log(parts.join(' '));
const defaults = { retries: 1, label: 'task' };
const config = { ...defaults, label: 'fetch' };
log('config', config.label, config.retries);
const all = [...delays, 0];
all.forEach((ms) => setTimeout(log, ms, 'timer', ms));
Promise.resolve(['x', 'y']).then((pair) => log(...pair, 'microtask'));
log(...'ok', 'sync');
