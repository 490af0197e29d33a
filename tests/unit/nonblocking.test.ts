import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_ARRIVALS,
  DEFAULT_PARAMS,
  SOCKETS,
  STRATEGIES,
  advance,
  back,
  compare,
  figures,
  finish,
  freshRun,
  initialState,
  play,
  pollingServedStart,
  reset,
  setArrival,
  setStrategy,
  step,
  trace,
  view,
  type Arrivals,
  type Params,
  type Strategy,
} from '../../components/nonblocking/nonblocking-model.ts';

const fig = (s: Strategy, p: Params = DEFAULT_PARAMS) => figures(trace(s, p), p);
const arr = (A: number, B: number, C: number): Params => ({ arrivals: { A, B, C }, syscallCost: 1 });
const short = (s: Strategy, p: Params) =>
  trace(s, p).map(
    (e) =>
      `${e.start}-${e.end} ${e.call}${e.socket ? `(${e.socket})` : ''} ${e.result.kind === 'ready' ? e.result.sockets.join('') : e.result.kind}`,
  );

describe('nonblocking: the default arrivals (B at 3 µs, C at 7, A at 12; each call 1 µs)', () => {
  it('the defaults follow seed 004: B, then C, then A', () => {
    expect(DEFAULT_ARRIVALS.B).toBeLessThan(DEFAULT_ARRIVALS.C);
    expect(DEFAULT_ARRIVALS.C).toBeLessThan(DEFAULT_ARRIVALS.A);
  });

  it('blocking: sleeps in read(A) until 12 while B and C are ready, then reads B and C', () => {
    expect(short('blocking', DEFAULT_PARAMS)).toEqual([
      '0-13 read(A) data',
      '13-14 read(B) data',
      '14-15 read(C) data',
    ]);
    const f = fig('blocking');
    expect(f.servedAt).toEqual({ A: 13, B: 14, C: 15 });
    expect(f.syscalls).toBe(3);
    expect(f.eagain).toBe(0);
    expect(f.busy).toBe(3);
    expect(f.asleep).toBe(12);
    expect(f.total).toBe(15);
    expect(f.busyShare).toBeCloseTo(0.2, 10);
    // B's data waited from 3 to 14.
    expect(f.latency).toEqual({ A: 1, B: 11, C: 8 });
    expect(f.longestWait).toBe(11);
    expect(f.longestWaitSocket).toBe('B');
  });

  it('polling: one read per µs round-robin A, B, C; 13 reads, 10 of them EAGAIN, CPU always busy', () => {
    const t = short('polling', DEFAULT_PARAMS);
    expect(t.slice(0, 6)).toEqual([
      '0-1 read(A) EAGAIN',
      '1-2 read(B) EAGAIN',
      '2-3 read(C) EAGAIN',
      '3-4 read(A) EAGAIN',
      '4-5 read(B) data', // B arrived at 3; B's turn comes at 4
      '5-6 read(C) EAGAIN',
    ]);
    expect(t[8]).toBe('8-9 read(C) data'); // C arrived at 7; C's turn at 8
    expect(t[12]).toBe('12-13 read(A) data'); // A arrived at 12, A's turn at 12
    const f = fig('polling');
    expect(f.syscalls).toBe(13);
    expect(f.eagain).toBe(10);
    expect(f.servedAt).toEqual({ A: 13, B: 5, C: 9 });
    expect(f.busy).toBe(13);
    expect(f.asleep).toBe(0);
    expect(f.busyShare).toBe(1);
    expect(f.latency).toEqual({ A: 1, B: 2, C: 2 });
    expect(f.longestWait).toBe(2);
  });

  it('multiplexer: three epoll_waits, three reads, no EAGAIN; asleep 8 of 14 µs', () => {
    expect(short('multiplexer', DEFAULT_PARAMS)).toEqual([
      '0-4 epoll_wait B',
      '4-5 read(B) data',
      '5-8 epoll_wait C',
      '8-9 read(C) data',
      '9-13 epoll_wait A',
      '13-14 read(A) data',
    ]);
    const f = fig('multiplexer');
    expect(f.syscalls).toBe(6);
    expect(f.reads).toBe(3);
    expect(f.waits).toBe(3);
    expect(f.eagain).toBe(0);
    expect(f.servedAt).toEqual({ A: 14, B: 5, C: 9 });
    expect(f.busy).toBe(6);
    expect(f.asleep).toBe(8);
    expect(f.total).toBe(14);
    expect(f.busyShare).toBeCloseTo(6 / 14, 10);
    expect(f.longestWait).toBe(2);
  });

  it('the comparison table lists the three strategies with the same figures', () => {
    const rows = compare(DEFAULT_PARAMS);
    expect(rows.map((r) => r.strategy)).toEqual(['blocking', 'polling', 'multiplexer']);
    expect(
      rows.map((r) => [
        r.figures.syscalls,
        r.figures.eagain,
        Math.round(r.figures.busyShare * 100),
        r.figures.longestWait,
      ]),
    ).toEqual([
      [3, 0, 20, 11],
      [13, 10, 100, 2],
      [6, 0, 43, 2],
    ]);
  });
});

