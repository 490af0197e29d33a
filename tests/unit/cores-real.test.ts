/**
 * Node's cluster against the cores slide's model of it: tests/probes/cores-cluster.cjs forks three workers sharing an
 * HTTP server on loopback and makes twelve requests one after another, each on its own connection. On Linux the
 * default policy is round-robin (SCHED_RR): every worker answers in turn, as the model deals a connection to the
 * first worker on the primary's free list. And a worker whose loop is blocked gets one connection more, not every
 * third: it is back on the free list only once its loop has taken the last one. Skipped visibly off Linux (Windows's
 * default is the other policy).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schedule } from '../../components/cores/cores-model.ts';

const PROBE = join(__dirname, '..', 'probes', 'cores-cluster.cjs');
const linux = process.platform === 'linux';

describe.skipIf(!linux)(
  linux ? 'Node’s cluster on loopback (node tests/probes/cores-cluster.cjs)' : 'Node’s cluster: SKIPPED, not Linux',
  () => {
    it('round-robin by default: the workers answer in turn, each the same number of times', () => {
      const r = spawnSync(process.execPath, [PROBE], { encoding: 'utf8', timeout: 30_000 });
      expect(r.status, r.stderr).toBe(0);
      const run = JSON.parse(r.stdout.trim()) as { policy: string; workers: number; served: number[] };
      expect(run.policy).toBe('rr');
      expect(run.served).toHaveLength(12);
      const counts = new Map<number, number>();
      for (const w of run.served) counts.set(w, (counts.get(w) ?? 0) + 1);
      expect([...counts.values()]).toEqual([4, 4, 4]);
      // In turn: each run of three consecutive requests reached three different workers, in the same order.
      for (let i = 3; i < run.served.length; i++) expect(run.served[i]).toBe(run.served[i - 3]);
      expect(new Set(run.served.slice(0, 3)).size).toBe(3);
      // The model, with nothing blocking and no worker busy when the next connection comes, deals the same way.
      const model = schedule({ cores: 3, strategy: 'cluster', blocking: false });
      expect(model.lanes.map((l) => l.map((s) => s.request))).toEqual([
        [1, 4, 7, 10],
        [2, 5, 8, 11],
        [3, 6, 9, 12],
      ]);
    }, 40_000);

    it('a worker blocked for a second gets one of the 9 connections that arrive meanwhile, as the model says', () => {
      const r = spawnSync(process.execPath, [PROBE, 'block'], { encoding: 'utf8', timeout: 30_000 });
      expect(r.status, r.stderr).toBe(0);
      const run = JSON.parse(r.stdout.trim()) as { policy: string; blocked: number; during: number[] };
      expect(run.policy).toBe('rr');
      expect(run.during).toHaveLength(9);
      // Strict turns would give it three of the nine.
      expect(run.during.filter((w) => w === run.blocked)).toHaveLength(1);
      expect(schedule({ cores: 3, strategy: 'cluster', blocking: true }).delayed).toBe(1);
    }, 40_000);
  },
);
