import { test, expect, gotoSlide, currentSlide, expectHash, expectAccessible } from './fixtures.ts';

test.describe('asyncio-responsiveness', () => {
  test('the speaker sequence: 4 ticks, why 300, 99 ticks, debug mode and its threshold', async ({ page }) => {
    await gotoSlide(page, 'asyncio-responsiveness');
    const slide = currentSlide(page);
    const summary = slide.locator('[data-figure="summary"]');
    await expect(summary).toContainText('4 ticks, median interval 300.6 ms');
    await expect(slide.getByRole('radio', { name: 'blocks: time.sleep' })).toBeChecked();
    // the demo's figure is the model's (the slide's words quote the measured 300.9 ms)
    await expect(summary.locator('[data-figure="basis"]')).toHaveText('the model');
    await expect(slide.locator('li').filter({ hasText: 'Blocking inside a portion' })).toContainText(
      'median 300.9 ms (measured; the demo’s model: 300.6)',
    );
    // the turns in one colour, as the legend's one swatch says; the axis says its unit
    const fills = await slide
      .locator('svg rect.turn')
      .evaluateAll((rs) => [...new Set(rs.map((r) => getComputedStyle(r).fill))]);
    const swatch = await slide.locator('.swatch.work').evaluate((s) => getComputedStyle(s).backgroundColor);
    expect(fills).toEqual([swatch]);
    await expect(slide.locator('svg text.axis-unit')).toHaveText('ms');

    await page.locator('.reveal').focus();
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/asyncio-responsiveness\/0$/);
    await expect(slide.locator('[data-figure="gap"]')).toHaveText('Gap 1 of 3: 100.2 → 400.8 ms, 3 turns.');
    const table = slide.getByRole('table', { name: /turns of the selected gap/ });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('row').nth(2)).toContainText('_set_result_unless_cancelled (due 110.2)');
    await expect(table.getByRole('row').nth(2)).toContainText('Task.task_wakeup(Task-2)');

    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/asyncio-responsiveness\/1$/);
    await expect(summary).toContainText('99 ticks, median interval 10.2 ms');
    await expect(slide.getByRole('radio', { name: 'waits: await asyncio.sleep' })).toBeChecked();

    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/asyncio-responsiveness\/2$/);
    const warnings = slide.getByRole('list', { name: 'Warnings the loop prints' });
    await expect(warnings).toContainText('×10');
    await expect(warnings).toContainText("Executing <Task pending name='Task-1' coro=<main() running at main.py:23>");
    await expect(warnings).toContainText('took 0.100 seconds');

    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/asyncio-responsiveness\/3$/);
    await expect(slide.getByRole('slider', { name: 'slow_callback_duration' })).toHaveAttribute(
      'aria-valuetext',
      '150 ms',
    );
    await expect(warnings).toHaveText('Debug mode is on: no callback took 150 ms or more.');
  });

  test('sliders, the worker and the gap buttons change what a person reads', async ({ page }) => {
    await gotoSlide(page, 'asyncio-responsiveness');
    const slide = currentSlide(page);
    const summary = slide.locator('[data-figure="summary"]');
    const portions = slide.getByRole('slider', { name: 'Portions' });
    await portions.focus();
    await page.keyboard.press('Home');
    await expect(portions).toHaveAttribute('aria-valuetext', '1');
    // One blocking portion of 100 ms: the heartbeat ticks at its end only.
    await expect(summary).toHaveText(/^\s*1 tick\s+\(/);
    await expect(page.locator('section#asyncio-responsiveness')).toHaveClass(/present/);
    await page.keyboard.press('End');
    await expect(portions).toHaveAttribute('aria-valuetext', '20');
    await slide.getByRole('button', { name: 'Longest gap' }).click();
    // Twenty portions of 100 ms: 7 ticks, every gap about 300 ms.
    await expect(slide.locator('[data-figure="gap"]')).toHaveText('Gap 5 of 6: 1,302.6 → 1,603.2 ms, 4 turns.');
    await slide.getByRole('button', { name: /Previous gap/ }).click();
    await slide.getByRole('button', { name: /Previous gap/ }).click();
    await slide.getByRole('button', { name: /Previous gap/ }).click();
    await slide.getByRole('button', { name: /Previous gap/ }).click();
    await expect(slide.locator('[data-figure="gap"]')).toHaveText('Gap 1 of 6: 100.2 → 400.8 ms, 3 turns.');
    await slide.getByRole('radio', { name: 'waits: await asyncio.sleep' }).check();
    await expect(summary).toContainText('median interval 10.2 ms');
    await expect(slide.locator('[data-figure="gap"]')).toContainText('Pick a gap');
    const debug = slide.getByRole('checkbox', { name: 'Debug mode (PYTHONASYNCIODEBUG=1)' });
    await debug.check();
    await expect(slide.getByRole('list', { name: 'Warnings the loop prints' })).toContainText(
      'no callback took 100 ms',
    );
  });

  test('clicking a gap on the timeline shows its turns', async ({ page }) => {
    await gotoSlide(page, 'asyncio-responsiveness');
    const slide = currentSlide(page);
    await slide.locator('rect.gap[data-gap="1"]').click();
    await expect(slide.locator('[data-figure="gap"]')).toHaveText('Gap 2 of 3: 400.8 → 701.4 ms, 4 turns.');
  });

  test('presented: the count, the timeline and the warnings the step needs; the controls one click away', async ({
    page,
  }) => {
    await gotoSlide(page, 'asyncio-responsiveness', { query: 'present', step: 3 });
    const slide = currentSlide(page);
    await expect(slide.locator('[data-figure="summary"]')).toContainText('4 ticks, median interval 300.6 ms');
    await expect(slide.getByRole('list', { name: 'Warnings the loop prints' })).toHaveText(
      "×10Executing <Task pending name='Task-1' coro=<main() …> took 0.100 seconds",
    );
    const period = slide.getByRole('slider', { name: 'Heartbeat period' });
    await expect(period).toBeHidden();
    await expect(slide.getByRole('checkbox', { name: /Debug mode/ })).toBeHidden();
    await slide.getByText('Sliders, gaps, debug mode').click();
    await expect(period).toBeVisible();
    await expect(slide.getByRole('checkbox', { name: /Debug mode/ })).toBeChecked();
  });

  test('in Russian', async ({ page }) => {
    await gotoSlide(page, 'asyncio-responsiveness', { lang: 'ru', step: 2 });
    const slide = currentSlide(page);
    await expect(slide.locator('[data-figure="summary"]')).toContainText('тиков: 99, медиана интервала 10,2 мс');
    await expect(slide.locator('[data-figure="basis"]')).toHaveText('модель');
    await expect(slide.locator('svg text.axis-unit')).toHaveText('мс');
    await expect(slide.getByRole('slider', { name: 'Период пульса' })).toHaveAttribute('aria-valuetext', '10 мс');
    await expect(slide.getByRole('img', { name: /Временная шкала/ })).toBeVisible();
  });

  test('has no serious accessibility violations', async ({ page }) => {
    for (const theme of ['dark', 'light'] as const) {
      await gotoSlide(page, 'asyncio-responsiveness', { theme, step: 1 });
      await expectAccessible(page, 'asyncio-responsiveness');
    }
  });
});
