/**
 * Which concurrency model fits a workload: seed 004's comparison table (thread per request; event loop +
 * async/await; goroutines; virtual threads; Erlang processes) and a pure rule per row that turns a workload into
 * a fit and its reasons. Pure: no DOM, no timers, no randomness.
 *
 * Each row's fit is the worst level among the rules that apply to the workload (a row is as good as its weakest
 * point), so every rule being monotone makes the row monotone: more connections never make threads fit better,
 * more CPU work never makes the event loop fit better, needing isolation never helps any row but Erlang's.
 * The thresholds follow the table's own words ("hundreds of concurrent requests", "many connections and little
 * computation") and the C10K slide (a thread per connection runs out past about ten thousand).
 */

import { clampIndex } from '../../lib/stepping.ts';
import { SPEAKER_SEQUENCE, type WorkloadPreset } from './comparison-sequence.ts';

export { SPEAKER_SEQUENCE };

export const MODELS = ['threads', 'loop', 'goroutines', 'virtual', 'erlang'] as const;
export type ModelId = (typeof MODELS)[number];

export interface Workload {
  /** Concurrent connections (or requests in flight). */
  readonly connections: number;
  /** Share of a request's time spent computing rather than waiting, percent. */
  readonly cpuShare: number;
  /** Blocking libraries you must keep (a JDBC driver, `requests`, a sync SDK). */
  readonly blockingLibs: boolean;
  /** A failure in one task must not take down the others. */
  readonly isolation: boolean;
  /** Latency must stay predictable while some tasks compute. */
  readonly latency: boolean;
}

export const LIMITS = {
  connections: { min: 10, max: 1_000_000 },
  cpuShare: { min: 0, max: 100, step: 5 },
} as const;

/** Levels, ordered: a higher one is a better fit. */
export const FITS = ['poor', 'care', 'good'] as const;
export type Fit = (typeof FITS)[number];

const rank = (f: Fit): number => FITS.indexOf(f);

export type ReasonKey =
  | 'threads-few'
  | 'threads-thousands'
  | 'threads-c10k'
  | 'threads-blocking'
  | 'threads-cpu'
  | 'loop-connections'
  | 'loop-cpu-some'
  | 'loop-cpu-heavy'
  | 'loop-blocking'
  | 'loop-latency'
  | 'go-fit'
  | 'go-rewrite'
  | 'virtual-fit'
  | 'virtual-blocking'
  | 'virtual-cpu'
  | 'virtual-latency'
  | 'erlang-fit'
  | 'erlang-isolation'
  | 'erlang-latency'
  | 'erlang-cpu'
  | 'erlang-rewrite'
  | 'threads-shared'
  | 'loop-shared'
  | 'go-panic'
  | 'virtual-shared';

export interface Reason {
  readonly key: ReasonKey;
  readonly fit: Fit;
}

/** Thresholds of the rules. */
export const THRESHOLDS = {
  /** Threads are fine up to "hundreds of concurrent requests"… */
  threadsEasy: 1_000,
  /** … and past about ten thousand memory and switches run out (the C10K slide). */
  threadsC10k: 10_000,
  /** CPU share from which computation is felt by an event loop, and from which it dominates. */
  cpuSome: 20,
  cpuHeavy: 50,
} as const;

/**
 * What each row shares, and so what a failure takes with it, when isolation is asked for: every row but Erlang's
 * runs its tasks in one process (one heap, one GC), but what one uncaught failure ends differs. A Java thread's
 * uncaught exception ends that thread only (Thread.UncaughtExceptionHandler); an unrecovered Go panic ends the
 * program (the Go spec, "Handling panics"); an uncaught error in Node ends the process ('uncaughtException').
 */
const NO_ISOLATION = {
  threads: 'threads-shared',
  loop: 'loop-shared',
  goroutines: 'go-panic',
  virtual: 'virtual-shared',
} as const satisfies Record<Exclude<ModelId, 'erlang'>, ReasonKey>;

/** The rules that apply to a workload, for one row. */
export function reasons(model: ModelId, w: Workload): Reason[] {
  const out: Reason[] = [];
  const add = (key: ReasonKey, fit: Fit) => out.push({ key, fit });
  const cpuSome = w.cpuShare >= THRESHOLDS.cpuSome;
  const cpuHeavy = w.cpuShare >= THRESHOLDS.cpuHeavy;
  switch (model) {
    case 'threads':
      if (w.connections > THRESHOLDS.threadsC10k) add('threads-c10k', 'poor');
      else if (w.connections > THRESHOLDS.threadsEasy) add('threads-thousands', 'care');
      else add('threads-few', 'good');
      if (w.blockingLibs) add('threads-blocking', 'good');
      if (cpuHeavy) add('threads-cpu', 'good');
      break;
    case 'loop':
      add('loop-connections', 'good');
      if (cpuHeavy) add('loop-cpu-heavy', 'poor');
      else if (cpuSome) add('loop-cpu-some', 'care');
      if (w.blockingLibs) add('loop-blocking', 'poor');
      if (w.latency) add('loop-latency', 'care');
      break;
    case 'goroutines':
      add('go-fit', 'good');
      if (w.blockingLibs) add('go-rewrite', 'care');
      break;
    case 'virtual':
      add('virtual-fit', 'good');
      if (w.blockingLibs) add('virtual-blocking', 'good');
      if (cpuHeavy) add('virtual-cpu', 'care');
      if (w.latency && cpuSome) add('virtual-latency', 'care');
      break;
    case 'erlang':
      add('erlang-fit', 'good');
      if (w.isolation) add('erlang-isolation', 'good');
      if (w.latency) add('erlang-latency', 'good');
      if (cpuHeavy) add('erlang-cpu', 'care');
      if (w.blockingLibs) add('erlang-rewrite', 'care');
      break;
  }
  if (w.isolation && model !== 'erlang') add(NO_ISOLATION[model], 'care');
  return out;
}

