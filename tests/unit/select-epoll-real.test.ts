/**
 * The select-epoll model checked against this machine: CPython's select, glibc's fd_set, the kernel's own select,
 * and what strace sees poll and epoll_wait pass and return. Each check is skipped, visibly, when its tool is missing.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EPOLL_EVENT_BYTES,
  FD_SETSIZE,
  FD_SET_BYTES,
  FIRST_FD,
  LONG_BYTES,
  POLLFD_BYTES,
  REVENTS_BYTES,
  SELECT_ERRORS,
  SELECT_MAX_N,
  waitCall,
} from '../../components/select-epoll/select-epoll-model.ts';

const probes = join(import.meta.dirname, '..', 'probes');

function has(cmd: string, args: string[] = ['--version']): boolean {
  const r = spawnSync(cmd, args, { stdio: 'ignore' });
  return r.error === undefined && r.status === 0;
}

/** The real interpreter behind python3 (pyenv and the like put a shell script in front of it). */
function realPython(): string | null {
  const r = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** One select.select call of tests/probes/select-limit.py: it returned, or raised `<type>: <message>`. */
type Attempt = { ok: true } | { ok: false; error: string };

/** What tests/probes/select-limit.py prints. */
interface SelectLimitOut {
  rlimit_nofile: number;
  open_below_1024: number;
  lowest: number;
  highest_below: number;
  all_below: Attempt;
  below_plus_1024: Attempt;
  only_1023: Attempt;
  only_1024: Attempt;
}

/** One raw pselect6 of tests/probes/select-sizes.c; `errno` is '' when it succeeded. */
interface RawSelect {
  nfds: number;
  result: number;
  errno: '' | 'EINVAL' | 'EBADF' | 'other';
}

/** What tests/probes/select-sizes.c prints when run without arguments. */
interface SelectSizesOut {
  FD_SETSIZE: number;
  sizeof_fd_set: number;
  sizeof_pollfd: number;
  sizeof_revents: number;
  sizeof_epoll_event: number;
  sizeof_long: number;
  high_fd: number;
  kernel_fd_past_1024: RawSelect;
  kernel_nfds_huge: RawSelect;
  kernel_nfds_negative: RawSelect;
}

const python = realPython();
const hasGcc = has('gcc');
const hasStrace = has('strace', ['-V']);
const isLinux = process.platform === 'linux';

describe('select’s limit in CPython (tests/probes/select-limit.py)', () => {
  it.skipIf(python === null)(
    'descriptors 3…1023 (N = 1,021) work; adding 1024 raises the error the slide quotes [needs python3]',
    () => {
      const r = spawnSync(python!, [join(probes, 'select-limit.py')], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      const out = JSON.parse(r.stdout) as SelectLimitOut;
      expect(out.lowest).toBe(FIRST_FD);
      expect(out.highest_below).toBe(FD_SETSIZE - 1);
      expect(out.open_below_1024).toBe(SELECT_MAX_N);
      expect(out.all_below).toEqual({ ok: true });
      expect(out.only_1023).toEqual({ ok: true });
      expect(out.below_plus_1024).toEqual({ ok: false, error: SELECT_ERRORS.python });
      // Not the count: the number. A single descriptor 1024 is refused just the same.
      expect(out.only_1024).toEqual({ ok: false, error: SELECT_ERRORS.python });
      // The model agrees on both sides of the line.
      expect(waitCall('select', out.open_below_1024, 0).ok).toBe(true);
      expect(waitCall('select', out.open_below_1024 + 1, 0).ok).toBe(false);
    },
  );
});

describe('glibc and the kernel (tests/probes/select-sizes.c)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'select-sizes-'));
  const build = (out: string, flags: string[]) => {
    const r = spawnSync('gcc', [...flags, '-Wall', '-o', join(dir, out), join(probes, 'select-sizes.c')], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    return join(dir, out);
  };

  it.skipIf(!hasGcc || !isLinux)('struct sizes and FD_SETSIZE are the model’s constants [needs gcc, Linux]', () => {
    const bin = build('sizes', ['-O2']);
    const r = spawnSync(bin, [], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as SelectSizesOut;
    expect(out.FD_SETSIZE).toBe(FD_SETSIZE);
    expect(out.sizeof_fd_set).toBe(FD_SET_BYTES);
    expect(out.sizeof_pollfd).toBe(POLLFD_BYTES);
    expect(out.sizeof_revents).toBe(REVENTS_BYTES);
    expect(out.sizeof_long).toBe(LONG_BYTES);
    // struct epoll_event is packed on x86-64 only; elsewhere it is 16 bytes.
    if (process.arch === 'x64') expect(out.sizeof_epoll_event).toBe(EPOLL_EVENT_BYTES);
    else expect(out.sizeof_epoll_event).toBe(16);
    // The kernel has no 1024 limit: given a bigger bitmap, it selects on descriptor > 1050 …
    expect(out.kernel_fd_past_1024.result).toBe(0);
    expect(out.kernel_fd_past_1024.nfds).toBeGreaterThan(FD_SETSIZE);
    // … trims an nfds larger than its descriptor table instead of failing …
    expect(out.kernel_nfds_huge).toMatchObject({ result: 0, errno: '' });
    // … and says EINVAL only for a negative nfds.
    expect(out.kernel_nfds_negative).toMatchObject({ result: -1, errno: 'EINVAL' });
  });

  it.skipIf(!hasGcc || !isLinux)(
    'with _FORTIFY_SOURCE, FD_SET(1024) aborts with the message the slide quotes; FD_SET(1023) is fine [needs gcc, glibc]',
    () => {
      const bin = build('fortified', ['-O2', '-D_FORTIFY_SOURCE=2']);
      const ok = spawnSync(bin, ['fdset', String(FD_SETSIZE - 1)], { encoding: 'utf8' });
      expect(ok.status).toBe(0);
      expect(JSON.parse(ok.stdout)).toEqual({ fdset: FD_SETSIZE - 1, select: 0 });
      const bad = spawnSync(bin, ['fdset', String(FD_SETSIZE)], { encoding: 'utf8' });
      expect(bad.signal).toBe('SIGABRT');
      expect(bad.stdout).toBe('');
      expect(bad.stderr).toContain(SELECT_ERRORS.fortify);
      rmSync(dir, { recursive: true, force: true });
    },
  );
});

interface Traced {
  pollNfds: number;
  pollEntriesIn: number;
  pollReturned: number;
  epollCtlAdds: number;
  epollWaitEventsOut: number;
  epollWaitReturned: number;
  epollWaitMaxEvents: number;
  select: { nfds: number; readSet: number; writeSet: string; exceptSet: string; returned: number } | null;
  /** what tests/probes/select-strace.py prints */
  probe: { reads: number[]; poll: number; epoll: number; select: number | null; epfd: number };
}

function traceProbe(n: number, k: number): Traced {
  const dir = mkdtempSync(join(tmpdir(), 'select-strace-'));
  const log = join(dir, 'trace');
  try {
    const r = spawnSync(
      'strace',
      [
        '-f',
        '-qq',
        '-s',
        '1000000',
        '-o',
        log,
        '-e',
        'trace=poll,ppoll,epoll_ctl,epoll_wait,epoll_pwait,select,pselect6',
        python!,
        join(probes, 'select-strace.py'),
        String(n),
        String(k),
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    expect(r.status, r.stderr).toBe(0);
    const probe = JSON.parse(r.stdout) as Traced['probe'];
    const lines = readFileSync(log, 'utf8').split('\n');
    // Python itself may poll at start-up; the probe's calls name the probe's own descriptors.
    const pollLine = lines.find((l) => /\bp?poll\(\[\{fd=/.test(l) && l.includes(`{fd=${probe.reads[0]},`));
    expect(pollLine, 'poll call in the trace').toBeDefined();
    const pollMatch = /p?poll\((\[.*?\]), (\d+), [^)]*\) = (\d+)/.exec(pollLine!);
    expect(pollMatch).not.toBeNull();
    const epollWait = lines.find((l) => /epoll_p?wait\(/.test(l));
    expect(epollWait, 'epoll_wait call in the trace').toBeDefined();
    const ewMatch = /epoll_p?wait\((\d+), (\[.*\]), (\d+), [^)]*?\) = (\d+)/.exec(epollWait!);
    expect(ewMatch).not.toBeNull();
    const selLine = lines.find((l) => /p?select6?\(/.test(l));
    let select: Traced['select'] = null;
    if (selLine) {
      const m = /p?select6?\((\d+), \[([\d ]*)\], (NULL|\[[\d ]*\]), (NULL|\[[\d ]*\]), .*\) = (\d+)/.exec(selLine);
      expect(m, selLine).not.toBeNull();
      select = {
        nfds: Number(m![1]),
        readSet: m![2]!.trim().split(/\s+/).filter(Boolean).length,
        writeSet: m![3]!,
        exceptSet: m![4]!,
        returned: Number(m![5]),
      };
    }
    return {
      pollNfds: Number(pollMatch![2]),
      pollEntriesIn: (pollMatch![1]!.match(/\{fd=/g) ?? []).length,
      pollReturned: Number(pollMatch![3]),
      epollCtlAdds: lines.filter((l) => l.includes(`epoll_ctl(${probe.epfd}, EPOLL_CTL_ADD`)).length,
      epollWaitEventsOut: (ewMatch![2]!.match(/\{events=/g) ?? []).length,
      epollWaitReturned: Number(ewMatch![4]),
      epollWaitMaxEvents: Number(ewMatch![3]),
      select,
      probe,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('what poll and epoll_wait pass and return, under strace (tests/probes/select-strace.py)', () => {
  const skip = python === null || !hasStrace || !isLinux;
  const reason = '[needs strace and python3 on Linux]';

  it.skipIf(skip)(
    `poll carries all N pollfds in; epoll_wait carries none and returns only the K ready ${reason}`,
    () => {
      const k = 5;
      for (const n of [50, 3000]) {
        const t = traceProbe(n, k);
        const poll = waitCall('poll', n, k);
        const epoll = waitCall('epoll', n, k);
        expect(t.probe.poll).toBe(k);
        expect(t.probe.epoll).toBe(k);
        // poll: N entries in the argument, nfds = N, K come back.
        expect(t.pollNfds).toBe(poll.countArg);
        expect(t.pollEntriesIn).toBe(n);
        expect(t.pollReturned).toBe(poll.returned);
        // epoll: N epoll_ctl once, then a wait that returns K events, whatever N is.
        expect(t.epollCtlAdds).toBe(epoll.registration!.calls);
        expect(t.epollWaitReturned).toBe(epoll.returned);
        expect(t.epollWaitEventsOut).toBe(k);
        expect(t.epollWaitMaxEvents).toBe(n);
      }
    },
  );

  it.skipIf(skip)(`select passes only the read set, nfds = highest descriptor + 1 ${reason}`, () => {
    const t = traceProbe(200, 7);
    expect(t.select).not.toBeNull();
    const maxFd = Math.max(...t.probe.reads);
    expect(t.select!.nfds).toBe(maxFd + 1);
    expect(t.select!.readSet).toBe(200);
    expect(t.select!.writeSet).toBe('NULL');
    expect(t.select!.exceptSet).toBe('NULL');
    expect(t.select!.returned).toBe(7);
    expect(t.probe.select).toBe(7);
  });
});
