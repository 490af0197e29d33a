import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_PARAMS,
  PRESETS,
  SPEAKER_SEQUENCE,
  axesFor,
  axesOf,
  clampPoolSize,
  completionWaves,
  dnsThreadLimit,
  eventTimes,
  groupByGaps,
  initialState,
  kindStats,
  poolSizeFromEnv,
  setParam,
  setSlowIoCap,
  simulatePool,
  snapshotAt,
  threadLanes,
  speakerAxes,
  back,
  forward,
  undo,
  type PoolParams,
  type PoolSchedule,
  type Wake,
  type WorkKind,
} from '../../components/libuv-pool/libuv-pool-model.ts';

const none: PoolParams = {
  ...DEFAULT_PARAMS,
  dnsCount: 0,
  fileCount: 0,
  pbkdf2Count: 0,
};

const ends = (s: PoolSchedule, kind: WorkKind) => s.tasks.filter((x) => x.kind === kind).map((x) => x.end);
const starts = (s: PoolSchedule, kind: WorkKind) => s.tasks.filter((x) => x.kind === kind).map((x) => x.start);

describe('UV_THREADPOOL_SIZE as libuv reads it', () => {
  it.each([
    [undefined, 4],
    ['1', 1],
    ['2', 2],
    ['8', 8],
    ['1024', 1024],
    ['1025', 1024],
    ['5000', 1024],
    ['0', 1],
    ['abc', 1],
    ['', 1],
    ['-1', 1024],
    [' 16', 16],
    ['12abc', 12],
    ['99999999999999999', 1024],
  ] as const)('%s → %i threads', (value, expected) => {
    expect(poolSizeFromEnv(value)).toBe(expected);
  });

  it('clamps slider values to 1 … 1024 integers', () => {
    expect(clampPoolSize(0)).toBe(1);
    expect(clampPoolSize(3.6)).toBe(4);
    expect(clampPoolSize(4096)).toBe(1024);
    expect(clampPoolSize(Number.NaN)).toBe(4);
  });

  it('DNS may use at most (n + 1) / 2 threads', () => {
    expect([1, 2, 3, 4, 5, 16, 1024].map((n) => dnsThreadLimit(n, true))).toEqual([1, 1, 2, 2, 3, 8, 512]);
    expect(dnsThreadLimit(4, false)).toBe(4);
  });
});

describe('pbkdf2 waves (worked by hand)', () => {
  const p = (poolSize: number, n: number): PoolParams => ({ ...none, poolSize, pbkdf2Count: n, pbkdf2Ms: 100 });

  it('1 thread, 4 calls: 4 waves at 100, 200, 300, 400 ms', () => {
    const s = simulatePool(p(1, 4));
    expect(ends(s, 'pbkdf2')).toEqual([100, 200, 300, 400]);
    expect(completionWaves(s, 'pbkdf2', 50)).toEqual([1, 1, 1, 1]);
  });

  it('2 threads, 4 calls: 2 waves of 2', () => {
    const s = simulatePool(p(2, 4));
    expect(ends(s, 'pbkdf2')).toEqual([100, 100, 200, 200]);
    expect(completionWaves(s, 'pbkdf2', 50)).toEqual([2, 2]);
  });

  it('default 4 threads, 8 calls: 2 waves of 4; a fifth request waits', () => {
    const s = simulatePool(p(4, 8));
    expect(completionWaves(s, 'pbkdf2', 50)).toEqual([4, 4]);
    expect(starts(s, 'pbkdf2')[4]).toBe(100);
  });

  it('1024 threads, 64 calls: one wave; only 64 threads ever used', () => {
    const s = simulatePool(p(1024, 64));
    expect(completionWaves(s, 'pbkdf2', 50)).toEqual([64]);
    expect(s.threadsUsed).toBe(64);
    expect(s.threads).toBe(1024);
  });
});

