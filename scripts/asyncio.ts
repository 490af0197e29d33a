/**
 * The asyncio model (components/shared/asyncio-sim/) from the command line, so it can be checked against CPython.
 *
 *   npm run -s asyncio -- heartbeat --tick-ms T --portions N --portion-ms P --worker blocking|cooperative
 *                                   [--wake-latency-ms L]
 *       → {"ticks":<int>,"median_ms":<number|null>}
 *     A background task asks to be woken every T ms while a worker does N portions of P ms, blocking inside each
 *     (time.sleep) or waiting (await asyncio.sleep), with await asyncio.sleep(0) after each portion.
 *     --wake-latency-ms: the machine's (how late a sleeping thread wakes, the interpreter's own time with it), as
 *     tests/probes/asyncio_probe.py measures it in a CPython run; seed 000's machine's 0.2 ms by default. The count
 *     can depend on it: 25 ms ticks beside 8 cooperative portions of 100 ms are 33 on seed 000's machine and 32
 *     from 1/3 ms: a portion's timer is due 3 latenesses before the fourth tick's, and while that is under a
 *     millisecond epoll's rounding up makes both wake in one turn, the last portion's too, whose sleep(0) lets the
 *     heartbeat tick once more; from 1/3 ms the portion wakes alone, a turn before the tick. CPython on a loaded
 *     machine measures far more than 0.2 ms. tests/unit/asyncio-real.test.ts holds the command's counts against
 *     CPython's on its grid, given the lateness each CPython run measured.
 *   npm run -s asyncio -- turns --program empty|nested:<depth>|gather:<n>|sleep0:<k>
 *       → {"turns":<int>}: the number of _run_once calls of asyncio.run.
 *
 * The heartbeat runs on seed 000's machine (SEED_MACHINE: a sleeping thread wakes 0.2 ms late), so the seed's
 * figures come out as measured: 4 ticks ≈ 300 ms blocking, 99 ticks ≈ 10.2 ms cooperative. (On the model's ideal
 * machine, `heartbeat(params)` from the library, the cooperative worker's heartbeat ticks 101 times, 10 ms apart.)
 * Turn counts do not depend on the machine.
 *
 *   npm run -s asyncio -- record FILE.py [--json] [--engine pyodide|python3] [--budget MS]
 *     Runs FILE.py under real CPython with components/shared/py-record/asyncio_recorder.py: asyncio's own loop
 *     (BaseEventLoop with a virtual clock) records every _run_once turn: its time, what ran, what it printed, what
 *     blocked the loop (time.sleep), the timers, the tasks. The machine's python3 (3.11+) when there is one, else
 *     CPython 3.14 in WebAssembly (the pyodide package, in a Node process without the user's rights:
 *     asyncio-pyodide.mjs); --engine chooses. --json: the whole recording. python3 runs with the user's rights.
 *     Exit codes as predict's: 0 recorded, 1 bad usage or unreadable file, 2 refused (threads, sockets, processes,
 *     input(), an import outside the standard library; under pyodide, a process or a file write Node refused) or a
 *     syntax error (CPython's message and line on stderr),
 *     4 a bound of the recording (turns, bytes, or a loop that would wait forever), 5 the program raised
 *     (its traceback on stderr), 6 the time budget (5,000 ms unless --budget says otherwise).
 *
 * Bad arguments: a one-line usage message on stderr, exit 2 (record: exit 1, as predict's).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SEED_MACHINE, countTurns, heartbeat, parseTurnsProgram } from '../components/shared/asyncio-sim/index.ts';
import { handleText } from '../components/shared/py-record/py-names.ts';
import type { RecordedThreadEvent } from '../components/shared/py-record/py-protocol.ts';
import { parseCommandLine } from './command-line.ts';
import { exitWhenWritten } from './exit.ts';

const RECORDER = fileURLToPath(new URL('../components/shared/py-record/asyncio_recorder.py', import.meta.url));

const USAGE =
  'usage: npm run -s asyncio -- heartbeat --tick-ms T --portions N --portion-ms P --worker blocking|cooperative [--wake-latency-ms L] | turns --program empty|nested:<depth>|gather:<n>|sleep0:<k> | record FILE.py [--json] [--engine pyodide|python3] [--budget MS]';

function usage(): never {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

/**
 * heartbeat's and turns' rule: each of the command's `count` required options exactly once, the `optional` ones at
 * most once, nothing else (not even `--`).
 */
function eachOnce(tokens: readonly { kind: string; name?: string }[], count: number, optional: string[] = []): void {
  const names = tokens.map((t) => (t.kind === 'option' ? t.name : undefined));
  const required = names.filter((n) => n === undefined || !optional.includes(n));
  if (required.length !== count || new Set(names).size !== names.length || names.includes(undefined)) usage();
}

function num(text: string | undefined, { integer = false, min = 0, max = 1e7, positive = false } = {}): number {
  if (text === undefined || !/^\d+(\.\d+)?$/.test(text)) usage();
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max || (positive && n <= 0) || (integer && !Number.isInteger(n))) usage();
  return n;
}

