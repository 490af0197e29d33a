/**
 * Records what strace, /proc, ps, pidstat, ss and the Go scheduler's trace really print for a process in four
 * states, and writes components/observe/observe-recordings.ts (the `observe` slide shows these outputs).
 *
 *   npx tsx scripts/record-observe.ts [--out components/observe/observe-recordings.ts] [--seconds 1.5]
 *
 * Needs Linux, strace (attaching with -p: root or ptrace permission), procps (ps), sysstat (pidstat), iproute2
 * (ss), gcc, taskset (util-linux), node, python3; go for the scheduler trace (skipped without it).
 *
 * The states, each a small program from tests/probes/:
 * - idle: node with a listening socket nobody connects to and a 100 ms timer (observe-idle.cjs);
 * - blocked: python3 in os.read() on a pipe nobody writes to (it holds the write end itself, so no EOF);
 * - contended: four C threads taking turns on one mutex (observe-contended.c);
 * - cpu: four C threads spinning on one core, `taskset -c 0` (observe-busy.c).
 * and, for the scheduler trace, a Go program idle or with four goroutines spinning on GOMAXPROCS=1
 * (observe-spin.go).
 *
 * Outputs are trimmed only as the `trimmed` count says (lines left out at the end; for strace -c, the table's rows after
 * the first six, its total kept), and strace's "detached" lines are dropped;
 * PIDs and figures are kept as recorded.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProcessState, RecordingMeta, Shot, StateRecording } from '../components/observe/observe-types.ts';
import { parseCommandLine } from './command-line.ts';

const ROOT = resolve(import.meta.dirname, '..');
const PROBES = join(ROOT, 'tests', 'probes');
const OUT = join(ROOT, 'components', 'observe', 'observe-recordings.ts');
/** Most lines a shot keeps (a terminal panel on the slide). */
const MAX_LINES = 12;

export interface RecordOptions {
  /** How long each strace runs, s. */
  readonly seconds?: number;
}

export interface Recordings {
  readonly meta: RecordingMeta;
  readonly states: Record<ProcessState, StateRecording>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function sh(command: string, timeoutMs = 10_000): string {
  const r = spawnSync('sh', ['-c', `${command} 2>&1`], { encoding: 'utf8', timeout: timeoutMs });
  return (r.stdout ?? '') + (r.stderr ?? '');
}

/** Keeps at most `max` lines; says how many were dropped. */
function trim(text: string, max = MAX_LINES): { output: string; trimmed: number } {
  const lines = text.replace(/\s+$/, '').split('\n');
  if (lines.length <= max) return { output: lines.join('\n'), trimmed: 0 };
  return { output: lines.slice(0, max).join('\n'), trimmed: lines.length - max };
}

function shot(command: string, raw: string, max = MAX_LINES): Shot {
  return { command, ...trim(raw, max) };
}

/** strace -c's table: the header, the first `rows` syscalls, the total. */
function summaryShot(command: string, raw: string, rows = 6): Shot {
  const lines = raw.replace(/\s+$/, '').split('\n');
  const sep = lines.findIndex((l) => l.startsWith('------'));
  const last = lines.map((l, i) => (l.startsWith('------') ? i : -1)).filter((i) => i >= 0);
  const end = last[last.length - 1];
  if (sep < 0 || end === undefined || end === sep) return shot(command, raw);
  const body = lines.slice(sep + 1, end);
  if (body.length <= rows) return shot(command, raw);
  const kept = [...lines.slice(0, sep + 1), ...body.slice(0, rows), ...lines.slice(end)];
  return { command, output: kept.join('\n'), trimmed: body.length - rows };
}

/** strace's chatter about detaching from each thread says nothing about the process. */
function dropDetached(text: string): string {
  return text
    .split('\n')
    .filter((l) => !/^strace: Process \d+ detached$/.test(l) && !/ptrace_syscall_info\.op/.test(l))
    .join('\n');
}

function tool(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

export function missingTools(): string[] {
  return ['strace', 'ps', 'pidstat', 'ss', 'gcc', 'taskset', 'python3'].filter((t) => !tool(t));
}

/** Each program prints "ready" on stdout once it is in its state (after its start-up's own system calls). */
const READY: ['ignore', 'pipe', 'ignore'] = ['ignore', 'pipe', 'ignore'];

function ready(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolveReady, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`not ready after ${timeoutMs} ms`)), timeoutMs);
    child.stdout?.on('data', (d: Buffer) => {
      seen += d.toString();
      if (seen.includes('ready')) {
        clearTimeout(timer);
        resolveReady();
      }
    });
  });
}

