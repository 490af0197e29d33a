/**
 * The `nonblocking` and `io-uring` models checked against this machine's kernel, with `strace -f -c` counting
 * the system calls of the small programs in tests/probes/. A missing tool (strace, python3, gcc, node) or a kernel
 * that refuses io_uring skips the affected check visibly, with the reason in its name.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { figures, trace } from '../../components/nonblocking/nonblocking-model.ts';
import { batchCounts } from '../../components/io-uring/io-uring-model.ts';

const probes = join(__dirname, '..', 'probes');
const work = mkdtempSync(join(tmpdir(), 'real-syscalls-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const works = (cmd: string, args: string[]): boolean => {
  try {
    return spawnSync(cmd, args, { encoding: 'utf8', timeout: 20_000 }).status === 0;
  } catch {
    return false;
  }
};

const hasPython = works('python3', ['-c', 'import select; select.epoll']);
// strace must exist and be allowed to trace (ptrace can be forbidden in a container).
const hasStrace = works('strace', ['-f', '-c', '-o', '/dev/null', 'true']);
const hasNode = works('node', ['-e', '0']);
const uringBin = join(work, 'uring_batch');
const hasGcc = works('gcc', ['-O2', '-o', uringBin, join(probes, 'uring_batch.c')]);
const uringWorks = hasGcc && works(uringBin, ['1', '8', 'plain', '1']);
const sqpollWorks = uringWorks && works(uringBin, ['1', '8', 'sqpoll', '1']);

const noStrace = !hasStrace ? 'strace missing or not permitted' : '';
const noPython = !hasPython ? 'python3 with select.epoll missing' : '';
/** The reason a check is skipped, appended to its name so the report shows it. */
const why = (...reasons: string[]): string => {
  const r = reasons.filter(Boolean);
  return r.length ? ` (SKIPPED: ${r.join('; ')})` : '';
};

interface Counted {
  out: string;
  calls: Record<string, number>;
  errors: Record<string, number>;
}

