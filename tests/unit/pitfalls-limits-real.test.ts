/**
 * The pitfalls slide's claim about open files, against the real runtimes on this machine: each starts under
 * `ulimit -Sn 1024` (the usual soft limit) with the machine's hard limit above it, reports the limits it runs with
 * (/proc/self/limits) and opens descriptors until it has `want` or fails (probes in tests/probes: fd_limit.py,
 * fd-limit.cjs, fd_limit.go). CPython keeps the soft limit and gets EMFILE before 1,024 sockets; Node and Go (since
 * 1.19) raise their soft limit to the hard one as they start and open them all. The model's table
 * (pitfalls-model.ts `RAISES_FD_LIMIT`) must say the same. Counts and limits only, no times: not a timed check.
 * Skipped visibly where the hard limit leaves no room above 1,024, and Go's case where `go` is missing.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { goEnv, goProbe } from './go-probe.ts';
import {
  FD_SOFT_LIMIT,
  RAISES_FD_LIMIT,
  WORLD,
  hitsFdLimit,
  type CodeLang,
} from '../../components/pitfalls/pitfalls-model.ts';

const PROBES = join(__dirname, '..', 'probes');
const isLinux = process.platform === 'linux';
const hardLimit = (): number => {
  const r = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' });
  const v = r.stdout.trim();
  return v === 'unlimited' ? Infinity : Number(v);
};
const HARD = isLinux ? hardLimit() : 0;
/** Room above the soft limit to tell "raised" from "kept": the slide's 10,000 sockets where the hard limit allows. */
const WANT = Math.min(WORLD.calls, HARD - 64);
const roomy = isLinux && WANT > FD_SOFT_LIMIT + 256;
const hasGo = spawnSync('go', ['version'], { encoding: 'utf8', timeout: 30_000 }).status === 0;

interface Seen {
  soft: number;
  hard: number;
  opened: number;
  error: string | null;
}

/** Runs `argv` in a shell that first lowers the soft limit to 1,024 (the hard one stays). */
function underSoftLimit(argv: string[], env: NodeJS.ProcessEnv = process.env): Seen {
  const r = spawnSync('sh', ['-c', `ulimit -Sn ${FD_SOFT_LIMIT} && exec "$@"`, 'sh', ...argv, String(WANT)], {
    encoding: 'utf8',
    env,
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`probe failed (${String(r.status)}): ${r.stderr}${r.stdout}`);
  return JSON.parse(r.stdout.trim()) as Seen;
}

function expectAsModel(lang: CodeLang, seen: Seen): void {
  expect(seen.hard).toBe(HARD);
  if (RAISES_FD_LIMIT[lang]) {
    // raised to the hard limit at start: every socket the slide asks for opens
    expect(seen.soft).toBe(HARD);
    expect([seen.opened, seen.error]).toEqual([WANT, null]);
    expect(hitsFdLimit(lang, WANT)).toBe(false);
  } else {
    // kept at 1,024: EMFILE a few short of it (stdin, stdout, stderr and the runtime's own descriptors come first)
    expect(seen.soft).toBe(FD_SOFT_LIMIT);
    expect(seen.error).toBe('EMFILE');
    expect(seen.opened).toBeLessThan(FD_SOFT_LIMIT);
    expect(seen.opened).toBeGreaterThan(FD_SOFT_LIMIT - 32);
    expect(hitsFdLimit(lang, WANT)).toBe(true);
  }
}

describe.skipIf(!roomy)(
  roomy
    ? `open files under ulimit -Sn ${FD_SOFT_LIMIT} (hard ${HARD})`
    : 'open files: SKIPPED, no hard limit above 1,024',
  () => {
    it('CPython keeps the soft limit: EMFILE before 1,024 sockets', () => {
      expectAsModel('python', underSoftLimit(['python3', join(PROBES, 'fd_limit.py')]));
    });

    it('Node raises its soft limit to the hard one as it starts: all descriptors open', () => {
      expectAsModel('javascript', underSoftLimit([process.execPath, join(PROBES, 'fd-limit.cjs')]));
    });

    describe.skipIf(!hasGo)(hasGo ? 'Go' : 'Go: SKIPPED, no `go` on PATH', () => {
      let probe = '';
      beforeAll(() => {
        probe = goProbe('fd_limit.go');
      }, 130_000);

      it('Go (1.19 and later) raises its soft limit to the hard one as it starts: all sockets open', () => {
        expectAsModel('go', underSoftLimit([probe], goEnv()));
      });
    });
  },
);