interface Program {
  readonly state: ProcessState;
  readonly shown: string;
  /** How long to wait after "ready", ms (node's start-up goes on a little after its first callback). */
  readonly warmUpMs: number;
  readonly start: (dir: string) => ChildProcess;
}

const programs: readonly Program[] = [
  {
    state: 'idle',
    shown: 'node observe-idle.cjs',
    warmUpMs: 500,
    start: () => spawn(process.execPath, [join(PROBES, 'observe-idle.cjs'), '30'], { stdio: READY }),
  },
  {
    state: 'blocked',
    warmUpMs: 100,
    shown: 'python3 -c \'import os; r, w = os.pipe(); print("ready", flush=True); os.read(r, 1)\'',
    start: () =>
      spawn('python3', ['-c', 'import os; r, w = os.pipe(); print("ready", flush=True); os.read(r, 1)'], {
        stdio: READY,
      }),
  },
  {
    state: 'contended',
    shown: './app 4   # observe-contended.c: 4 threads, one mutex',
    warmUpMs: 100,
    start: (dir) => spawn(join(dir, 'contended', 'app'), ['4', '30'], { stdio: READY }),
  },
  {
    state: 'cpu',
    shown: 'taskset -c 0 ./app 4   # observe-busy.c: 4 spinning threads, 1 core',
    warmUpMs: 100,
    start: (dir) => spawn('taskset', ['-c', '0', join(dir, 'busy', 'app'), '4', '30'], { stdio: READY }),
  },
];