describe('the DNS incident (default load: 8 lookups of 2 s, then 6 reads of 20 ms, then 4 pbkdf2 of 100 ms)', () => {
  it('before the slow-I/O cap: lookups fill all 4 threads, the first read waits 4000 ms', () => {
    const s = simulatePool(PRESETS.incident);
    expect(starts(s, 'dns')).toEqual([0, 0, 0, 0, 2000, 2000, 2000, 2000]);
    const files = kindStats(s, 'file');
    expect(files.firstWait).toBe(4000);
    expect(files.service).toBe(20);
    expect(ends(s, 'file')).toEqual([4020, 4020, 4020, 4020, 4040, 4040]);
    expect(ends(s, 'pbkdf2')).toEqual([4120, 4120, 4140, 4140]);
    expect(s.makespan).toBe(4140);
  });

  it('with the cap (today): lookups take 2 threads, reads wait at most 40 ms, lookups run 2 at a time', () => {
    const s = simulatePool(PRESETS.today);
    expect(s.dnsThreadLimit).toBe(2);
    expect(starts(s, 'dns')).toEqual([0, 0, 2000, 2000, 4000, 4000, 6000, 6000]);
    expect(starts(s, 'file')).toEqual([0, 0, 20, 20, 40, 40]);
    expect(kindStats(s, 'file').maxWait).toBe(40);
    expect(ends(s, 'pbkdf2')).toEqual([160, 160, 260, 260]);
    expect(s.makespan).toBe(8000);
  });

  it('a pool of 16: everything starts at once, no read waits', () => {
    const s = simulatePool(PRESETS.bigPool);
    expect(kindStats(s, 'file').maxWait).toBe(0);
    expect(s.makespan).toBe(2000);
  });

  it('a pool of 16, drawn: threads 1–8 hold the lookups, 9–16 run the six reads and the pbkdf2 calls', () => {
    const s = simulatePool(PRESETS.bigPool);
    const lanes = threadLanes(s, true);
    expect(lanes.map((l) => [l.threads[0], l.threads[l.threads.length - 1]])).toEqual([
      [0, 7],
      [8, 9],
      [10, 13],
      [14, 15],
    ]);
    expect(lanes.map((l) => l.work.map((w) => `${w.kind} ${w.indexes.join('–')} ${w.start}–${w.end}`))).toEqual([
      ['dns 1–8 0–2000'],
      ['file 1–2 0–20', 'pbkdf2 3–4 20–120'],
      ['file 3–6 0–20'],
      ['pbkdf2 1–2 0–100'],
    ]);
    // every task of the schedule is in exactly one lane's work
    const drawn = lanes.reduce((k, l) => k + l.threads.length * l.work.length, 0);
    expect(drawn).toBe(s.tasks.length);
    // without grouping: one lane a thread, 16 of them
    expect(threadLanes(s, false)).toHaveLength(16);
  });

  it('"after-submit" wake-up: the marker goes behind everything already queued', () => {
    // wq = [marker, f1..f6, p1..p4]; thread 0 takes the marker (dns-1) and puts it back at the tail.
    const s = simulatePool(PRESETS.today, { wake: 'after-submit' });
    expect(starts(s, 'dns').slice(0, 2)).toEqual([0, 140]);
    expect(starts(s, 'file')).toEqual([0, 0, 0, 20, 20, 20]);
  });

  it('1 thread, 2 lookups of 100 ms then a read: the read waits 100 or 200 ms depending on the wake-up race', () => {
    const p: PoolParams = { ...none, poolSize: 1, dnsCount: 2, dnsMs: 100, fileCount: 1, fileMs: 1 };
    expect(kindStats(simulatePool(p, { wake: 'after-submit' }), 'file').firstWait).toBe(100);
    expect(kindStats(simulatePool(p, { wake: 'immediate' }), 'file').firstWait).toBe(200);
    // without the cap a lookup is an ordinary queue item: 200 ms either way
    for (const wake of ['immediate', 'after-submit'] as const) {
      expect(kindStats(simulatePool({ ...p, slowIoCap: false }, { wake }), 'file').firstWait).toBe(200);
    }
  });

  it('submission order matters: reads submitted first do not wait behind the lookups', () => {
    const s = simulatePool({ ...PRESETS.incident, order: ['file', 'dns', 'pbkdf2'] });
    expect(kindStats(s, 'file').maxWait).toBe(20);
  });
});

