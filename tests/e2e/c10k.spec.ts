import { test, expect, gotoSlide, currentSlide, expectHash } from './fixtures.ts';

test.describe('c10k', () => {
  test('moving the sliders changes the figures a person reads', async ({ page }) => {
    await gotoSlide(page, 'c10k');
    const slide = currentSlide(page);
    const virtual = slide.getByRole('row', { name: /Virtual memory/ });
    await expect(virtual).toContainText('78.1 GiB');
    await expect(slide.getByRole('status')).toContainText(
      '10,000 threads fit under every ceiling; the lowest (the kernel’s defaults): vm.max_map_count, 32,765 threads.',
    );
    await expect(slide.getByRole('listitem').filter({ hasText: 'vm.max_map_count' })).toContainText(
      '65,530 mappings, two per stack (the kernel’s default; distributions differ)',
    );

    const connections = slide.getByRole('slider', { name: 'Connections' });
    await connections.focus();
    for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowRight');
    await expect(connections).toHaveAttribute('aria-valuetext', /^\d{2},\d{3}$/);
    const shown = Number((await connections.getAttribute('aria-valuetext'))!.replace(/,/g, ''));
    expect(shown).toBeGreaterThan(32_765);
    await expect(slide.getByRole('status')).toContainText(
      `At ${shown.toLocaleString('en-US')} connections threads stop at vm.max_map_count`,
    );
    await expect(virtual).not.toContainText('78.1 GiB');

    await slide.getByRole('combobox', { name: 'Thread stack (virtual)' }).selectOption({ label: 'Java -Xss, 1 MiB' });
    const gib = (shown * 1024 * 1024) / 1024 ** 3;
    // Worked out here: n × 1 MiB, shown with up to one decimal between 10 and 100.
    const expected = new Intl.NumberFormat('en-US', {
      maximumFractionDigits: gib >= 100 ? 0 : gib >= 10 ? 1 : 2,
    }).format(gib);
    await expect(virtual).toContainText(`${expected} GiB`);
  });

  test('the chart’s legend draws each series as its line: the dashed one dashed, not as a filled box', async ({
    page,
  }) => {
    await gotoSlide(page, 'c10k');
    const chart = currentSlide(page).locator('hsw-chart');
    await expect(chart.locator('canvas')).toBeVisible();
    const items = await chart.evaluate(async (el) => {
      const host = el as HTMLElement & {
        chart?: { legend?: { legendItems?: { text: string; pointStyle?: string; lineDash?: number[] }[] } };
      };
      for (let i = 0; i < 100 && !host.chart?.legend?.legendItems?.length; i++)
        await new Promise((r) => requestAnimationFrame(r));
      return (host.chart?.legend?.legendItems ?? []).map((l) => [l.text, l.pointStyle, (l.lineDash ?? []).length > 0]);
    });
    expect(items).toEqual([
      ['Threads: virtual', 'line', true],
      ['Threads: resident', 'line', false],
      ['Event loop: resident', 'line', false],
    ]);
  });

  test('a focused slider keeps ArrowRight; Esc gives the keys back to the deck', async ({ page }) => {
    await gotoSlide(page, 'c10k');
    const connections = currentSlide(page).getByRole('slider', { name: 'Connections' });
    await connections.focus();
    const before = await connections.inputValue();
    await page.keyboard.press('ArrowRight');
    await expect(connections).not.toHaveValue(before);
    await expectHash(page, /^#\/c10k$/);
    await page.keyboard.press('Escape');
    await expect(page.locator('.reveal')).not.toHaveClass(/overview/);
    await page.keyboard.press('ArrowLeft');
    await expectHash(page, /^#\/title$/);
  });

  test('the clicker walks the speaker sequence, then leaves the slide', async ({ page }) => {
    await gotoSlide(page, 'title');
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/c10k$/);
    const slide = currentSlide(page);
    const status = slide.getByRole('status');
    await expect(status).toContainText('10,000 threads fit');
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/c10k\/0$/);
    await expect(status).toContainText('At 40,000 connections threads stop at vm.max_map_count');
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/c10k\/1$/);
    await expect(slide.getByRole('combobox', { name: 'Thread stack (virtual)' })).toHaveValue('java');
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/c10k\/2$/);
    await expect(status).toContainText('1,000,000 connections');
    await page.keyboard.press('PageUp');
    await expectHash(page, /^#\/c10k\/1$/);
    await expect(status).toContainText('100,000 connections');
    // A link to a step opens the demo in that state.
    await gotoSlide(page, 'c10k', { step: 1 });
    await expectHash(page, /^#\/c10k\/0$/);
    await expect(currentSlide(page).getByRole('status')).toContainText('At 40,000 connections');
  });

  test('presented at 1,000,000 connections: the slider’s label stays whole on one line, both languages', async ({
    page,
  }) => {
    for (const [lang, label] of [
      ['en', 'Connections'],
      ['ru', 'Соединений'],
    ] as const) {
      await gotoSlide(page, 'c10k', { lang, query: 'present', step: 4 });
      const slider = currentSlide(page).locator('hsw-slider').first();
      const text = slider.locator('label');
      await expect(text).toHaveText(label);
      await expect(slider.locator('output')).toHaveText(lang === 'en' ? '1,000,000' : '1 000 000');
      const box = await text.boundingBox();
      const lineHeight = await text.evaluate((el) => parseFloat(getComputedStyle(el).fontSize) * 1.6);
      expect(box!.height).toBeLessThan(lineHeight);
    }
  });

  test('presented: the chart takes the stage’s height, its last line above the progress bar, both languages', async ({
    page,
  }) => {
    // The picture is the slide (../shared/STAGE.md): the chart was 291 px tall with 90 px empty under the slide.
    for (const lang of ['en', 'ru'] as const) {
      await gotoSlide(page, 'c10k', { lang, query: 'present', step: 1 });
      const slide = currentSlide(page);
      const chart = (await slide.locator('hsw-chart').boundingBox())!;
      expect(chart.height, `${lang}: the chart's height`).toBeGreaterThanOrEqual(340);
      const last = (await slide.locator('hsw-details').last().boundingBox())!;
      expect(last.y + last.height, `${lang}: the slide's last line`).toBeLessThanOrEqual(690);
    }
  });

  test('the Embed button shows a ready-to-copy iframe snippet', async ({ page }) => {
    await gotoSlide(page, 'c10k');
    await page.getByRole('button', { name: 'Embed this demo in another page' }).click();
    const snippet = page.getByRole('textbox', { name: 'HTML snippet: a frame (iframe)' });
    await expect(snippet).toBeVisible();
    await expect(snippet).toHaveValue(/^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\.html\?slide=c10k&amp;lang=en"/);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(snippet).toBeHidden();
  });

  test('the demo keeps its state when the person comes back', async ({ page }) => {
    await gotoSlide(page, 'c10k');
    await currentSlide(page).getByRole('combobox', { name: 'Machine RAM' }).selectOption({ label: '64 GiB' });
    await page.keyboard.press('Escape');
    await page.locator('.reveal').focus();
    await page.evaluate(() => (window as unknown as { deck: { slide(h: number): void } }).deck.slide(0));
    await expectHash(page, /^#\/title$/);
    await page.evaluate(() => (window as unknown as { deck: { slide(h: number): void } }).deck.slide(1));
    await expect(currentSlide(page).getByRole('combobox', { name: 'Machine RAM' })).toHaveValue('64');
  });

  test('a re-created element (as reveal’s scroll view and print do) keeps the state', async ({ page }) => {
    await gotoSlide(page, 'c10k');
    await currentSlide(page).getByRole('combobox', { name: 'Machine RAM' }).selectOption({ label: '256 GiB' });
    await page.evaluate(() => {
      const el = document.querySelector('section#c10k hsw-c10k');
      el?.replaceWith(el.cloneNode(true));
    });
    await expect(currentSlide(page).getByRole('combobox', { name: 'Machine RAM' })).toHaveValue('256');
  });

  test('with reduced motion the deck does not slide', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await gotoSlide(page, 'c10k');
    expect(
      await page.evaluate(
        () => (window as unknown as { deck: { getConfig(): { transition: string } } }).deck.getConfig().transition,
      ),
    ).toBe('none');
    await context.close();
  });
});
