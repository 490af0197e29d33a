import { test, expect, gotoSlide, currentSlide, expectHash } from './fixtures.ts';

test.describe('nonblocking: one thread, three sockets', () => {
  test('the comparison table shows the three strategies on the default arrivals', async ({ page }) => {
    await gotoSlide(page, 'nonblocking');
    const slide = currentSlide(page);
    await expect(slide.getByRole('button', { name: 'Blocking read' })).toHaveAttribute('aria-pressed', 'true');
    const row = (name: string) => slide.getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(row('Blocking read').getByRole('cell')).toHaveText(['3', '0', '20 %', '11 µs (B)', '15 µs']);
    await expect(row('Busy polling').getByRole('cell')).toHaveText(['13', '10', '100 %', '2 µs (B)', '13 µs']);
    await expect(row('Multiplexer').getByRole('cell')).toHaveText(['6', '0', '43 %', '2 µs (A)', '14 µs']);
    // Step 0 opens on the blocking run drawn whole: nothing to press with the mouse (issue #36 item 3).
    await expect(slide.getByRole('status')).toContainText('All three sockets served by 15 µs.');
    await expect(slide.getByText('3 / 3')).toBeVisible();
  });

  test('Step and Back walk the trace of busy polling one call at a time', async ({ page }) => {
    await gotoSlide(page, 'nonblocking');
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'Busy polling' }).click();
    await expect(slide.getByRole('button', { name: 'Busy polling' })).toHaveAttribute('aria-pressed', 'true');
    const forward = slide.getByRole('button', { name: 'Step forward' });
    await forward.click();
    await expect(slide.getByRole('status')).toContainText('Last call: read(A) → EAGAIN (returned at 1 µs).');
    for (let i = 0; i < 4; i += 1) await forward.click();
    const status = slide.getByRole('status');
    await expect(status).toContainText('Last call: read(B) → data (returned at 5 µs).');
    await expect(slide.locator('[data-figure="syscalls"]')).toHaveText('5');
    await expect(slide.locator('[data-figure="eagain"]')).toHaveText('4');
    await expect(slide.locator('[data-figure="served"]')).toHaveText('A — · B 5 · C —');
    await expect(slide.locator('[data-figure="busy"]')).toHaveText('100 %');
    await expect(slide.getByText('5 / 13')).toBeVisible();
    await slide.getByRole('button', { name: 'Step back' }).click();
    await expect(status).toContainText('Last call: read(A) → EAGAIN (returned at 4 µs).');
    await expect(slide.locator('[data-figure="eagain"]')).toHaveText('4');
    await slide.getByRole('button', { name: 'Reset to the start' }).click();
    await expect(status).toContainText('Press “Run” or “Step”');
    await expect(slide.locator('[data-figure="syscalls"]')).toHaveText('0');
  });

  test('blocking: after one step the thread has slept in read(A) while B and C waited', async ({ page }) => {
    await gotoSlide(page, 'nonblocking');
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'Reset to the start' }).click();
    await expect(slide.getByRole('status')).toContainText('Press “Run” or “Step”');
    await slide.getByRole('button', { name: 'Step forward' }).click();
    await expect(slide.getByRole('status')).toContainText(
      'Last call: read(A) → data (returned at 13 µs). Data waiting unread on B, C.',
    );
    await expect(slide.locator('[data-figure="busy"]')).toHaveText('8 %'); // 1 µs of CPU in 13 µs
  });

  test('Run animates the multiplexer to the end', async ({ page }) => {
    await gotoSlide(page, 'nonblocking');
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'Multiplexer' }).click();
    await slide.getByRole('button', { name: 'Run to the end' }).click();
    await expect(slide.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(slide.getByRole('status')).toContainText('All three sockets served by 14 µs.', { timeout: 15_000 });
    await expect(slide.locator('[data-figure="syscalls"]')).toHaveText('6');
    await expect(slide.locator('[data-figure="eagain"]')).toHaveText('0');
    await expect(slide.locator('[data-figure="busy"]')).toHaveText('43 %');
    await expect(slide.locator('[data-figure="served"]')).toHaveText('A 14 · B 5 · C 9');
  });

  test('with reduced motion, Run jumps to the end state', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoSlide(page, 'nonblocking');
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'Busy polling' }).click();
    await slide.getByRole('button', { name: 'Run to the end' }).click();
    await expect(slide.getByRole('status')).toContainText('All three sockets served by 13 µs.');
    await expect(slide.locator('[data-figure="eagain"]')).toHaveText('10');
  });

  test('leaving the slide stops the run', async ({ page }) => {
    await gotoSlide(page, 'nonblocking');
    const slide = currentSlide(page);
    // step 0 shows the blocking run whole: back to its start, then run it
    await slide.getByRole('button', { name: 'Reset to the start' }).click();
    await slide.getByRole('button', { name: 'Run to the end' }).click();
    await expect(slide.getByRole('button', { name: 'Pause' })).toBeVisible();
    await page.keyboard.press('Escape'); // focus back to the deck
    // → walks the speaker sequence (polling, then the multiplexer, each starting to run), then leaves the slide.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(slide.getByRole('button', { name: 'Multiplexer' })).toHaveAttribute('aria-pressed', 'true');
    await expect(slide.getByRole('button', { name: 'Pause' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expectHash(page, /#\/select-epoll$/);
    await page.waitForTimeout(6000); // longer than a whole run
    await page.keyboard.press('ArrowLeft');
    await expectHash(page, /#\/nonblocking\/1$/);
    const back = currentSlide(page);
    await expect(back.getByRole('button', { name: 'Run to the end' })).toBeVisible();
    await expect(back.getByRole('status')).not.toContainText('All three sockets served');
  });

  test('a focused arrival slider keeps its arrow keys, and the figures follow it', async ({ page }) => {
    await gotoSlide(page, 'nonblocking');
    const slide = currentSlide(page);
    const b = slide.getByRole('slider', { name: 'Data arrives on B' });
    await b.focus();
    await page.keyboard.press('ArrowRight');
    await expect(b).toHaveAttribute('aria-valuetext', '4 µs');
    await expectHash(page, /#\/nonblocking$/);
    // B now arrives at 4 and is served at 14: it waited 10 µs behind read(A).
    await expect(slide.getByRole('row', { name: /^Blocking read/ }).getByRole('cell')).toHaveText([
      '3',
      '0',
      '20 %',
      '10 µs (B)',
      '15 µs',
    ]);
    // All three at once: one epoll_wait returns all of them.
    const a = slide.getByRole('slider', { name: 'Data arrives on A' });
    const c = slide.getByRole('slider', { name: 'Data arrives on C' });
    await a.focus();
    for (let i = 0; i < 8; i += 1) await page.keyboard.press('ArrowLeft');
    await c.focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowLeft');
    await expect(a).toHaveAttribute('aria-valuetext', '4 µs');
    await expect(c).toHaveAttribute('aria-valuetext', '4 µs');
    await expect(slide.getByRole('row', { name: /^Multiplexer/ }).getByRole('cell')).toHaveText([
      '4',
      '0',
      '50 %',
      '4 µs (C)',
      '8 µs',
    ]);
  });

  test('the speaker sequence: step 2 shows the multiplexer (run to the end under reduced motion)', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoSlide(page, 'nonblocking', { step: 2 });
    const slide = currentSlide(page);
    await expect(slide.getByRole('button', { name: 'Multiplexer' })).toHaveAttribute('aria-pressed', 'true');
    await expect(slide.getByRole('status')).toContainText('All three sockets served by 14 µs.');
  });

  test('presented, the timeline is the picture: four tall lanes, the blocking run drawn whole at step 0', async ({
    page,
  }) => {
    await gotoSlide(page, 'nonblocking', { query: 'present' });
    const demo = currentSlide(page).locator('hsw-nonblocking');
    const lanes = demo.locator('svg rect.lane-bg');
    await expect(lanes).toHaveCount(4);
    // each lane at least 50 px tall on the projector (self-paced: 24 px), the three sockets served, no click needed
    for (const h of await lanes.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height)))
      expect(h).toBeGreaterThanOrEqual(50);
    await expect(demo.locator('svg circle.served')).toHaveCount(3);
    const status = (await currentSlide(page).getByRole('status').boundingBox())!;
    expect(status.y + status.height).toBeGreaterThan(0.75 * (page.viewportSize()?.height ?? 720));
  });

  test('in Russian: names, table and status', async ({ page }) => {
    await gotoSlide(page, 'nonblocking', { lang: 'ru' });
    const slide = currentSlide(page);
    await expect(slide.getByRole('heading', { name: 'Блокирующий и неблокирующий ввод-вывод' })).toBeVisible();
    await slide.getByRole('button', { name: 'Активный опрос' }).click();
    await slide.getByRole('button', { name: 'Шаг вперёд' }).click();
    await expect(slide.getByRole('status')).toContainText('Последний вызов: read(A) → EAGAIN (вернулся на 1 мкс).');
    await expect(slide.getByRole('row', { name: /^Мультиплексор/ }).getByRole('cell')).toHaveText([
      '6',
      '0',
      '43 %',
      '2 мкс (A)',
      '14 мкс',
    ]);
    await expect(slide.getByRole('slider', { name: 'Данные на B' })).toHaveAttribute('aria-valuetext', '3 мкс');
  });
});
