/**
 * The observe slide's outputs, recorded again on this machine (scripts/record-observe.ts: a few seconds per
 * state), must show the same telling features as the committed ones (observe-recordings.ts, checked in
 * observe.test.ts): the idle loop's time in epoll_wait/epoll_pwait; the blocked process in one read that does
 * not return, asleep in the kernel's pipe read; the contended one's time in futex; the CPU-bound one with no
 * system calls and growing nonvoluntary switches. Counts and where the time goes are compared, never speeds.
 * Skipped, saying why, without Linux or without the tools (strace needs to attach: root or ptrace permission).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ctxtGrowth, hasTellingFeature, topSyscall } from '../../components/observe/observe-model.ts';
import { PROCESS_STATES } from '../../components/observe/observe-types.ts';
import { missingTools, recordAll, type Recordings } from '../../scripts/record-observe.ts';

const isLinux = process.platform === 'linux' && existsSync('/proc/self/task');
const missing = isLinux ? missingTools() : ['Linux'];
const canAttach = missing.length === 0 && spawnSync('strace', ['-f', '-c', '-o', '/dev/null', 'true']).status === 0;
const reason = missing.length ? `missing: ${missing.join(', ')}` : 'strace cannot trace here';

describe.skipIf(!canAttach)(`recorded again on this machine${canAttach ? '' : ` — SKIPPED: ${reason}`}`, () => {
  let fresh: Recordings | undefined;
  const rec = async () => (fresh ??= await recordAll({ seconds: 1 }));

  it.each(PROCESS_STATES)(
    '%s shows its telling feature',
    async (state) => {
      const r = await rec();
      const got = r.states[state];
      const info = JSON.stringify({
        top: topSyscall(got.straceC.output),
        growth: ctxtGrowth(got),
        straceE: got.straceE.output.slice(0, 300),
        ps: got.ps.output,
      });
      expect(hasTellingFeature(state, got), info).toBe(true);
    },
    120_000,
  );
});
