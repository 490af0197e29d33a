import { describe, expect, it } from 'vitest';
import {
  clearDistance,
  handRoom,
  ringLayout,
  type Size,
} from '../../components/shared/loop-picture/loop-picture-ring.ts';

const angles = (n: number, start = 0) => Array.from({ length: n }, (_, i) => start + (2 * Math.PI * i) / n);
const opts = { stroke: 10, gap: 4 };

/** Every label outside the stroke, inside the box, clear of the others: what the browser check measures. */
function problems(box: Size, sizes: readonly Size[], layout: ReturnType<typeof ringLayout>): string[] {
  const out: string[] = [];
  const cx = box.w / 2;
  const cy = box.h / 2;
  const boxes = layout.labels.map(({ x, y }, i) => ({
    l: x - sizes[i]!.w / 2,
    r: x + sizes[i]!.w / 2,
    t: y - sizes[i]!.h / 2,
    b: y + sizes[i]!.h / 2,
  }));
  boxes.forEach((b, i) => {
    const d = Math.hypot(Math.max(b.l - cx, 0, cx - b.r), Math.max(b.t - cy, 0, cy - b.b));
    if (d < layout.r + opts.stroke / 2 - 1e-6) out.push(`label ${i} on the ring`);
    if (b.l < 0 || b.t < 0 || b.r > box.w || b.b > box.h) out.push(`label ${i} off the box`);
    for (let j = 0; j < i; j++) {
      const o = boxes[j]!;
      if (b.l < o.r && o.l < b.r && b.t < o.b && o.t < b.b) out.push(`labels ${j} and ${i} overlap`);
    }
  });
  return out;
}

describe('the loop ring’s layout', () => {
  it('a label centred at the clear distance along its ray has its nearest point at that distance', () => {
    for (const a of angles(12)) {
      const size = { w: 120, h: 25 };
      const d = clearDistance(size, a, 80);
      const x = d * Math.sin(a);
      const y = -d * Math.cos(a);
      const near = Math.hypot(Math.max(Math.abs(x) - size.w / 2, 0), Math.max(Math.abs(y) - size.h / 2, 0));
      expect(near).toBeCloseTo(80, 3);
    }
  });

  // The boxes and labels measured in the deck, presented (px): event-loop's narrow region, heavy-task's small one
  // with Node's Russian phases, libuv-pool's low one, await-future's CPython six.
  const cases: { name: string; box: Size; widths: number[]; start: number; least: number }[] = [
    { name: 'event-loop', box: { w: 296, h: 398 }, widths: [95, 120, 85, 100], start: Math.PI / 4, least: 100 },
    { name: 'heavy-task (ru)', box: { w: 304, h: 312 }, widths: [117, 164, 56, 79, 126], start: 0, least: 50 },
    { name: 'libuv-pool (ru)', box: { w: 500, h: 278 }, widths: [117, 164, 56, 79, 126], start: 0, least: 80 },
    {
      name: 'await-future (ru)',
      box: { w: 500, h: 290 },
      widths: [130, 95, 75, 100, 110, 140],
      start: 0,
      least: 80,
    },
    // callbacks-promises-await at its step 2, a low region under the waiting promises (a label stacks past the top one)
    {
      name: 'callbacks-promises-await (en)',
      box: { w: 304, h: 186 },
      widths: [87, 107, 55, 79, 72],
      start: 0,
      least: 30,
    },
    {
      name: 'callbacks-promises-await (ru)',
      box: { w: 304, h: 186 },
      widths: [117, 164, 55, 79, 126],
      start: 0,
      least: 20,
    },
    // asyncio-loop, a narrow region beside the listing: the labels in rows above and below the circle
    {
      name: 'asyncio-loop (en)',
      box: { w: 222, h: 453 },
      widths: [123, 104, 82, 91, 138, 136],
      start: 0,
      least: 90,
    },
    {
      name: 'asyncio-loop (ru)',
      box: { w: 222, h: 453 },
      widths: [159, 109, 82, 112, 130, 150],
      start: 0,
      least: 90,
    },
  ];
  for (const c of cases)
    it(`${c.name}: every label outside the ring, inside the region, clear of the others`, () => {
      const sizes = c.widths.map((w) => ({ w, h: 25 }));
      const layout = ringLayout(c.box, sizes, angles(sizes.length, c.start), opts);
      expect(layout.fits).toBe(true);
      expect(layout.r).toBeGreaterThanOrEqual(c.least);
      expect(problems(c.box, sizes, layout)).toEqual([]);
    });

  it('a region too small for its labels says so rather than pretending', () => {
    const sizes = [200, 200, 200].map((w) => ({ w, h: 25 }));
    expect(ringLayout({ w: 150, h: 150 }, sizes, angles(3), opts).fits).toBe(false);
  });

  it('a circle never shrinks past what holds its centre and the hand, however crowded its labels', () => {
    // callbacks-promises-await's step 2 on the stage before its columns changed: Node's five labels (ru) in a low
    // region the waiting promises left; without the centre the ring shrank to a dot under "0 мс / спит"
    const sizes = [95, 147, 58, 68, 110].map((w) => ({ w, h: 28 }));
    const centre = { w: 92, h: 55 };
    const box = { w: 300, h: 170 };
    const crowded = ringLayout(box, sizes, angles(5), opts);
    expect(crowded.r).toBeLessThan(handRoom(centre, opts));
    const held = ringLayout(box, sizes, angles(5), { ...opts, centre });
    expect(held.r).toBeGreaterThanOrEqual(handRoom(centre, opts));
    // the centre's box, corner to corner, inside the stroke with a stroke's width and two gaps to spare for the hand
    expect(Math.hypot(centre.w / 2, centre.h / 2) + 2 * opts.gap + opts.stroke).toBeLessThanOrEqual(
      held.r - opts.stroke / 2,
    );
  });

  it('a region with room lays the ring out as before when it also holds a centre', () => {
    const sizes = [95, 147, 58, 68, 110].map((w) => ({ w, h: 28 }));
    const box = { w: 504, h: 263 };
    const plain = ringLayout(box, sizes, angles(5), opts);
    const held = ringLayout(box, sizes, angles(5), { ...opts, centre: { w: 92, h: 55 } });
    expect(held).toEqual(plain);
    expect(held.fits).toBe(true);
  });

  it('one angle per label', () => {
    expect(() => ringLayout({ w: 100, h: 100 }, [{ w: 10, h: 10 }], [], opts)).toThrow(/one angle per label/);
  });
});
