import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BATCH_MAX,
  DEFAULT_SQ_ENTRIES,
  back,
  batchCounts,
  canComplete,
  canQueue,
  canReap,
  canSubmit,
  clampBatch,
  complete,
  cqPending,
  fileRead,
  currentRings,
  drawnIndex,
  drawnSlots,
  freshRings,
  setSqEntries,
  DRAWN_CQ_MAX,
  DRAWN_SQ_MAX,
  initialState,
  SPEAKER_SEQUENCE,
  stateForStep,
  largestSingleEnterBatch,
  liveCq,
  liveSq,
  queue,
  reap,
  resetRings,
  roundUpPow2,
  series,
  sqPending,
  submit,
  type RingsState,
} from '../../components/io-uring/io-uring-model.ts';

describe('io-uring: syscalls per batch, worked by hand (SQ of 64 entries)', () => {
  it('B = 1: epoll 3 (wait, read, write), io_uring 1, SQPOLL 0', () => {
    const c = batchCounts(1);
    expect([c.epoll, c.ioUring, c.sqpoll]).toEqual([3, 1, 0]);
  });

  it('B = 16 (the default): epoll 33, io_uring 1 (32 SQEs fit in 64), SQPOLL 0', () => {
    const c = batchCounts(16);
    expect(c.epoll).toBe(33);
    expect(c.epollWaits + c.epollReads + c.epollWrites).toBe(33);
    expect(c.sqes).toBe(32);
    expect(c.fits).toBe(true);
    expect(c.ioUring).toBe(1);
    expect(c.sqpoll).toBe(0);
    expect(c.sqpollAsleep).toBe(1);
  });

  it('B = 32 is the largest batch for one io_uring_enter; B = 33 needs 2; B = 128 needs 4', () => {
    expect(largestSingleEnterBatch()).toBe(32);
    expect(batchCounts(32).ioUring).toBe(1);
    expect(batchCounts(33).ioUring).toBe(2);
    expect(batchCounts(33).fits).toBe(false);
    expect(batchCounts(64).ioUring).toBe(2);
    expect(batchCounts(65).ioUring).toBe(3);
    expect(batchCounts(128).ioUring).toBe(4);
    expect(batchCounts(128).epoll).toBe(257);
  });

  it('the SQ size is rounded up to a power of two, as io_uring_setup does', () => {
    expect(roundUpPow2(1)).toBe(1);
    expect(roundUpPow2(5)).toBe(8);
    expect(roundUpPow2(64)).toBe(64);
    expect(batchCounts(5, 5).sqEntries).toBe(8);
    expect(batchCounts(5, 5).ioUring).toBe(2); // 10 SQEs in a ring of 8
    expect(() => batchCounts(1, 65536)).toThrow(RangeError);
  });

  it('the chart series has one point per batch size', () => {
    const s = series(4);
    expect(s.epoll).toEqual([3, 5, 7, 9]);
    expect(s.io_uring).toEqual([1, 1, 1, 1]);
    expect(s.sqpoll).toEqual([0, 0, 0, 0]);
    expect(series().epoll).toHaveLength(BATCH_MAX);
  });

  it('clamps the slider value', () => {
    expect(clampBatch(0)).toBe(1);
    expect(clampBatch(500)).toBe(BATCH_MAX);
    expect(clampBatch(7.4)).toBe(7);
  });
});

describe('io-uring: properties of the counts', () => {
  it('io_uring: one io_uring_enter per batch, regardless of B, while 2B fits in the SQ', () => {
    fc.assert(
      fc.property(fc.constantFrom(8, 16, 32, 64, 128, 256, 4096), fc.integer({ min: 1, max: 2048 }), (sq, b) => {
        fc.pre(2 * b <= sq);
        expect(batchCounts(b, sq).ioUring).toBe(1);
      }),
    );
  });

  it('above the ring size: ceil(2B / SQ) enters, each at most SQ SQEs, never more than epoll', () => {
    fc.assert(
      fc.property(fc.constantFrom(8, 16, 64, 256), fc.integer({ min: 1, max: 5000 }), (sq, b) => {
        const c = batchCounts(b, sq);
        expect(c.ioUring * sq).toBeGreaterThanOrEqual(2 * b);
        expect((c.ioUring - 1) * sq).toBeLessThan(2 * b);
        expect(c.ioUring).toBeLessThan(c.epoll);
      }),
    );
  });

  it('epoll grows by exactly 2 per request; SQPOLL stays 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (b) => {
        expect(batchCounts(b + 1).epoll - batchCounts(b).epoll).toBe(2);
        expect(batchCounts(b).sqpoll).toBe(0);
      }),
    );
  });
});

