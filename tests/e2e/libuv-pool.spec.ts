import { test, expect, gotoSlide, currentSlide, expectHash } from './fixtures.ts';

test.describe('libuv-pool', () => {
  test('the speaker sequence: calm, the incident, today, a bigger pool', async ({ page }) => {
    await gotoSlide(page, 'libuv-pool');
    const slide = currentSlide(page);
    const firstRead = slide.locator('[data-figure="file-wait"]');
    await expect(firstRead).toHaveText('First read: waited 0 ms in the queue, then 20 ms of work.');
    await expect(slide.locator('[data-figure="makespan"]')).toHaveText('Everything done at 140 ms.');
    await expect(slide.locator('svg text.axis-unit')).toHaveText('ms');

    await page.locator('.reveal').focus();
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/libuv-pool\/0$/);
    await expect(firstRead).toHaveText('First read: waited 4,000 ms in the queue, then 20 ms of work.');
    await expect(slide.getByRole('checkbox', { name: /lookups get at most half the pool/ })).not.toBeChecked();
    await expect(slide.locator('[data-figure="dns-limit"]')).toHaveText('Lookups may use 4 of 4 threads at once.');

    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/libuv-pool\/1$/);
    await expect(firstRead).toHaveText('First read: waited 0 ms in the queue, then 20 ms of work.');
    await expect(slide.locator('[data-figure="dns-limit"]')).toHaveText('Lookups may use 2 of 4 threads at once.');
    await expect(slide.locator('[data-figure="makespan"]')).toHaveText('Everything done at 8,000 ms.');

    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/libuv-pool\/2$/);
    await expect(slide.getByRole('slider', { name: 'UV_THREADPOOL_SIZE (threads)' })).toHaveAttribute(
      'aria-valuetext',
      '16',
    );
    await expect(slide.locator('[data-figure="makespan"]')).toHaveText('Everything done at 2,000 ms.');
    // all 16 threads drawn: the lookups on 1–8, the reads and pbkdf2 calls on 9–16 (not "10 more, busy like these")
    const chart = slide.getByRole('img', { name: /Timeline of 16 pool threads/ });
    await expect(chart.locator('text.lane-label')).toHaveText([
      'ms',
      'threads 1–8',
      'threads 9–10',
      'threads 11–14',
      'threads 15–16',
      'queue',
    ]);
    await expect(chart.locator('text.bar-label')).toContainText(['DNS 1–8']);
  });

  test('presenting: the loop picture with the pool’s threads; the timeline and the sliders behind a closed disclosure', async ({
    page,
  }) => {
    await gotoSlide(page, 'libuv-pool', { query: 'present', step: 1 });
    const slide = currentSlide(page);
    const picture = slide.locator('hsw-loop-picture');
    const caption = slide.locator('.caption');
    // the incident at 2 s: the next four lookups hold the four threads, the reads wait at the head of the queue, the
    // first four lookups came back (the eventfd woke the loop) and their callbacks wait in its queue
    await expect(picture.locator('.worker')).toHaveCount(4);
    await expect(picture.locator('.worker .chip')).toHaveText(['DNS', 'DNS', 'DNS', 'DNS']);
    await expect(picture.locator('.pool-queue .chip')).toHaveText(['file', 'file', 'file', 'file']);
    await expect(picture.locator('.pool-queue .more')).toHaveText('+6');
    await expect(picture.locator('.macrotasks .chip')).toHaveText(['DNS', 'DNS', 'DNS', 'DNS']);
    await expect(picture.locator('.ready-list .chip')).toHaveText('eventfd');
    await expect(caption).toHaveText('Before 2018: lookups hold all 4 threads; reads wait.');
    // the incident is dated (in the disclosure): it is libuv's behaviour before 2018, not today's
    await expect(slide.locator('[data-figure="era"]')).toHaveText(
      'libuv before 1.23.1 (2018): lookups may take every thread · 4 threads',
    );
    await expect(slide.locator('[data-figure="file-wait"]')).toHaveText('A file read waits 4,000 ms.');
    await page.locator('.reveal').focus();
    await page.keyboard.press('PageDown');
    await expect(caption).toHaveText('Since 2018: lookups get 2 of 4 threads; reads are done.');
    await expect(picture.locator('.worker .chip')).toHaveText(['DNS', 'DNS', 'pbkdf2', 'pbkdf2']);
    await expect(picture.locator('.macrotasks .chip')).toHaveText(['file', 'file']);
    await expect(slide.locator('[data-figure="era"]')).toHaveText(
      'libuv since 1.23.1 (2018): lookups get at most half · 4 threads',
    );
    await expect(slide.locator('[data-figure="file-wait"]')).toHaveText('A file read waits 0 ms.');
    const chart = slide.getByRole('img', { name: /Timeline of 4 pool threads/ });
    const pool = slide.getByRole('slider', { name: 'UV_THREADPOOL_SIZE (threads)' });
    await expect(chart).toBeHidden();
    await expect(pool).toBeHidden();
    await slide.getByText('Timeline and sliders').click();
    await expect(chart).toBeVisible();
    await expect(pool).toBeVisible();
    // the queue's peak (14) stands in the label column, clear of the plot and its axis
    await expect(chart.locator('[data-figure="queue-max"]')).toHaveText('14');
    const peak = await chart.locator('[data-figure="queue-max"]').boundingBox();
    const queue = await chart.locator('path').first().boundingBox();
    expect(peak && queue && peak.x + peak.width).toBeLessThan(queue!.x);
    // sixteen threads: a lane each, eight of them looking up names, the reads on free ones at once
    await page.locator('.reveal').focus();
    await page.keyboard.press('PageDown');
    await expect(picture.locator('.worker')).toHaveCount(16);
    await expect(picture.locator('.worker .chip', { hasText: 'DNS' })).toHaveCount(8);
    await expect(picture.locator('.worker .chip', { hasText: 'file' })).toHaveCount(6);
    await expect(picture.locator('.pool-queue .chip')).toHaveText(['pbkdf2', 'pbkdf2']);
  });

  test('sliders and the checkbox change what a person reads', async ({ page }) => {
    await gotoSlide(page, 'libuv-pool', { step: 2 });
    const slide = currentSlide(page);
    const firstRead = slide.locator('[data-figure="file-wait"]');
    await expect(firstRead).toContainText('waited 0 ms');
    // the incident without the 2018 rule
    await slide.getByRole('checkbox', { name: /lookups get at most half the pool/ }).uncheck();
    await expect(firstRead).toContainText('waited 4,000 ms');

    // a ninth lookup: the reads still wait 4,000 ms (they get three threads at 4,000 ms), the lookup ends at 6,000 ms
    const dns = slide.getByRole('slider', { name: 'dns.lookup calls' });
    await dns.focus();
    await page.keyboard.press('ArrowRight');
    await expect(dns).toHaveAttribute('aria-valuetext', '9');
    await expect(firstRead).toContainText('waited 4,000 ms');
    await expect(slide.locator('[data-figure="file-worst"]')).toContainText('waited 4,020 ms');
    await expect(slide.locator('[data-figure="makespan"]')).toHaveText('Everything done at 6,000 ms.');

    const pool = slide.getByRole('slider', { name: 'UV_THREADPOOL_SIZE (threads)' });
    await pool.focus();
    await page.keyboard.press('End');
    await expect(pool).toHaveAttribute('aria-valuetext', '1,024');
    await expect(firstRead).toContainText('waited 0 ms');
    await expect(slide.locator('[data-figure="dns-limit"]')).toHaveText(
      'Lookups may use 1,024 of 1,024 threads at once.',
    );
    await expect(slide.getByText('1,005 threads never used')).toBeVisible();
    await expectHash(page, /^#\/libuv-pool\/1$/);
  });

  test('stepping through the timeline', async ({ page }) => {
    await gotoSlide(page, 'libuv-pool');
    const slide = currentSlide(page);
    await expect(slide.getByText('At 0 ms: 4 running, 6 waiting.')).toBeVisible();
    await slide.getByRole('button', { name: 'Step forward' }).click();
    await expect(slide.getByText('At 20 ms: 4 running, 2 waiting.')).toBeVisible();
    await slide.getByRole('button', { name: 'Step back' }).click();
    await expect(slide.getByText('At 0 ms: 4 running, 6 waiting.')).toBeVisible();
  });

  test('in Russian', async ({ page }) => {
    await gotoSlide(page, 'libuv-pool', { lang: 'ru', step: 1 });
    const slide = currentSlide(page);
    await expect(slide.locator('[data-figure="file-wait"]')).toHaveText(
      'Первое чтение: ждало в очереди 4 000 мс, потом 20 мс работы.',
    );
    await expect(slide.getByRole('slider', { name: 'UV_THREADPOOL_SIZE (потоков)' })).toBeVisible();
    await expect(slide.getByRole('img', { name: /Временная шкала 4 потоков/ })).toBeVisible();
    await expect(slide.locator('svg text.axis-unit')).toHaveText('мс');
  });
});
