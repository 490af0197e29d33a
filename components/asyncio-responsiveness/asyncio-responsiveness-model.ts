/**
 * The model of the slide asyncio-responsiveness: seed 000's heartbeat experiment on the asyncio model
 * (components/shared/asyncio-sim, `heartbeat`): a background task asks to be woken every `tickMs` while a worker
 * does `portions` portions of `portionMs`, blocking inside each (`time.sleep`) or waiting (`await
 * asyncio.sleep`), with `await asyncio.sleep(0)` between portions. Everything shown is derived from that run on
 * seed 000's machine (SEED_MACHINE): the turns of `_run_once` (working, or asleep in select()), the ticks, their
 * count and median interval, the turns a gap between two ticks spans (the reason it is long, from the trace), and
 * debug mode's warnings with its threshold.
 */
import { clampIndex } from '../../lib/stepping.ts';
import {
  SEED_HEARTBEAT,
  SEED_MACHINE,
  heartbeat,
  type HeartbeatParams,
  type RunOptions,
} from '../shared/asyncio-sim/index.ts';
import { SPEAKER_SEQUENCE } from './asyncio-responsiveness-sequence.ts';

export { SPEAKER_SEQUENCE };

export type Worker = HeartbeatParams['worker'];

export interface ResponsivenessState {
  readonly tickMs: number;
  readonly portions: number;
  readonly portionMs: number;
  readonly worker: Worker;
  /** Debug mode (PYTHONASYNCIODEBUG=1). */
  readonly debug: boolean;
  /** loop.slow_callback_duration, ms: a separate knob, read only in debug mode. */
  readonly slowMs: number;
  /** The selected gap between two ticks (0: between the first and the second), or none. */
  readonly gap: number | null;
}

export const LIMITS = {
  tickMs: { min: 5, max: 200 },
  portions: { min: 1, max: 20 },
  portionMs: { min: 10, max: 200 },
  slowMs: { min: 10, max: 500 },
} as const;

export type NumericParam = keyof typeof LIMITS;

export function initialState(): ResponsivenessState {
  return stateForStep(0, null);
}

