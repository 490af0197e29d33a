'use strict';
// Probe for the libuv-pool slide: how many threads does libuv's pool start?
// Counts this process's threads (/proc/self/task) before and after the first pool request (an fs.stat).
//   node pool-threads.cjs          → honours UV_THREADPOOL_SIZE from the environment
//   node pool-threads.cjs late N   → first uses the pool, then sets process.env.UV_THREADPOOL_SIZE = N and uses
//                                    it again: the size was read once, so nothing changes.
//   node pool-threads.cjs early N  → sets process.env.UV_THREADPOOL_SIZE = N before the first use.
const fs = require('node:fs');
const count = () => fs.readdirSync('/proc/self/task').length;
const [mode, n] = process.argv.slice(2);
const before = count();
if (mode === 'early') process.env.UV_THREADPOOL_SIZE = n;
fs.stat(__filename, () => {
  const afterFirst = count();
  if (mode !== 'late') {
    process.stdout.write(JSON.stringify({ before, after: afterFirst }) + '\n');
    return;
  }
  process.env.UV_THREADPOOL_SIZE = n;
  fs.stat(__filename, () => {
    process.stdout.write(JSON.stringify({ before, afterFirst, after: count() }) + '\n');
  });
});