describe('queue, snapshots, steps', () => {
  it('queue length steps down as requests start', () => {
    const s = simulatePool({ ...none, poolSize: 2, pbkdf2Count: 5, pbkdf2Ms: 10 });
    expect(s.queue).toEqual([
      { t: 0, length: 3 },
      { t: 10, length: 1 },
      { t: 20, length: 0 },
    ]);
  });

  it('snapshot at t shows who runs, who waits (in leaving order) and who is done', () => {
    const s = simulatePool(PRESETS.incident);
    const snap = snapshotAt(s, 1000);
    expect(snap.threads.map((x) => x?.id)).toEqual(['dns-1', 'dns-2', 'dns-3', 'dns-4']);
    expect(snap.queued[0]?.id).toBe('dns-5');
    expect(snap.queued).toHaveLength(4 + 6 + 4);
    expect(snap.done).toHaveLength(0);
    expect(snapshotAt(s, s.makespan).done).toHaveLength(s.tasks.length);
  });

  it('event times start at 0, are sorted and unique, and end at the makespan', () => {
    const s = simulatePool(PRESETS.today);
    const ts = eventTimes(s);
    expect(ts[0]).toBe(0);
    expect(ts[ts.length - 1]).toBe(s.makespan);
    expect(new Set(ts).size).toBe(ts.length);
    expect(ts.slice().sort((a, b) => a - b)).toEqual(ts);
  });

  it('groupByGaps', () => {
    expect(groupByGaps([305, 0, 1, 300, 900], 50)).toEqual([[0, 1], [300, 305], [900]]);
    expect(groupByGaps([], 10)).toEqual([]);
  });
});

describe('state with history', () => {
  it('setParam clamps, resets the cursor, and undo restores', () => {
    let s = initialState();
    s = forward(forward(s));
    expect(s.index).toBe(2);
    const before = s;
    s = setParam(s, 'poolSize', 5000);
    expect(s.params.poolSize).toBe(1024);
    expect(s.index).toBe(0);
    s = undo(s);
    expect(s.params).toEqual(before.params);
    expect(s.index).toBe(2);
    expect(back(s).index).toBe(1);
    expect(undo(initialState())).toEqual(initialState());
  });

  it('a no-op change does not grow history; forward stops at the last event', () => {
    const s = initialState();
    expect(setParam(s, 'poolSize', 4)).toBe(s);
    expect(setSlowIoCap(s, true)).toBe(s);
    let t = s;
    for (let i = 0; i < 100; i++) t = forward(t);
    expect(t.index).toBe(eventTimes(simulatePool(t.params)).length - 1);
    expect(back(initialState())).toEqual(initialState());
  });
});

// ------------------------------------------------------------------ properties

const arbParams: fc.Arbitrary<PoolParams> = fc.record({
  poolSize: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 1024 })),
  dnsCount: fc.integer({ min: 0, max: 20 }),
  dnsMs: fc.integer({ min: 1, max: 3000 }),
  fileCount: fc.integer({ min: 0, max: 20 }),
  fileMs: fc.integer({ min: 1, max: 500 }),
  pbkdf2Count: fc.integer({ min: 0, max: 20 }),
  pbkdf2Ms: fc.integer({ min: 1, max: 1000 }),
  order: fc.shuffledSubarray(['dns', 'file', 'pbkdf2'] as WorkKind[], { minLength: 3, maxLength: 3 }),
  slowIoCap: fc.boolean(),
});
const arbWake: fc.Arbitrary<Wake> = fc.constantFrom('immediate', 'after-submit');

