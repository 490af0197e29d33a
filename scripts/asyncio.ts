/**
 * The asyncio model (components/shared/asyncio-sim/) from the command line, so it can be checked against CPython.
 *
 *   npm run -s asyncio -- heartbeat --tick-ms T --portions N --portion-ms P --worker blocking|cooperative
 *       → {"ticks":<int>,"median_ms":<number|null>}
 *     A background task asks to be woken every T ms while a worker does N portions of P ms, blocking inside each
 *     (time.sleep) or waiting (await asyncio.sleep), with await asyncio.sleep(0) after each portion.
 *   npm run -s asyncio -- turns --program empty|nested:<depth>|gather:<n>|sleep0:<k>
 *       → {"turns":<int>}: the number of _run_once calls of asyncio.run.
 *
 * The heartbeat runs on seed 000's machine (SEED_MACHINE: a sleeping thread wakes 0.2 ms late), so the seed's
 * figures come out as measured: 4 ticks ≈ 300 ms blocking, 99 ticks ≈ 10.2 ms cooperative. (On the model's ideal
 * machine, `heartbeat(params)` from the library, the cooperative worker's heartbeat ticks 101 times, 10 ms apart.)
 * Turn counts do not depend on the machine.
 *
 * Bad arguments: a one-line usage message on stderr, exit 2.
 */
import { SEED_MACHINE, countTurns, heartbeat, parseTurnsProgram } from '../components/shared/asyncio-sim/index.ts';

const USAGE =
  'usage: npm run -s asyncio -- heartbeat --tick-ms T --portions N --portion-ms P --worker blocking|cooperative | turns --program empty|nested:<depth>|gather:<n>|sleep0:<k>';

function usage(): never {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

/** `--name value` or `--name=value` pairs; every option exactly once, nothing else. */
function options(args: readonly string[], names: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(a);
    if (!m || !names.includes(m[1]!) || out.has(m[1]!)) usage();
    const value = m[2] ?? args[++i];
    if (value === undefined || value === '') usage();
    out.set(m[1]!, value);
  }
  if (out.size !== names.length) usage();
  return out;
}

function num(text: string, { integer = false, min = 0, max = 1e7, positive = false } = {}): number {
  if (!/^\d+(\.\d+)?$/.test(text)) usage();
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max || (positive && n <= 0) || (integer && !Number.isInteger(n))) usage();
  return n;
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'heartbeat') {
  const o = options(rest, ['tick-ms', 'portions', 'portion-ms', 'worker']);
  const tickMs = num(o.get('tick-ms')!, { positive: true, max: 1e6 });
  const portions = num(o.get('portions')!, { integer: true, min: 1, max: 100_000 });
  const portionMs = num(o.get('portion-ms')!, { max: 1e6 });
  const worker = o.get('worker');
  if (worker !== 'blocking' && worker !== 'cooperative') usage();
  if ((portions * portionMs) / tickMs > 1_000_000) usage(); // more than a million ticks: not a demo
  const r = heartbeat({ tickMs, portions, portionMs, worker }, SEED_MACHINE);
  process.stdout.write(`${JSON.stringify({ ticks: r.ticks, median_ms: r.median_ms })}\n`);
} else if (command === 'turns') {
  const o = options(rest, ['program']);
  const p = parseTurnsProgram(o.get('program')!);
  if (p === null || p.kind === 'thread') usage();
  process.stdout.write(`${JSON.stringify({ turns: countTurns(p) })}\n`);
} else {
  usage();
}
