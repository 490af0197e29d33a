import { test, expect, gotoSlide, currentSlide } from './fixtures.ts';

test.describe('cores', () => {
  test('the clicker walks one loop, SO_REUSEPORT, cluster, cluster blocked, stealing blocked, one loop blocked', async ({
    page,
  }) => {
    await gotoSlide(page, 'cores');
    const slide = currentSlide(page);
    const caption = slide.locator('[data-figure="caption"]');
    await expect(slide.getByRole('radio', { name: 'One loop' })).toBeChecked();
    await expect(caption).toContainText('One loop runs on one core: the requests go one after another, 3 cores idle.');
    await expect(caption).toContainText('Slowest answer: 65 ms');
    await expect(slide.locator('[data-figure="per-core"]')).toHaveText('Requests per core: 12 · 0 · 0 · 0');

    await page.locator('.reveal').focus();
    await page.keyboard.press('PageDown');
    await expect(slide.getByRole('radio', { name: 'SO_REUSEPORT' })).toBeChecked();
    await expect(caption).toContainText('the kernel picks one by a hash of the 4-tuple');
    await expect(slide.locator('[data-figure="per-core"]')).toHaveText('Requests per core: 5 · 3 · 3 · 1');

    await page.keyboard.press('PageDown');
    await expect(slide.getByRole('radio', { name: 'Node cluster' })).toBeChecked();
    await expect(slide.locator('[data-figure="per-core"]')).toHaveText('Requests per core: 3 · 3 · 3 · 3');

    await page.keyboard.press('PageDown');
    await expect(slide.getByRole('checkbox', { name: 'One handler blocks for 200 ms' })).toBeChecked();
    await expect(caption).toContainText('1 request waits behind the blocked one');

    await page.keyboard.press('PageDown');
    await expect(slide.getByRole('radio', { name: 'Work-stealing (Tokio)' })).toBeChecked();
    await expect(caption).toContainText('nobody waits behind it');
    await expect(caption).toContainText('Slowest answer: 200 ms');

    await page.keyboard.press('PageDown');
    await expect(slide.getByRole('radio', { name: 'One loop' })).toBeChecked();
    await expect(caption).toContainText('all 11 other requests wait 200 ms behind it');
    await expect(caption).toContainText('Slowest answer: 255 ms');
  });

  test('presented, the lanes share the stage’s height: four tall lanes, the caption at the bottom', async ({
    page,
  }) => {
    await gotoSlide(page, 'cores', { query: 'present' });
    const slide = currentSlide(page);
    const tracks = slide.locator('hsw-cores .lane .track');
    await expect(tracks).toHaveCount(4);
    // each core's lane at least 50 px tall on the projector (self-paced: 1.25em, 25 px)
    for (const h of await tracks.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height)))
      expect(h).toBeGreaterThanOrEqual(50);
    const height = page.viewportSize()?.height ?? 720;
    const caption = (await slide.locator('[data-figure="caption"]').boundingBox())!;
    expect(caption.y + caption.height).toBeGreaterThan(0.75 * height);
    expect(caption.y + caption.height, 'above the arrows’ band').toBeLessThan(height - 50);
  });

  test('presented on a phone, the lanes stay tall enough to see the requests', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoSlide(page, 'cores', { query: 'present', lang: 'ru' });
    const tracks = currentSlide(page).locator('hsw-cores .lane .track');
    await expect(tracks).toHaveCount(4);
    // The stage's height does not reach a phone's slide: the lanes fell to 1em (16 px), each request a dot.
    for (const h of await tracks.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height)))
      expect(h).toBeGreaterThanOrEqual(36);
  });

  test('a person picks the strategy, the handler and the cores; in Russian too', async ({ page }) => {
    await gotoSlide(page, 'cores', { lang: 'ru' });
    const slide = currentSlide(page);
    const caption = slide.locator('[data-figure="caption"]');
    await slide.getByRole('radio', { name: 'SO_REUSEPORT' }).check();
    await slide.getByRole('checkbox', { name: 'Один обработчик блокирует на 200 мс' }).check();
    await expect(caption).toContainText('Хеш не видит нагрузки: за заблокированным циклом всё равно ждут запросы (4).');
    const cores = slide.getByRole('slider', { name: 'Ядер' });
    await cores.focus();
    await page.keyboard.press('Home');
    await expect(cores).toHaveAttribute('aria-valuetext', '1');
    await expect(slide.locator('[data-figure="per-core"]')).toHaveText('Запросов на ядро: 12');
    await expect(slide.getByRole('listitem')).toHaveCount(1);
  });
});