/** Runs a command under `strace -f -c` and returns its stdout and the per-syscall counts. */
function straceCount(cmd: string, args: string[]): Counted {
  const summary = join(work, `c-${Math.random().toString(36).slice(2)}.txt`);
  const r = spawnSync('strace', ['-f', '-c', '-o', summary, cmd, ...args], { encoding: 'utf8', timeout: 30_000 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
  const calls: Record<string, number> = {};
  const errors: Record<string, number> = {};
  for (const line of readFileSync(summary, 'utf8').split('\n')) {
    const t = line.trim().split(/\s+/);
    // "% time  seconds  usecs/call  calls  [errors]  syscall"
    if (t.length < 5 || !/^[\d.]+$/.test(t[0] ?? '') || !/^[a-z_0-9]+$/.test(t[t.length - 1] ?? '')) continue;
    const name = t[t.length - 1] as string;
    if (name === 'total') continue;
    calls[name] = Number(t[3]);
    errors[name] = t.length === 6 ? Number(t[4]) : 0;
  }
  return { out: r.stdout, calls, errors };
}

const n = (c: Counted, name: string): number => c.calls[name] ?? 0;
const py = (...args: string[]) => straceCount('python3', [join(probes, 'sockets.py'), ...args]);

describe('a multiplexer pays for ready sockets, not registered ones (epoll, strace -c)', () => {
  it.skipIf(!hasStrace || !hasPython)(
    `one epoll_wait, one recv per ready socket, whatever N${why(noStrace, noPython)}`,
    () => {
      const cases: [number, number][] = [
        [10, 2],
        [500, 2],
        [500, 50],
      ];
      for (const [N, K] of cases) {
        const c = py('ready', String(N), String(K));
        expect(JSON.parse(c.out)).toMatchObject({ registered: N, ready: K });
        expect(n(c, 'epoll_wait') + n(c, 'epoll_pwait')).toBe(1);
        expect(n(c, 'recvfrom')).toBe(K); // grows with K …
        expect(n(c, 'epoll_ctl')).toBe(N); // … registration, paid once, grows with N
      }
    },
  );
});

describe('nonblocking: the three strategies for real (B at 30 ms, C at 60 ms, A at 90 ms)', () => {
  // The model with the same arrival order, in its own units.
  const p = { arrivals: { A: 90, B: 30, C: 60 }, syscallCost: 1 };
  const run = (s: string) => {
    const c = py('strategy', s);
    return {
      c,
      r: JSON.parse(c.out) as {
        order: string[];
        servedMs: Record<string, number>;
        eagain: number;
        reads: number;
        waits: number;
      },
    };
  };

  it.skipIf(!hasStrace || !hasPython)(
    `blocking: three reads, none fails; B and C are served only after A${why(noStrace, noPython)}`,
    () => {
      const { c, r } = run('blocking');
      const model = figures(trace('blocking', p), p);
      expect(r.order).toEqual(['A', 'B', 'C']);
      expect(n(c, 'recvfrom')).toBe(model.reads);
      expect(c.errors.recvfrom ?? 0).toBe(model.eagain);
      // B's data came at 30 ms but read(B) only starts after read(A) returns, at >= 90 ms.
      expect(r.servedMs.B).toBeGreaterThanOrEqual(90);
    },
  );

  it.skipIf(!hasStrace || !hasPython)(
    `polling: every failed read is EAGAIN, reads = EAGAIN + 3, many of them${why(noStrace, noPython)}`,
    () => {
      const { c, r } = run('polling');
      const model = figures(trace('polling', p), p);
      expect(r.order).toEqual(['B', 'C', 'A']);
      expect(n(c, 'recvfrom')).toBe(r.reads);
      expect(c.errors.recvfrom).toBe(r.eagain); // the kernel's failures are exactly the EAGAINs Python saw
      expect(r.reads - r.eagain).toBe(3);
      expect(model.syscalls - model.eagain).toBe(3);
      // In 90 ms of busy polling even a traced loop makes many calls (the model: one per syscall time): hundreds on
      // an idle machine, 88 in a CI run on a loaded one (strace stops the process at every call). A loop that waited
      // (select, a sleep) would make a handful: the line between the two is far below either.
      expect(r.eagain).toBeGreaterThan(30);
    },
  );

  it.skipIf(!hasStrace || !hasPython)(
    `multiplexer: three epoll_waits, three reads, no EAGAIN, same as the model${why(noStrace, noPython)}`,
    () => {
      const { c, r } = run('multiplexer');
      const model = figures(trace('multiplexer', p), p);
      expect(r.order).toEqual(['B', 'C', 'A']);
      expect(n(c, 'epoll_wait') + n(c, 'epoll_pwait')).toBe(model.waits);
      expect(n(c, 'recvfrom')).toBe(model.reads);
      expect(c.errors.recvfrom ?? 0).toBe(0);
      expect(r.servedMs.B).toBeLessThan(60); // served before C's data even arrives
    },
  );
});

describe('io_uring vs epoll: syscalls to answer a batch', () => {
  it.skipIf(!hasStrace || !hasPython)(
    `epoll: 1 epoll_wait + B recv + B send = 2B + 1${why(noStrace, noPython)}`,
    () => {
      for (const B of [1, 20]) {
        const c = py('batch', String(B));
        const model = batchCounts(B);
        expect(n(c, 'epoll_wait') + n(c, 'epoll_pwait')).toBe(model.epollWaits);
        expect(n(c, 'recvfrom')).toBe(model.epollReads);
        expect(n(c, 'sendto')).toBe(model.epollWrites);
      }
    },
  );

  const uringReason = !hasGcc ? 'gcc missing' : !uringWorks ? 'io_uring_setup refused on this kernel' : '';
  it.skipIf(!hasStrace || !uringWorks)(
    `io_uring: ceil(2B / 64) io_uring_enter per batch, 1 up to B = 32${why(noStrace, uringReason)}`,
    () => {
      for (const B of [1, 16, 32, 33, 100]) {
        const c = straceCount(uringBin, [String(B), '64', 'plain', '2']);
        const r = JSON.parse(c.out) as { enters: number[]; completions: number; errors: number };
        const model = batchCounts(B, 64);
        expect(r.errors).toBe(0);
        expect(r.completions).toBe(2 * 2 * B); // two batches, a read and a write per request
        expect(r.enters).toEqual([model.ioUring, model.ioUring]);
        expect(n(c, 'io_uring_enter')).toBe(2 * model.ioUring); // the kernel's count agrees with the program's
        expect(n(c, 'recvfrom') + n(c, 'sendto') + n(c, 'epoll_wait')).toBe(0); // no per-request syscalls
      }
    },
  );

  const sqpollReason = !sqpollWorks ? 'IORING_SETUP_SQPOLL refused here (or io_uring unavailable)' : '';
  it.skipIf(!hasStrace || !sqpollWorks)(
    `SQPOLL: one wake-up for the first batch, then 0 syscalls per batch${why(noStrace, sqpollReason)}`,
    () => {
      for (const B of [16, 100]) {
        const c = straceCount(uringBin, [String(B), '64', 'sqpoll', '3']);
        const r = JSON.parse(c.out) as { enters: number[]; woke: number; errors: number };
        const model = batchCounts(B, 64);
        expect(r.errors).toBe(0);
        expect(r.enters).toEqual([model.sqpollAsleep, model.sqpoll, model.sqpoll]);
        expect(r.woke).toBe(1); // the only io_uring_enter was IORING_ENTER_SQ_WAKEUP
        expect(n(c, 'io_uring_enter')).toBe(1);
      }
    },
  );
});

describe('a regular file is not a socket', () => {
  it.skipIf(!hasPython)(`select() says "ready" at once; epoll_ctl refuses it with EPERM${why(noPython)}`, () => {
    const f = join(work, 'file.txt');
    writeFileSync(f, 'hello\n');
    const r = spawnSync('python3', [join(probes, 'sockets.py'), 'regular-file', f], { encoding: 'utf8' });
    const out = JSON.parse(r.stdout) as { selectReady: boolean; selectMs: number; epoll: string };
    expect(out.selectReady).toBe(true);
    expect(out.selectMs).toBeLessThan(1000); // did not wait for the 5 s timeout
    expect(out.epoll).toContain('EPERM');
  });

  const nodeReason = !hasNode ? 'node missing' : '';
  it.skipIf(!hasStrace || !hasNode)(
    `Node reads a file on a libuv pool thread, not on the loop thread${why(noStrace, nodeReason)}`,
    () => {
      const f = join(work, 'node-file.txt');
      writeFileSync(f, 'hello\n');
      const log = join(work, 'node-trace.txt');
      const r = spawnSync(
        'strace',
        [
          '-f',
          '-o',
          log,
          '-e',
          'trace=execve,openat,read,pread64,io_uring_setup',
          'node',
          '-e',
          `require('fs').readFile(${JSON.stringify(f)}, (e, d) => process.stdout.write(String(d)))`,
        ],
        { encoding: 'utf8', timeout: 30_000 },
      );
      expect(r.stdout).toBe('hello\n');
      const lines = readFileSync(log, 'utf8').split('\n');
      const mainPid = lines.find((l) => l.includes('execve('))?.split(/\s+/)[0];
      const open = lines.find((l) => l.includes(`openat(`) && l.includes(f));
      expect(mainPid).toBeTruthy();
      expect(open).toBeTruthy();
      const openPid = open?.split(/\s+/)[0];
      expect(openPid).not.toBe(mainPid); // the open (and the read) happen on another thread: the pool
      expect(lines.some((l) => l.includes('io_uring_setup('))).toBe(false); // this Node does not hand files to io_uring
    },
  );
});