describe('nonblocking: other arrivals worked by hand', () => {
  it('all three at 5 µs: one epoll_wait returns all three', () => {
    const p = arr(5, 5, 5);
    expect(short('multiplexer', p)).toEqual([
      '0-6 epoll_wait ABC',
      '6-7 read(A) data',
      '7-8 read(B) data',
      '8-9 read(C) data',
    ]);
    expect(short('blocking', p)).toEqual(['0-6 read(A) data', '6-7 read(B) data', '7-8 read(C) data']);
    const f = fig('polling', p);
    // A read at 6 (k = 6 ≡ 0), B at 7, C at 5: last read starts at 7, so 8 reads, 5 EAGAIN.
    expect(f.servedAt).toEqual({ A: 7, B: 8, C: 6 });
    expect(f.syscalls).toBe(8);
    expect(f.eagain).toBe(5);
  });

  it('everything already there at 0: no one waits, no EAGAIN anywhere', () => {
    const p = arr(0, 0, 0);
    for (const s of STRATEGIES) expect(fig(s, p).eagain).toBe(0);
    expect(fig('blocking', p).total).toBe(3);
    expect(fig('polling', p).total).toBe(3);
    expect(fig('multiplexer', p).total).toBe(4); // one epoll_wait + three reads
  });

  it('A first (A 2, B 9, C 20): blocking is not worse than the multiplexer for latency here', () => {
    const p = arr(2, 9, 20);
    expect(fig('blocking', p).servedAt).toEqual({ A: 3, B: 10, C: 21 });
    expect(fig('multiplexer', p).servedAt).toEqual({ A: 4, B: 11, C: 22 });
  });
});

const arrivalsArb: fc.Arbitrary<Arrivals> = fc.record({
  A: fc.integer({ min: 0, max: 60 }),
  B: fc.integer({ min: 0, max: 60 }),
  C: fc.integer({ min: 0, max: 60 }),
});
const costArb = fc.constantFrom(1, 2, 0.5);

