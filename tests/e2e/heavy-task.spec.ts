import { test, expect, gotoSlide, currentSlide, expectHash } from './fixtures.ts';

const ID = 'heavy-task';

test.describe('heavy-task slide', () => {
  test('inline, in chunks, in a worker: what a person reads for each', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    const status = slide.getByRole('status');
    const row = (name: string) => slide.getByRole('row', { name: new RegExp(`^${name}`) });

    await expect(slide.getByRole('button', { name: 'inline' })).toHaveAttribute('aria-pressed', 'true');
    await expect(status).toHaveText(
      'From 202 to 502 ms the loop serves no one: 60 requests queue up, the worst waits 299 ms.',
    );
    await expect(row('Inline')).toContainText('299');
    await expect(row('In chunks')).toContainText('19');
    await expect(row('In a worker')).toContainText('502 ms');
    await expect(slide.getByText('Latency of the other 200 requests, ms (nearest-rank percentiles)')).toBeVisible();

    await slide.getByRole('button', { name: 'in chunks' }).click();
    await expect(slide.getByRole('button', { name: 'in chunks' })).toHaveAttribute('aria-pressed', 'true');
    await expect(status).toHaveText(
      '30 pieces of 10 ms, requests run between them: the worst latency is 19 ms, but the task ends at 690 ms instead of 502.',
    );

    // Bigger pieces: fewer of them, longer waits.
    await slide.getByRole('slider', { name: 'Chunk size' }).fill('50');
    await expect(status).toHaveText(
      '6 pieces of 50 ms, requests run between them: the worst latency is 99 ms, but the task ends at 646 ms instead of 502.',
    );

    await slide.getByRole('button', { name: 'in a worker' }).click();
    await expect(status).toHaveText(
      'The main loop stays free: every request takes its 2 ms; the task ends at 502 ms on another core.',
    );
    await expect(slide.getByRole('img', { name: /^Chart: latency of each ordinary request/ })).toHaveAttribute(
      'aria-label',
      /in mode “in a worker” the worst latency is 2 ms/,
    );
  });

  test('by keyboard: a mode button with Enter, the chunk slider with the arrow keys', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'in chunks' }).focus();
    await page.keyboard.press('Enter');
    await expect(slide.getByRole('button', { name: 'in chunks' })).toHaveAttribute('aria-pressed', 'true');
    const chunk = slide.getByRole('slider', { name: 'Chunk size' });
    await chunk.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(chunk).toHaveAttribute('aria-valuetext', '12 ms');
    await expect(slide.getByRole('status')).toContainText('25 pieces of 12 ms');
    await expectHash(page, /^#\/heavy-task$/);
  });

  test('the start slider moves the block', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    await slide.getByRole('slider', { name: 'Heavy task arrives at' }).fill('400');
    await expect(slide.getByRole('status')).toHaveText(
      'From 402 to 702 ms the loop serves no one: 60 requests queue up, the worst waits 299 ms.',
    );
  });

  test('Replay runs the clock from 0 to the end of the run', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    const clock = slide.getByText(/^t = [\d,]+ ms$/);
    await expect(clock).toHaveText('t = 1,000 ms');
    await slide.getByRole('button', { name: 'Replay the run from 0 ms' }).click();
    await expect(slide.getByRole('button', { name: 'Pause the replay' })).toBeVisible();
    await expect
      .poll(async () => Number(((await clock.textContent()) ?? '').replace(/\D/g, '')), { timeout: 3000 })
      .toBeLessThan(1000);
    await expect(clock).toHaveText('t = 1,000 ms', { timeout: 10_000 });
    await expect(slide.getByRole('button', { name: 'Replay the run from 0 ms' })).toBeVisible();
  });

  test('under reduced motion, Replay shows the whole run at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'Replay the run from 0 ms' }).click();
    await expect(slide.getByText('t = 1,000 ms')).toBeVisible();
    await expect(slide.getByRole('button', { name: 'Pause the replay' })).toHaveCount(0);
  });

  test('the chart loads', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    await expect(slide.getByRole('img', { name: /^Chart: latency of each ordinary request/ })).toBeVisible();
    await expect(slide.getByText('Loading the chart…')).toHaveCount(0);
  });

  test('the speaker sequence: inline, then in chunks, then in a worker', async ({ page }) => {
    await gotoSlide(page, ID, { step: 1 });
    const slide = currentSlide(page);
    await expectHash(page, /^#\/heavy-task\/0$/);
    await expect(slide.getByRole('button', { name: 'in chunks' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/heavy-task\/1$/);
    await expect(slide.getByRole('button', { name: 'in a worker' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('PageUp');
    await page.keyboard.press('PageUp');
    await expectHash(page, /^#\/heavy-task$/);
    await expect(slide.getByRole('button', { name: 'inline' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('in Russian', async ({ page }) => {
    await gotoSlide(page, ID, { lang: 'ru' });
    const slide = currentSlide(page);
    await expect(slide.getByRole('heading', { name: 'Одна тяжёлая задача вешает всех' })).toBeVisible();
    await expect(slide.getByRole('status')).toHaveText(
      'С 202 до 502 мс цикл никого не обслуживает: в очереди копится 60 запросов, худший ждёт 299 мс.',
    );
    await slide.getByRole('button', { name: 'кусками' }).click();
    await expect(slide.getByRole('slider', { name: 'Размер куска' })).toBeVisible();
    await expect(slide.getByRole('status')).toContainText('30 кусков по 10 мс');
  });
  test('presented: the loop picture, the heavy work on the stack, then in the check queue, then in the worker', async ({
    page,
  }) => {
    await gotoSlide(page, ID, { query: 'present' });
    const slide = currentSlide(page);
    const picture = slide.locator('hsw-loop-picture');
    const heavy = picture.locator('[data-chip="heavy"]');
    const status = slide.getByRole('status');
    await expect(picture.locator('.stack [data-chip="heavy"]')).toHaveText('heavy · 300 ms');
    await expect(picture.locator('.ready-list [data-chip]')).toHaveText(['#41', '#42', '#43', '+57']);
    await expect(picture.locator('.pool')).toContainText('Worker thread');
    await expect(picture.locator('.pool')).toHaveCSS('outline-style', 'none');
    await expect(status).toHaveText(
      'The heavy task holds the stack 202–502 ms: 60 requests pile up, the worst waits 299 ms.',
    );
    // the chart and the threads are one disclosure away, closed
    await expect(slide.getByRole('img', { name: /^Chart: latency/ })).toBeHidden();

    await page.locator('body').press('ArrowRight');
    await expect(picture.locator('.macrotasks [data-chip="heavy"]')).toHaveText('slice 3/30');
    await expect(picture.locator('.stack [data-chip]')).toHaveText(['#41']);
    await expect(status).toHaveText(
      'In 30 slices, the task queues behind the requests: the worst waits 19 ms; it ends at 690 ms.',
    );

    await page.locator('body').press('ArrowRight');
    await expect(picture.locator('.pool [data-chip="heavy"]')).toBeVisible();
    // the step is about the worker thread: its lane lights up
    await expect(picture.locator('.pool')).toHaveCSS('outline-style', 'solid');
    await expect(heavy).toHaveCount(1);
    await expect(picture.locator('.ready-list [data-chip]')).toHaveCount(0);
    await expect(status).toHaveText(
      'The task moves to a worker thread: the stack stays free, the worst request takes 2 ms.',
    );
  });
});