export function stateForStep(step: number, _current: ResponsivenessState | null): ResponsivenessState {
  const s = SPEAKER_SEQUENCE[clampIndex(step, SPEAKER_SEQUENCE.length)]!;
  return { ...SEED_HEARTBEAT, worker: s.worker, debug: s.debug, slowMs: s.slowMs, gap: s.gap };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function setParam(s: ResponsivenessState, key: NumericParam, value: number): ResponsivenessState {
  if (!Number.isFinite(value)) return s;
  const v = clamp(Math.round(value), LIMITS[key].min, LIMITS[key].max);
  if (v === s[key]) return s;
  // The ticks change with the experiment's figures; the threshold changes only the warnings.
  return { ...s, [key]: v, gap: key === 'slowMs' ? s.gap : null };
}

export function setWorker(s: ResponsivenessState, worker: Worker): ResponsivenessState {
  return worker === s.worker || (worker !== 'blocking' && worker !== 'cooperative') ? s : { ...s, worker, gap: null };
}

export function setDebug(s: ResponsivenessState, debug: boolean): ResponsivenessState {
  return { ...s, debug };
}

/** Select gap `gap` (clamped to the gaps there are; null for none). */
export function selectGap(s: ResponsivenessState, gap: number | null): ResponsivenessState {
  if (gap === null) return { ...s, gap: null };
  const n = gapCount(s);
  return n === 0 ? { ...s, gap: null } : { ...s, gap: clamp(Math.trunc(gap), 0, n - 1) };
}

/** The longest gap (the one worth explaining). */
export function longestGap(s: ResponsivenessState): number | null {
  const v = viewOf(s);
  if (v.ticks.length < 2) return null;
  let best = 0;
  for (let i = 1; i < v.ticks.length - 1; i++)
    if (v.ticks[i + 1]!.time - v.ticks[i]!.time > v.ticks[best + 1]!.time - v.ticks[best]!.time) best = i;
  return best;
}

export interface TurnView {
  /** 0-based over the run (the trace's index). */
  readonly index: number;
  /** ms from the start of the run */
  readonly start: number;
  readonly end: number;
  /** When select() slept, ms (equal when it did not). */
  readonly selectStart: number;
  readonly selectEnd: number;
  /** Step 5: the timers moved to `_ready` (their callbacks), and when each was due, ms. */
  readonly moved: readonly { readonly callback: string; readonly due: number }[];
  /** Step 6: ntodo, and what ran, with how long each took (ms). */
  readonly ntodo: number;
  readonly ran: readonly { readonly callback: string; readonly task: string | null; readonly ms: number }[];
  /** Put into `_ready` during step 6, after ntodo was counted: they wait for the next turn. */
  readonly left: readonly { readonly callback: string; readonly task: string | null }[];
}

export interface Tick {
  readonly time: number;
  /** The turn it happened in. */
  readonly turn: number;
}

export interface ResponsivenessView {
  readonly ticks: readonly Tick[];
  readonly medianMs: number | null;
  readonly turns: readonly TurnView[];
  /** When the worker was done (asyncio.run returned), ms. */
  readonly end: number;
  readonly warnings: readonly { readonly time: number; readonly message: string }[];
}

/** The heartbeat's task (Task-1 is main, whose step the worker runs in; the heartbeat is Task-2). */
export const HEARTBEAT_TASK = 'Task-2';

const cache = new Map<string, ResponsivenessView>();

/** The run of a state's experiment, as the slide draws it (memoized: a pure function of the state's figures). */
export function viewOf(s: ResponsivenessState, options: RunOptions = SEED_MACHINE): ResponsivenessView {
  const key = JSON.stringify([s.tickMs, s.portions, s.portionMs, s.worker, s.debug, s.debug ? s.slowMs : 0, options]);
  const hit = cache.get(key);
  if (hit) return hit;
  const h = heartbeat(
    { tickMs: s.tickMs, portions: s.portions, portionMs: s.portionMs, worker: s.worker },
    { ...options, debug: s.debug, slowCallbackDurationMs: s.slowMs },
  );
  const r = h.run;
  const t0 = r.start;
  const ms = (ns: number) => Math.round(((ns - t0) / 1e6) * 1000) / 1000;
  const turns: TurnView[] = r.turns
    .filter((t) => t.phase === 'main')
    .map((t) => ({
      index: t.index,
      start: ms(t.start),
      end: ms(t.end),
      selectStart: ms(t.step3.start),
      selectEnd: ms(t.step3.end),
      moved: t.step5.moved.map((m) => ({ callback: m.callback, due: ms(m.when ?? t.start) })),
      ntodo: t.step6.ntodo,
      ran: t.step6.ran
        .filter((x) => !x.skipped)
        .map((x) => ({ callback: x.handle.callback, task: x.handle.task ?? null, ms: (x.end - x.start) / 1e6 })),
      left: t.readyAtEnd
        .filter((x) => x.id > t.step6.lastHandleId)
        .map((x) => ({ callback: x.callback, task: x.task ?? null })),
    }));
  const view: ResponsivenessView = {
    ticks: r.marks.filter((m) => m.label === 'ticks').map((m) => ({ time: ms(m.time), turn: m.turn })),
    medianMs: h.median_ms === null ? null : Math.round(h.median_ms * 10) / 10,
    turns,
    end: ms(r.end),
    warnings: r.log
      .filter((l) => l.message.startsWith('Executing '))
      .map((l) => ({ time: ms(l.time), message: l.message })),
  };
  if (cache.size > 64) cache.clear();
  cache.set(key, view);
  return view;
}

export function gapCount(s: ResponsivenessState): number {
  return Math.max(0, viewOf(s).ticks.length - 1);
}

/** The turns a gap spans: from the turn of its first tick to the turn of the next, both included. */
export function gapTurns(s: ResponsivenessState, gap: number): TurnView[] {
  const v = viewOf(s);
  const a = v.ticks[gap];
  const b = v.ticks[gap + 1];
  if (!a || !b) return [];
  return v.turns.filter((t) => t.index >= a.turn && t.index <= b.turn);
}

/** Debug mode's warnings, identical lines counted once (`×10`), in the order they first appear. */
export function groupedWarnings(v: ResponsivenessView): { message: string; count: number }[] {
  const out: { message: string; count: number }[] = [];
  for (const w of v.warnings) {
    const g = out.find((x) => x.message === w.message);
    if (g) g.count += 1;
    else out.push({ message: w.message, count: 1 });
  }
  return out;
}

/**
 * A slow-callback warning as read from the back of the hall: the task's name and coroutine and how long it took, its
 * places in the source elided (`Executing <Task pending name='Task-1' coro=<main() …> took 0.100 seconds`).
 */
export function abridged(message: string): string {
  const m = /^(Executing <Task \w+ name='[^']*' coro=<\w+\(\)).*? (took [\d.]+ seconds)$/.exec(message);
  return m ? `${m[1]} …> ${m[2]}` : message;
}
