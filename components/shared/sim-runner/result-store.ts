/**
 * A cache of simulation results bounded by size, not count: least recently used first out once the total passes
 * the bound. The entry used last always stays, even when it alone is larger than the bound (it is the one shown).
 * Pure: sizes come with the entries (sim-job.ts `resultSize`).
 */
import type { Runtime, SimResult } from '../js-sim/index.ts';

/** the default bound: 30 MB of results */
export const DEFAULT_STORE_BYTES = 30_000_000;

export class SizedLru<K, V> {
  private readonly entries = new Map<K, { value: V; size: number }>();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    // most recently used last
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V, size: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.size;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, size });
    this.total += size;
    for (const [k, e] of this.entries) {
      if (this.total <= this.maxBytes || this.entries.size <= 1) break;
      this.entries.delete(k);
      this.total -= e.size;
    }
  }

  /** the sum of the sizes held */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  keys(): K[] {
    return [...this.entries.keys()];
  }
}

/** What a demo's model reads results from: the runs of the person's code, by source and runtime. */
export interface RunLookup {
  get(source: string, runtime: Runtime): SimResult | undefined;
}

/** The results of the person's code that a demo element keeps (and passes to its model as a RunLookup). */
export class ResultStore implements RunLookup {
  private readonly lru: SizedLru<string, SimResult>;

  constructor(maxBytes = DEFAULT_STORE_BYTES) {
    this.lru = new SizedLru(maxBytes);
  }

  get(source: string, runtime: Runtime): SimResult | undefined {
    return this.lru.get(key(source, runtime));
  }

  has(source: string, runtime: Runtime): boolean {
    return this.lru.has(key(source, runtime));
  }

  put(source: string, runtime: Runtime, result: SimResult, size: number): void {
    this.lru.set(key(source, runtime), result, size);
  }

  get bytes(): number {
    return this.lru.bytes;
  }
}

const key = (source: string, runtime: Runtime): string => `${runtime}\u0000${source}`;