describe('properties', () => {
  it('every request runs exactly once, for exactly its service time, on a valid thread', () => {
    fc.assert(
      fc.property(arbParams, arbWake, (p, wake) => {
        const s = simulatePool(p, { wake });
        expect(s.tasks).toHaveLength(p.dnsCount + p.fileCount + p.pbkdf2Count);
        for (const x of s.tasks) {
          const ms = x.kind === 'dns' ? p.dnsMs : x.kind === 'file' ? p.fileMs : p.pbkdf2Ms;
          expect(x.end - x.start).toBe(ms);
          expect(x.start).toBeGreaterThanOrEqual(0);
          expect(x.thread).toBeGreaterThanOrEqual(0);
          expect(x.thread).toBeLessThan(s.threads);
        }
      }),
    );
  });

  it('no thread runs two requests at once; DNS never exceeds its thread limit', () => {
    fc.assert(
      fc.property(arbParams, arbWake, (p, wake) => {
        const s = simulatePool(p, { wake });
        for (const t of eventTimes(s)) {
          const running = s.tasks.filter((x) => x.start <= t && t < x.end);
          expect(new Set(running.map((x) => x.thread)).size).toBe(running.length);
          expect(running.filter((x) => x.kind === 'dns').length).toBeLessThanOrEqual(s.dnsThreadLimit);
        }
      }),
    );
  });

  it('work-conserving: while an ordinary request waits, no thread is idle; while only lookups wait, DNS is at its limit', () => {
    fc.assert(
      fc.property(arbParams, arbWake, (p, wake) => {
        const s = simulatePool(p, { wake });
        for (const t of eventTimes(s)) {
          const snap = snapshotAt(s, t);
          const idle = snap.threads.filter((x) => x === null).length;
          if (idle === 0) continue;
          const waitingOrdinary = snap.queued.some((x) => x.kind !== 'dns' || !p.slowIoCap);
          expect(waitingOrdinary).toBe(false);
          if (snap.queued.length > 0) {
            expect(snap.threads.filter((x) => x?.kind === 'dns').length).toBe(s.dnsThreadLimit);
          }
        }
      }),
    );
  });

  it('FIFO: requests of one kind start in submission order; without the cap, all requests do', () => {
    fc.assert(
      fc.property(arbParams, arbWake, (p, wake) => {
        const s = simulatePool(p, { wake });
        const nonDecreasing = (xs: number[]) => xs.every((v, i) => i === 0 || (xs[i - 1] ?? 0) <= v);
        for (const k of ['dns', 'file', 'pbkdf2'] as const) expect(nonDecreasing(starts(s, k))).toBe(true);
        if (!p.slowIoCap) expect(nonDecreasing(s.tasks.map((x) => x.start))).toBe(true);
        else expect(nonDecreasing(s.tasks.filter((x) => x.kind !== 'dns').map((x) => x.start))).toBe(true);
      }),
    );
  });

  it('without lookups, the cap and the wake-up race change nothing', () => {
    fc.assert(
      fc.property(arbParams, (p0) => {
        const p = { ...p0, dnsCount: 0 };
        const a = simulatePool({ ...p, slowIoCap: true }, { wake: 'immediate' });
        const b = simulatePool({ ...p, slowIoCap: false }, { wake: 'after-submit' });
        expect(a.tasks).toEqual(b.tasks);
      }),
    );
  });

  it('one more thread never delays any request (no cap, FIFO list scheduling)', () => {
    fc.assert(
      fc.property(arbParams, (p0) => {
        const p = { ...p0, slowIoCap: false, poolSize: Math.min(p0.poolSize, 1023) };
        const a = simulatePool(p);
        const b = simulatePool({ ...p, poolSize: p.poolSize + 1 });
        a.tasks.forEach((x, i) => expect(b.tasks[i]?.end).toBeLessThanOrEqual(x.end));
      }),
    );
  });

  it('n equal lookups alone finish in ceil(n / limit) waves of the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 30 }), fc.boolean(), (pool, n, cap) => {
        const s = simulatePool({ ...none, poolSize: pool, dnsCount: n, dnsMs: 100, slowIoCap: cap });
        const lim = dnsThreadLimit(pool, cap);
        const waves = completionWaves(s, 'dns', 10);
        expect(waves).toHaveLength(Math.ceil(n / lim));
        waves.slice(0, -1).forEach((w) => expect(w).toBe(lim));
      }),
    );
  });

  it('the queue never grows after t = 0 and ends empty', () => {
    fc.assert(
      fc.property(arbParams, arbWake, (p, wake) => {
        const s = simulatePool(p, { wake });
        const lengths = s.queue.map((q) => q.length);
        expect(lengths.every((v, i) => i === 0 || v < (lengths[i - 1] ?? Infinity))).toBe(true);
        expect(lengths[lengths.length - 1]).toBe(0);
      }),
    );
  });
});

describe('one time axis and one queue scale for the whole slide (issue #36 item 4)', () => {
  const schedules = SPEAKER_SEQUENCE.map((name) => simulatePool(PRESETS[name]));

  it('every speaker step is drawn on the same axes, which hold each of them', () => {
    // each on its own, the time axis would jump between the steps (calm's 200 ms against the incident's seconds)
    expect(new Set(schedules.map((s) => axesOf(s).span)).size).toBeGreaterThan(1);
    expect(new Set(schedules.map((s) => axesOf(s).queue)).size).toBeGreaterThan(1);
    const fixed = speakerAxes();
    for (const s of schedules) {
      expect(axesFor(s)).toEqual(fixed);
      expect(axesOf(s).span).toBeLessThanOrEqual(fixed.span);
      expect(axesOf(s).queue).toBeLessThanOrEqual(fixed.queue);
    }
  });

  it('self-paced: longer work grows the time axis to a tick, never below the slide’s', () => {
    const fixed = speakerAxes();
    const slow = simulatePool({ ...DEFAULT_PARAMS, dnsMs: 5000, dnsCount: 16, slowIoCap: false });
    const a = axesFor(slow);
    expect(a.span).toBeGreaterThan(fixed.span);
    expect(a.span).toBeGreaterThanOrEqual(slow.makespan);
    expect(axesFor(simulatePool(none))).toEqual(fixed);
  });
});
