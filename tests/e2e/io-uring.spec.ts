import { test, expect, gotoSlide, currentSlide, expectHash } from './fixtures.ts';

test.describe('io-uring: readiness vs completion', () => {
  test('the batch slider: epoll grows by two calls per request, io_uring stays at one until the ring is full', async ({
    page,
  }) => {
    await gotoSlide(page, 'io-uring');
    const slide = currentSlide(page);
    const epoll = slide.locator('[data-mode="epoll"]');
    const uring = slide.locator('[data-mode="io_uring"]');
    const sqpoll = slide.locator('[data-mode="sqpoll"]');
    await expect(epoll).toContainText('33 syscalls');
    await expect(slide.locator('[data-why="epoll"]')).toHaveText('1 epoll_wait + 16 read + 16 write');
    await expect(uring).toContainText('1 syscall');
    await expect(slide.locator('[data-why="io_uring"]')).toHaveText('32 SQEs a call, ring of 64: 1 io_uring_enter');
    await expect(slide.locator('[data-figure="uring-round"]')).toHaveText(
      'each call: 16 new reads + 16 writes answering last round’s (a write needs its read’s data, or is linked to it: IOSQE_IO_LINK)',
    );
    await expect(sqpoll).toContainText('0 syscalls');

    const batch = slide.getByRole('slider', { name: 'Requests in the batch' });
    await batch.focus();
    await page.keyboard.press('End');
    await expect(batch).toHaveAttribute('aria-valuetext', '128');
    await expectHash(page, /#\/io-uring$/); // the focused slider kept its key
    await expect(epoll).toContainText('257 syscalls');
    await expect(uring).toContainText('4 syscalls');
    await expect(slide.locator('[data-why="io_uring"]')).toContainText('more than 64 SQEs');
    await page.keyboard.press('Home');
    await expect(epoll).toContainText('3 syscalls');
    await expect(uring).toContainText('1 syscall');
    // 33 requests: 66 SQEs do not fit in 64.
    for (let i = 0; i < 32; i += 1) await page.keyboard.press('ArrowRight');
    await expect(batch).toHaveAttribute('aria-valuetext', '33');
    await expect(uring).toContainText('2 syscalls');
    await expectHash(page, /#\/io-uring$/);
  });

  test('a bigger ring takes the whole batch in one call', async ({ page }) => {
    await gotoSlide(page, 'io-uring');
    const slide = currentSlide(page);
    await slide.getByRole('slider', { name: 'Requests in the batch' }).focus();
    await page.keyboard.press('End');
    await slide.getByRole('combobox', { name: 'Submission ring size' }).selectOption('256');
    await expect(slide.locator('[data-mode="io_uring"]')).toContainText('1 syscall');
    await expect(slide.locator('[data-why="io_uring"]')).toHaveText('256 SQEs a call, ring of 256: 1 io_uring_enter');
  });

  test('the rings: queue, submit with one call, complete, reap, back', async ({ page }) => {
    await gotoSlide(page, 'io-uring');
    const slide = currentSlide(page);
    const status = slide.getByRole('status');
    await expect(slide.getByRole('button', { name: /^Submit/ })).toBeDisabled();
    const queueBtn = slide.getByRole('button', { name: /^Queue an SQE/ });
    for (let i = 0; i < 3; i += 1) await queueBtn.click();
    await expect(status).toContainText(
      'The app wrote SQE #3 (read) into SQ slot 2 and moved the tail: no system call.',
    );
    await expect(status).toContainText('io_uring_enter calls: 0 · completions reaped: 0');
    await slide.getByRole('button', { name: /^Submit/ }).click();
    await expect(status).toContainText('One io_uring_enter: the kernel took 3 SQEs and moved the SQ head to the tail.');
    await expect(status).toContainText('io_uring_enter calls: 1');
    await expect(slide.getByRole('img', { name: /Rings:/ })).toHaveAccessibleName(
      'Rings: 0 entries waiting in the submission ring, 3 operations in the kernel, 0 completions waiting in the completion ring.',
    );
    await slide.getByRole('button', { name: /^Kernel completes/ }).click();
    await expect(status).toContainText('The kernel finished #1 and wrote its CQE into CQ slot 0, moving the CQ tail.');
    await slide.getByRole('button', { name: /^Reap/ }).click();
    await expect(status).toContainText(
      'The app read the CQE of #1 (res = 64 bytes) and moved the CQ head: no system call.',
    );
    await expect(status).toContainText('io_uring_enter calls: 1 · completions reaped: 1');
    await slide.getByRole('button', { name: 'Undo the last ring step' }).click();
    await expect(status).toContainText('The kernel finished #1');
    await expect(status).toContainText('completions reaped: 0');
    await slide.getByRole('button', { name: 'Empty both rings' }).click();
    await expect(status).toContainText('Queue a few SQEs, then submit them with one call.');
  });

  test('the rings are drawn at the chosen size: a ring of 16 refuses a 17th SQE until it is submitted', async ({
    page,
  }) => {
    await gotoSlide(page, 'io-uring');
    const slide = currentSlide(page);
    const rings = slide.getByRole('img', { name: /Rings:/ });
    // the default, 64 SQ entries and 128 CQ entries: 7 slots drawn and a gap for the rest
    await expect(rings.locator('text.ring-name')).toHaveText(['SQ: submission, 64', 'CQ: completion, 128']);
    await expect(rings.locator('text.slot-gap')).toHaveCount(2);
    await expect(rings.locator('text.slot-gap title')).toHaveText([
      '57 more slots, not drawn',
      '113 more slots, not drawn',
    ]);
    await slide.getByRole('combobox', { name: 'Submission ring size' }).selectOption('16');
    await expect(rings.locator('text.ring-name')).toHaveText(['SQ: submission, 16', 'CQ: completion, 32']);
    await expect(rings.locator('text.slot-gap title')).toHaveText([
      '9 more slots, not drawn',
      '17 more slots, not drawn',
    ]);
    const queueBtn = slide.getByRole('button', { name: /^Queue an SQE/ });
    await queueBtn.click();
    await queueBtn.click();
    await expect(slide.getByRole('status')).toContainText(
      'The app wrote SQE #2 (write) into SQ slot 1 and moved the tail: no system call. A write sends data already in hand: the answer to a read that completed earlier.',
    );
    for (let i = 2; i < 16; i += 1) await queueBtn.click();
    await expect(queueBtn).toBeDisabled();
    await expect(slide.getByRole('status')).toContainText('The SQ is full: submit before queuing more.');
    await slide.getByRole('button', { name: /^Submit/ }).click();
    await expect(slide.getByRole('status')).toContainText('the kernel took 16 SQEs');
    await expect(queueBtn).toBeEnabled();
    await queueBtn.click();
    await expect(slide.getByRole('status')).toContainText('SQE #17 (read) into SQ slot 0'); // the tail wrapped around
  });

  test('a regular file: who waits for the disk', async ({ page }) => {
    await gotoSlide(page, 'io-uring');
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'A regular file' }).click();
    await expect(slide.getByRole('button', { name: 'Readiness (select / poll)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(slide.locator('[data-figure="loop-blocked"]')).toHaveText('100 µs');
    await expect(slide.locator('[data-figure="waiter"]')).toHaveText('the event-loop thread itself');
    await expect(slide.getByText('epoll_ctl → EPERM')).toBeVisible();
    await slide.getByRole('button', { name: 'Thread pool (libuv)' }).click();
    await expect(slide.locator('[data-figure="loop-blocked"]')).toHaveText('0 µs');
    await expect(slide.locator('[data-figure="waiter"]')).toContainText('one pool thread');
    await slide.getByRole('button', { name: 'io_uring', exact: true }).click();
    await expect(slide.locator('[data-figure="waiter"]')).toHaveText('no thread: the kernel posts a CQE');
    await slide.getByRole('button', { name: 'Readiness (select / poll)' }).click();
    const disk = slide.getByRole('slider', { name: 'Disk latency' });
    await disk.focus();
    await page.keyboard.press('End');
    await expect(disk).toHaveAttribute('aria-valuetext', '10,000 µs');
    await expect(slide.locator('[data-figure="loop-blocked"]')).toHaveText('10,000 µs');
    await expectHash(page, /#\/io-uring$/);
  });

  test('presented at 1280×720 the title is one line in both languages', async ({ page }) => {
    // STAGE.md's title band is one line: the Russian title ran to two and pushed the picture down.
    for (const lang of ['en', 'ru'] as const) {
      await gotoSlide(page, 'io-uring', { lang, query: 'present' });
      const lines = await currentSlide(page)
        .getByRole('heading', { level: 2 })
        .first()
        .evaluate((h) => {
          const r = document.createRange();
          r.selectNodeContents(h);
          return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;
        });
      expect(lines, `${lang}: lines of the title`).toBe(1);
    }
  });

  test('presented on a phone, the whole demo is on the screen, above the arrows', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lang of ['en', 'ru'] as const) {
      await gotoSlide(page, 'io-uring', { lang, query: 'present' });
      const demo = currentSlide(page).locator('hsw-io-uring');
      await expect(demo.locator('hsw-chart')).toBeVisible();
      // The presented chart (400 px) outranked the narrow one: the rings' disclosure ran off the bottom of the phone.
      // The slide's frame (it scrolls) clips what runs past it.
      const m = await demo.evaluate((el) => ({
        bottom: Math.max(
          ...[...el.shadowRoot!.querySelectorAll('hsw-details')].map((d) => d.getBoundingClientRect().bottom),
        ),
        frame: el.closest('.slide-frame')!.getBoundingClientRect().bottom,
      }));
      expect(m.bottom, `${lang}: the last disclosure's foot, within the slide's frame`).toBeLessThanOrEqual(m.frame);
      expect(m.bottom, `${lang}: above the arrows`).toBeLessThanOrEqual(844 - 60);
    }
  });

  test('presented at 1280×720, both rings are on the stage, every label at least 20 px', async ({ page }) => {
    // #36: the notes explain the two rings, but presented they sat in a closed disclosure (and were drawn at 15 px).
    await page.setViewportSize({ width: 1280, height: 720 });
    const names = {
      en: ['SQ: submission, 64', 'CQ: completion, 128'],
      ru: ['SQ: отправка, 64', 'CQ: завершение, 128'],
    };
    for (const lang of ['en', 'ru'] as const) {
      await gotoSlide(page, 'io-uring', { lang, query: 'present' });
      const rings = currentSlide(page).locator('hsw-io-uring svg[role="img"]');
      await expect(rings).toBeVisible();
      await expect(rings.locator('text.ring-name')).toHaveText(names[lang]);
      const m = await rings.evaluate((svg) => {
        const texts = [...svg.querySelectorAll('text')].map((t) => {
          const b = t.getBoundingClientRect();
          // rendered size: the font's size in the SVG's units, times the SVG's scale on the screen
          const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
          return { text: t.textContent.trim(), px: parseFloat(getComputedStyle(t).fontSize) * scale, h: b.height };
        });
        const box = svg.getBoundingClientRect();
        return {
          texts,
          bottom: box.bottom,
          right: box.right,
          closed: (svg.closest('hsw-details') as { open?: boolean } | null)?.open === false,
        };
      });
      expect(m.closed, `${lang}: the rings are not in a closed disclosure`).toBe(false);
      // two names, two heads, two tails, two gaps (“…”), the kernel's title (an empty slot has no number here)
      expect(m.texts.length, `${lang}: labels drawn`).toBe(9);
      for (const t of m.texts) expect(t.px, `${lang}: “${t.text}” in px`).toBeGreaterThanOrEqual(20);
      expect(m.bottom, `${lang}: on the stage`).toBeLessThanOrEqual(720);
      expect(m.right, `${lang}: on the stage`).toBeLessThanOrEqual(1280);
    }
  });

  test('in Russian', async ({ page }) => {
    await gotoSlide(page, 'io-uring', { lang: 'ru' });
    const slide = currentSlide(page);
    await expect(slide.getByRole('heading', { name: 'io_uring: не «готово», а «прочитано»' })).toBeVisible();
    await expect(slide.locator('[data-mode="epoll"]')).toContainText('33 вызова');
    await expect(slide.locator('[data-mode="io_uring"]')).toContainText('1 вызов');
    await expect(slide.locator('[data-mode="sqpoll"]')).toContainText('0 вызовов');
    await expect(slide.getByRole('combobox', { name: 'Размер очереди отправки' })).toHaveValue('64');
    // the y axis's title fits the chart's height (it was clipped at "Системных вызовов")
    const fit = await slide.locator('hsw-chart').evaluate(async (el) => {
      type Scale = {
        top: number;
        bottom: number;
        options: { title: { text: string; font: { size: number; family: string } } };
      };
      const host = el as HTMLElement & {
        chart?: { ctx: CanvasRenderingContext2D; height: number; scales: { y?: Scale } };
      };
      for (let i = 0; i < 100 && !host.chart?.scales.y; i++) await new Promise((r) => requestAnimationFrame(r));
      const c = host.chart!;
      const y = c.scales.y!;
      c.ctx.save();
      c.ctx.font = `600 ${y.options.title.font.size}px ${y.options.title.font.family}`;
      const width = c.ctx.measureText(y.options.title.text).width;
      c.ctx.restore();
      return { title: y.options.title.text, width, height: c.height };
    });
    expect(fit.title).toBe('Вызовов ядра');
    expect(fit.width).toBeLessThanOrEqual(fit.height);
    await expect(slide.getByRole('img', { name: /^Очереди:/ }).locator('text.ring-name')).toHaveText([
      'SQ: отправка, 64',
      'CQ: завершение, 128',
    ]);
    await slide.getByRole('button', { name: /^Поставить SQE/ }).click();
    await expect(slide.getByRole('status')).toContainText(
      'Приложение записало SQE №1 (read) в ячейку 0 SQ и сдвинуло хвост: без системного вызова.',
    );
    await slide.getByRole('button', { name: 'Обычный файл' }).click();
    await expect(slide.locator('[data-figure="loop-blocked"]')).toHaveText('100 мкс');
  });
});