function run(s: RingsState, ops: string): RingsState {
  for (const ch of ops) {
    if (ch === 'q') s = queue(s);
    else if (ch === 's') s = submit(s);
    else if (ch === 'c') s = complete(s);
    else if (ch === 'r') s = reap(s);
    else if (ch === 'b') s = back(s);
  }
  return s;
}

describe('io-uring: the rings, step by step (SQ 8, CQ 16)', () => {
  it('queue three, one io_uring_enter, two completions, reap one', () => {
    let s = freshRings(8);
    expect(currentRings(s).sqEntries).toBe(8);
    expect(currentRings(s).cqEntries).toBe(16);
    s = run(s, 'qqq');
    expect([currentRings(s).sqHead, currentRings(s).sqTail]).toEqual([0, 3]);
    expect(liveSq(currentRings(s)).map((e) => `${e.slot}:${e.sqe.id}${e.sqe.op}`)).toEqual([
      '0:1read',
      '1:2write',
      '2:3read',
    ]);
    expect(currentRings(s).syscalls).toBe(0); // queuing is a write to shared memory
    s = submit(s);
    expect([currentRings(s).sqHead, currentRings(s).sqTail]).toEqual([3, 3]);
    expect(currentRings(s).syscalls).toBe(1);
    expect(currentRings(s).inFlight.map((e) => e.id)).toEqual([1, 2, 3]);
    s = run(s, 'cc');
    expect([currentRings(s).cqHead, currentRings(s).cqTail]).toEqual([0, 2]);
    expect(liveCq(currentRings(s)).map((e) => `${e.slot}:${e.cqe.id}`)).toEqual(['0:1', '1:2']);
    s = reap(s);
    expect(currentRings(s).cqHead).toBe(1);
    expect(currentRings(s).reaped.map((e) => e.id)).toEqual([1]);
    expect(currentRings(s).last).toEqual({ kind: 'reaped', cqe: { id: 1, op: 'read', res: 64 }, slot: 0 });
    expect(currentRings(s).syscalls).toBe(1);
  });

  it('a full SQ refuses more; the tail wraps around to slot 0 after slot 7', () => {
    let s = run(freshRings(8), 'qqqqqqqq');
    expect(sqPending(currentRings(s))).toBe(8);
    expect(canQueue(currentRings(s))).toBe(false);
    expect(queue(s)).toBe(s);
    s = run(s, 'sq');
    expect(currentRings(s).sqTail).toBe(9);
    expect(liveSq(currentRings(s))).toEqual([{ slot: 0, sqe: { id: 9, op: 'read' } }]);
  });

  it('buttons are disabled when their step makes no sense', () => {
    const s = freshRings(8);
    expect([
      canQueue(currentRings(s)),
      canSubmit(currentRings(s)),
      canComplete(currentRings(s)),
      canReap(currentRings(s)),
    ]).toEqual([true, false, false, false]);
    expect(submit(s)).toBe(s);
    expect(complete(s)).toBe(s);
    expect(reap(s)).toBe(s);
  });

  it('Back undoes each step exactly; Reset empties both rings', () => {
    const s0 = run(freshRings(8), 'qqsc');
    const s1 = run(s0, 'r');
    // Back shows exactly the rings before the step (lib/stepping keeps the later frame recorded)
    expect(currentRings(back(s1))).toEqual(currentRings(s0));
    expect(back(s1).index).toBe(s0.index);
    expect(resetRings(s1)).toEqual(freshRings(8));
  });

  it('properties: counters never cross; every reaped completion was submitted, in order; one syscall per submit', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('q', 's', 'c', 'r', 'b'), { maxLength: 120 }), (ops) => {
        let s = freshRings(8);
        for (const o of ops) {
          s = run(s, o);
          const r = currentRings(s);
          expect(r.sqHead).toBeLessThanOrEqual(r.sqTail);
          expect(sqPending(r)).toBeLessThanOrEqual(r.sqEntries);
          expect(r.cqHead).toBeLessThanOrEqual(r.cqTail);
          expect(cqPending(r)).toBeLessThanOrEqual(r.cqEntries);
          // Conservation: every queued SQE is in the SQ, in flight, in the CQ or reaped.
          expect(sqPending(r) + r.inFlight.length + cqPending(r) + r.reaped.length).toBe(r.nextId - 1);
          expect(r.reaped.map((c) => c.id)).toEqual(r.reaped.map((_c, i) => i + 1));
          expect(r.syscalls).toBe(
            s.frames.slice(0, s.index).filter((h, i, past) => (past[i + 1] ?? r).syscalls > h.syscalls).length,
          );
        }
      }),
    );
  });
});

