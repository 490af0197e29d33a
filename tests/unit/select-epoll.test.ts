import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EPOLL_EVENT_BYTES,
  FD_SETSIZE,
  FIRST_FD,
  GRID_MAX,
  KEVENT_BYTES,
  MECHANISMS,
  N_MAX,
  SELECT_MAX_N,
  SPEAKER_SEQUENCE,
  callWait,
  chartNs,
  fdsBytes,
  frameAt,
  grid,
  initialState,
  isReady,
  readyAmongFirst,
  segments,
  series,
  setK,
  setMechanism,
  setN,
  stateForStep,
  waitCall,
  type Mechanism,
} from '../../components/select-epoll/select-epoll-model.ts';

describe('select-epoll model: figures worked out by hand', () => {
  it('select at N = 100, K = 10: descriptors 3…102, nfds 103, two longs of bitmap each way', () => {
    const c = waitCall('select', 100, 10);
    expect(c).toMatchObject({ ok: true, maxFd: 102, countArg: 103, bytesIn: 16, bytesOut: 16, passes: 1 });
    expect(c).toMatchObject({ bitsWalked: 103, kernelChecks: 100, returned: 10, userChecks: 100, registration: null });
  });

  it('select at N = 1,000: nfds 1003 → 16 longs = 128 bytes, the whole fd_set', () => {
    const c = waitCall('select', 1000, 10);
    expect(c).toMatchObject({ ok: true, maxFd: 1002, countArg: 1003, bytesIn: 128, bytesOut: 128, kernelChecks: 1000 });
  });

  it('select works up to N = 1,021 (descriptor 1023) and is refused from N = 1,022 (descriptor 1024)', () => {
    expect(SELECT_MAX_N).toBe(1021);
    expect(waitCall('select', 1021, 0)).toMatchObject({ ok: true, maxFd: 1023, countArg: 1024, bytesIn: 128 });
    const refused = waitCall('select', 1022, 0);
    expect(refused).toMatchObject({ ok: false, maxFd: 1024, bytesIn: 0, bytesOut: 0, kernelChecks: 0, returned: 0 });
    expect(waitCall('select', 1100, 10).ok).toBe(false);
  });

  it('poll: 8 bytes in and 2 bytes of revents back for every one of the N', () => {
    expect(waitCall('poll', 100, 10)).toMatchObject({
      countArg: 100,
      bytesIn: 800,
      bytesOut: 200,
      kernelChecks: 100,
      returned: 10,
    });
    expect(waitCall('poll', 100_000, 10)).toMatchObject({
      bytesIn: 800_000,
      bytesOut: 200_000,
      kernelChecks: 100_000,
      userChecks: 100_000,
    });
  });

  it('epoll at N = 100,000, K = 10: nothing in, 10 × 12 bytes back; 100,000 epoll_ctl paid once', () => {
    const c = waitCall('epoll', 100_000, 10);
    expect(c).toMatchObject({
      ok: true,
      bytesIn: 0,
      bytesOut: 120,
      kernelChecks: 10,
      returned: 10,
      userChecks: 10,
      passes: 0,
    });
    expect(c.registration).toEqual({ calls: 100_000, entries: 100_000, bytesIn: 1_200_000 });
  });

  it('kqueue at N = 100,000, K = 10: 10 × 32 bytes back; one kevent() with 100,000 changes paid once', () => {
    const c = waitCall('kqueue', 100_000, 10);
    expect(c).toMatchObject({ bytesIn: 0, bytesOut: 320, kernelChecks: 10, returned: 10 });
    expect(c.registration).toEqual({ calls: 1, entries: 100_000, bytesIn: 3_200_000 });
  });

  it('nothing ready: select and poll check everything twice (before sleeping, after waking), epoll nothing', () => {
    expect(waitCall('select', 100, 0)).toMatchObject({ passes: 2, kernelChecks: 200, bitsWalked: 206, returned: 0 });
    expect(waitCall('poll', 100, 0)).toMatchObject({ passes: 2, kernelChecks: 200, returned: 0 });
    expect(waitCall('epoll', 100, 0)).toMatchObject({ passes: 0, kernelChecks: 0, bytesOut: 0, returned: 0 });
  });

  it('epoll_wait with maxevents 64 (the slide’s snippet) returns 64 of 1,000 ready and leaves 936', () => {
    const c = waitCall('epoll', 5000, 1000, { maxEvents: 64 });
    expect(c).toMatchObject({ countArg: 64, returned: 64, leftForNextCall: 936, bytesOut: 64 * EPOLL_EVENT_BYTES });
  });

  it('fdsBytes rounds up to whole 8-byte longs', () => {
    expect([1, 64, 65, 128, 129, 1024].map(fdsBytes)).toEqual([8, 8, 16, 16, 24, 128]);
  });

  it('rejects impossible inputs', () => {
    expect(() => waitCall('poll', 0, 0)).toThrow(RangeError);
    expect(() => waitCall('poll', 10, 11)).toThrow(RangeError);
    expect(() => waitCall('epoll', 10, -1)).toThrow(RangeError);
    expect(() => waitCall('epoll', 10, 1.5)).toThrow(RangeError);
  });

  it('the grid draws 300 and counts the rest: "+ 99,700 more"', () => {
    const g = grid(100_000, 10);
    expect(g.cells).toHaveLength(GRID_MAX);
    expect(g.cells[0]?.fd).toBe(FIRST_FD);
    expect(g.more).toBe(99_700);
    expect(g.cells.filter((c) => c.ready).length + g.moreReady).toBe(10);
    const small = grid(12, 3);
    expect(small.cells.map((c) => (c.ready ? 1 : 0)).join('')).toBe('010001000100');
  });

  it('the chart samples 1-2-5 steps and select’s last working N', () => {
    const ns = chartNs();
    expect(ns[0]).toBe(1);
    expect(ns.at(-1)).toBe(N_MAX);
    expect(ns).toContain(SELECT_MAX_N);
    expect(series('select', 'checks', 10).at(-1)).toEqual({ n: SELECT_MAX_N, y: SELECT_MAX_N });
    expect(series('epoll', 'bytes', 10).at(-1)).toEqual({ n: N_MAX, y: 120 });
    // K is capped at N: at N = 1 one descriptor is ready.
    expect(series('epoll', 'checks', 10)[0]).toEqual({ n: 1, y: 1 });
    // Zeros cannot be drawn on a log axis.
    expect(series('epoll', 'checks', 0)).toEqual([]);
  });
});

