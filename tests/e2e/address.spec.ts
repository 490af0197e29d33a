import type { Page } from '@playwright/test';
import { test, expect, gotoSlide, expectHash } from './fixtures.ts';
import { slides } from '../../slides/index.ts';

/** Addresses a person mistypes: each gets a short message naming what was not found and where the deck went. */
const C10K = 'C10K: a thread per connection';
const firstTitle = slides[0]!.title;

async function open(page: Page, address: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(address);
  await page.waitForSelector('html[data-deck-ready="true"]');
}

const toast = (page: Page) => page.locator('.deck-toast');
const present = (page: Page) =>
  page.evaluate(() => (window as unknown as { deck: { getCurrentSlide(): Element } }).deck.getCurrentSlide().id);

test.describe('mistyped addresses', () => {
  for (const step of ['abc', '1.5', '1e3']) {
    test(`#/c10k/${step} at load opens c10k from its start and says so`, async ({ page }) => {
      await open(page, `index.html?lang=en#/c10k/${step}`);
      expect(await present(page)).toBe('c10k');
      await expectHash(page, /^#\/c10k$/);
      await expect(toast(page)).toBeVisible();
      await expect(toast(page)).toContainText(`“${step}” is not a step of “${C10K}”`);
      await expect(toast(page)).toContainText('here is the slide from its start');
    });
  }

  test('#/c10k/99 at load opens c10k at its last step, as embed.html?step=99 does, and says so', async ({ page }) => {
    const last = slides.find((s) => s.id === 'c10k')!.demo!.sequence.length - 2;
    await open(page, 'index.html?lang=en#/c10k/99');
    expect(await present(page)).toBe('c10k');
    await expectHash(page, new RegExp(`^#/c10k/${last}$`));
    await expect(toast(page)).toContainText(`“99” is past the last step of “${C10K}”`);
    await expect(toast(page)).toContainText('here is its last step');
    await open(page, 'index.html?lang=ru#/c10k/99');
    await expectHash(page, new RegExp(`^#/c10k/${last}$`));
    await expect(toast(page)).toContainText('показываем последний');
  });

  test('an unknown id at load opens the first slide and names both', async ({ page }) => {
    await open(page, 'index.html?lang=en#/epol');
    expect(await present(page)).toBe(slides[0]!.id);
    await expect(toast(page)).toHaveText(`There is no slide “epol” in this deck; here is “${firstTitle.en}”.`);
  });

  test('an unknown id typed while the deck is open: the deck stays, and says so, every time', async ({ page }) => {
    await gotoSlide(page, 'c10k');
    for (const id of ['nope', 'c10', 'select_epoll', 'C10K', 'no%20such']) {
      await page.evaluate((h) => (window.location.hash = h), `#/${id}`);
      await expect(toast(page)).toContainText(
        `There is no slide “${decodeURIComponent(id)}” in this deck; here is “${C10K}”.`,
      );
      expect(await present(page)).toBe('c10k');
      await expectHash(page, /^#\/c10k$/);
      await page.evaluate(() => document.querySelector('.deck-toast')?.replaceChildren());
    }
  });

  test('a bad step typed while the deck is open goes to that slide’s start', async ({ page }) => {
    await gotoSlide(page, 'title');
    await page.evaluate(() => (window.location.hash = '#/c10k/abc'));
    await expect(toast(page)).toContainText(`“abc” is not a step of “${C10K}”`);
    await expect.poll(() => present(page)).toBe('c10k');
    await expectHash(page, /^#\/c10k$/);
    // A good address typed after it just works, with no message.
    await page.evaluate(() => document.querySelector('.deck-toast')?.replaceChildren());
    await page.evaluate(() => (window.location.hash = '#/c10k/1'));
    await expectHash(page, /^#\/c10k\/1$/);
    await expect(toast(page)).toHaveText('');
  });

  test('in Russian', async ({ page }) => {
    await open(page, 'index.html?lang=ru#/c10k/abc');
    await expect(toast(page)).toContainText('«abc» — не шаг слайда «C10K: поток на соединение»');
    await open(page, 'index.html?lang=ru#/nope');
    await expect(toast(page)).toHaveText(`Слайда «nope» в презентации нет; показываем «${firstTitle.ru}».`);
  });

  for (const size of [
    { width: 1280, height: 720 },
    { width: 320, height: 640 },
  ]) {
    test(`a very long id wraps inside the message box (${size.width} px)`, async ({ page }) => {
      await page.setViewportSize(size);
      await open(page, `index.html?lang=en#/${'x'.repeat(128_000)}`);
      await expect(toast(page)).toContainText('There is no slide “xxxx');
      const box = await toast(page).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
      expect(box!.height).toBeLessThan(size.height / 2);
      // On a phone the box takes the screen's width to wrap in, not half of it.
      if (size.width < 400) expect(box!.width).toBeGreaterThan(size.width * 0.8);
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.body.scrollWidth]);
      for (const w of widths) expect(w).toBeLessThanOrEqual(size.width);
    });
  }
});
