/** The remote's timer, pure: started, paused and reset from a clock the caller reads (ms). */
export interface Timer {
  /** Time gathered before the current run. */
  readonly banked: number;
  /** When the current run started; null: paused. */
  readonly since: number | null;
}

export const STOPPED: Timer = { banked: 0, since: null };

export function elapsed(t: Timer, now: number): number {
  return t.banked + (t.since === null ? 0 : Math.max(0, now - t.since));
}

export function toggle(t: Timer, now: number): Timer {
  return t.since === null ? { banked: t.banked, since: now } : { banked: elapsed(t, now), since: null };
}

/** 0:05, 12:34, 1:02:03 */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
