/**
 * The wake-up model's level- and edge-triggered answers (`runEpoll`) against this machine's kernel:
 * tests/probes/epoll-lt-et.c runs the same ops on an AF_UNIX socketpair watched by epoll (EPOLLIN, with or without
 * EPOLLET) and prints what each epoll_wait (timeout 0) reported and the bytes left (FIONREAD). Without gcc (or on a
 * kernel without epoll) the checks are skipped visibly, with the reason in their names.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { STORY, runEpoll, type EpollOp, type Trigger } from '../../components/wake-up/wake-up-model.ts';

const work = mkdtempSync(join(tmpdir(), 'wake-up-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const bin = join(work, 'epoll-lt-et');
const cc = spawnSync('gcc', ['-O2', '-o', bin, join(__dirname, '..', 'probes', 'epoll-lt-et.c')], { encoding: 'utf8' });
const built = !cc.error && cc.status === 0;
const runs = built && spawnSync(bin, ['level', 'w1', 'e']).status === 0;
const skip = !built ? ' (SKIPPED: gcc missing or failed)' : !runs ? ' (SKIPPED: epoll on a socketpair refused)' : '';

const arg = (o: EpollOp): string => (o.op === 'wait' ? 'e' : `${o.op === 'write' ? 'w' : 'r'}${o.n}`);

/** What the kernel said for each op: reported (waits only) and the bytes left. */
function kernel(trigger: Trigger, ops: readonly EpollOp[]): { reported: boolean | null; left: number }[] {
  const p = spawnSync(bin, [trigger, ...ops.map(arg)], { encoding: 'utf8', timeout: 10_000 });
  if (p.status !== 0) throw new Error(`epoll-lt-et ${trigger} failed: ${p.stderr}`);
  const lines = p.stdout.trim().split('\n');
  const out: { reported: boolean | null; left: number }[] = [];
  for (let i = 0; i < lines.length; i += 2) {
    const [kind, got] = (lines[i] ?? '').split(' ');
    const left = Number((lines[i + 1] ?? '').split(' ')[1]);
    out.push({ reported: kind === 'e' ? Number(got) > 0 : null, left });
  }
  return out;
}

describe.skipIf(skip !== '')(`epoll on this kernel: level- vs edge-triggered${skip}`, () => {
  it('the slide’s story: after read() leaves bytes, level-triggered reports again and edge-triggered does not', () => {
    for (const trigger of ['level', 'edge'] as const) expect(kernel(trigger, STORY)).toEqual(runEpoll(trigger, STORY));
    expect(kernel('level', STORY)[3]?.reported).toBe(true);
    expect(kernel('edge', STORY)[3]?.reported).toBe(false);
  });

  it('property: on random writes, reads and waits the model answers as the kernel does', () => {
    const op = fc.oneof(
      fc.integer({ min: 1, max: 4000 }).map((n): EpollOp => ({ op: 'write', n })),
      fc.integer({ min: 1, max: 4000 }).map((n): EpollOp => ({ op: 'read', n })),
      fc.constant<EpollOp>({ op: 'wait' }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom<Trigger>('level', 'edge'),
        fc.array(op, { minLength: 1, maxLength: 16 }),
        (trigger, ops) => {
          expect(kernel(trigger, ops)).toEqual(runEpoll(trigger, ops));
        },
      ),
      { numRuns: 60 },
    );
  });
});
