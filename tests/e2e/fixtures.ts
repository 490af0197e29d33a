import { test as base, expect, type Page, type Locator } from '@playwright/test';

/**
 * Every browser test fails on a console error or an uncaught page error: use `test` from here, not from
 * @playwright/test.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use(errors);
      expect(errors, 'console errors and page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export interface GotoOptions {
  lang?: 'ru' | 'en';
  theme?: 'dark' | 'light';
  /** The demo's speaker-sequence step (0 = none). */
  step?: number;
  query?: string;
}

/** Opens the deck at a slide and waits until reveal is ready and the slide's demo is defined. */
export async function gotoSlide(page: Page, id: string, options: GotoOptions = {}): Promise<void> {
  const params = new URLSearchParams();
  params.set('lang', options.lang ?? 'en');
  if (options.theme) params.set('theme', options.theme);
  const extra = options.query ? `&${options.query}` : '';
  // Speaker-sequence step N is reveal's fragment N - 1.
  const hash = options.step ? `#/${id}/${options.step - 1}` : `#/${id}`;
  // A fresh document each time (a hash-only change would not reload the deck).
  await page.goto('about:blank');
  await page.goto(`index.html?${params.toString()}${extra}${hash}`);
  await page.waitForSelector('html[data-deck-ready="true"]');
  await expect(page.locator(`section#${id}`)).toHaveClass(/present/);
  const tag = await page
    .locator(`section#${id} .demo`)
    .evaluate((el) => el.localName)
    .catch(() => null);
  if (tag) await page.waitForFunction((t) => customElements.get(t) !== undefined, tag);
}

/** The current slide's section: locate controls by role and name inside it. */
export function currentSlide(page: Page): Locator {
  return page.locator('.reveal .slides > section.present');
}

/** Waits for the slide hash to be `#/<id>` (optionally with a fragment index). */
export async function expectHash(page: Page, pattern: RegExp): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(pattern);
}
