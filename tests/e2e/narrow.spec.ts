import { test, expect, showSlide, settle, slidesUnderTest, walkingOptions } from './fixtures.ts';
import { embeddableSlides } from '../../slides/index.ts';

/**
 * Narrow screens, from 320 px up, in both languages: no slide of the deck and no embed page is wider than the
 * screen (nothing scrolls sideways). Widths measured as a person's browser reports them (`scrollWidth`).
 */
const pageWidth = () => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);

test.use(walkingOptions);

test.describe('narrow screens', () => {
  for (const lang of ['ru', 'en'] as const) {
    test(`every slide at 320×640 in ${lang} fits the screen`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      for (const slide of slidesUnderTest()) {
        await showSlide(page, slide.id, { lang });
        await settle(page);
        const m = await page.evaluate((id) => {
          const section = document.getElementById(id);
          return {
            page: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
            slide: section?.scrollWidth ?? 0,
            frame: section?.clientWidth ?? 0,
          };
        }, slide.id);
        expect(m.page, `${slide.id}: the page`).toBeLessThanOrEqual(320);
        expect(m.slide, `${slide.id}: the slide's content`).toBeLessThanOrEqual(m.frame);
      }
    });

    // Each embed page opened once, at 320 px, then widened to each width and narrowed back (the demos follow their
    // width with a ResizeObserver, components/ui/narrow.ts): a load per slide and language instead of one per width.
    test(`every embed page in ${lang} fits the frame at 320, 390, 660 and 800 px`, async ({ page }) => {
      test.setTimeout(180_000);
      const wide: string[] = [];
      for (const slide of embeddableSlides()) {
        await page.setViewportSize({ width: 320, height: 700 });
        await page.goto(`embed.html?slide=${slide.id}&lang=${lang}`);
        await page.waitForFunction((tag) => customElements.get(tag) !== undefined, slide.demo?.tag ?? '');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(slide.title[lang]);
        for (const width of [320, 390, 660, 800, 320]) {
          await page.setViewportSize({ width, height: 700 });
          await settle(page);
          const w = await page.evaluate(pageWidth);
          if (w > width) wide.push(`${slide.id} at ${width} px: ${w} px`);
        }
      }
      expect(wide).toEqual([]);
    });
  }
});
