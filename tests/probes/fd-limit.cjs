// Open-files limits as Node sees them, and how many descriptors it can hold open (tests/unit/pitfalls-limits-real).
// Prints one JSON line: the soft and hard RLIMIT_NOFILE from /proc/self/limits, how many of `want` descriptors it
// opened (/dev/null: Node has no synchronous socket(), and a socket takes a descriptor from the same table), and the
// error code that stopped it (null when all opened).
'use strict';
const fs = require('node:fs');

const line = fs
  .readFileSync('/proc/self/limits', 'utf8')
  .split('\n')
  .find((l) => l.startsWith('Max open files'));
if (!line) throw new Error("no 'Max open files' line in /proc/self/limits");
const [soft, hard] = line.trim().split(/\s+/).slice(3, 5).map(Number);
const want = Number(process.argv[2]);
const held = [];
let error = null;
try {
  for (let i = 0; i < want; i++) held.push(fs.openSync('/dev/null', 'r'));
} catch (e) {
  error = e.code;
}
process.stdout.write(`${JSON.stringify({ soft, hard, opened: held.length, error })}\n`);