describe('select-epoll model: the animation of a call', () => {
  it('select scans in order and finds the ready ones as it passes them', () => {
    const c = waitCall('select', 12, 3);
    expect(frameAt(c, 0).phase).toBe('copy-in');
    const mid = frameAt(c, 0.15 + 0.7 * 0.5);
    // ready: indices 1, 5, 9 (grid 010001000100); after indices 0…5, two are found.
    expect(mid).toMatchObject({ phase: 'scan', drawnChecked: 6, moreChecked: 0, found: 2 });
    expect(frameAt(c, 0.95)).toMatchObject({ phase: 'copy-out', drawnChecked: 12, found: 3 });
    expect(frameAt(c, 1)).toMatchObject({ phase: 'done', drawnChecked: 12, found: 3 });
  });

  it('poll past the grid counts what is not drawn', () => {
    expect(frameAt(waitCall('poll', 100_000, 10), 1)).toMatchObject({
      drawnChecked: 300,
      moreChecked: 99_700,
      found: 10,
    });
  });

  it('epoll lights only the ready ones', () => {
    const c = waitCall('epoll', 100_000, 10);
    const end = frameAt(c, 1);
    expect(end.found).toBe(10);
    expect(end.drawnChecked + end.moreChecked).toBe(10);
    expect(end.drawnChecked).toBe(grid(100_000, 10).cells.filter((x) => x.ready).length);
  });

  it('a refused select has no animation', () => {
    const c = waitCall('select', 2000, 5);
    expect(segments(c)).toEqual([]);
    expect(frameAt(c, 0.5).phase).toBe('refused');
  });
});

describe('select-epoll model: state', () => {
  it('K never exceeds N', () => {
    let s = initialState();
    s = setK(s, 50);
    s = setN(s, 20);
    expect(s.k).toBe(20);
    expect(setK(s, 1e9).k).toBe(20);
    expect(setN(s, 1e9).n).toBe(N_MAX);
    expect(setN(s, 0).n).toBe(1);
  });

  it('changing an input clears the last call; calling records it', () => {
    let s = callWait(initialState());
    expect(s.last?.returned).toBe(10);
    expect(s.calls).toBe(2);
    s = setMechanism(s, 'poll');
    expect(s.last).toBeNull();
    expect(s.calls).toBe(2);
  });

  it('the speaker sequence: select 100 → select 1,000 → select past 1,024 (refused) → epoll 100,000', () => {
    // Step 0 opens on select's call at 100 already made: a picture, not a button to press (issue #36 item 3).
    const start = initialState();
    expect([start.mechanism, start.n, start.k, start.last?.ok, start.last?.kernelChecks]).toEqual([
      'select',
      100,
      10,
      true,
      100,
    ]);
    const steps = [1, 2, 3].map((i) => stateForStep(i, start));
    expect(steps.map((s) => [s.mechanism, s.n, s.k, s.last?.ok])).toEqual([
      ['select', 1000, 10, true],
      ['select', 1100, 10, false],
      ['epoll', 100_000, 10, true],
    ]);
    expect(steps[1]?.last?.maxFd).toBe(1102);
    expect(steps[2]?.last).toMatchObject({ kernelChecks: 10, bytesIn: 0, bytesOut: 120 });
    expect(SPEAKER_SEQUENCE.map((s) => [s.mechanism, s.n])).toEqual([
      ['select', 100],
      ['select', 1000],
      ['select', 1100],
      ['epoll', 100_000],
    ]);
    // The person's metric choice survives a step; step 0 is the start again.
    expect(stateForStep(2, { ...start, metric: 'bytes' }).metric).toBe('bytes');
    expect(stateForStep(0, steps[2]!)).toEqual(initialState());
  });
});

