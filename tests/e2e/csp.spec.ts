import type { Page } from '@playwright/test';
import {
  test,
  expect,
  showSlide,
  currentSlide,
  settle,
  slidesUnderTest,
  walkingOptions,
  dividersUnderTest,
  DIVIDERS_QUERY,
} from './fixtures.ts';
import { embeddableSlides, slides } from '../../slides/index.ts';

/**
 * The built pages declare a strict Content Security Policy (scripts/csp.ts) and nothing in them breaks it: every
 * slide in both languages, every embeddable slide's embed page, the print layout and the speaker view. A violation
 * is recorded by an init script (and is a console error too, which the fixture fails on).
 */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
      console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);

const policy = (page: Page) =>
  page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content', { timeout: 2000 });

test.use(walkingOptions);

test.describe('Content Security Policy', () => {
  test('each page declares the policy: own scripts only, no plugins, no <base>', async ({ page }) => {
    for (const path of ['index.html', 'embed.html?slide=c10k', 'speaker.html']) {
      await page.goto(path);
      const csp = (await policy(page)) ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("base-uri 'none'");
      expect(csp, path).not.toContain('unsafe-inline');
      expect(csp, path).not.toContain('unsafe-eval');
    }
  });

  test('the policy is enforced: an inline script does not run', async ({ browser }) => {
    // A page of its own: the violation it provokes on purpose is not the fixture's business.
    const context = await browser.newContext();
    const page = await context.newPage();
    await watchViolations(page);
    await page.goto('index.html?lang=en#/title');
    await page.waitForSelector('html[data-deck-ready="true"]');
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.inlineRan = true';
      document.body.append(s);
      return (window as unknown as { inlineRan?: boolean }).inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(async () => (await violations(page)).join('\n')).toContain('script-src');
    await context.close();
  });

  for (const lang of ['en', 'ru'] as const) {
    test(`every slide in ${lang}, with its demo drawn, breaks nothing`, async ({ page }) => {
      await watchViolations(page);
      for (const slide of slidesUnderTest()) {
        // One document, walked by address (deck.spec.ts opens each slide as a first visit).
        await showSlide(page, slide.id, { lang });
        await expect(currentSlide(page).getByRole('heading', { level: 2 })).toHaveText(slide.title[lang]);
        if (slide.demo) await expect(currentSlide(page).locator('.demo')).toBeVisible();
        // Let the demo draw (charts, code panels, its first animation frames).
        await settle(page);
        expect(await violations(page), slide.id).toEqual([]);
      }
      // each chapter's divider, as a plan shows it (slides/plan.ts)
      for (const { id } of dividersUnderTest()) {
        await showSlide(page, id, { lang, query: DIVIDERS_QUERY });
        await expect(currentSlide(page).getByRole('heading', { level: 2 })).toHaveText(/\?$/);
        await settle(page);
        expect(await violations(page), id).toEqual([]);
      }
    });

    test(`every embeddable slide's embed page in ${lang} breaks nothing`, async ({ page }) => {
      await watchViolations(page);
      for (const slide of embeddableSlides()) {
        await page.goto(`embed.html?slide=${slide.id}&lang=${lang}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(slide.title[lang]);
        await page.waitForFunction((tag) => customElements.get(tag) !== undefined, slide.demo?.tag ?? '');
        await settle(page);
        expect(await violations(page), slide.id).toEqual([]);
      }
    });
  }

  test('the print layout breaks nothing', async ({ page }) => {
    await watchViolations(page);
    await page.goto('index.html?print-pdf&lang=en');
    await expect(page.locator('.pdf-page')).toHaveCount(slides.length);
    await settle(page);
    expect(await violations(page)).toEqual([]);
  });
});
