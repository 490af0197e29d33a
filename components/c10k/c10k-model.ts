/**
 * C10K: what a thread per connection costs, against an event loop. Pure: figures in, figures out.
 *
 * Sources (also in the slide's notes): pthread_create(3) and `ulimit -s` (8 MiB default stacks on Linux, a
 * guard page below each: two mappings per stack, which this repo's probe counts); kernel/fork.c (threads-max =
 * RAM / (8 × THREAD_SIZE) with 16 KiB kernel stacks, RLIMIT_NPROC defaults to threads-max / 2); mm (vm.max_map_count
 * default 65530); the direct cost of a context switch, 2–5 µs (Li, Ding, Shen, "Quantifying the cost of context
 * switch", 2007, measured 3.8 µs direct on Linux 2.6.17). Not modelled: the indirect cost, the cache misses after a
 * switch, which in that paper grows with the data a process touches, to more than 1,000 µs a switch.
 */

import { clampIndex } from '../../lib/stepping.ts';
import { SPEAKER_SEQUENCE } from './c10k-sequence.ts';

export const KiB = 1024;
export const MiB = 1024 * KiB;
export const GiB = 1024 * MiB;

export const STACK_PRESETS = {
  linux: 8 * MiB,
  java: 1 * MiB,
} as const;
export type StackPreset = keyof typeof STACK_PRESETS | 'custom';

/** Kernel stack of each thread (x86-64, THREAD_SIZE). */
export const KERNEL_STACK = 16 * KiB;
/** Mappings per thread stack: the stack itself and its guard page. */
export const MAPS_PER_STACK = 2;
/**
 * vm.max_map_count as the kernel sets it: include/linux/mm.h, DEFAULT_MAX_MAP_COUNT = USHRT_MAX −
 * MAPCOUNT_ELF_CORE_MARGIN (65,535 − 5). Distributions may ship their own (Fedora 39 and later: 1,048,576), so the
 * slide calls it the kernel's default, not every machine's.
 */
export const DEFAULT_MAX_MAP_COUNT = 65530;
/** The terms of the kernel's default (include/linux/mm.h). */
export const USHRT_MAX = 65535;
export const MAPCOUNT_ELF_CORE_MARGIN = 5;
/** Direct cost of one context switch, µs: the switch itself, without the cache misses that follow it. */
export const SWITCH_COST_US = { low: 2, high: 5 } as const;

export interface C10kInput {
  connections: number;
  /** Requests per second on each connection. */
  requestsPerConnection: number;
  stackPreset: StackPreset;
  /** Virtual stack size per thread in bytes (used when the preset is `custom`). */
  customStack: number;
  /** Resident bytes of each thread's user stack (what it really touched). */
  residentPerThread: number;
  /** Bytes of state an event loop keeps per connection. */
  stateBytes: number;
  /** Machine RAM in bytes: sets kernel.threads-max and ulimit -u the way the kernel does at boot. */
  ram: number;
  maxMapCount: number;
}

/** What the controls can set: the sliders' ranges (logarithmic), the stack presets and the machines' RAM. */
export const RANGES = {
  connections: { min: 10, max: 1_000_000 },
  requestsPerConnection: { min: 0.01, max: 100 },
  customStack: { min: 64 * KiB, max: 16 * MiB },
  residentPerThread: { min: 4 * KiB, max: 1 * MiB },
  stateBytes: { min: 256, max: 16 * KiB },
} as const satisfies Partial<Record<keyof C10kInput, { min: number; max: number }>>;
export const STACK_CHOICES: readonly StackPreset[] = ['linux', 'java', 'custom'];
export const RAM_CHOICES: readonly number[] = [4 * GiB, 16 * GiB, 64 * GiB, 256 * GiB];

export const DEFAULT_INPUT: C10kInput = {
  connections: 10_000,
  requestsPerConnection: 1,
  stackPreset: 'linux',
  customStack: 256 * KiB,
  residentPerThread: 32 * KiB,
  stateBytes: 2 * KiB,
  ram: 16 * GiB,
  maxMapCount: DEFAULT_MAX_MAP_COUNT,
};

export type LimitName = 'max_map_count' | 'threads-max' | 'ulimit-u' | 'ram';

export interface Limit {
  name: LimitName;
  /** The most threads (connections) this limit allows. */
  maxThreads: number;
}

export interface ModelFigures {
  stackBytes: number;
  threads: {
    virtual: number;
    resident: number;
    switchesPerSecond: number;
    /** CPU cores spent on switching, at 2 µs and 5 µs per switch. */
    switchCoresLow: number;
    switchCoresHigh: number;
  };
  loop: {
    /** One thread: its own stack counts once. */
    virtual: number;
    resident: number;
  };
  limits: readonly Limit[];
  /** The first ceiling the thread model hits at this many connections, or null if none. */
  firstLimit: Limit | null;
  /** The lowest ceiling of all, whatever the load. */
  lowestLimit: Limit;
}

