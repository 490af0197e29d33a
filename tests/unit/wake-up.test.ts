import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  PATH_LENGTH,
  SPEAKER_SEQUENCE,
  STAGES,
  initialState,
  forward,
  back,
  reset,
  runEpoll,
  setTrigger,
  stageAt,
  stageStatus,
  stateForStep,
  storyFigures,
  whereAt,
  type EpollOp,
} from '../../components/wake-up/wake-up-model.ts';

const w = (n: number): EpollOp => ({ op: 'write', n });
const r = (n: number): EpollOp => ({ op: 'read', n });
const e: EpollOp = { op: 'wait' };
const waits = (trigger: 'level' | 'edge', ops: EpollOp[]) =>
  runEpoll(trigger, ops)
    .filter((o) => o.reported !== null)
    .map((o) => o.reported);

describe('runEpoll: one socket under epoll, level- and edge-triggered (epoll(7))', () => {
  it('hand-worked: 1,000 bytes, read 100, wait twice, 50 more, read all', () => {
    const ops = [w(1000), e, r(100), e, e, w(50), e, r(2000), e];
    expect(waits('level', ops)).toEqual([true, true, true, true, false]);
    expect(waits('edge', ops)).toEqual([true, false, false, true, false]);
    expect(runEpoll('edge', ops).map((o) => o.left)).toEqual([1000, 1000, 900, 900, 900, 950, 950, 0, 0]);
  });

  it('nothing written: never reported', () => {
    expect(waits('level', [e, e])).toEqual([false, false]);
    expect(waits('edge', [e, r(10), e])).toEqual([false, false]);
  });

  it('edge-triggered: two writes before a wait give one report; data read before the wait gives none', () => {
    expect(waits('edge', [w(1), w(1), e, e])).toEqual([true, false]);
    expect(waits('edge', [w(10), r(10), e])).toEqual([false]);
  });

  it('the slide’s story: 1,448 bytes, read 1,024, 424 left; level reports again, edge does not', () => {
    expect(storyFigures('level')).toEqual({ firstReported: true, left: 424, againReported: true });
    expect(storyFigures('edge')).toEqual({ firstReported: true, left: 424, againReported: false });
  });

  const op = fc.oneof(
    fc.integer({ min: 1, max: 5000 }).map(w),
    fc.integer({ min: 1, max: 5000 }).map(r),
    fc.constant(e),
  );

  it('property: level-triggered reports exactly when bytes are left in the buffer', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        for (const o of runEpoll('level', ops)) if (o.reported !== null) expect(o.reported).toBe(o.left > 0);
      }),
    );
  });

  it('property: edge-triggered reports only what level-triggered does, and only after new data since its last report', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const edge = runEpoll('edge', ops);
        const level = runEpoll('level', ops);
        let wroteSince = false;
        ops.forEach((o, i) => {
          if (o.op === 'write') wroteSince = true;
          if (o.op !== 'wait') return;
          if (edge[i]?.reported) {
            expect(level[i]?.reported).toBe(true);
            expect(wroteSince).toBe(true);
          }
          if (edge[i]?.reported || (edge[i]?.left ?? 0) === 0) wroteSince = false;
        });
        // The bytes left never depend on the mode.
        expect(edge.map((x) => x.left)).toEqual(level.map((x) => x.left));
      }),
    );
  });
});

describe('the wake-up demo’s state', () => {
  it('step 0: asleep, nothing buffered, level-triggered', () => {
    const s = initialState();
    expect(s).toEqual({ index: 0, trigger: 'level' });
    expect(stageAt(s.index)).toBeNull();
    expect(whereAt(s)).toEqual({ buffered: 0, onReadyList: false, asleep: true });
  });

  it('the clicker walks every stage in order, then epoll_wait again level- and edge-triggered', () => {
    const stages = SPEAKER_SEQUENCE.map((_, i) => stageAt(stateForStep(i, null).index));
    expect(stages).toEqual([null, ...STAGES, 'again']);
    expect(SPEAKER_SEQUENCE.slice(-2).map((s) => s.trigger)).toEqual(['level', 'edge']);
  });

  it('hand-worked: where the data is along the path', () => {
    const at = (index: number, trigger: 'level' | 'edge' = 'level') => whereAt({ index, trigger });
    expect(at(5)).toEqual({ buffered: 1448, onReadyList: false, asleep: true });
    expect(at(7)).toEqual({ buffered: 1448, onReadyList: true, asleep: true });
    expect(at(8, 'edge')).toEqual({ buffered: 1448, onReadyList: false, asleep: false });
    expect(at(9, 'level')).toEqual({ buffered: 424, onReadyList: true, asleep: false });
    expect(at(10, 'level')).toEqual({ buffered: 424, onReadyList: true, asleep: false });
    expect(at(10, 'edge')).toEqual({ buffered: 424, onReadyList: false, asleep: true });
  });

  it('property: forward, back and reset stay on the path, and back undoes forward', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: PATH_LENGTH - 1 }), fc.constantFrom('level', 'edge'), (index, trigger) => {
        const s = { index, trigger } as const;
        const n = forward(s);
        expect(n.index).toBe(Math.min(PATH_LENGTH - 1, index + 1));
        if (index < PATH_LENGTH - 1) expect(back(n)).toEqual(s);
        expect(reset(s).index).toBe(0);
        expect(setTrigger(s, trigger)).toBe(s);
        const statuses = STAGES.map((st) => stageStatus(st, index));
        expect(statuses.filter((x) => x === 'current')).toHaveLength(index === 0 ? 0 : 1);
        expect(statuses.indexOf('ahead') === -1 || statuses.lastIndexOf('done') < statuses.indexOf('ahead')).toBe(true);
      }),
    );
  });
});
