/**
 * What an idle OS thread costs on this machine, against the figure the green-threads slide states
 * (MEASURED.osThread): tests/probes/thread-rss.c starts 1,000 pthreads that wait and reads /proc/self/status.
 * Reserved address space (VmSize) is about the stack size per thread; resident memory (VmRSS) is three orders of
 * magnitude less. Skipped visibly without gcc or /proc.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASURED, OS_THREAD_STACK_BYTES, osThreadCost } from '../../components/green-threads/green-threads-model.ts';

const PROBE = join(__dirname, '..', 'probes', 'thread-rss.c');
const hasGcc = spawnSync('gcc', ['--version'], { encoding: 'utf8', timeout: 30_000 }).status === 0;
const hasProc = process.platform === 'linux' && existsSync('/proc/self/status');

interface Probe {
  threads: number;
  threadsInStatus: number;
  defaultStackBytes: number;
  vmSizeKb: [number, number];
  vmRssKb: [number, number];
}

describe.skipIf(!hasGcc || !hasProc)(
  hasGcc && hasProc
    ? 'an idle OS thread (gcc tests/probes/thread-rss.c)'
    : 'an idle OS thread: SKIPPED, no `gcc` on PATH or no /proc',
  () => {
    let dir = '';
    let run: Probe;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'thread-rss-'));
      const bin = join(dir, 'thread-rss');
      const cc = spawnSync('gcc', ['-O1', '-pthread', '-o', bin, PROBE], { encoding: 'utf8', timeout: 60_000 });
      if (cc.status !== 0) throw new Error(`gcc failed: ${cc.stderr}`);
      const r = spawnSync(bin, [String(MEASURED.osThread.threads)], { encoding: 'utf8', timeout: 60_000 });
      if (r.status !== 0) throw new Error(`probe failed (${String(r.status)}): ${r.stderr}${r.stdout}`);
      run = JSON.parse(r.stdout.trim()) as Probe;
    }, 120_000);
    afterAll(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('all the threads were there while it measured', () => {
      expect(run.threads).toBe(MEASURED.osThread.threads);
      expect(run.threadsInStatus).toBe(MEASURED.osThread.threads + 1);
    });

    it('reserved: each thread adds about its stack size to VmSize (8 MB where `ulimit -s` is 8192)', () => {
      const perThread = ((run.vmSizeKb[1] - run.vmSizeKb[0]) * 1024) / run.threads;
      expect(perThread).toBeGreaterThanOrEqual(run.defaultStackBytes);
      expect(perThread).toBeLessThan(run.defaultStackBytes + 64 * 1024);
      if (run.defaultStackBytes === OS_THREAD_STACK_BYTES) {
        expect(Math.abs(perThread - MEASURED.osThread.reservedPerThread)).toBeLessThan(64 * 1024);
      }
    });

    it('resident: the same order of magnitude as the stated figure, and far below the reservation', () => {
      const perThread = ((run.vmRssKb[1] - run.vmRssKb[0]) * 1024) / run.threads;
      const stated = MEASURED.osThread.residentPerThread;
      expect(perThread).toBeGreaterThan(stated / 4);
      expect(perThread).toBeLessThan(stated * 4);
      expect(perThread).toBeLessThan(run.defaultStackBytes / 100);
    });

    it('the slide’s line for 10,000 threads: 78 GB reserved, about 80 MB resident', () => {
      const c = osThreadCost(10_000);
      expect(c.reserved / 1024 ** 3).toBeCloseTo(78.1, 1);
      expect(c.resident / 1024 ** 2).toBeGreaterThan(70);
      expect(c.resident / 1024 ** 2).toBeLessThan(90);
    });
  },
);