export interface RowFit {
  readonly model: ModelId;
  readonly fit: Fit;
  /** The reasons to show, the deciding (worst) ones first. */
  readonly reasons: readonly ReasonKey[];
}

/**
 * The rows' general reasons (a row's strength whatever the workload, or threads' "few enough"): shown only when
 * nothing this workload asked for says more.
 */
const GENERAL: readonly ReasonKey[] = ['threads-few', 'loop-connections', 'go-fit', 'virtual-fit', 'erlang-fit'];

/**
 * A row's fit: the worst level among its rules; its reasons, worst first, and within a level the ones this
 * workload triggered before the row's general one.
 */
export function rowFit(model: ModelId, w: Workload): RowFit {
  const rs = reasons(model, normalize(w));
  const fit = rs.reduce<Fit>((worst, r) => (rank(r.fit) < rank(worst) ? r.fit : worst), 'good');
  const general = (r: Reason) => (GENERAL.includes(r.key) ? 1 : 0);
  const ordered = [...rs].sort((a, b) => rank(a.fit) - rank(b.fit) || general(a) - general(b));
  return { model, fit, reasons: ordered.map((r) => r.key) };
}

export function fitAll(w: Workload): RowFit[] {
  return MODELS.map((m) => rowFit(m, w));
}

export function normalize(w: Workload): Workload {
  const clamp = (v: number, min: number, max: number) => (Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : min);
  return {
    connections: Math.round(clamp(w.connections, LIMITS.connections.min, LIMITS.connections.max)),
    cpuShare: Math.round(clamp(w.cpuShare, LIMITS.cpuShare.min, LIMITS.cpuShare.max)),
    blockingLibs: w.blockingLibs === true,
    isolation: w.isolation === true,
    latency: w.latency === true,
  };
}

export const PRESETS = {
  proxy: { connections: 50_000, cpuShare: 5, blockingLibs: false, isolation: false, latency: false },
  cpu: { connections: 200, cpuShare: 80, blockingLibs: false, isolation: false, latency: false },
  legacy: { connections: 3_000, cpuShare: 20, blockingLibs: true, isolation: false, latency: false },
  telecom: { connections: 1_000_000, cpuShare: 10, blockingLibs: false, isolation: true, latency: true },
} as const satisfies Record<WorkloadPreset, Workload>;

/** The preset a workload is exactly, if any (the element marks its button). */
export function presetOf(w: Workload): WorkloadPreset | null {
  for (const name of SPEAKER_SEQUENCE) {
    const p: Workload = PRESETS[name];
    if (
      p.connections === w.connections &&
      p.cpuShare === w.cpuShare &&
      p.blockingLibs === w.blockingLibs &&
      p.isolation === w.isolation &&
      p.latency === w.latency
    )
      return name;
  }
  return null;
}

// ------------------------------------------------------------------------------------------ the demo's state

export interface ComparisonState {
  readonly workload: Workload;
}

export function initialState(): ComparisonState {
  return { workload: PRESETS.proxy };
}

/** Speaker step `step` (clamped): its workload. */
export function stateForStep(step: number, _current: ComparisonState): ComparisonState {
  const name = SPEAKER_SEQUENCE[clampIndex(step, SPEAKER_SEQUENCE.length)] ?? 'proxy';
  return { workload: PRESETS[name] };
}

export function applyPreset(state: ComparisonState, name: WorkloadPreset): ComparisonState {
  return presetOf(state.workload) === name ? state : { workload: PRESETS[name] };
}

type NumberKey = 'connections' | 'cpuShare';
type FlagKey = 'blockingLibs' | 'isolation' | 'latency';

export function setNumber(state: ComparisonState, key: NumberKey, value: number): ComparisonState {
  const workload = normalize({ ...state.workload, [key]: value });
  return workload[key] === state.workload[key] ? state : { workload };
}

export function setFlag(state: ComparisonState, key: FlagKey, on: boolean): ComparisonState {
  return state.workload[key] === on ? state : { workload: { ...state.workload, [key]: on } };
}
