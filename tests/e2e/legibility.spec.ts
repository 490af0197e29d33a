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
import type { Page } from '@playwright/test';
import { speakerSteps } from '../../slides/types.ts';
import { legibilityRow, measureLegibility } from './legibility.ts';

/**
 * Read from the back of the hall (row 20) at 1280×720, as presented (`?present`: secondary tables and listings are
 * closed disclosures), at every clicker step of every slide (its demo's speaker sequence, slides/index.ts's
 * `demo.sequence`), in both languages: the slide's body text is at least 24 px, nothing is under 20 px, at most 350
 * characters are visible, and no visible text runs off the 1280×720 stage or under the navigation arrows, the progress
 * bar or the slide number. Measured in the browser as rendered (tests/e2e/legibility.ts). The steps are walked as the
 * presenter walks them: the clicker's "next" (PageDown) from the slide's start, on one page per language.
 *
 * LEGIBILITY_REPORT=1 prints the table (slide/step, characters, body characters, % under 20 px, smallest px, smallest
 * body px, texts off the stage or under the chrome); LEGIBILITY_MODE=browse measures the self-paced view instead (for
 * the table only: the limits are the presenter's).
 */
const BODY_MIN_PX = 24;
const MIN_PX = 20;
const MAX_CHARS = 350;

/**
 * Steps still over the 350-character limit, `'<id>/<step> (<lang>)'`, with the characters they showed when this list
 * was last written. Such a step must still be over it (so the list cannot go stale: a step brought within the limit
 * fails until it leaves the list) and within every other limit (sizes, the stage, the chrome). A soft mark rather than
 * `test.fail`, so that a known step that also runs off the stage or under 20 px still fails. The first walk of every
 * step (2026-12-06, issue #36 item 4) found every slide's first state within the limits and 119 of the 276 later
 * steps (both languages) not: too many characters on all of them, and on asyncio-loop, function-coloring and the
 * two quizzes text under 20 px, on asyncio-loop text off the stage and under the arrows and the progress bar.
 */
const KNOWN_OVER: Record<string, number> = {
  'select-epoll/1 (en)': 394,
  'select-epoll/2 (en)': 396,
  'select-epoll/3 (en)': 424,
  'event-loop/1 (en)': 418,
  'event-loop/2 (en)': 384,
  'event-loop/3 (en)': 403,
  'event-loop/4 (en)': 395,
  'event-loop/5 (en)': 514,
  'event-loop/6 (en)': 455,
  'event-loop/7 (en)': 461,
  'micro-macro/1 (en)': 405,
  'micro-macro/2 (en)': 431,
  'micro-macro/3 (en)': 635,
  'micro-macro/4 (en)': 524,
  'micro-macro/5 (en)': 509,
  'micro-macro/6 (en)': 447,
  'micro-macro/7 (en)': 649,
  'python-asyncio/1 (en)': 406,
  'python-asyncio/2 (en)': 390,
  'python-asyncio/3 (en)': 377,
  'python-asyncio/4 (en)': 370,
  'python-asyncio/5 (en)': 392,
  'python-asyncio/6 (en)': 368,
  'python-asyncio/7 (en)': 433,
  'tasks-gather/5 (en)': 354,
  'green-threads/1 (en)': 381,
  'green-threads/3 (en)': 373,
  'green-threads/4 (en)': 425,
  'green-threads/5 (en)': 388,
  'observe/3 (en)': 483,
  'observe/4 (en)': 795,
  'select-epoll/1 (ru)': 401,
  'select-epoll/2 (ru)': 401,
  'select-epoll/3 (ru)': 436,
  'event-loop/1 (ru)': 427,
  'event-loop/2 (ru)': 392,
  'event-loop/3 (ru)': 413,
  'event-loop/4 (ru)': 403,
  'event-loop/5 (ru)': 510,
  'event-loop/6 (ru)': 465,
  'event-loop/7 (ru)': 476,
  'micro-macro/1 (ru)': 423,
  'micro-macro/2 (ru)': 447,
  'micro-macro/3 (ru)': 653,
  'micro-macro/4 (ru)': 543,
  'micro-macro/5 (ru)': 528,
  'micro-macro/6 (ru)': 459,
  'micro-macro/7 (ru)': 639,
  'python-asyncio/1 (ru)': 398,
  'python-asyncio/2 (ru)': 398,
  'python-asyncio/3 (ru)': 373,
  'python-asyncio/4 (ru)': 355,
  'python-asyncio/5 (ru)': 360,
  'python-asyncio/6 (ru)': 357,
  'python-asyncio/7 (ru)': 429,
  'tasks-gather/5 (ru)': 363,
  'green-threads/1 (ru)': 397,
  'green-threads/3 (ru)': 409,
  'green-threads/4 (ru)': 456,
  'green-threads/5 (ru)': 396,
  'observe/3 (ru)': 467,
  'observe/4 (ru)': 791,
  'function-coloring/1 (en)': 413,
  'function-coloring/2 (en)': 464,
  'function-coloring/3 (en)': 600,
  'function-coloring/1 (ru)': 418,
  'function-coloring/2 (ru)': 480,
  'function-coloring/3 (ru)': 626,
};