describe('nonblocking: properties', () => {
  it('every strategy serves each socket exactly once, after its data arrived, on one thread (calls never overlap)', () => {
    fc.assert(
      fc.property(arrivalsArb, costArb, fc.constantFrom(...STRATEGIES), (arrivals, syscallCost, s) => {
        const p = { arrivals, syscallCost };
        const ev = trace(s, p);
        const dataReads = ev.filter((e) => e.result.kind === 'data').map((e) => e.socket);
        expect([...dataReads].sort()).toEqual(['A', 'B', 'C']);
        let t = 0;
        for (const e of ev) {
          expect(e.start).toBe(t);
          expect(e.wake).toBeGreaterThanOrEqual(e.start);
          expect(e.end - e.wake).toBeCloseTo(syscallCost, 10);
          t = e.end;
        }
        const f = figures(ev, p);
        for (const k of SOCKETS) expect(f.servedAt[k]).toBeGreaterThanOrEqual(arrivals[k] + syscallCost);
        expect(f.busy + f.asleep).toBeCloseTo(f.total, 10);
      }),
    );
  });

  it('the multiplexer never makes more reads than there were arrivals, and never gets EAGAIN', () => {
    fc.assert(
      fc.property(arrivalsArb, costArb, (arrivals, syscallCost) => {
        const f = fig('multiplexer', { arrivals, syscallCost });
        expect(f.reads).toBe(3);
        expect(f.eagain).toBe(0);
        expect(f.waits).toBeGreaterThanOrEqual(1);
        expect(f.waits).toBeLessThanOrEqual(3);
      }),
    );
  });

  it('the multiplexer wait count is the number of distinct "bursts": 3 when arrivals are more than 2 calls apart', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 3, max: 20 }),
        fc.integer({ min: 3, max: 20 }),
        (b, g1, g2) => {
          expect(fig('multiplexer', arr(b + g1 + g2, b, b + g1)).waits).toBe(3);
        },
      ),
    );
  });

  it("polling's EAGAIN count grows with the gap between arrivals (B = b, C = b + g, A = b + 2g)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        (b, g, d) => {
          const e1 = fig('polling', arr(b + 2 * g, b, b + g)).eagain;
          const e2 = fig('polling', arr(b + 2 * (g + d), b, b + g + d)).eagain;
          expect(e2).toBeGreaterThanOrEqual(e1);
          // A (the last) moves 2d later: at least 2d - 2 more reads, since A's turn comes every 3 reads.
          expect(e2 - e1).toBeGreaterThanOrEqual(2 * d - 2);
        },
      ),
    );
  });

  it('polling matches the closed form: one read per call time until the last socket, served at its first turn after arrival', () => {
    fc.assert(
      fc.property(arrivalsArb, fc.constantFrom(1, 2), (arrivals, c) => {
        const f = fig('polling', { arrivals, syscallCost: c });
        const starts = SOCKETS.map((s, i) => pollingServedStart(arrivals[s], i, c));
        SOCKETS.forEach((s, i) => expect(f.servedAt[s]).toBe((starts[i] as number) + c));
        expect(f.syscalls).toBe(Math.max(...starts) / c + 1);
        expect(f.eagain).toBe(f.syscalls - 3);
        expect(f.busyShare).toBe(1);
      }),
    );
  });

  it('blocking serves in the fixed order A, B, C; a ready socket waits behind an empty one', () => {
    fc.assert(
      fc.property(arrivalsArb, (arrivals) => {
        const f = fig('blocking', { arrivals, syscallCost: 1 });
        expect(f.servedAt.A).toBe(arrivals.A + 1);
        expect(f.servedAt.B).toBe(Math.max(f.servedAt.A, arrivals.B) + 1);
        expect(f.servedAt.C).toBe(Math.max(f.servedAt.B, arrivals.C) + 1);
        expect(f.syscalls).toBe(3);
      }),
    );
  });

  it('the multiplexer never keeps the CPU busier than polling, and never waits longer than blocking to finish', () => {
    fc.assert(
      fc.property(arrivalsArb, (arrivals) => {
        const p = { arrivals, syscallCost: 1 };
        const m = fig('multiplexer', p);
        expect(m.busyShare).toBeLessThanOrEqual(fig('polling', p).busyShare);
        // A multiplexed ready socket waits at most for the calls already in progress: ≤ 4 calls (a wait + 3 reads).
        expect(m.longestWait).toBeLessThanOrEqual(4);
      }),
    );
  });
});