/** One turn of the recorder's JSON (components/shared/py-record/asyncio_recorder.py, `record`). */
interface RecordedTurn {
  readonly n: number;
  readonly phase: string;
  readonly time: number;
  readonly slept: number;
  readonly ran: readonly { what: string; lines?: number[]; stdout?: string; stderr?: string; blocked?: number }[];
  readonly threads?: readonly RecordedThreadEvent[];
}
interface Recording {
  readonly python: string;
  readonly end: 'done' | 'exception' | 'refused' | 'syntax' | 'turns' | 'bytes' | 'budget' | 'deadlock';
  readonly message: string | null;
  readonly line: number | null;
  readonly traceback: string | null;
  readonly turns: readonly RecordedTurn[];
}

function recordUsage(message: string): never {
  process.stderr.write(`asyncio record: ${message}\n`);
  process.stderr.write(
    'usage: npm run -s asyncio -- record FILE.py [--json] [--engine pyodide|python3] [--budget MS]\n',
  );
  process.exit(1);
}

/** The machine's python3 when it is 3.11 or later. */
function hasPython3(): boolean {
  const r = spawnSync('python3', ['-c', 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)']);
  return r.status === 0;
}

/** The pyodide engine's process (scripts/asyncio-pyodide.mjs), and the node options that take the user's rights away. */
const PYODIDE_CHILD = fileURLToPath(new URL('./asyncio-pyodide.mjs', import.meta.url));
const NODE_MODULES = fileURLToPath(new URL('../node_modules/', import.meta.url));
/** Node's permission model: `--permission` since Node 22.13 and 23.5, `--experimental-permission` before. */
const PERMISSION = process.allowedNodeEnvironmentFlags.has('--permission')
  ? '--permission'
  : '--experimental-permission';
const PYODIDE_NODE_OPTIONS = [
  PERMISSION,
  `--allow-fs-read=${NODE_MODULES}`,
  `--allow-fs-read=${PYODIDE_CHILD}`,
  '--disallow-code-generation-from-strings',
  '--no-warnings',
];

type PyodideOutcome = { json: string } | { failed: string; denied: string | null } | null;

/**
 * Pyodide in a Node process of its own, without the user's rights (PYODIDE_NODE_OPTIONS, asyncio-pyodide.mjs): no
 * process, no file written, no eval, no host globals. Killed past the budget plus the time Pyodide takes to load: a
 * handle that never returns cannot be stopped from inside. Null: the budget.
 */
function viaPyodide(source: string, budgetMs: number): Promise<PyodideOutcome> {
  const child = spawn(process.execPath, [...PYODIDE_NODE_OPTIONS, PYODIDE_CHILD], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {},
  });
  child.stdin.end(JSON.stringify({ source, recorder: readFileSync(RECORDER, 'utf8'), budgetMs }));
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4_000)));
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let outcome: PyodideOutcome | undefined;
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = JSON.parse(line) as
        | { kind: 'loaded' }
        | { kind: 'done'; json: string }
        | { kind: 'failed'; message: string; denied: string | null };
      if (m.kind === 'loaded') {
        timer = setTimeout(() => {
          outcome = null;
          child.kill('SIGKILL');
        }, budgetMs + 2_000);
      } else outcome = m.kind === 'done' ? { json: m.json } : { failed: m.message, denied: m.denied };
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve(
        outcome === undefined
          ? { failed: stderr.trim().split('\n').slice(-3).join(' ') || 'no answer', denied: null }
          : outcome,
      );
    });
  });
}

