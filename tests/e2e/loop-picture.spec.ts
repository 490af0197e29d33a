import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, showSlide, settle, walkingOptions, demoStep } from './fixtures.ts';
import { slides } from '../../slides/index.ts';
import { speakerSteps } from '../../slides/types.ts';

/**
 * The shared loop picture (components/shared/loop-picture/) as presented, at every clicker step of every slide that
 * draws it, in both languages (issue #36), on the stage (1280×720) and on a phone upright (390×844) and turned
 * (844×390): no phase's label overlaps the ring's circle (its stroke included) or another label; the centre's text
 * (the clock, "asleep") lies inside the circle; the ring is not collapsed (its radius at least RING_SHARE of its
 * region's smaller side); no label (a phase, a region's name, a lane's name) runs past its region's border; and the
 * picture stays on the screen. Measured as drawn, by bounding boxes on the screen. (The self-paced view of these
 * slides draws no loop picture: each element renders it only when presenting.)
 */
const SLIDES = slides
  .map((s) => s.id)
  .filter((id) => {
    // a slide draws the picture when its demo's folder (components/<id>/) renders the element
    const dir = resolve(import.meta.dirname, '../../components', id);
    return (
      existsSync(dir) &&
      readdirSync(dir).some(
        (f) => f.endsWith('.ts') && readFileSync(resolve(dir, f), 'utf8').includes('<hsw-loop-picture'),
      )
    );
  });

test('the walk finds every slide that draws the loop picture', () => {
  expect(SLIDES).toEqual([
    'event-loop',
    'micro-macro',
    'callbacks-promises-await',
    'heavy-task',
    'libuv-pool',
    'asyncio-loop',
    'await-future',
  ]);
});

/**
 * The least radius of the ring as a share of its region's smaller side. A ring laid out as it should be measures
 * 0.26 (callbacks-promises-await's first step, its region wide and low) to 0.48 of it; a ring crowded to a dot under
 * its labels (heavy-task on a phone before its narrow layout) 0.05.
 */