async function observe(p: Program, dir: string, seconds: number, schedtrace: Shot | null): Promise<StateRecording> {
  const child = p.start(dir);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${p.state}: did not start`);
  try {
    await ready(child, 20_000);
    await sleep(p.warmUpMs);
    const s = String(seconds);
    const straceC = dropDetached(sh(`timeout -s INT ${s} strace -f -c -w -p ${pid}`));
    const straceE = dropDetached(
      sh(
        `timeout -s INT ${String(Math.min(1, seconds))} strace -f -e trace=epoll_wait,epoll_pwait,read,write -p ${pid}`,
      ),
    );
    const tasks = sh(`ls /proc/${pid}/task | wc -l`).trim();
    const ps = sh(`ps -L -o tid,stat,wchan:22,comm -p ${pid}`);
    const ctxtCmd = `grep ctxt /proc/${pid}/task/*/status`;
    const ctxtBefore = sh(ctxtCmd).trim();
    await sleep(1000);
    const ctxt = sh(ctxtCmd);
    const pidstat = sh(`pidstat -w -t -p ${pid} 1 1`)
      .split('\n')
      .filter(
        (l, i, all) => /^Average:/.test(l) || (/cswch\/s/.test(l) && all.findIndex((x) => /cswch\/s/.test(x)) === i),
      )
      .join('\n');
    const ss = sh('ss -s');
    return {
      program: p.shown,
      pid,
      straceC: summaryShot('strace -f -c -w -p ' + pid, straceC),
      straceE: shot(`strace -f -e trace=epoll_wait,epoll_pwait,read,write -p ${pid}`, straceE, 10),
      tasks: shot(`ls /proc/${pid}/task | wc -l`, tasks),
      ps: shot(`ps -L -o tid,stat,wchan:22,comm -p ${pid}`, ps),
      ctxt: shot(`${ctxtCmd}   # a second after the first look`, ctxt),
      ctxtBefore,
      ctxtAfter: ctxt.trim(),
      pidstat: shot(`pidstat -w -t -p ${pid} 1 1   # its header and Average lines`, pidstat),
      ss: shot('ss -s   # the whole machine, not one process', ss),
      schedtrace,
    };
  } finally {
    child.kill('SIGKILL');
  }
}

function goTrace(dir: string, busy: boolean): Shot | null {
  if (!tool('go')) return null;
  const bin = join(dir, 'spin');
  const r = spawnSync('sh', ['-c', `GODEBUG=schedtrace=1000 ${bin}${busy ? ' busy' : ''} 2>&1 | head -n 3`], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  return shot(
    `GODEBUG=schedtrace=1000 ./observe-spin${busy ? ' busy   # GOMAXPROCS=1, 4 goroutines spin' : ''}`,
    r.stdout,
  );
}

/** Records every state (a few seconds each). */
export async function recordAll(options: RecordOptions = {}): Promise<Recordings> {
  const seconds = options.seconds ?? 1.5;
  const dir = mkdtempSync(join(tmpdir(), 'hsw-observe-'));
  try {
    for (const [src, out] of [
      ['observe-contended.c', 'contended'],
      ['observe-busy.c', 'busy'],
    ] as const) {
      // Both binaries are called `app`, so ps and pidstat do not give the diagnosis game's answer away.
      mkdirSync(join(dir, out));
      const r = spawnSync('gcc', ['-O1', '-pthread', '-o', join(dir, out, 'app'), join(PROBES, src)], {
        encoding: 'utf8',
      });
      if (r.status !== 0) throw new Error(`gcc ${src}: ${r.stderr}`);
    }
    if (tool('go')) {
      const r = spawnSync('go', ['build', '-o', join(dir, 'spin'), join(PROBES, 'observe-spin.go')], {
        encoding: 'utf8',
        env: { ...process.env, GOFLAGS: '-mod=mod', GO111MODULE: 'off' },
      });
      if (r.status !== 0) throw new Error(`go build: ${r.stderr}`);
    }
    const states = {} as Record<ProcessState, StateRecording>;
    for (const p of programs) {
      const trace = p.state === 'idle' ? goTrace(dir, false) : p.state === 'cpu' ? goTrace(dir, true) : null;
      states[p.state] = await observe(p, dir, seconds, trace);
    }
    const model = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown';
    const version = (cmd: string) => sh(cmd).split('\n')[0]?.trim() ?? '';
    const meta: RecordingMeta = {
      date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      kernel: sh('uname -sr').trim(),
      cpus: cpus().length,
      machine: `${model}, ${cpus().length} CPUs`,
      tools: [version('strace -V'), version('pidstat -V'), version('ss -V'), version('go version')]
        .filter(Boolean)
        .join('; '),
    };
    return { meta, states };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function moduleText(r: Recordings): string {
  return `/**
 * GENERATED by scripts/record-observe.ts — do not edit. Re-record on a Linux machine with
 * \`npx tsx scripts/record-observe.ts\` (needs strace, procps, sysstat, iproute2, gcc, util-linux, python3, go).
 *
 * Recorded ${r.meta.date} on ${r.meta.machine}, ${r.meta.kernel}.
 * Tools: ${r.meta.tools}.
 * What each program is and how the outputs were trimmed: the script's header.
 */
import type { ProcessState, RecordingMeta, StateRecording } from './observe-types.ts';

export const RECORDED: RecordingMeta = ${JSON.stringify(r.meta, null, 2)};

export const RECORDINGS: Record<ProcessState, StateRecording> = ${JSON.stringify(r.states, null, 2)};
`;
}

async function main(): Promise<void> {
  const { values } = parseCommandLine(
    { options: { out: { type: 'string', default: OUT }, seconds: { type: 'string', default: '1.5' } } },
    (message) => {
      console.error(`${message}\nusage: npx tsx scripts/record-observe.ts [--out FILE] [--seconds S]`);
      process.exit(2);
    },
  );
  const missing = missingTools();
  if (missing.length) throw new Error(`missing tools: ${missing.join(', ')}`);
  const r = await recordAll({ seconds: Number(values.seconds) });
  const out = resolve(values.out);
  writeFileSync(out, moduleText(r));
  spawnSync('npx', ['prettier', '--write', out], { stdio: 'ignore' });
  console.log(`wrote ${out}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
