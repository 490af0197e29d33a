import {
  test,
  readingTest,
  expect,
  gotoSlide,
  showSlide,
  settle,
  slidesUnderTest,
  walkingOptions,
} from './fixtures.ts';
import { measureTypeScale } from './type-scale.ts';

/**
 * A hall reads the deck from the back: at 1280×720 no text on any slide, demos included (code, tables, legends),
 * is under 14 px, and the slide's own body text is at least 20 px. Measured in the browser on every slide, both
 * languages, as rendered (computed size × the deck's scale).
 *
 * One test a slide and a language, on one page walked by address (readingTest, as legibility.spec.ts): a slide that
 * fails is named by its test, and its retry measures that slide again, not the whole walk (one test of every slide
 * in both languages took 1.2–1.5 min of its 3 on a loaded machine).
 */
const MIN_PX = 14;
const BODY_MIN_PX = 20;

readingTest.use(walkingOptions);
test.use(walkingOptions);

for (const lang of ['en', 'ru'] as const) {
  for (const { id } of slidesUnderTest()) {
    readingTest(`${id} (${lang}): no text under 14 px, body text at least 20 px`, async ({ sharedPage: page }) => {
      await showSlide(page, id, { lang });
      // Let the demo render (charts, code panels) before measuring.
      await settle(page);
      const scale = await measureTypeScale(page, MIN_PX);
      expect(scale.smallest, `${id} (${lang}) shows text`).not.toBeNull();
      const failures = scale.under.map((s) => `${s.px.toFixed(1)} px “${s.text}” in ${s.where}`);
      if (scale.bodySmallest !== null && scale.bodySmallest < BODY_MIN_PX - 0.01)
        failures.push(`body text ${scale.bodySmallest.toFixed(1)} px`);
      expect(failures, `${id} (${lang})`).toEqual([]);
    });
  }
}

test('the deck shows every slide the walk measures', async ({ page }) => {
  await gotoSlide(page, 'title');
  const all = await page.evaluate(() => [...document.querySelectorAll('.reveal .slides > section')].map((s) => s.id));
  expect(all.length).toBeGreaterThan(10);
  for (const { id } of slidesUnderTest()) expect(all, id).toContain(id);
});

/**
 * The walk's move by address (fixtures.ts, showSlide) arrives even when reveal's late write of the address it is
 * leaving (its replaceState throttle, up to a second after a slide change) lands between the new address and its
 * hashchange event, so that reveal reads the old one: here that write is made to land there, once.
 */
test('a walk by address reaches the slide even when reveal’s late address write undoes the first try', async ({
  page,
}) => {
  // (at the document's start, so that it runs before the deck's listeners and reveal's)
  await page.addInitScript(() => {
    const w = window as unknown as { lateWrite?: string };
    const late = () => {
      if (w.lateWrite === undefined) return;
      window.history.replaceState(window.history.state, '', w.lateWrite);
      delete w.lateWrite;
    };
    window.addEventListener('hashchange', late, true);
  });
  await gotoSlide(page, 'c10k');
  await page.evaluate(() => {
    (window as unknown as { lateWrite?: string }).lateWrite = '#/c10k';
  });
  await showSlide(page, 'nonblocking');
  await expect(page.locator('section#nonblocking')).toHaveClass(/present/);
  await expect(page.locator('section#c10k')).not.toHaveClass(/present/);
  expect(await page.evaluate(() => 'lateWrite' in window)).toBe(false);
});
