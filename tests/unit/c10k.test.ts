import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_INPUT,
  DEFAULT_MAX_MAP_COUNT,
  GiB,
  KiB,
  MiB,
  MAPCOUNT_ELF_CORE_MARGIN,
  MAPS_PER_STACK,
  USHRT_MAX,
  binaryUnit,
  figures,
  memorySeries,
  stateForStep,
  threadsMax,
  type C10kInput,
} from '../../components/c10k/c10k-model.ts';
import { c10kText } from '../../components/c10k/c10k-text.ts';

const at = (patch: Partial<C10kInput>) => figures({ ...DEFAULT_INPUT, ...patch });

describe('c10k model: figures worked out by hand', () => {
  it('10,000 connections at 8 MiB stacks is about 78 GiB of virtual memory', () => {
    const f = at({ connections: 10_000, stackPreset: 'linux' });
    expect(f.threads.virtual).toBe(10_000 * 8 * MiB);
    expect(f.threads.virtual / GiB).toBeCloseTo(78.125, 3);
  });

  it('Java’s 1 MiB stacks: 10,000 threads reserve 9.77 GiB', () => {
    expect(at({ connections: 10_000, stackPreset: 'java' }).threads.virtual / GiB).toBeCloseTo(9.766, 3);
  });

  it('resident memory is 32 KiB of stack plus a 16 KiB kernel stack per thread', () => {
    const f = at({ connections: 1000, residentPerThread: 32 * KiB });
    expect(f.threads.resident).toBe(1000 * 48 * KiB);
  });

  it('an event loop pays one stack and the state of each connection', () => {
    const f = at({ connections: 10_000, stateBytes: 2 * KiB, residentPerThread: 32 * KiB });
    expect(f.loop.resident).toBe(48 * KiB + 10_000 * 2 * KiB);
    expect(f.loop.virtual).toBe(8 * MiB + 10_000 * 2 * KiB);
  });

  it('each request costs two context switches of 2–5 µs', () => {
    const f = at({ connections: 10_000, requestsPerConnection: 1 });
    expect(f.threads.switchesPerSecond).toBe(20_000);
    expect(f.threads.switchCoresLow).toBeCloseTo(0.04, 10);
    expect(f.threads.switchCoresHigh).toBeCloseTo(0.1, 10);
  });

  it('vm.max_map_count 65530 with two maps per stack stops near 32,765 threads', () => {
    expect(at({ connections: 32_765 }).firstLimit).toBeNull();
    const f = at({ connections: 32_766 });
    expect(f.firstLimit).toEqual({ name: 'max_map_count', maxThreads: 32_765 });
  });

  it('threads-max is RAM / 128 KiB and ulimit -u half of it', () => {
    expect(threadsMax(16 * GiB)).toBe(131_072);
    const f = at({ ram: 16 * GiB });
    expect(f.limits.find((l) => l.name === 'threads-max')?.maxThreads).toBe(131_072);
    expect(f.limits.find((l) => l.name === 'ulimit-u')?.maxThreads).toBe(65_536);
  });

  it('on a 4 GiB machine ulimit -u (16,384) comes before max_map_count', () => {
    expect(at({ ram: 4 * GiB, connections: 20_000 }).firstLimit?.name).toBe('ulimit-u');
  });

  it('binary units', () => {
    expect(binaryUnit(78.125 * GiB)).toEqual({ value: 78.125, unit: 'GiB' });
    expect(binaryUnit(512)).toEqual({ value: 512, unit: 'B' });
  });

  it('the speaker sequence starts at C10K and walks past the ceilings', () => {
    expect(stateForStep(0)).toEqual(DEFAULT_INPUT);
    expect(figures(stateForStep(0)).firstLimit).toBeNull();
    expect(figures(stateForStep(1)).firstLimit?.name).toBe('max_map_count');
    expect(stateForStep(99)).toEqual(stateForStep(3));
  });
});

describe('c10k model: properties', () => {
  const input = fc.record({
    connections: fc.integer({ min: 1, max: 2_000_000 }),
    requestsPerConnection: fc.double({ min: 0.01, max: 100, noNaN: true }),
    stackPreset: fc.constantFrom('linux' as const, 'java' as const, 'custom' as const),
    customStack: fc.integer({ min: 64 * KiB, max: 16 * MiB }),
    residentPerThread: fc.integer({ min: 4 * KiB, max: MiB }),
    stateBytes: fc.integer({ min: 256, max: 16 * KiB }),
    ram: fc.constantFrom(4 * GiB, 16 * GiB, 64 * GiB, 256 * GiB),
    maxMapCount: fc.integer({ min: 1000, max: 1_000_000 }),
  });

  it('the thread model never uses less memory than the event loop beyond one connection', () => {
    fc.assert(
      fc.property(input, (i) => {
        const f = figures(i);
        if (i.connections < 2 || i.stateBytes > i.residentPerThread) return true;
        return f.threads.resident >= f.loop.resident;
      }),
    );
  });

  it('the first limit hit is the lowest ceiling below the connection count', () => {
    fc.assert(
      fc.property(input, (i) => {
        const f = figures(i);
        const below = f.limits.filter((l) => i.connections > l.maxThreads);
        if (below.length === 0) return f.firstLimit === null;
        return f.firstLimit !== null && below.every((l) => l.maxThreads >= f.firstLimit!.maxThreads);
      }),
    );
  });

  it('memory grows linearly with connections', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 2, max: 10 }), (i, k) => {
        const a = figures(i).threads;
        const b = figures({ ...i, connections: i.connections * k }).threads;
        return b.virtual === a.virtual * k && b.resident === a.resident * k;
      }),
    );
  });
});

