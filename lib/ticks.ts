/**
 * Round values for an axis from 0: the step is 1, 2 or 5 times a power of ten, the smallest of them that gives at
 * most `count` intervals up to `max`. One rule for every drawn time axis (libuv-pool, pitfalls, tasks-gather,
 * asyncio-responsiveness).
 */
export function niceStep(max: number, count: number): number {
  if (!(max > 0) || !(count > 0) || !Number.isFinite(max)) return 1;
  const raw = max / count;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  return [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
}

/** The ticks 0, step, 2 × step, … up to `max` (about `count` of them, [0] for nothing to draw). */
export function niceTicks(max: number, count: number): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0];
  const step = niceStep(max, count);
  const out: number[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}
