// An idle event loop (scripts/record-observe.ts): a listening socket that nobody connects to, and a 100 ms timer
// (as most servers have one), so the loop wakes from epoll_pwait ten times a second and sleeps again.
'use strict';
require('node:net')
  .createServer()
  .listen(0, '127.0.0.1', () => process.stdout.write('ready\n'));
setInterval(() => {}, 100);
setTimeout(() => process.exit(0), Number(process.argv[2] || 30) * 1000);
