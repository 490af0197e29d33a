import { test, expect, gotoSlide, currentSlide } from './fixtures.ts';

test.describe('backpressure', () => {
  test('on a phone, presented in Russian, the time axis’s end reads on one line at every step', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const step of [0, 1, 2, 3]) {
      await gotoSlide(page, 'backpressure', { lang: 'ru', query: 'present', step });
      const end = currentSlide(page).locator('.axis-end');
      await expect(end).toHaveText('10 с');
      // It broke into “10” over “с” beside the two keys of the drain and the queue.
      const lines = await end.evaluate((el) => {
        const r = document.createRange();
        r.selectNodeContents(el);
        return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;
      });
      expect(lines, `step ${step}: lines of “10 с”`).toBe(1);
    }
  });

  test('presented, the queue’s producer waits about half the time, as behind a drain at the same rates', async ({
    page,
  }) => {
    await gotoSlide(page, 'backpressure', { lang: 'en', query: 'present', step: 2 });
    // 200/s against 100/s: it read “98 %” here and “51 %” for the drain a click before.
    await expect(currentSlide(page).locator('.verdict')).toContainText(/waits (4\d|5\d) % of the time/);
  });
});
