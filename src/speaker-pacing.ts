/**
 * Pacing for the speaker view, pure (no DOM, no clock: the caller passes the elapsed time). The semantics of
 * reveal's speaker view: a talk of `totalTime` seconds; a slide with its own `data-timing` (seconds) keeps it; the
 * other slides share what is left equally (reveal's `totalTime` overriding `defaultTiming`). The planned time up to
 * a slide is the sum of the slides before it; the speaker is ahead while the clock has not reached the current
 * slide's planned start, on time until its planned end, and behind after it.
 */

/** The planned length in minutes, from `?minutes=`, the input or storage: 1 to 600 minutes. */
export const MIN_MINUTES = 1;
export const MAX_MINUTES = 600;

export type MinutesResult = { ok: true; minutes: number } | { ok: false; raw: string };

/**
 * Pure: a planned length from what a person typed or put in the address (`45`, `22.5`, ` 30 `); anything else (empty
 * aside) is refused, and the caller says so. Empty means "not set".
 */
export function parseMinutes(raw: string | null | undefined): MinutesResult | null {
  if (raw === null || raw === undefined) return null;
  const text = raw.trim();
  if (text === '') return null;
  if (!/^\d{1,4}([.,]\d{1,2})?$/.test(text)) return { ok: false, raw };
  const minutes = Number(text.replace(',', '.'));
  if (!(minutes >= MIN_MINUTES && minutes <= MAX_MINUTES)) return { ok: false, raw };
  return { ok: true, minutes };
}

/**
 * Pure: each slide's planned seconds. `fixed[i]` is slide i's own timing (seconds) if it has one. The others share the
 * rest of `totalSeconds` equally (never below zero: slides with their own timings that already exceed the total leave
 * the others nothing).
 */
export function slideTimings(totalSeconds: number, fixed: readonly (number | undefined)[]): number[] {
  const own = fixed.map((t) => (t !== undefined && Number.isFinite(t) && t >= 0 ? t : undefined));
  const reserved = own.reduce<number>((sum, t) => sum + (t ?? 0), 0);
  const free = own.filter((t) => t === undefined).length;
  const share = free ? Math.max(0, totalSeconds - reserved) / free : 0;
  return own.map((t) => t ?? share);
}

/**
 * Pure: each slide's planned seconds in proportion to its weight. A plan weighs its slides by their clicker steps
 * (a slide of 8 steps takes 8 shares, a divider or a slide without steps 1), so the talk's minutes go where the
 * clicks are. Weights that are not positive numbers count as 1.
 */
export function weightedTimings(totalSeconds: number, weights: readonly number[]): number[] {
  const w = weights.map((x) => (Number.isFinite(x) && x > 0 ? x : 1));
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((x) => (sum ? (totalSeconds * x) / sum : 0));
}

export type PaceStatus = 'ahead' | 'on-time' | 'behind';

export interface Pace {
  status: PaceStatus;
  /** Seconds ahead (the current slide's planned start minus the elapsed time) or behind (elapsed minus its planned end); 0 when on time. */
  by: number;
  /** Seconds planned for the slides before the current one. */
  plannedStart: number;
  /** Seconds planned up to the end of the current slide. */
  plannedEnd: number;
  /** Seconds left of the current slide's share (0 once it is used up). */
  leftOnSlide: number;
}

/** Pure: where the speaker stands, `elapsed` seconds into the talk, on slide `index` (0-based) of `timings`. */
export function pace(timings: readonly number[], index: number, elapsed: number): Pace {
  const i = Math.max(0, Math.min(index, timings.length - 1));
  const plannedStart = timings.slice(0, i).reduce((a, b) => a + b, 0);
  const plannedEnd = plannedStart + (timings[i] ?? 0);
  const leftOnSlide = Math.max(0, Math.min(plannedEnd - plannedStart, plannedEnd - elapsed));
  if (elapsed < plannedStart)
    return { status: 'ahead', by: plannedStart - elapsed, plannedStart, plannedEnd, leftOnSlide };
  if (elapsed > plannedEnd)
    return { status: 'behind', by: elapsed - plannedEnd, plannedStart, plannedEnd, leftOnSlide };
  return { status: 'on-time', by: 0, plannedStart, plannedEnd, leftOnSlide };
}

/** Pure: `m:ss`, or `h:mm:ss` from an hour on, of whole seconds (rounded down). */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
