/**
 * The await-future slide's wake-up against the real CPython on this machine: the slide's program (a handler
 * awaiting fetch awaiting loop.sock_recv on a socketpair, the peer a thread answering 50 ms later, or before the
 * loop starts) runs under python3 through tests/probes/asyncio_loop_probe.py, and every turn is compared with the
 * model's: which run_until_complete of asyncio.run it belongs to and the callbacks its step 6 ran, in order
 * (Task-1's __step; the reader _sock_recv, which calls set_result; _sock_read_done and task_wakeup a turn later).
 * Counts and orders only. A run the machine disturbed (the thread's 50 ms passing before the loop first reads)
 * is retried up to 3 times. Skipped (visibly) only when python3 is missing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPython } from './python-tool.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { LATENCY_MS, recordingOf, wakeSteps } from '../../components/await-future/await-future-model.ts';
import { programListing } from '../../components/await-future/await-future-code.ts';

const PROBE = join(__dirname, '..', 'probes', 'asyncio_loop_probe.py');
const python = findPython('await-future-real', { skipped: 'the comparison with CPython is skipped' });
const hasPython = python.exe !== null;
const SKIP = python.skip;

interface Real {
  readonly turns: readonly { readonly phase: string; readonly ran: readonly string[] }[];
  readonly error: string | null;
}

const tmp = mkdtempSync(join(tmpdir(), 'await-future-real-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function realRun(alreadyThere: boolean): Real {
  const file = join(tmp, `wake-${alreadyThere}.py`);
  writeFileSync(file, programListing(alreadyThere, LATENCY_MS));
  const r = spawnSync('python3', [PROBE, JSON.stringify([file])], { encoding: 'utf8', timeout: 30_000 });
  if (r.status !== 0) throw new Error(`probe failed (${r.status}): ${r.stderr}`);
  return (JSON.parse(r.stdout) as Real[])[0]!;
}

function modelRun(alreadyThere: boolean): Real {
  const r = recordingOf(alreadyThere);
  return {
    turns: r.turns.map((t) => ({
      phase: t.phase,
      ran: t.step6.ran.filter((x) => !x.skipped).map((x) => x.handle.callback),
    })),
    error: r.error?.repr() ?? null,
  };
}

describe('the await-future wake-up against CPython', () => {
  for (const alreadyThere of [false, true]) {
    it.skipIf(!hasPython)(
      `${alreadyThere ? 'the answer already there: no suspension, the turns of an empty program' : `the peer answers in ${LATENCY_MS} ms: the wake-up turn by turn`}${SKIP}`,
      () => {
        const model = modelRun(alreadyThere);
        const seen: Real[] = [];
        for (let i = 0; i < 3; i++) {
          seen.push(realRun(alreadyThere));
          if (JSON.stringify(seen[i]) === JSON.stringify(model)) break;
        }
        expect(seen[seen.length - 1], `real runs: ${JSON.stringify(seen)}`).toEqual(model);
        console.info(
          `${alreadyThere ? 'already there' : `${LATENCY_MS} ms`}: ${model.turns.length} turns, step 6 ran ${model.turns
            .map((t) => `[${t.ran.join(', ')}]`)
            .join(' ')}: model = CPython`,
        );
      },
    );
  }

  it('the model’s steps read the turns CPython has: the reader’s turn, then __wakeup’s', () => {
    const steps = wakeSteps(false);
    expect(steps.map((s) => s.turn)).toEqual([1, 1, 1, 2, 2, 3, 3]);
    expect(steps[3]!.sleptMs).toBe(LATENCY_MS);
    expect(steps[4]!.ready).toEqual(['BaseSelectorEventLoop._sock_read_done', 'Task.task_wakeup']);
    expect(modelRun(false).turns[1]!.ran).toEqual(['BaseSelectorEventLoop._sock_recv']);
    expect(modelRun(false).turns[2]!.ran).toEqual(['BaseSelectorEventLoop._sock_read_done', 'Task.task_wakeup']);
    expect(modelRun(true).turns).toHaveLength(6);
  });
});
