import { test, expect, gotoSlide } from './fixtures.ts';
import { embeddableSlides, slides } from '../../slides/index.ts';

/**
 * Narrow screens, from 320 px up, in both languages: no slide of the deck and no embed page is wider than the
 * screen (nothing scrolls sideways). Widths measured as a person's browser reports them (`scrollWidth`).
 */
const pageWidth = () => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);

test.describe('narrow screens', () => {
  for (const lang of ['ru', 'en'] as const) {
    test(`every slide at 320×640 in ${lang} fits the screen`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      for (const slide of slides) {
        await gotoSlide(page, slide.id, { lang });
        await page.waitForTimeout(100);
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

    for (const width of [320, 390, 660, 800]) {
      test(`every embed page ${width} px wide in ${lang} fits the frame`, async ({ page }) => {
        await page.setViewportSize({ width, height: 700 });
        const wide: string[] = [];
        for (const slide of embeddableSlides()) {
          await page.goto(`embed.html?slide=${slide.id}&lang=${lang}`);
          await page.waitForFunction((tag) => customElements.get(tag) !== undefined, slide.demo?.tag ?? '');
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(slide.title[lang]);
          await page.waitForTimeout(150);
          const w = await page.evaluate(pageWidth);
          if (w > width) wide.push(`${slide.id}: ${w} px`);
        }
        expect(wide).toEqual([]);
      });
    }
  }
});
