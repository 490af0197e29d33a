import {
  test,
  readingTest,
  expect,
  gotoSlide,
  showSlide,
  settle,
  slidesUnderTest,
  walkingOptions,
  dividersUnderTest,
  DIVIDERS_QUERY,
} from './fixtures.ts';
import { legibilityRow, measureLegibility } from './legibility.ts';

/**
 * Read from the back of the hall (row 20) at 1280×720, as presented (`?present`: secondary tables and listings are
 * closed disclosures): on every slide, in both languages, the slide's body text is at least 24 px, nothing is under
 * 20 px, and at most 350 characters are visible. Measured in the browser as rendered (tests/e2e/legibility.ts).
 *
 * LEGIBILITY_REPORT=1 prints the table (slide, characters, % under 20 px, smallest px, smallest body px);
 * LEGIBILITY_MODE=browse measures the self-paced view instead (for the table only: the limits are the presenter's).
 */
const BODY_MIN_PX = 24;
const MIN_PX = 20;
const MAX_CHARS = 350;

/**
 * Slides still over a limit, with what they measured when this list was written: each is expected to fail (so the
 * list cannot go stale: a slide brought within the limits fails its `test.fail` and must leave the list). Empty since
 * 2026-12-04: every slide is laid out for presenting (`presented` in its manifest entry, slides/types.ts). A slide
 * not yet laid out for it would go here, as `'<id> (<lang>)': '<what it measured>'`.
 */
const KNOWN_OVER: Record<string, string> = {};

const present = process.env['LEGIBILITY_MODE'] !== 'browse';

test.use(walkingOptions);
readingTest.use(walkingOptions);

for (const lang of ['en', 'ru'] as const) {
  for (const slide of slidesUnderTest()) {
    const key = `${slide.id} (${lang})`;
    // One page for the walk (readingTest): each slide is reached by its address, without a reload.
    readingTest(`legible from the back, presented: ${key}`, async ({ sharedPage: page }) => {
      if (KNOWN_OVER[key] !== undefined) readingTest.fail(true, `known: ${KNOWN_OVER[key]}`);
      await showSlide(page, slide.id, { lang, query: present ? 'present' : '' });
      // Let the demo render (charts, code panels, the slide's words) before measuring.
      await expect(page.locator(`section#${slide.id} .slide-body`)).toHaveAttribute('aria-busy', 'false');
      await settle(page);
      const m = await measureLegibility(page, MIN_PX);
      if (process.env['LEGIBILITY_REPORT']) console.log(`LEGIBILITY ${legibilityRow(slide.id, lang, m)}`);
      expect(m.smallestPx, `${key} shows text`).not.toBeNull();
      const problems: string[] = [];
      if (m.chars > MAX_CHARS) problems.push(`${m.chars} visible characters (at most ${MAX_CHARS})`);
      for (const u of m.under) problems.push(`${u.px.toFixed(1)} px “${u.text}” in ${u.where}`);
      if (m.bodySmallestPx !== null && m.bodySmallestPx < BODY_MIN_PX - 0.01)
        problems.push(`body text ${m.bodySmallestPx.toFixed(1)} px (at least ${BODY_MIN_PX})`);
      expect(problems, key).toEqual([]);
    });
  }
  // Each chapter's divider (slides/plan.ts), as a plan shows it: its question and its chapter, nothing small.
  for (const { id } of dividersUnderTest()) {
    readingTest(`legible from the back, presented: ${id} (${lang})`, async ({ sharedPage: page }) => {
      await showSlide(page, id, { lang, query: `${DIVIDERS_QUERY}${present ? '&present' : ''}` });
      await settle(page);
      const m = await measureLegibility(page, MIN_PX);
      expect(m.smallestPx, `${id} shows text`).not.toBeNull();
      expect(m.under.map((u) => `${u.px.toFixed(1)} px “${u.text}” in ${u.where}`)).toEqual([]);
      expect(m.smallestPx).toBeGreaterThanOrEqual(BODY_MIN_PX);
    });
  }
}

test.describe('secondary content behind a disclosure', () => {
  const openStates = (id: string) =>
    ({
      body: document.querySelector(`section#${id} .slide-body details.more`)?.hasAttribute('open') ?? null,
      demo: [...(document.querySelector(`section#${id} .demo`)?.shadowRoot?.querySelectorAll('hsw-details') ?? [])].map(
        (d) => d.shadowRoot?.querySelector('details')?.open ?? null,
      ),
    }) as const;

  test('open in the self-paced view, closed when presenting, and a person can open it', async ({ page }) => {
    await gotoSlide(page, 'asyncio-loop');
    await expect(page.locator('section#asyncio-loop .slide-body details.more')).toHaveAttribute('open', '');
    await expect(
      page.locator('section#asyncio-loop .slide-body').getByText('The loop is an object with three containers'),
    ).toBeVisible();
    await gotoSlide(page, 'asyncio-loop', { query: 'present' });
    await expect(page.locator('section#asyncio-loop .slide-body')).toHaveAttribute('aria-busy', 'false');
    expect(await page.evaluate(openStates, 'asyncio-loop')).toEqual({ body: false, demo: [false] });
    await expect(
      page.locator('section#asyncio-loop .slide-body').getByText('The loop is an object with three containers'),
    ).toBeHidden();
    await page.locator('section#asyncio-loop .slide-body summary').click();
    await expect(
      page.locator('section#asyncio-loop .slide-body').getByText('The loop is an object with three containers'),
    ).toBeVisible();

    await gotoSlide(page, 'comparison');
    await expect(page.getByRole('table')).toBeVisible();
    expect((await page.evaluate(openStates, 'comparison')).demo).toEqual([true, true]);
    await gotoSlide(page, 'comparison', { query: 'present' });
    await expect(page.getByRole('table')).toBeHidden();
    await expect(page.getByRole('list', { name: 'For this workload' })).toContainText('Erlang processes');
    await page.getByText('Table', { exact: true }).click();
    await expect(page.getByRole('table')).toBeVisible();
  });

  test('open in print, even with ?present', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('index.html?print-pdf&present&lang=en');
    await page.waitForSelector('html[data-deck-ready="true"]');
    await expect(page.locator('section#asyncio-loop .slide-body details.more')).toHaveAttribute('open', '', {
      timeout: 30_000,
    });
    expect(await page.evaluate(() => document.documentElement.classList.contains('presenting'))).toBe(false);
    await expect
      .poll(() => page.evaluate(openStates, 'comparison'), { timeout: 30_000 })
      .toEqual({ body: null, demo: [true, true] });
  });
});