describe('nonblocking: playback', () => {
  it('Step walks the trace call by call, Back undoes Step exactly', () => {
    let s = freshRun('multiplexer');
    const ends: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      s = step(s);
      ends.push(s.time);
    }
    expect(ends).toEqual([4, 5, 8, 9, 13, 14]);
    expect(step(s).time).toBe(14); // at the end, Step stays
    const v = view(s);
    expect(v.thread).toBe('done');
    expect(v.sockets).toEqual({ A: 'served', B: 'served', C: 'served' });
    const backs: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      s = back(s);
      backs.push(s.time);
    }
    expect(backs).toEqual([13, 9, 8, 5, 4, 0]);
    expect(back(s).time).toBe(0);
  });

  it('Back after Step returns to the same state, from any moment', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STRATEGIES),
        arrivalsArb,
        fc.integer({ min: 0, max: 30 }),
        (strategy, arrivals, n) => {
          let s = freshRun(strategy, arrivals);
          for (let i = 0; i < n; i += 1) s = step(s);
          const total = view(s).total;
          if (s.time < total) expect(back(step(s))).toEqual(s);
        },
      ),
    );
  });

  it('the view at a moment: the blocking thread sleeps in read(A) while B has data', () => {
    const s = { ...freshRun('blocking'), time: 5 };
    const v = view(s);
    expect(v.thread).toBe('sleeping');
    expect(v.current?.call).toBe('read');
    expect(v.current?.socket).toBe('A');
    expect(v.sockets).toEqual({ A: 'empty', B: 'data', C: 'empty' });
    expect(v.syscallsSoFar).toBe(0);
  });

  it('the view counts only finished calls: polling at 6 µs has made 6 reads, 5 EAGAIN', () => {
    const v = view({ ...freshRun('polling'), time: 6 });
    expect(v.done).toBe(6);
    expect(v.syscallsSoFar).toBe(6);
    expect(v.eagainSoFar).toBe(5);
    expect(v.thread).toBe('running');
    expect(v.sockets.B).toBe('served');
  });

  it('Run: play from the end restarts; advance stops at the end; finish jumps there; Reset goes back to 0', () => {
    let s = finish(freshRun('polling'));
    expect(s.time).toBe(13);
    s = play(s);
    expect(s.time).toBe(0);
    expect(s.playing).toBe(true);
    s = advance(s, 5.5);
    expect(s.time).toBe(5.5);
    expect(s.playing).toBe(true);
    s = advance(s, 100);
    expect(s.time).toBe(13);
    expect(s.playing).toBe(false);
    expect(reset(s).time).toBe(0);
  });

  it('changing the strategy or an arrival rewinds; arrivals are clamped to 0..30 whole µs', () => {
    const s = finish(freshRun('polling'));
    expect(setStrategy(s, 'blocking').time).toBe(0);
    const t = setArrival(s, 'B', 44.4);
    expect(t.arrivals.B).toBe(30);
    expect(t.time).toBe(0);
    expect(setArrival(s, 'A', -3).arrivals.A).toBe(0);
    expect(setArrival(s, 'C', 7.6).arrivals.C).toBe(8);
  });

  it('rejects impossible parameters', () => {
    expect(() => trace('blocking', { arrivals: { A: -1, B: 0, C: 0 }, syscallCost: 1 })).toThrow(RangeError);
    expect(() => trace('polling', { arrivals: { A: 0, B: 0, C: 0 }, syscallCost: 0 })).toThrow(RangeError);
  });
});

describe('nonblocking: speaker sequence and scale', () => {
  it('walks blocking → polling → multiplexer; later steps start playing from 0', async () => {
    const { stateForStep, SPEAKER_SEQUENCE, commonScale } =
      await import('../../components/nonblocking/nonblocking-model.ts');
    expect(SPEAKER_SEQUENCE).toEqual(['blocking', 'polling', 'multiplexer']);
    // Step 0 opens on the blocking run drawn whole, nothing to press (issue #36 item 3).
    expect(stateForStep(0)).toEqual(initialState());
    expect(initialState()).toMatchObject({ strategy: 'blocking', time: 15, playing: false });
    expect(initialState()).toEqual(finish(freshRun('blocking')));
    expect(stateForStep(1)).toMatchObject({ strategy: 'polling', time: 0, playing: true });
    expect(stateForStep(2)).toMatchObject({ strategy: 'multiplexer', time: 0, playing: true });
    expect(stateForStep(9).strategy).toBe('multiplexer');
    expect(commonScale(DEFAULT_ARRIVALS)).toBe(15); // blocking ends last, at 15 µs
  });

  it('busy time so far: the blocking thread has used 0 µs of CPU at 12 µs, 1 µs at 13', () => {
    expect(view({ ...freshRun('blocking'), time: 12 }).busySoFar).toBe(0);
    expect(view({ ...freshRun('blocking'), time: 13 }).busySoFar).toBe(1);
    expect(view({ ...freshRun('blocking'), time: 13 }).servedSoFar).toEqual({ A: 13 });
    expect(view({ ...freshRun('polling'), time: 6.5 }).busySoFar).toBe(6.5);
  });
});
