import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect, currentSlide } from './fixtures.ts';
import { slides } from '../../slides/index.ts';

/**
 * The deck as one file (`npm run build:single`), opened from `file://` with no server: every slide in both
 * languages, with no console error, no Content-Security-Policy violation, and no request but the file itself and
 * data:/blob: URLs.
 */
const file = resolve(process.env['SINGLE_DIR'] ?? 'dist-single', 'how-servers-wait.html');
const fileUrl = pathToFileURL(file).href;

interface Watch {
  requests: string[];
  violations: () => Promise<string[]>;
}

async function watch(page: Page): Promise<Watch> {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return {
    requests,
    violations: () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
  };
}

/** Requests that are not the single file (with any query or hash) or a data:/blob: URL. */
const foreign = (requests: readonly string[]) =>
  requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && u.split(/[?#]/)[0] !== fileUrl);

test.describe('the single file, from file://', () => {
  test.skip(!existsSync(file), `no ${file}: run npm run build:single first`);

  for (const lang of ['en', 'ru'] as const) {
    test(`every slide works in ${lang}, offline, under its policy`, async ({ page }) => {
      test.setTimeout(180_000);
      const w = await watch(page);
      await page.goto(`${fileUrl}?lang=${lang}#/title`);
      await page.waitForSelector('html[data-deck-ready="true"]');
      const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      for (const [index, slide] of slides.entries()) {
        await page.evaluate((i) => (window as unknown as { deck: { slide(h: number): void } }).deck.slide(i), index);
        await expect(currentSlide(page)).toHaveId(slide.id);
        await expect(currentSlide(page).getByRole('heading', { level: 2 })).toHaveText(slide.title[lang]);
        await expect(currentSlide(page).locator('.slide-body')).toHaveAttribute('aria-busy', 'false');
        if (slide.demo) {
          await page.waitForFunction((tag) => customElements.get(tag) !== undefined, slide.demo.tag);
          await expect(currentSlide(page).locator('.demo')).toBeVisible();
        }
      }
      // A chart drew (chart.js came from inside the file) and code is highlighted (highlight.js too).
      await page.evaluate(() => (window as unknown as { deck: { slide(h: number): void } }).deck.slide(1));
      const canvas = currentSlide(page).locator('hsw-c10k').locator('canvas');
      await expect(canvas).toHaveCount(1);
      await expect
        .poll(() =>
          canvas.evaluate((c: HTMLCanvasElement) => {
            const d = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
            let painted = 0;
            for (let i = 3; i < d.length; i += 4) if ((d[i] ?? 0) > 0) painted++;
            return painted;
          }),
        )
        .toBeGreaterThan(100);
      // From a file there is nothing to embed from: no Embed button.
      await expect(page.getByRole('button', { name: /Embed this demo|Встроить эту схему/ })).toBeHidden();
      const event = slides.findIndex((s) => s.id === 'event-loop');
      await page.evaluate((i) => (window as unknown as { deck: { slide(h: number): void } }).deck.slide(i), event);
      await expect(currentSlide(page).locator('hsw-code .hljs-keyword').first()).toBeAttached();
      expect(await w.violations()).toEqual([]);
      expect(foreign(w.requests)).toEqual([]);
    });
  }

  test('“Your code” runs in a worker from the file itself (a blob:), under the policy', async ({ page }) => {
    const w = await watch(page);
    await page.goto(`${fileUrl}?lang=en#/micro-macro`);
    await page.waitForSelector('html[data-deck-ready="true"]');
    const slide = currentSlide(page);
    await slide.getByRole('combobox', { name: 'Example' }).selectOption('custom');
    const editor = slide.getByRole('textbox', { name: 'Your code (JavaScript subset)' });
    const run = slide.getByRole('button', { name: 'Run in the simulator' });
    // a long run says where it runs: beside the page (a worker), not on the page's thread; Stop ends it
    await editor.fill(
      'let n = 0;\nfor (let i = 0; i < 250; i++) setTimeout(() => { n++; }, i % 9);\nwhile (true) n++;',
    );
    await run.click();
    await expect(slide.locator('.job.running')).toContainText('runs beside the page');
    await slide.getByRole('button', { name: 'Stop' }).click();
    await editor.fill(
      "setTimeout(() => console.log('later'), 0);\nPromise.resolve().then(() => console.log('sooner'));",
    );
    await run.click();
    await slide.getByRole('button', { name: 'Skip the guess' }).click();
    await slide.getByRole('button', { name: 'To the end' }).click();
    await expect(slide.getByRole('group', { name: 'Output' }).getByRole('listitem')).toHaveText(['sooner', 'later']);
    expect(await w.violations()).toEqual([]);
    expect(foreign(w.requests)).toEqual([]);
  });

  test('workshop mode (?workshop=) says a file reaches no server, and the deck goes on', async ({ page }) => {
    const w = await watch(page);
    await page.goto(`${fileUrl}?lang=ru&workshop=room#/title`);
    await page.waitForSelector('html[data-deck-ready="true"]');
    await expect(page.getByRole('status')).toContainText('npm run workshop');
    await expect(page.getByRole('status')).toContainText('Режиму мастер-класса');
    await expect(currentSlide(page)).toHaveId('title');
    expect(await w.violations()).toEqual([]);
    expect(foreign(w.requests)).toEqual([]);
  });

  test('print (?print-pdf) lays out every slide, offline', async ({ page }) => {
    const w = await watch(page);
    await page.goto(`${fileUrl}?print-pdf&lang=en`);
    await page.waitForFunction(() => document.querySelectorAll('.pdf-page').length > 0);
    await expect(page.locator('.pdf-page')).toHaveCount(slides.length);
    const pdf = await page.pdf({ width: '1280px', height: '720px', printBackground: true });
    expect((pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBe(slides.length);
    expect(await w.violations()).toEqual([]);
    expect(foreign(w.requests)).toEqual([]);
  });

  test('S opens the speaker view, which works under the policy: notes, timer and the slide', async ({
    page,
    context,
  }) => {
    const w = await watch(page);
    const popupErrors: string[] = [];
    context.on('page', (p) => p.on('console', (m) => void (m.type() === 'error' && popupErrors.push(m.text()))));
    await page.goto(`${fileUrl}?lang=en#/c10k`);
    await page.waitForSelector('html[data-deck-ready="true"]');
    const popupPromise = context.waitForEvent('page');
    await page.keyboard.press('s');
    const popup = await popupPromise;
    await popup.waitForLoadState();
    // The same file with ?speaker-view is the deck's own speaker view (src/single.ts): notes, timer, two previews.
    expect(new URL(popup.url()).searchParams.has('speaker-view')).toBe(true);
    await expect(popup.locator('.speaker-controls-notes')).toContainText('Dan Kegel', { timeout: 15_000 });
    await expect(popup.locator('.timer .value')).toBeVisible();
    await expect(popup.frameLocator('#current-slide iframe').locator('section#c10k')).toHaveClass(/present/);
    // The deck itself goes on, and the view follows it.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/c10k/0');
    // … and a key pressed in the view moves the deck (their messages cross between two file:// windows).
    await popup.locator('.speaker-controls-notes').click();
    await popup.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => window.location.hash)).not.toBe('#/c10k/0');
    expect(popupErrors).toEqual([]);
    expect(await w.violations()).toEqual([]);
    expect(foreign(w.requests)).toEqual([]);
    await popup.close();
  });
});
