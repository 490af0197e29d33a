/**
 * Where the loop's ring and its phases' labels go in the loop region (issue #36): the circle as large as the region
 * allows while every label sits outside it, clear of its stroke, and inside the region. Pure geometry on sizes the
 * element measures (the labels' boxes differ with the flavour, the language and the font); no DOM.
 */

export interface Size {
  readonly w: number;
  readonly h: number;
}

export interface RingLayout {
  /** The circle's radius (to the middle of its stroke), centred in the box. */
  readonly r: number;
  /** Each label's centre, from the box's top-left corner, in the labels' order. */
  readonly labels: readonly { readonly x: number; readonly y: number }[];
  /** Every label fits inside the box (false: the box is too small for them even around a dot). */
  readonly fits: boolean;
}

export interface RingOptions {
  /** The circle's stroke width. */
  readonly stroke: number;
  /** The space kept between the stroke and a label, and between a label and the box's edge. */
  readonly gap: number;
  /**
   * What the circle holds at its centre (the clock, "asleep"): the circle is then never smaller than this box with
   * room for the hand between it and the stroke (`handRoom`), whatever the labels' crowding.
   */
  readonly centre?: Size;
}

/**
 * The smallest radius that holds `centre` with the hand (as long as the stroke is wide) between the centre's box and
 * the stroke, a gap either side of the hand: a circle this size still reads as a ring, not a dot under its clock.
 */
export function handRoom(centre: Size, opts: Pick<RingOptions, 'stroke' | 'gap'>): number {
  return Math.hypot(centre.w / 2, centre.h / 2) + 2 * opts.gap + 1.5 * opts.stroke;
}

/**
 * How far along the ray at `angle` (radians, clockwise from the top) a box of `size` must be centred for all of it to
 * lie at least `clear` from the ray's origin: the least such distance (its nearest point is then at `clear`).
 */
export function clearDistance(size: Size, angle: number, clear: number): number {
  const ux = Math.abs(Math.sin(angle));
  const uy = Math.abs(Math.cos(angle));
  // the distance from the origin to the nearest point of the box centred at d along the ray
  const nearest = (d: number) => Math.hypot(Math.max(0, d * ux - size.w / 2), Math.max(0, d * uy - size.h / 2));
  let lo = 0;
  let hi = (clear + size.w + size.h) / Math.max(ux, uy);
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (nearest(mid) >= clear) hi = mid;
    else lo = mid;
  }
  return hi;
}

interface Placed {
  readonly x: number;
  readonly y: number;
  readonly size: Size;
}

/** Beyond this share of its ray, a label may slide along an axis instead (a corner of a narrow or a low region). */
const SLIDE_MIN = 0.25;

/**
 * Where a label may go for a circle whose labels must stay `clear` from its centre, in order of preference: along its
 * ray; or, when the ray's point leaves the box, pulled back inside across one axis and pushed out along the other
 * until it is clear again (above or below the circle in a narrow region, beside it in a low one), on its own side of
 * both axes, so that the labels still read round the ring in order.
 */
function candidates(box: Size, size: Size, angle: number, clear: number, gap: number): Placed[] {
  const cx = box.w / 2;
  const cy = box.h / 2;
  const s = Math.sin(angle);
  const c = Math.cos(angle);
  const d = clearDistance(size, angle, clear);
  const ray = { x: cx + d * s, y: cy - d * c, size };
  const out: Placed[] = [ray];
  const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));
  const above: Placed[] = [];
  if (Math.abs(c) >= SLIDE_MIN) {
    const x = clamp(ray.x, size.w / 2 + gap, box.w - size.w / 2 - gap);
    const nx = Math.max(0, Math.abs(x - cx) - size.w / 2);
    const dy = Math.sqrt(Math.max(0, clear * clear - nx * nx)) + size.h / 2;
    // (and a row or two further out, over a neighbour that took the nearer place)
    for (let row = 0; row < 3; row++) above.push({ x, y: cy - Math.sign(c) * (dy + row * (size.h + gap)), size });
  }
  if (Math.abs(s) >= SLIDE_MIN) {
    const y = clamp(ray.y, size.h / 2 + gap, box.h - size.h / 2 - gap);
    const ny = Math.max(0, Math.abs(y - cy) - size.h / 2);
    const dx = Math.sqrt(Math.max(0, clear * clear - ny * ny)) + size.w / 2;
    out.push({ x: cx + Math.sign(s) * dx, y, size });
  }
  return [...out.slice(0, 1), ...above.slice(0, 1), ...out.slice(1), ...above.slice(1)];
}

/**
 * Where a label may go instead when every place `candidates` offers meets a label already placed (`q`): stacked just
 * past `q` (above or below it, or beside it), then pushed out until clear of the circle again, still on its own side
 * of the axes it leans to, so that the labels still read round the ring in order. (Rows of a fixed height miss by a
 * pixel when the neighbour's row was pulled in by its own offset from the axis.)
 */
