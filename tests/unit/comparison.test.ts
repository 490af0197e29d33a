import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SIM_SEED } from './sim-seed.ts';
import {
  FITS,
  MODELS,
  PRESETS,
  SPEAKER_SEQUENCE,
  applyPreset,
  fitAll,
  initialState,
  normalize,
  presetOf,
  rowFit,
  setFlag,
  setNumber,
  stateForStep,
  type Fit,
  type ModelId,
  type Workload,
} from '../../components/comparison/comparison-model.ts';
import { comparisonText } from '../../components/comparison/comparison-text.ts';

const fits = (w: Workload) => Object.fromEntries(fitAll(w).map((r) => [r.model, r.fit])) as Record<ModelId, Fit>;
const why = (m: ModelId, w: Workload) => rowFit(m, w).reasons[0];
const rank = (f: Fit) => FITS.indexOf(f);

describe('the four workloads of the speaker sequence, hand-worked', () => {
  it('a proxy with 50,000 connections: everything but a thread per connection', () => {
    expect(fits(PRESETS.proxy)).toEqual({
      threads: 'poor',
      loop: 'good',
      goroutines: 'good',
      virtual: 'good',
      erlang: 'good',
    });
    expect(why('threads', PRESETS.proxy)).toBe('threads-c10k');
  });
  it('a CPU-heavy service: the event loop is a poor fit; threads and goroutines fit', () => {
    expect(fits(PRESETS.cpu)).toEqual({
      threads: 'good',
      loop: 'poor',
      goroutines: 'good',
      virtual: 'care',
      erlang: 'care',
    });
    expect(why('loop', PRESETS.cpu)).toBe('loop-cpu-heavy');
    expect(why('threads', PRESETS.cpu)).toBe('threads-cpu');
  });
  it('legacy blocking drivers: virtual threads fit best, the event loop is out', () => {
    expect(fits(PRESETS.legacy)).toEqual({
      threads: 'care',
      loop: 'poor',
      goroutines: 'care',
      virtual: 'good',
      erlang: 'care',
    });
    expect(why('loop', PRESETS.legacy)).toBe('loop-blocking');
    expect(why('virtual', PRESETS.legacy)).toBe('virtual-blocking');
    expect(why('goroutines', PRESETS.legacy)).toBe('go-rewrite');
  });
  it('telecom: a million connections, isolation, even latency: only Erlang fits', () => {
    expect(fits(PRESETS.telecom)).toEqual({
      threads: 'poor',
      loop: 'care',
      goroutines: 'care',
      virtual: 'care',
      erlang: 'good',
    });
    expect(why('erlang', PRESETS.telecom)).toBe('erlang-isolation');
    expect(why('goroutines', PRESETS.telecom)).toBe('go-panic');
    expect(why('virtual', PRESETS.telecom)).toBe('virtual-shared');
    expect(why('loop', PRESETS.telecom)).toBe('loop-latency');
    expect(rowFit('loop', PRESETS.telecom).reasons).toContain('loop-shared');
    expect(why('threads', PRESETS.telecom)).toBe('threads-c10k');
    expect(rowFit('threads', PRESETS.telecom).reasons).toContain('threads-shared');
  });
  it('what a failure takes down, row by row: a panic is Go’s; a Java thread’s uncaught exception ends that thread', () => {
    for (const lang of ['en', 'ru'] as const) {
      const r = comparisonText[lang].reasons;
      // Java's virtual threads: the thread ends, the heap and the GC are what is shared.
      expect(r['virtual-shared']).not.toMatch(/panic|process|процесс/i);
      expect(r['virtual-shared']).toMatch(lang === 'en' ? /only its thread/ : /только свой поток/);
      expect(r['virtual-shared']).toMatch(lang === 'en' ? /heap and GC shared/ : /куча и GC общие/);
      expect(r['go-panic']).toMatch(/panic/);
      for (const k of ['threads-shared', 'loop-shared', 'virtual-shared'] as const) expect(r[k]).not.toMatch(/panic/);
    }
  });
  it('thresholds: 1,000 connections is still "hundreds"; 10,001 is C10K', () => {
    const w = (connections: number): Workload => ({ ...PRESETS.proxy, connections });
    expect(rowFit('threads', w(1000)).fit).toBe('good');
    expect(rowFit('threads', w(1001)).fit).toBe('care');
    expect(rowFit('threads', w(10_000)).fit).toBe('care');
    expect(rowFit('threads', w(10_001)).fit).toBe('poor');
  });
});