const mechanism = fc.constantFrom<Mechanism>(...MECHANISMS);

describe('select-epoll model: properties', () => {
  it('select fails if and only if its highest descriptor is ≥ FD_SETSIZE', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: N_MAX }), (n) => {
        const c = waitCall('select', n, 0);
        return c.ok === c.maxFd < FD_SETSIZE && c.maxFd === n + FIRST_FD - 1;
      }),
    );
  });

  it('select and poll: the kernel checks exactly N per pass, so the cost per call is linear in N', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Mechanism>('select', 'poll'),
        fc.integer({ min: 1, max: SELECT_MAX_N }),
        fc.nat(),
        (m, n, kSeed) => {
          const k = 1 + (kSeed % n);
          const c = waitCall(m, n, k);
          const c2 = waitCall(m, 2 * n <= SELECT_MAX_N || m === 'poll' ? 2 * n : n, k);
          const perN = c.kernelChecks / n;
          return perN === 1 && c2.kernelChecks === c2.n && c.userChecks === n;
        },
      ),
    );
  });

  it('poll bytes are exactly 10 per descriptor; select bytes are the nfds bitmap rounded to longs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: N_MAX }), fc.nat(), (n, kSeed) => {
        const k = kSeed % (n + 1);
        const p = waitCall('poll', n, k);
        if (p.bytesIn !== 8 * n || p.bytesOut !== 2 * n) return false;
        if (n > SELECT_MAX_N) return true;
        const s = waitCall('select', n, k);
        const nfds = n + FIRST_FD;
        return s.bytesIn === s.bytesOut && s.bytesIn >= nfds / 8 && s.bytesIn < nfds / 8 + 8 && s.bytesIn % 8 === 0;
      }),
    );
  });

  it('epoll and kqueue: nothing about N changes the cost of one call', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Mechanism>('epoll', 'kqueue'),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: N_MAX }),
        fc.integer({ min: 0, max: N_MAX }),
        (m, k, a, b) => {
          const n1 = Math.max(1, k + (a % (N_MAX - k + 1)));
          const n2 = Math.max(1, k + (b % (N_MAX - k + 1)));
          const c1 = waitCall(m, n1, k);
          const c2 = waitCall(m, n2, k);
          const per = m === 'epoll' ? EPOLL_EVENT_BYTES : KEVENT_BYTES;
          return (
            c1.bytesIn === 0 &&
            c1.bytesIn === c2.bytesIn &&
            c1.bytesOut === c2.bytesOut &&
            c1.bytesOut === k * per &&
            c1.kernelChecks === c2.kernelChecks &&
            c1.userChecks === c2.userChecks &&
            c1.registration?.entries === n1 &&
            c2.registration?.entries === n2
          );
        },
      ),
    );
  });

  it('every call that is made returns exactly K', () => {
    fc.assert(
      fc.property(mechanism, fc.integer({ min: 1, max: N_MAX }), fc.nat(), (m, n, kSeed) => {
        const k = kSeed % (n + 1);
        const c = waitCall(m, n, k);
        return !c.ok || (c.returned === k && c.leftForNextCall === 0);
      }),
    );
  });

  it('with a small events array, returned + left for the next call = K', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Mechanism>('epoll', 'kqueue'),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 200 }),
        fc.nat(),
        (m, n, cap, kSeed) => {
          const k = kSeed % (n + 1);
          const c = waitCall(m, n, k, { maxEvents: cap });
          return c.returned === Math.min(k, cap) && c.returned + c.leftForNextCall === k;
        },
      ),
    );
  });

  it('exactly K of N descriptors are ready, and the prefix counts agree with isReady', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.nat(), (n, kSeed) => {
        const k = kSeed % (n + 1);
        let count = 0;
        for (let i = 0; i < n; i++) {
          if (readyAmongFirst(i, n, k) !== count) return false;
          if (isReady(i, n, k)) count++;
        }
        return count === k && readyAmongFirst(n, n, k) === k;
      }),
    );
  });

  it('the animation never goes backwards within a pass and ends with everything returned', () => {
    fc.assert(
      fc.property(mechanism, fc.integer({ min: 1, max: 3000 }), fc.nat(), (m, n, kSeed) => {
        const k = kSeed % (n + 1);
        const c = waitCall(m, n, k);
        if (!c.ok) return frameAt(c, 1).phase === 'refused';
        let prevFound = 0;
        for (let i = 0; i <= 200; i++) {
          const f = frameAt(c, i / 200);
          if (f.found > c.returned) return false;
          if (f.phase === 'scan' && f.found < prevFound && c.passes !== 2) return false;
          prevFound = f.found;
        }
        const end = frameAt(c, 1);
        return end.phase === 'done' && end.found === c.returned;
      }),
    );
  });
});