const present = process.env['LEGIBILITY_MODE'] !== 'browse';
const query = present ? 'present' : '';

test.use(walkingOptions);
readingTest.use(walkingOptions);

/** The current slide's demo's speaker step, or null when the slide is elsewhere or has no demo. */
const demoStep = (page: Page, id: string) =>
  page.evaluate((i) => {
    const section = document.querySelector(`.reveal .slides > section.present#${i}`);
    const demo = section?.querySelector<HTMLElement & { step?: number }>('.demo');
    return demo ? (demo.step ?? 0) : null;
  }, id);

/**
 * Shows `id` at speaker step `step`: from the step before on the same slide by the clicker's "next", as the presenter
 * moves; from anywhere else by the step's address (src/address.ts, `#/<id>/<step − 1>`).
 */
async function walkTo(page: Page, id: string, step: number, lang: 'en' | 'ru'): Promise<void> {
  const here = new URL(page.url());
  const sameDeck = here.searchParams.get('lang') === lang && here.searchParams.has('present') === present;
  if (step > 0 && sameDeck && (await demoStep(page, id).catch(() => null)) === step - 1) {
    await page.keyboard.press('PageDown');
  } else {
    await showSlide(page, id, { lang, query, step });
  }
  if (step > 0) await expect.poll(() => demoStep(page, id), `${id} at step ${step}`).toBe(step);
}

for (const lang of ['en', 'ru'] as const) {
  for (const slide of slidesUnderTest()) {
    for (let step = 0; step < speakerSteps(slide); step++) {
      const key = `${slide.id}/${step} (${lang})`;
      // One page for the walk (readingTest): each slide is reached by its address, each step by the clicker.
      readingTest(`legible from the back, presented: ${key}`, async ({ sharedPage: page }) => {
        await walkTo(page, slide.id, step, lang);
        // Let the demo render (charts, code panels, the slide's words) before measuring.
        await expect(page.locator(`section#${slide.id} .slide-body`)).toHaveAttribute('aria-busy', 'false');
        await settle(page);
        // reveal's arrows fade in after a slide loads: measure once they are drawn.
        await expect
          .poll(() =>
            page.evaluate(
              () =>
                [...document.querySelectorAll('.reveal > .controls > button')].filter(
                  (b) => Number(getComputedStyle(b).opacity) > 0.05 && getComputedStyle(b).visibility !== 'hidden',
                ).length,
            ),
          )
          .toBeGreaterThan(0);
        const m = await measureLegibility(page, MIN_PX);
        if (process.env['LEGIBILITY_REPORT'])
          console.log(`LEGIBILITY ${legibilityRow(`${slide.id}/${step}`, lang, m)}`);
        expect(m.smallestPx, `${key} shows text`).not.toBeNull();
        const known = KNOWN_OVER[key];
        const problems: string[] = [];
        if (known === undefined && m.chars > MAX_CHARS)
          problems.push(`${m.chars} visible characters (at most ${MAX_CHARS})`);
        if (known !== undefined && m.chars <= MAX_CHARS)
          problems.push(`${m.chars} visible characters (was ${known}): within the limit, take it out of KNOWN_OVER`);
        for (const u of m.under) problems.push(`${u.px.toFixed(1)} px “${u.text}” in ${u.where}`);
        if (m.bodySmallestPx !== null && m.bodySmallestPx < BODY_MIN_PX - 0.01)
          problems.push(`body text ${m.bodySmallestPx.toFixed(1)} px (at least ${BODY_MIN_PX})`);
        for (const o of m.offStage) problems.push(`“${o.text}” in ${o.where} at ${o.box}: ${o.off}`);
        expect(problems, key).toEqual([]);
      });
    }
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
