import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test, expect, currentSlide } from './fixtures.ts';
import { slides } from '../../slides/index.ts';

/**
 * The single offline file does not carry Pyodide (vite.single.config.ts): asyncio-loop's "Your code" says the deck
 * must be served, Run is off, and the presets record as before. Nothing is requested but the file itself.
 */
const file = resolve(process.env['SINGLE_DIR'] ?? 'dist-single', 'how-servers-wait.html');
const fileUrl = pathToFileURL(file).href;

test.describe('the single file: "Your code" needs the deck served', () => {
  test.skip(!existsSync(file), `no ${file}: run npm run build:single first`);

  for (const [lang, t] of [
    [
      'en',
      {
        tab: 'Your code',
        run: 'Run',
        served: 'needs the deck served',
        rec: 'Run recording',
        turns: 'Before the first of 6 turns',
      },
    ],
    [
      'ru',
      {
        tab: 'Ваш код',
        run: 'Запустить',
        served: 'только когда дек открыт с сервера',
        rec: 'Запись прогона',
        turns: 'Перед первым из 6 оборотов',
      },
    ],
  ] as const) {
    test(`in ${lang}`, async ({ page }) => {
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(`${fileUrl}?lang=${lang}#/title`);
      await page.waitForSelector('html[data-deck-ready="true"]');
      const index = slides.findIndex((s) => s.id === 'asyncio-loop');
      await page.evaluate((i) => (window as unknown as { deck: { slide(h: number): void } }).deck.slide(i), index);
      const demo = currentSlide(page).locator('hsw-asyncio-loop');
      await demo.getByRole('button', { name: t.tab }).click();
      await expect(demo.getByRole('status').filter({ hasText: t.served })).toBeVisible();
      await expect(demo.getByRole('button', { name: t.run, exact: true })).toBeDisabled();
      await demo.getByRole('button', { name: t.rec }).click();
      await expect(demo.getByRole('status').first()).toHaveText(t.turns);
      expect(
        requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && u.split(/[?#]/)[0] !== fileUrl),
      ).toEqual([]);
    });
  }
});