function viaPython3(file: string, budgetMs: number): string | null {
  // The recorder stops itself at the budget, inside a handle too (SIGALRM); the process's own timeout is the backstop
  // for a program that catches even that and goes on.
  const r = spawnSync('python3', [RECORDER, file, '--budget', String(budgetMs / 1000)], {
    encoding: 'utf8',
    timeout: budgetMs + 5_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return null;
  if (r.status !== 0) throw new Error(`python3 ${RECORDER} failed (${String(r.status)}): ${r.stderr}`);
  return r.stdout;
}

const secondsText = (s: number): string => `${Number(s.toFixed(6))} s`;

/** The recording as a person reads it: one block per turn. */
function text(r: Recording, engine: 'pyodide' | 'python3'): string {
  const where =
    engine === 'pyodide'
      ? ' in WebAssembly, without your rights (no process, no file written, no eval, no host globals)'
      : '';
  const out: string[] = [`CPython ${r.python}${where}: ${r.turns.length} turns of the loop`];
  for (const t of r.turns) {
    out.push(`turn ${t.n} at ${secondsText(t.time)} (${t.phase})`);
    const woken = (t.threads ?? []).some((e) => e.after === 0 && e.kind === 'finished');
    if (t.slept > 0)
      out.push(
        `  the loop slept ${secondsText(t.slept)} in select(), waiting for ${woken ? 'a worker to finish' : 'the next timer'}`,
      );
    const threads = (after: number) => {
      for (const e of (t.threads ?? []).filter((x) => x.after === after)) {
        out.push(`  [at ${secondsText(e.time)}] ${e.what}`);
        for (const line of `${e.stdout ?? ''}${e.stderr ?? ''}`.split('\n').slice(0, -1)) out.push(`    | ${line}`);
      }
    };
    threads(0);
    t.ran.forEach((h, i) => {
      out.push(`  ran ${handleText(h)}`);
      for (const line of `${h.stdout ?? ''}${h.stderr ?? ''}`.split('\n').slice(0, -1)) out.push(`    | ${line}`);
      if (h.blocked !== undefined) out.push(`    blocked the loop for ${secondsText(h.blocked)} (time.sleep)`);
      threads(i + 1);
    });
  }
  return `${out.join('\n')}\n`;
}

async function record(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(
    {
      args,
      options: { json: { type: 'boolean', default: false }, engine: { type: 'string' }, budget: { type: 'string' } },
      allowPositionals: true,
    },
    recordUsage,
  );
  const { json, engine } = values;
  if (engine !== undefined && engine !== 'pyodide' && engine !== 'python3') recordUsage(`unknown engine ${engine}`);
  const budgetMs = values.budget === undefined ? 5_000 : Number(values.budget);
  if (!Number.isInteger(budgetMs) || budgetMs < 1 || budgetMs > 3_600_000)
    recordUsage('--budget takes whole milliseconds, 1 to 3600000');
  if (positionals.length > 1) recordUsage('one file at a time');
  const [file] = positionals;
  if (file === undefined) recordUsage('no file');
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (e) {
    recordUsage(`cannot read ${file}: ${(e as Error).message}`);
  }
  if (engine === 'python3' && !hasPython3()) recordUsage('no python3 3.11+ on this machine');
  const chosen = engine ?? (hasPython3() ? 'python3' : 'pyodide');
  const got = chosen === 'python3' ? viaPython3(file, budgetMs) : await viaPyodide(source, budgetMs);
  if (got !== null && typeof got === 'object' && 'failed' in got) {
    if (got.denied === null) {
      process.stderr.write(`${file}: Python stopped: ${got.failed}\n`);
      process.exit(1);
    }
    process.stderr.write(
      `${file}: refused: the program reached outside its sandbox (${got.denied}: processes, files written and eval are not available to it)\n`,
    );
    process.exit(2);
  }
  const raw = got !== null && typeof got === 'object' ? got.json : got;
  if (raw === null) {
    process.stderr.write(`${file}: the recording took longer than ${budgetMs} ms and was stopped\n`);
    process.exit(6);
  }
  const r = JSON.parse(raw) as Recording;
  process.stdout.write(json ? `${raw.trim()}\n` : text(r, chosen));
  const where = r.line === null ? '' : ` (line ${r.line})`;
  if (r.end === 'done') return exitWhenWritten(0);
  if (r.end === 'exception') process.stderr.write(r.traceback ?? `${r.message}\n`);
  else process.stderr.write(`${file}${where}: ${r.message}\n`);
  const codes = { refused: 2, syntax: 2, exception: 5, budget: 6, turns: 4, bytes: 4, deadlock: 4 } as const;
  return exitWhenWritten(codes[r.end]);
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'heartbeat') {
  const { values: o, tokens } = parseCommandLine(
    {
      args: rest,
      options: {
        'tick-ms': { type: 'string' },
        portions: { type: 'string' },
        'portion-ms': { type: 'string' },
        worker: { type: 'string' },
        'wake-latency-ms': { type: 'string' },
      },
      tokens: true,
    },
    usage,
  );
  eachOnce(tokens, 4, ['wake-latency-ms']);
  const tickMs = num(o['tick-ms'], { positive: true, max: 1e6 });
  const portions = num(o.portions, { integer: true, min: 1, max: 100_000 });
  const portionMs = num(o['portion-ms'], { max: 1e6 });
  const worker = o.worker;
  if (worker !== 'blocking' && worker !== 'cooperative') usage();
  if ((portions * portionMs) / tickMs > 1_000_000) usage(); // more than a million ticks: not a demo
  const latency = o['wake-latency-ms'];
  const machine = latency === undefined ? SEED_MACHINE : { wakeLatencyMs: num(latency, { max: 1000 }) };
  const r = heartbeat({ tickMs, portions, portionMs, worker }, machine);
  process.stdout.write(`${JSON.stringify({ ticks: r.ticks, median_ms: r.median_ms })}\n`);
} else if (command === 'turns') {
  const { values, tokens } = parseCommandLine(
    { args: rest, options: { program: { type: 'string' } }, tokens: true },
    usage,
  );
  eachOnce(tokens, 1);
  const p = values.program ? parseTurnsProgram(values.program) : null;
  if (p === null || p.kind === 'thread') usage();
  process.stdout.write(`${JSON.stringify({ turns: countTurns(p) })}\n`);
} else if (command === 'record') {
  await record(rest);
} else {
  usage();
}
