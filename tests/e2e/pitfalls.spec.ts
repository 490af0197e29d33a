import { test, expect, gotoSlide, currentSlide, expectHash, expectAccessible } from './fixtures.ts';

test.describe('pitfalls', () => {
  test('the speaker sequence: no limit, the API’s limit, a hung socket, the timeout', async ({ page }) => {
    await gotoSlide(page, 'pitfalls');
    const slide = currentSlide(page);
    const verdict = slide.locator('[data-figure="verdict"]');
    await expect(verdict).toHaveText('9,900 of 10,000 calls rejected: “done” in 200 ms, but most of it failed.');
    await expect(slide.locator('[data-figure="peak"]')).toContainText('10,000');
    await expect(slide.locator('[data-figure="fd"]')).toBeVisible();
    await expect(slide.getByRole('slider', { name: 'Your limit (calls in flight)' })).toHaveAttribute(
      'aria-valuetext',
      'none',
    );

    await page.locator('.reveal').focus();
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/pitfalls\/0$/);
    await expect(verdict).toHaveText('All 10,000 answered, none rejected, in 20 s.');
    await expect(slide.locator('[data-figure="rejected"]')).toContainText('0');
    await expect(slide.getByLabel('The client in Python: asyncio.Semaphore')).toContainText('asyncio.Semaphore(100)');
    await expect(slide.getByLabel('The client in Python: asyncio.Semaphore')).toContainText(
      'limits=httpx.Limits(max_connections=None)',
    );
    await expect(slide.locator('[data-figure="python-defaults"]')).toContainText(
      'A bare httpx.AsyncClient() caps itself at 100 connections',
    );

    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/pitfalls\/1$/);
    await expect(slide.getByRole('checkbox', { name: /One socket hangs/ })).toBeChecked();
    await expect(verdict).toContainText('never returns');
    await expect(slide.locator('[data-figure="total"]')).toContainText('never');

    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/pitfalls\/2$/);
    await expect(slide.getByRole('checkbox', { name: 'Timeout on every call' })).toBeChecked();
    await expect(verdict).toHaveText('The hung call failed after 2 s and gave its slot back; all done in 20.2 s.');
    await expect(slide.getByLabel('The client in Python: asyncio.Semaphore')).toContainText('asyncio.timeout(2)');
  });

  test('the limit slider, the code language and a short timeout change what a person reads', async ({ page }) => {
    await gotoSlide(page, 'pitfalls', { step: 1 });
    const slide = currentSlide(page);
    const verdict = slide.locator('[data-figure="verdict"]');
    const limit = slide.getByRole('slider', { name: 'Your limit (calls in flight)' });
    await limit.focus();
    await page.keyboard.press('ArrowRight');
    await expect(limit).toHaveAttribute('aria-valuetext', '120');
    await expect(verdict).toHaveText('9,700 of 10,000 calls rejected: “done” in 600 ms, but most of it failed.');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(limit).toHaveAttribute('aria-valuetext', '80');
    await expect(verdict).toHaveText('All 10,000 answered, none rejected, in 25 s.');

    await slide.getByRole('combobox', { name: 'Code' }).selectOption('go');
    await expect(slide.getByLabel('The client in Go: worker pool')).toContainText('for w := 0; w < 80; w++ {');
    await expect(slide.locator('[data-figure="python-defaults"]')).toHaveCount(0);
    await slide.getByRole('combobox', { name: 'Code' }).selectOption('javascript');
    await expect(slide.getByLabel('The client in JS: p-limit')).toContainText('pLimit(80)');

    const timeout = slide.getByRole('slider', { name: 'Timeout' });
    // the timeout's length means nothing until there is a timeout
    await expect(timeout).toBeDisabled();
    await slide.getByRole('checkbox', { name: 'Timeout on every call' }).check();
    await expect(timeout).toBeEnabled();
    await timeout.focus();
    await page.keyboard.press('Home');
    await expect(timeout).toHaveAttribute('aria-valuetext', '50 ms');
    await expect(slide.getByLabel('The client in JS: p-limit')).toContainText('AbortSignal.timeout(50)');
    await expect(slide.locator('[data-figure="ok"]')).toContainText('0');
    await expect(slide.locator('[data-figure="timed-out"]')).toContainText('100');
    await expectHash(page, /^#\/pitfalls\/0$/);
  });

  test('EMFILE past 1,024 sockets in Python only: Node and Go raise their open-files limit as they start', async ({
    page,
  }) => {
    await gotoSlide(page, 'pitfalls');
    const slide = currentSlide(page);
    const fd = slide.locator('[data-figure="fd"]');
    const chart = slide.getByRole('img', { name: /Sockets in use over time/ });
    await expect(fd).toHaveText(
      '10,000 sockets at once: past the usual soft limit of 1,024 open files (ulimit -n) a Python process gets EMFILE.',
    );
    await expect(chart.locator('text.fd')).toHaveText('ulimit -n 1,024');
    await expect(slide.locator('[data-figure="peak"]')).toHaveClass(/bad/);
    for (const [lang, runtime] of [
      ['javascript', 'Node'],
      ['go', 'Go (since 1.19)'],
    ] as const) {
      await slide.getByRole('combobox', { name: 'Code' }).selectOption(lang);
      await expect(fd).toHaveText(
        `10,000 sockets at once: ${runtime} raises its soft limit of open files (ulimit -n) to the hard one (ulimit -Hn) as it starts, so EMFILE comes only past the hard limit.`,
      );
      await expect(fd).not.toContainText('Python');
      await expect(chart.locator('text.fd')).toHaveCount(0);
      await expect(slide.locator('[data-figure="peak"]')).not.toHaveClass(/bad/);
    }

    await gotoSlide(page, 'pitfalls', { lang: 'ru', query: 'present' });
    const ru = currentSlide(page);
    await expect(ru.locator('[data-figure="fd"]')).toHaveText(
      '10 000 сокетов: больше ulimit -n 1024, в Python — EMFILE',
    );
  });

  test('a hung socket with a limit of 1: nothing moves', async ({ page }) => {
    await gotoSlide(page, 'pitfalls', { step: 2 });
    const slide = currentSlide(page);
    const limit = slide.getByRole('slider', { name: 'Your limit (calls in flight)' });
    await limit.focus();
    await page.keyboard.press('Home');
    await expect(slide.locator('[data-figure="verdict"]')).toHaveText(
      'Nothing moves: the only slot is held forever, 9,999 calls never start.',
    );
  });

  test('in Russian', async ({ page }) => {
    await gotoSlide(page, 'pitfalls', { lang: 'ru' });
    const slide = currentSlide(page);
    await expect(slide.locator('[data-figure="verdict"]')).toHaveText(
      '9 900 из 10 000 вызовов отклонены: «готово» через 200 мс, но почти всё — ошибки.',
    );
    await expect(slide.getByRole('slider', { name: 'Ваш лимит (вызовов в полёте)' })).toHaveAttribute(
      'aria-valuetext',
      'нет',
    );
    await expect(slide.getByRole('img', { name: /Сокеты в работе по времени/ })).toBeVisible();
    await expect(slide.getByText('Так ломается')).toBeVisible();
  });

  test('presented in Russian: the verdict’s lines do not touch, the time axis reads in one unit', async ({ page }) => {
    await gotoSlide(page, 'pitfalls', { lang: 'ru', query: 'present' });
    const slide = currentSlide(page);
    const verdict = slide.locator('[data-figure="verdict"]');
    await expect(verdict).toContainText('9 900 из 10 000');
    // Two lines at 1280×720: a bold headline set solid read as one smudge from the back (was line-height ≈ 1.0).
    const lh = await verdict.evaluate((el) => {
      const cs = getComputedStyle(el);
      return parseFloat(cs.lineHeight) / parseFloat(cs.fontSize);
    });
    expect(lh, 'the verdict’s line height over its size').toBeGreaterThanOrEqual(1.2);
    // The ticks of a 20-second axis are all seconds: “0 с · 10 с · 20 с”, not “0 мс · 10 с · 20 с”.
    const ticks = await slide
      .getByRole('img', { name: /Сокеты в работе по времени/ })
      .locator('text.axis')
      .allTextContents();
    const times = ticks.filter((t) => /\d\s*(мс|с)$/.test(t));
    expect(times.length).toBeGreaterThanOrEqual(3);
    expect(
      times.filter((t) => t.endsWith('мс')),
      times.join(' · '),
    ).toEqual([]);
  });

  test('has no serious accessibility violations', async ({ page }) => {
    for (const theme of ['dark', 'light'] as const) {
      await gotoSlide(page, 'pitfalls', { theme, step: 3 });
      await expectAccessible(page, 'pitfalls');
    }
  });
});