function pastNeighbour(box: Size, size: Size, angle: number, clear: number, gap: number, q: Placed): Placed[] {
  const cx = box.w / 2;
  const cy = box.h / 2;
  const s = Math.sin(angle);
  const c = Math.cos(angle);
  const d = clearDistance(size, angle, clear);
  const ray = { x: cx + d * s, y: cy - d * c };
  const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));
  // how far from the centre, across one axis, a label must be centred to clear the circle at the given offset along
  // the other
  const across = (offset: number, half: number, halfOther: number) =>
    Math.sqrt(Math.max(0, clear * clear - Math.max(0, Math.abs(offset) - half) ** 2)) + halfOther;
  const sepX = (q.size.w + size.w) / 2 + gap + 1e-3;
  const sepY = (q.size.h + size.h) / 2 + gap + 1e-3;
  const out: Placed[] = [];
  if (Math.abs(c) >= SLIDE_MIN) {
    const up = Math.sign(c);
    const x = clamp(ray.x, size.w / 2 + gap, box.w - size.w / 2 - gap);
    const y0 = cy - up * across(x - cx, size.w / 2, size.h / 2);
    const yq = q.y - up * sepY;
    out.push({ x, y: up > 0 ? Math.min(y0, yq) : Math.max(y0, yq), size });
    for (const side of [-1, 1]) {
      const xs = q.x + side * sepX;
      out.push({ x: xs, y: cy - up * across(xs - cx, size.w / 2, size.h / 2), size });
    }
  }
  if (Math.abs(s) >= SLIDE_MIN) {
    const out1 = Math.sign(s);
    for (const side of [-1, 1]) {
      const ys = q.y + side * sepY;
      out.push({ x: cx + out1 * across(ys - cy, size.h / 2, size.w / 2), y: ys, size });
    }
    const y = clamp(ray.y, size.h / 2 + gap, box.h - size.h / 2 - gap);
    const x0 = cx + out1 * across(y - cy, size.h / 2, size.w / 2);
    const xq = q.x + out1 * sepX;
    out.push({ x: out1 > 0 ? Math.max(x0, xq) : Math.min(x0, xq), y, size });
  }
  const onItsSide = (p: Placed) =>
    (Math.abs(s) < SLIDE_MIN || (p.x - cx) * s > 0) && (Math.abs(c) < SLIDE_MIN || (cy - p.y) * c > 0);
  const far = (p: Placed) => Math.hypot(p.x - ray.x, p.y - ray.y);
  return out.filter(onItsSide).sort((a, b) => far(a) - far(b));
}

/** Whether two labels' boxes, each grown by half the gap, meet. */
function overlap(a: Placed, b: Placed, gap: number): boolean {
  return Math.abs(a.x - b.x) < (a.size.w + b.size.w) / 2 + gap && Math.abs(a.y - b.y) < (a.size.h + b.size.h) / 2 + gap;
}

/**
 * The largest circle, centred in `box`, around which every label (its size, at its angle) sits outside the stroke,
 * inside the box and clear of the others; with none that fits, the smallest (a radius of the stroke, or what holds
 * the centre's box: `handRoom`) and `fits: false`.
 */
export function ringLayout(
  box: Size,
  labels: readonly Size[],
  angles: readonly number[],
  opts: RingOptions,
): RingLayout {
  if (labels.length !== angles.length) throw new Error('ring layout: one angle per label');
  const inside = ({ x, y, size }: Placed) =>
    x - size.w / 2 >= opts.gap - 1e-6 &&
    x + size.w / 2 <= box.w - opts.gap + 1e-6 &&
    y - size.h / 2 >= opts.gap - 1e-6 &&
    y + size.h / 2 <= box.h - opts.gap + 1e-6;
  /** Each label at its first place that is inside the box and clear of the labels placed before it; null: none. */
  const place = (r: number): Placed[] | null => {
    const clear = r + opts.stroke / 2 + opts.gap;
    const placed: Placed[] = [];
    for (const [i, size] of labels.entries()) {
      const free = (p: Placed) => inside(p) && placed.every((q) => !overlap(p, q, opts.gap));
      const spot =
        candidates(box, size, angles[i]!, clear, opts.gap).find(free) ??
        placed.flatMap((q) => pastNeighbour(box, size, angles[i]!, clear, opts.gap, q)).find(free);
      if (!spot) return null;
      placed.push(spot);
    }
    return placed;
  };
  // From the largest circle down, a pixel at a time: the first that leaves every label a place (not a bisection:
  // around a small circle the labels crowd one another, so what fits is not one interval).
  const smallest = Math.max(opts.stroke, opts.centre ? handRoom(opts.centre, opts) : 0);
  const largest = Math.max(smallest, Math.min(box.w, box.h) / 2 - opts.stroke / 2);
  let radius = smallest;
  let best: Placed[] | null = null;
  for (let r = largest; r >= smallest && best === null; r -= 1) {
    best = place(r);
    if (best) radius = r;
  }
  const fits = best !== null;
  const at = best ?? labels.map((size, i) => candidates(box, size, angles[i]!, radius + opts.stroke / 2, 0)[0]!);
  return { r: radius, labels: at.map(({ x, y }) => ({ x, y })), fits };
}