const RING_SHARE = 0.2;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What is wrong with the current slide's loop picture, one line a problem. */
function auditPicture(page: Page): Promise<{ phases: number; problems: string[] }> {
  return page.evaluate((share) => {
    const section = document.querySelector('.reveal .slides > section.present');
    const find = (root: Element | ShadowRoot): Element | null => {
      for (const el of root.querySelectorAll('*')) {
        if (el.localName === 'hsw-loop-picture') return el;
        if (el.shadowRoot) {
          const inner = find(el.shadowRoot);
          if (inner) return inner;
        }
      }
      return null;
    };
    const picture = section ? find(section) : null;
    const root = picture?.shadowRoot;
    if (!root) return { phases: 0, problems: ['no loop picture on the slide'] };
    const box = (el: Element): Box => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const show = (b: Box) =>
      `[${b.left.toFixed(0)}, ${b.top.toFixed(0)}, ${b.right.toFixed(0)}, ${b.bottom.toFixed(0)}]`;
    const text = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ');
    const problems: string[] = [];
    const slack = 0.5;

    // The circle, its stroke included: the shape's box (without the stroke) scaled from its own units to the screen.
    const circle = root.querySelector<SVGCircleElement>('.ring circle')!;
    const c = box(circle);
    const cx = (c.left + c.right) / 2;
    const cy = (c.top + c.bottom) / 2;
    const units = circle.r.baseVal.value;
    const scale = units > 0 ? (c.right - c.left) / (2 * units) : 1;
    const outer = (c.right - c.left) / 2 + (parseFloat(getComputedStyle(circle).strokeWidth) * scale) / 2;
    const inner = (c.right - c.left) / 2 - (parseFloat(getComputedStyle(circle).strokeWidth) * scale) / 2;
    // The centre's text inside the circle (the inner edge of its stroke): each corner of each line shown.
    for (const line of root.querySelectorAll('.ring .centre > *')) {
      if (!line.checkVisibility({ visibilityProperty: true }) || !text(line)) continue;
      const b = box(line);
      const far = Math.max(
        ...[b.left, b.right].flatMap((x) => [b.top, b.bottom].map((y) => Math.hypot(x - cx, y - cy))),
      );
      if (far > inner + slack)
        problems.push(
          `centre “${text(line)}” ${show(b)} reaches past the circle (${far.toFixed(1)} px from its centre, inside ${inner.toFixed(1)})`,
        );
    }
    // The ring not collapsed: its radius a share of its region's smaller side.
    const ring = box(root.querySelector('.ring')!);
    const side = Math.min(ring.right - ring.left, ring.bottom - ring.top);
    const radius = (c.right - c.left) / 2;
    if (radius < share * side)
      problems.push(
        `the ring's radius ${radius.toFixed(1)} px is under ${share} of its region's side ${side.toFixed(1)} px`,
      );
    // The picture on the screen (nothing off its right edge).
    const all = box(picture);
    if (all.left < -slack || all.right > document.documentElement.clientWidth + slack)
      problems.push(`the picture ${show(all)} runs off the screen (${document.documentElement.clientWidth} px wide)`);
    const phases = [...root.querySelectorAll('.phase')];
    const boxes = phases.map(box);
    phases.forEach((el, i) => {
      const b = boxes[i]!;
      const nx = Math.max(b.left - cx, 0, cx - b.right);
      const ny = Math.max(b.top - cy, 0, cy - b.bottom);
      const d = Math.hypot(nx, ny);
      if (d < outer - slack)
        problems.push(
          `phase “${text(el)}” ${show(b)} overlaps the ring (${d.toFixed(1)} px from its centre, ring ${outer.toFixed(1)})`,
        );
      for (let j = 0; j < i; j++) {
        const o = boxes[j]!;
        if (
          b.left < o.right - slack &&
          o.left < b.right - slack &&
          b.top < o.bottom - slack &&
          o.top < b.bottom - slack
        )
          problems.push(`phase “${text(el)}” ${show(b)} overlaps “${text(phases[j]!)}” ${show(o)}`);
      }
    });
    // Every label inside its region's border.
    for (const region of root.querySelectorAll('.region')) {
      const st = getComputedStyle(region);
      const r = box(region);
      const inner: Box = {
        left: r.left + parseFloat(st.borderLeftWidth) * scale,
        top: r.top + parseFloat(st.borderTopWidth) * scale,
        right: r.right - parseFloat(st.borderRightWidth) * scale,
        bottom: r.bottom - parseFloat(st.borderBottomWidth) * scale,
      };
      for (const label of region.querySelectorAll('.phase, h4, .name, .centre, .more, .ran .done')) {
        const b = box(label);
        if (b.right - b.left === 0) continue;
        if (
          b.left < inner.left - slack ||
          b.top < inner.top - slack ||
          b.right > inner.right + slack ||
          b.bottom > inner.bottom + slack
        )
          problems.push(
            `“${text(label)}” ${show(b)} runs past its region (${[...region.classList].join('.')}) ${show(inner)}`,
          );
      }
    }
    return { phases: phases.length, problems };
  }, RING_SHARE);
}

test.use(walkingOptions);

/** The stage, and a phone upright and turned (the sizes scripts/screenshots.ts calls phone and landscape). */
const SIZES = [
  { name: 'stage', width: 1280, height: 720 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'phone turned', width: 844, height: 390 },
] as const;

for (const size of SIZES) {
  for (const lang of ['en', 'ru'] as const) {
    for (const id of SLIDES) {
      const where = size.name === 'stage' ? '' : ` on a ${size.name} (${size.width}×${size.height})`;
      test(`the loop picture's labels clear the ring and stay in their regions: ${id} (${lang})${where}`, async ({
        page,
      }) => {
        if (size.name !== 'stage') await page.setViewportSize({ width: size.width, height: size.height });
        const slide = slides.find((s) => s.id === id)!;
        for (let step = 0; step < speakerSteps(slide); step++) {
          if (step === 0) await showSlide(page, id, { lang, query: 'present' });
          else {
            await page.keyboard.press('PageDown');
            await expect.poll(() => demoStep(page, id), `${id} at step ${step}`).toBe(step);
          }
          await expect(page.locator(`section#${id} .slide-body`)).toHaveAttribute('aria-busy', 'false');
          await settle(page);
          const found = await auditPicture(page);
          expect(found.phases, `${id} at step ${step}: the ring's phases`).toBeGreaterThanOrEqual(4);
          expect(found.problems, `${id} at step ${step} (${lang}, ${size.name})`).toEqual([]);
        }
      });
    }
  }
}
