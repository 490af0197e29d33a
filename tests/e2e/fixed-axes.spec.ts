import type { Locator } from '@playwright/test';
import { test, expect, gotoSlide, settle, currentSlide } from './fixtures.ts';
import { slideById } from '../../slides/index.ts';

/**
 * Issue #36 item 4: a slide's axes stay fixed from one clicker step to the next ("pick the range that holds the last
 * step", ../shared/STAGE.md), so that what a click changes is what the hall sees change. Each slide is presented,
 * walked with the clicker's "next" from step 0 to its last (the count from slides/index.ts's manifest), and at every
 * step the same reading of its axes (labels and where they stand, or the chart's box) must come back.
 */

type Reading = (demo: Locator) => Promise<unknown>;

/** A timeline's time axis: its labels and where they stand, and (withBox) the drawing's box: the lanes' place. */
const timelineAxis =
  (withBox: boolean): Reading =>
  (demo) =>
    demo.evaluate((el, box) => {
      const svg = el.shadowRoot!.querySelector('svg.timeline')!;
      const labels = [...svg.querySelectorAll('text.axis')].map((t) => `${t.textContent}@${t.getAttribute('x')}`);
      return box ? { labels, box: svg.getAttribute('viewBox') } : labels;
    }, withBox);

const READINGS: Record<string, Reading> = {
  'tasks-gather': timelineAxis(true),
  // (presented, the lanes share a fixed height: the pool's lane, when a variant has one, takes its share)
  'python-asyncio': timelineAxis(true),
  // (the pool of 16 threads draws more lanes: its box grows downwards, its time axis does not)
  'libuv-pool': timelineAxis(false),
  pitfalls: timelineAxis(true),
  backpressure: (demo) =>
    demo.evaluate((el) => el.shadowRoot!.querySelector('.axis-max')?.textContent?.trim() ?? 'no axis label'),
  // The chart's place and size on the slide (it jumped 330 → 450 → 490 px down as the grid above it grew).
  'select-epoll': (demo) =>
    demo.evaluate((el) => {
      const r = el.shadowRoot!.querySelector('hsw-chart')!.getBoundingClientRect();
      return { top: Math.round(r.top), height: Math.round(r.height) };
    }),
  // The threads' lanes lie over the chart's plot, on its time axis: the same left and right edges (±2 px), in the
  // chart's own (unscaled) pixels.
  'heavy-task': (demo) =>
    demo.evaluate((el) => {
      const root = el.shadowRoot!;
      const host = root.querySelector('hsw-chart') as unknown as HTMLElement & {
        chart?: { chartArea: { left: number; right: number } };
      };
      const area = host.chart?.chartArea;
      if (!area) return 'no chart yet';
      const box = host.getBoundingClientRect();
      const scale = box.width / host.offsetWidth;
      return [...root.querySelectorAll('.lanes svg')].map((svg) => {
        const r = svg.getBoundingClientRect();
        const lane = [(r.left - box.left) / scale, (r.right - box.left) / scale].map(Math.round);
        return { lane, plot: [area.left, area.right].map(Math.round) };
      });
    }),
};

test.describe('axes stay fixed within a slide (issue #36 item 4)', () => {
  test.use({ reducedMotion: 'reduce' });

  for (const [id, read] of Object.entries(READINGS)) {
    for (const lang of ['en', 'ru'] as const) {
      test(`${id} (${lang}): the same axes at every speaker step`, async ({ page }) => {
        const steps = slideById(id)?.demo?.sequence.length ?? 0;
        expect(steps, `${id} has clicker steps`).toBeGreaterThan(1);
        await gotoSlide(page, id, { lang, query: 'present' });
        const demo = currentSlide(page).locator('.demo');
        await settle(page);
        if (id === 'heavy-task') {
          // Presented, the loop picture is the slide and the threads and the chart sit in the closed disclosure: the
          // speaker opens it, and the chart's axes must then hold through every step.
          await demo.getByText(lang === 'en' ? 'Settings and figures' : 'Настройки и цифры', { exact: true }).click();
          // Lined up with the plot, not merely the same at every step: each lane's left and right edges within 2 px of
          // the plot's.
          const misaligned = async () => {
            const lanes = (await read(demo)) as { lane: number[]; plot: number[] }[] | string;
            if (typeof lanes === 'string') return [lanes];
            return lanes.flatMap(({ lane, plot }) =>
              lane.some((v, i) => Math.abs(v - plot[i]!) > 2)
                ? [`lane ${lane.join('–')} px, plot ${plot.join('–')} px`]
                : [],
            );
          };
          await expect.poll(misaligned).toEqual([]);
        }
        const first = await read(demo);
        for (let step = 1; step < steps; step++) {
          await page.locator('body').press('ArrowRight');
          await expect.poll(() => demo.evaluate((el) => (el as HTMLElement & { step: number }).step)).toBe(step);
          await settle(page);
          expect(await read(demo), `${id} step ${step} against step 0`).toEqual(first);
        }
      });
    }
  }
});