describe('io-uring: the demo contract', () => {
  it('one speaker step: the initial state (batch of 16, SQ of 64, empty rings of 8 and 16)', () => {
    expect(SPEAKER_SEQUENCE).toHaveLength(1);
    const s = initialState();
    expect([s.view, s.batch, s.sqEntries]).toEqual(['sockets', 16, DEFAULT_SQ_ENTRIES]);
    expect(currentRings(s.rings).sqEntries).toBe(DEFAULT_SQ_ENTRIES);
    expect(currentRings(s.rings).cqEntries).toBe(2 * DEFAULT_SQ_ENTRIES);
    expect(stateForStep(0, { ...s, batch: 99 })).toEqual(s);
  });
});

describe('io-uring: the rings follow the chosen submission ring size', () => {
  it('choosing a size empties the rings at that size, the CQ twice as large; a size not offered changes nothing', () => {
    const s = { ...initialState(), rings: queue(initialState().rings) };
    const t = setSqEntries(s, 16);
    expect([t.sqEntries, currentRings(t.rings).sqEntries, currentRings(t.rings).cqEntries]).toEqual([16, 16, 32]);
    expect(sqPending(currentRings(t.rings))).toBe(0);
    expect(setSqEntries(s, 100)).toBe(s);
    expect(setSqEntries(s, s.sqEntries)).toBe(s);
    // a full ring of 16 holds 16 SQEs, not 8
    let r = t.rings;
    for (let i = 0; i < 20; i++) r = queue(r);
    expect(sqPending(currentRings(r))).toBe(16);
  });

  it('a ring that fits is drawn whole, slot 0 at the top', () => {
    expect(drawnSlots(8, 0, 0, DRAWN_SQ_MAX)).toEqual(Array.from({ length: 8 }, (_, slot) => ({ kind: 'slot', slot })));
    expect(drawnSlots(16, 5, 3, DRAWN_CQ_MAX)).toHaveLength(16);
  });

  it('a larger one: cap − 1 slots and a gap for the rest; the window follows the head once the live entries leave slot 0..', () => {
    const d = drawnSlots(64, 0, 3, DRAWN_SQ_MAX);
    expect(d).toHaveLength(DRAWN_SQ_MAX);
    expect(d.slice(0, 7).map((x) => (x.kind === 'slot' ? x.slot : -1))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(d[7]).toEqual({ kind: 'gap', hidden: 57 });
    expect(drawnIndex(d, 3)).toBe(3); // the tail
    expect(drawnIndex(d, 40)).toBe(7); // not drawn: the gap
    const later = drawnSlots(64, 10, 2, DRAWN_SQ_MAX);
    expect(later.slice(0, 7).map((x) => (x.kind === 'slot' ? x.slot : -1))).toEqual([10, 11, 12, 13, 14, 15, 16]);
    // wrapping around: head at slot 62 of 64
    const wrap = drawnSlots(64, 62, 3, DRAWN_SQ_MAX);
    expect(wrap.slice(0, 4).map((x) => (x.kind === 'slot' ? x.slot : -1))).toEqual([62, 63, 0, 1]);
    expect(drawnIndex(wrap, (62 + 3) & 63)).toBe(3);
  });

  it('properties: never more than the cap; the head is always drawn; every drawn slot is distinct', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(8, 16, 32, 64, 128, 256, 512),
        fc.nat(10_000),
        fc.nat(512),
        fc.constantFrom(DRAWN_SQ_MAX, DRAWN_CQ_MAX),
        (entries, head, pendingRaw, cap) => {
          const pending = pendingRaw % (entries + 1);
          const d = drawnSlots(entries, head, pending, cap);
          expect(d.length).toBe(Math.min(entries, cap));
          const slots = d.flatMap((x) => (x.kind === 'slot' ? [x.slot] : []));
          expect(new Set(slots).size).toBe(slots.length);
          expect(slots).toContain(head & (entries - 1));
          const hidden = d.reduce((a, x) => a + (x.kind === 'gap' ? x.hidden : 0), 0);
          expect(slots.length + hidden).toBe(entries);
        },
      ),
    );
  });
});

describe('io-uring: a regular file', () => {
  it('readiness: the loop itself sleeps for the disk; thread pool: a pool thread does; io_uring: nobody', () => {
    expect(fileRead('readiness', 100)).toEqual({
      mode: 'readiness',
      loopBlocked: 100,
      threadsWaiting: 1,
      waiter: 'loop',
    });
    expect(fileRead('threadpool', 100)).toEqual({
      mode: 'threadpool',
      loopBlocked: 0,
      threadsWaiting: 1,
      waiter: 'pool',
    });
    expect(fileRead('io_uring', 100)).toEqual({
      mode: 'io_uring',
      loopBlocked: 0,
      threadsWaiting: 0,
      waiter: 'kernel',
    });
    expect(() => fileRead('readiness', -1)).toThrow(RangeError);
  });

  it('the default SQ size used by the counts is 64', () => {
    expect(DEFAULT_SQ_ENTRIES).toBe(64);
  });
});