export function stackBytes(input: Pick<C10kInput, 'stackPreset' | 'customStack'>): number {
  return input.stackPreset === 'custom' ? input.customStack : STACK_PRESETS[input.stackPreset];
}

/** kernel.threads-max as kernel/fork.c sets it at boot: RAM / (8 × THREAD_SIZE). */
export function threadsMax(ram: number): number {
  return Math.floor(ram / (8 * KERNEL_STACK));
}

export function limits(input: C10kInput): Limit[] {
  const perThreadResident = input.residentPerThread + KERNEL_STACK;
  const tmax = threadsMax(input.ram);
  return [
    { name: 'max_map_count', maxThreads: Math.floor(input.maxMapCount / MAPS_PER_STACK) },
    { name: 'ulimit-u', maxThreads: Math.floor(tmax / 2) },
    { name: 'threads-max', maxThreads: tmax },
    { name: 'ram', maxThreads: Math.floor(input.ram / perThreadResident) },
  ];
}

export function figures(input: C10kInput): ModelFigures {
  const stack = stackBytes(input);
  const n = input.connections;
  const requests = n * input.requestsPerConnection;
  // Each request wakes the thread and puts it back to sleep: two switches.
  const switches = 2 * requests;
  const all = limits(input);
  const lowest = all.reduce((a, b) => (b.maxThreads < a.maxThreads ? b : a));
  const exceeded = all.filter((l) => n > l.maxThreads);
  const first = exceeded.length === 0 ? null : exceeded.reduce((a, b) => (b.maxThreads < a.maxThreads ? b : a));
  return {
    stackBytes: stack,
    threads: {
      virtual: n * stack,
      resident: n * (input.residentPerThread + KERNEL_STACK),
      switchesPerSecond: switches,
      switchCoresLow: (switches * SWITCH_COST_US.low) / 1e6,
      switchCoresHigh: (switches * SWITCH_COST_US.high) / 1e6,
    },
    loop: {
      virtual: stack + n * input.stateBytes,
      resident: input.residentPerThread + KERNEL_STACK + n * input.stateBytes,
    },
    limits: all,
    firstLimit: first,
    lowestLimit: lowest,
  };
}

/**
 * Points for the chart: memory against connections, on logarithmic axes. The threads' curves end at the lowest
 * kernel ceiling (`threadConnections` stops there, the ceiling itself its last point): past it there are no more
 * threads to count. The event loop's curve runs the whole range.
 */
export function memorySeries(
  input: C10kInput,
  from: number = RANGES.connections.min,
  to: number = RANGES.connections.max,
): {
  connections: number[];
  threadConnections: number[];
  threadVirtual: number[];
  threadResident: number[];
  loopResident: number[];
} {
  const connections: number[] = [];
  for (let exp = Math.log10(from); exp <= Math.log10(to) + 1e-9; exp += 0.25)
    connections.push(Math.round(Math.pow(10, exp)));
  const at = (c: number) => figures({ ...input, connections: c });
  const ceiling = at(from).lowestLimit.maxThreads;
  const threadConnections = connections.filter((c) => c < ceiling);
  if (ceiling >= from && ceiling <= to) threadConnections.push(ceiling);
  return {
    connections,
    threadConnections,
    threadVirtual: threadConnections.map((c) => at(c).threads.virtual),
    threadResident: threadConnections.map((c) => at(c).threads.resident),
    loopResident: connections.map((c) => at(c).loop.resident),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The demo contract (lib/demo-contract.ts): the state is the inputs; every figure is computed from them.

export { SPEAKER_SEQUENCE };

/** The speaker sequence, checked here against the inputs it sets. */
const STEPS: readonly Partial<C10kInput>[] = SPEAKER_SEQUENCE;

export function initialState(): C10kInput {
  return { ...DEFAULT_INPUT };
}

/** Each speaker step is a whole scene: the defaults with that step's inputs (what the person had is replaced). */
export function stateForStep(step: number): C10kInput {
  return { ...DEFAULT_INPUT, ...STEPS[clampIndex(step, STEPS.length)] };
}

/** Formats bytes with binary units (KiB, MiB, GiB, TiB). Returns [number, unit] so text tables can localise units. */
export function binaryUnit(bytes: number): { value: number; unit: 'B' | 'KiB' | 'MiB' | 'GiB' | 'TiB' } {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;
  let value = bytes;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return { value, unit: units[i] ?? 'TiB' };
}
