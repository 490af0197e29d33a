/**
 * The data folder's lock (server/store.ts's lockRoom) taken by two real processes at the same instant, many times
 * (fast-check): whatever the folder held before (nothing, a dead process's lock, an empty or garbled lock file, a
 * live process's lock), at most one of them holds it, exactly one when it was free or stale, the other is refused
 * naming the holder's pid, and the folder keeps nothing but the lock.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LOCK_NAME } from '../../server/store.ts';
import { SIM_SEED } from './sim-seed.ts';
import { removeTempDirs, tempDir } from './workshop-client.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * A locker: for each line `{ dir, at }` on its stdin, waits (spinning) until the wall clock reaches `at` (ms, with
 * fractions), takes the folder's lock and answers `{ held: true }` or `{ lockedBy: pid }`; `{ release: true }` lets
 * its lock go. Both lockers spin towards the same instant, so their calls start within microseconds of each other.
 */
const LOCKER = `
import { createInterface } from 'node:readline';
import { lockRoom, RoomLockedError } from ${JSON.stringify(join(ROOT, 'server/store.ts'))};
let lock = null;
const clock = () => performance.timeOrigin + performance.now();
for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line);
  if (m.release) {
    lock?.release();
    lock = null;
    console.log(JSON.stringify({ released: true }));
    continue;
  }
  while (clock() < m.at);
  try {
    lock = lockRoom(m.dir, []);
    console.log(JSON.stringify({ held: true }));
  } catch (e) {
    console.log(JSON.stringify(e instanceof RoomLockedError ? { lockedBy: e.pid } : { error: String(e) }));
  }
}
`;

interface Locker {
  child: ChildProcess;
  ask(msg: object): Promise<{ held?: true; lockedBy?: number; error?: string; released?: true }>;
}

function startLocker(): Promise<Locker> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', LOCKER], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line));
  const locker: Locker = {
    child,
    ask: (msg) =>
      new Promise((done) => {
        waiting.push((line) => done(JSON.parse(line) as Awaited<ReturnType<Locker['ask']>>));
        child.stdin.write(`${JSON.stringify(msg)}\n`);
      }),
  };
  // Ready once it answers (tsx's start included).
  return locker.ask({ release: true }).then(() => locker);
}

let lockers: Locker[] = [];
/** A pid that no process has any more. */
let deadPid = 0;

beforeAll(async () => {
  lockers = await Promise.all([startLocker(), startLocker()]);
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  deadPid = Number(dead.stdout);
}, 60_000);

afterAll(() => {
  for (const l of lockers) l.child.kill('SIGKILL');
  removeTempDirs();
});

type Before = 'none' | 'dead' | 'empty' | 'garbage' | 'live';

test('two processes locking the same folder at the same instant: never both hold it', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom<Before>('none', 'none', 'dead', 'empty', 'garbage', 'live'),
      // The second locker starts up to 0.2 ms after the first, either way round.
      fc.double({ min: -0.2, max: 0.2, noNaN: true }),
      async (before, skew) => {
        const dir = tempDir('lock');
        const path = join(dir, LOCK_NAME);
        if (before === 'dead') writeFileSync(path, `${deadPid}\n`);
        if (before === 'empty') writeFileSync(path, '');
        if (before === 'garbage') writeFileSync(path, 'not a pid\n');
        if (before === 'live') writeFileSync(path, `${process.pid}\n`);
        const at = performance.timeOrigin + performance.now() + 30;
        const answers = await Promise.all([lockers[0]!.ask({ dir, at }), lockers[1]!.ask({ dir, at: at + skew })]);
        expect(answers.filter((a) => a.error !== undefined)).toEqual([]);
        const holders = answers.flatMap((a, i) => (a.held ? [lockers[i]!.child.pid!] : []));
        if (before === 'live') {
          expect(holders).toEqual([]);
          expect(answers).toEqual([{ lockedBy: process.pid }, { lockedBy: process.pid }]);
          return;
        }
        expect(holders).toHaveLength(1);
        const loser = answers.find((a) => !a.held);
        expect(loser).toEqual({ lockedBy: holders[0] });
        expect(readFileSync(path, 'utf8')).toBe(`${holders[0]}\n`);
        // Nothing but the lock is left behind (no temporary file, no claim).
        expect(readdirSync(dir)).toEqual([LOCK_NAME]);
        await Promise.all(lockers.map((l) => l.ask({ release: true })));
        expect(readdirSync(dir)).toEqual([]);
      },
    ),
    { seed: SIM_SEED, numRuns: 60 },
  );
}, 120_000);