describe('c10k model against this kernel', () => {
  const hasProc = existsSync('/proc/sys/vm/max_map_count');
  const hasCc = (() => {
    try {
      execFileSync('cc', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it('the kernel’s default vm.max_map_count is USHRT_MAX − MAPCOUNT_ELF_CORE_MARGIN (include/linux/mm.h)', () => {
    expect(DEFAULT_MAX_MAP_COUNT).toBe(USHRT_MAX - MAPCOUNT_ELF_CORE_MARGIN);
    expect(DEFAULT_MAX_MAP_COUNT).toBe(65530);
  });

  it.skipIf(!hasProc)(
    'this machine’s vm.max_map_count: the kernel default or a distribution’s own; the model’s ceiling follows it',
    () => {
      const value = Number(readFileSync('/proc/sys/vm/max_map_count', 'utf8'));
      expect(Number.isInteger(value) && value > 0).toBe(true);
      const limits = figures(stateForStep(0)).limits;
      expect(limits.find((l) => l.name === 'max_map_count')?.maxThreads).toBe(
        Math.floor(DEFAULT_MAX_MAP_COUNT / MAPS_PER_STACK),
      );
      // the slide says "the kernel's default"; where a distribution raised it, the figure is only the kernel's
      if (value !== DEFAULT_MAX_MAP_COUNT) console.info(`vm.max_map_count here is ${value}, not the kernel's 65530`);
    },
  );

  it('the words say it is the kernel’s default and that distributions differ, in both languages', () => {
    expect(c10kText.en.limitWhy.max_map_count('65,530')).toContain('the kernel’s default; distributions differ');
    expect(c10kText.ru.limitWhy.max_map_count('65 530')).toContain('значение ядра; у дистрибутивов бывает своё');
    expect(c10kText.en.noLimit('10', 'vm.max_map_count', '32,765')).toContain('(the kernel’s defaults)');
  });

  it.skipIf(!hasProc)('kernel.threads-max is RAM / 128 KiB (within 1%), and ulimit -u half of it', () => {
    const tmax = Number(readFileSync('/proc/sys/kernel/threads-max', 'utf8'));
    const memKiB = Number(/MemTotal:\s+(\d+)/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1]);
    const predicted = threadsMax(memKiB * KiB);
    expect(Math.abs(tmax - predicted) / predicted).toBeLessThan(0.01);
    // RLIMIT_NPROC as this process inherited it ("Max processes  soft  hard  processes").
    const soft = /Max processes\s+(\S+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
    expect(soft, 'RLIMIT_NPROC was changed from the kernel default').toBe(String(Math.floor(tmax / 2)));
  });

  it.skipIf(!hasProc || !hasCc)('each pthread stack adds two mappings (stack and guard page)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hsw-maps-'));
    const bin = join(dir, 'thread-maps');
    execFileSync('cc', ['-O2', '-pthread', '-o', bin, join(import.meta.dirname, '../probes/thread-maps.c')]);
    for (const n of [10, 50]) {
      const added = Number(execFileSync(bin, [String(n)], { encoding: 'utf8' }).trim());
      expect(added).toBe(n * MAPS_PER_STACK);
    }
  });
});

describe('the chart: threads stop at the kernel’s lowest ceiling', () => {
  it.each([0, 1, 2, 3])(
    'speaker step %i: the thread curves end at 32,765 threads, the loop’s runs to 1,000,000',
    (step) => {
      const input = stateForStep(step);
      const series = memorySeries(input);
      const ceiling = figures(input).lowestLimit.maxThreads;
      expect(ceiling).toBe(32_765);
      expect(series.threadConnections[series.threadConnections.length - 1]).toBe(ceiling);
      expect(Math.max(...series.threadConnections)).toBe(ceiling);
      expect(series.threadVirtual).toHaveLength(series.threadConnections.length);
      // no thread memory past what 32,765 threads take
      expect(Math.max(...series.threadVirtual)).toBe(ceiling * figures(input).stackBytes);
      expect(series.connections[series.connections.length - 1]).toBe(1_000_000);
      expect(series.loopResident).toHaveLength(series.connections.length);
    },
  );
});