const workload = fc.record({
  connections: fc.integer({ min: 10, max: 1_000_000 }),
  cpuShare: fc.integer({ min: 0, max: 100 }),
  blockingLibs: fc.boolean(),
  isolation: fc.boolean(),
  latency: fc.boolean(),
});

describe('properties: monotone where it should be', () => {
  const opts = { seed: SIM_SEED, numRuns: 300 };
  it('more connections never make a thread per request fit better', () => {
    fc.assert(
      fc.property(workload, fc.integer({ min: 0, max: 1_000_000 }), (w, more) => {
        const bigger = normalize({ ...w, connections: w.connections + more });
        expect(rank(rowFit('threads', bigger).fit)).toBeLessThanOrEqual(rank(rowFit('threads', w).fit));
      }),
      opts,
    );
  });
  it('more CPU work never makes the event loop, virtual threads or Erlang fit better', () => {
    fc.assert(
      fc.property(workload, fc.integer({ min: 0, max: 100 }), (w, more) => {
        const heavier = normalize({ ...w, cpuShare: w.cpuShare + more });
        for (const m of ['loop', 'virtual', 'erlang'] as const)
          expect(rank(rowFit(m, heavier).fit)).toBeLessThanOrEqual(rank(rowFit(m, w).fit));
      }),
      opts,
    );
  });
  it('needing isolation never helps a row but Erlang’s, and never hurts Erlang’s', () => {
    fc.assert(
      fc.property(workload, (w) => {
        const on = { ...w, isolation: true };
        const off = { ...w, isolation: false };
        for (const m of MODELS) {
          if (m === 'erlang') expect(rowFit(m, on).fit).toBe(rowFit(m, off).fit);
          else expect(rank(rowFit(m, on).fit)).toBeLessThanOrEqual(rank(rowFit(m, off).fit));
        }
      }),
      opts,
    );
  });
  it('blocking libraries you must keep never help the event loop and never hurt threads or virtual threads', () => {
    fc.assert(
      fc.property(workload, (w) => {
        const on = { ...w, blockingLibs: true };
        const off = { ...w, blockingLibs: false };
        expect(rank(rowFit('loop', on).fit)).toBeLessThanOrEqual(rank(rowFit('loop', off).fit));
        expect(rowFit('loop', on).fit).toBe('poor');
        for (const m of ['threads', 'virtual'] as const) expect(rowFit(m, on).fit).toBe(rowFit(m, off).fit);
      }),
      opts,
    );
  });
  it('every row always has a reason of its own level first, written in both languages', () => {
    fc.assert(
      fc.property(workload, (w) => {
        for (const r of fitAll(w)) {
          expect(r.reasons.length).toBeGreaterThan(0);
          for (const lang of ['en', 'ru'] as const) expect(comparisonText[lang].reasons[r.reasons[0]!]).toBeTruthy();
        }
      }),
      opts,
    );
  });
});

describe('the demo state', () => {
  it('steps are the presets; the controls change the workload and leave the preset', () => {
    expect(SPEAKER_SEQUENCE.map((_, i) => presetOf(stateForStep(i, initialState()).workload))).toEqual([
      'proxy',
      'cpu',
      'legacy',
      'telecom',
    ]);
    const s = setNumber(initialState(), 'cpuShare', 55);
    expect(presetOf(s.workload)).toBeNull();
    expect(setNumber(s, 'cpuShare', 55)).toBe(s);
    expect(setNumber(s, 'connections', 5e9).workload.connections).toBe(1_000_000);
    expect(setFlag(s, 'isolation', true).workload.isolation).toBe(true);
    expect(presetOf(applyPreset(s, 'telecom').workload)).toBe('telecom');
  });
});

describe('the reasons as the presented stage shows them', () => {
  it('each is a few words, shorter than its full reason, in both languages (five fit the stage with the rest)', () => {
    for (const lang of ['en', 'ru'] as const) {
      const t = comparisonText[lang];
      for (const [key, short] of Object.entries(t.shortReasons)) {
        expect(short.length, `${lang} ${key}`).toBeLessThanOrEqual(28);
        expect(short.length, `${lang} ${key}`).toBeLessThan(t.reasons[key as keyof typeof t.reasons].length);
      }
    }
  });
});
