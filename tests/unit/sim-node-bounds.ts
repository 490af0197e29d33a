/**
 * Real Node runs measured against the timings the simulator's exploration covers (sim-random-node.test.ts and
 * sim-timing-real.test.ts): a run that strayed further (a loaded machine preempts Node for tens of milliseconds) can
 * print an order the simulator does not list, and is not held to the list.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

let counter = 0;

/** timing.ts's TIMER_SLACK: how far the simulator's exploration lets the clock move on, or a callback run late */
export const TIMER_SLACK = 5;
/**
 * A preload for the five runs below: it measures how far a real run strays from the timings the simulator explores
 * (runtime-node.ts, timing.ts). Of two timers one task sets one after the other, Node's own start times
 * (`_idleStart`, read from the clock at each call) must be equal when nothing was printed in between, and at most
 * TIMER_SLACK ms apart when something was; a timer's callback may run at most TIMER_SLACK ms late. It prints the
 * worst of each on stderr at exit.
 */
const BOUNDS_PRELOAD = `
const { performance } = require('node:perf_hooks');
const set = globalThis.setTimeout;
const write = process.stdout.write;
let printed = 0;
process.stdout.write = function (...a) {
  printed++;
  return write.apply(this, a);
};
let task = 0;
const last = new Map();
const worst = { silent: 0, printing: 0, late: 0 };
globalThis.setTimeout = function (fn, ms, ...args) {
  const at = performance.now();
  const mine = task;
  const delay = ms >= 1 ? Math.trunc(ms) : 1;
  const handle = set(function (...a) {
    worst.late = Math.max(worst.late, performance.now() - at - delay);
    task++;
    return fn.apply(this, a);
  }, ms, ...args);
  const prev = last.get(mine);
  if (prev) {
    const key = prev.printed === printed ? 'silent' : 'printing';
    worst[key] = Math.max(worst[key], handle._idleStart - prev.start);
  }
  last.set(mine, { start: handle._idleStart, printed });
  return handle;
};
process.on('exit', () => process.stderr.write('BOUNDS ' + JSON.stringify(worst) + '\\n'));
`;

/** a real run with the preload: its output, and whether its timing stayed within what the simulator explores */
export function runMeasured(source: string, dir: string): { lines: string[]; inBounds: boolean; bounds: string } {
  const preload = join(dir, 'bounds.cjs');
  if (!existsSync(preload)) writeFileSync(preload, BOUNDS_PRELOAD);
  const file = join(dir, `m${++counter}.cjs`);
  writeFileSync(file, source);
  const r = spawnSync('node', ['-r', preload, file], { encoding: 'utf8', timeout: 10_000 });
  const lines = r.stdout.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const bounds = /BOUNDS (.*)/.exec(r.stderr)?.[1] ?? '{}';
  const w = JSON.parse(bounds) as { silent?: number; printing?: number; late?: number };
  const inBounds = w.silent === 0 && (w.printing ?? Infinity) <= TIMER_SLACK && (w.late ?? Infinity) <= TIMER_SLACK;
  return { lines, inBounds, bounds };
}
