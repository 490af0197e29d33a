import { test, expect, gotoSlide, showSlide, settle, slidesUnderTest, walkingOptions } from './fixtures.ts';
import { measureTypeScale } from './type-scale.ts';

/**
 * A hall reads the deck from the back: at 1280×720 no text on any slide, demos included (code, tables, legends),
 * is under 14 px, and the slide's own body text is at least 20 px. Measured in the browser on every slide, both
 * languages, as rendered (computed size × the deck's scale).
 */
const MIN_PX = 14;
const BODY_MIN_PX = 20;

test.use(walkingOptions);

test('every slide, both languages: no text under 14 px, body text at least 20 px', async ({ page }) => {
  test.setTimeout(180_000);
  await gotoSlide(page, 'title');
  const all = await page.evaluate(() => [...document.querySelectorAll('.reveal .slides > section')].map((s) => s.id));
  expect(all.length).toBeGreaterThan(10);
  // SLIDES=c10k,nonblocking measures only those (while working on them); CI measures every slide.
  const only = slidesUnderTest().map((s) => s.id);
  const ids = all.filter((id) => only.includes(id));
  const failures: string[] = [];
  for (const lang of ['en', 'ru'] as const) {
    for (const id of ids) {
      await showSlide(page, id, { lang });
      // Let the demo render (charts, code panels) before measuring.
      await settle(page);
      const scale = await measureTypeScale(page, MIN_PX);
      expect(scale.smallest, `${id} (${lang}) shows text`).not.toBeNull();
      for (const s of scale.under) failures.push(`${id} (${lang}): ${s.px.toFixed(1)} px “${s.text}” in ${s.where}`);
      if (scale.bodySmallest !== null && scale.bodySmallest < BODY_MIN_PX - 0.01)
        failures.push(`${id} (${lang}): body text ${scale.bodySmallest.toFixed(1)} px`);
    }
  }
  expect(failures).toEqual([]);
});
