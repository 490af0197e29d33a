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

/**
 * A slide's fixed axis (STAGE.md: "no axis or scale changes within a slide; pick the range that holds the last
 * step"): the largest of the ranges its speaker steps need. Ranges that are not finite positive numbers count as 0.
 */
export function axisFor(ranges: readonly number[]): number {
  return ranges.reduce((m, v) => (Number.isFinite(v) && v > m ? v : m), 0);
}

/**
 * The axis a state is drawn on, in the self-paced view too: the slide's fixed axis while the state's own range fits
 * in it (so a click never moves it); past it, the range rounded up to the next multiple of its nice tick step
 * (`niceStep(range, count)`), so that a slider moving past the speaker steps' range grows the axis in a few jumps,
 * not with every notch.
 */
export function holdAxis(fixed: number, range: number, count = 5): number {
  if (!(range > fixed) || !Number.isFinite(range)) return fixed;
  const step = niceStep(range, count);
  return Number((Math.ceil(range / step - 1e-9) * step).toPrecision(12));
}
