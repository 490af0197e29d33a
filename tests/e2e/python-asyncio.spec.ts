import { test, expect, gotoSlide, currentSlide, expectHash, expectAccessible } from './fixtures.ts';

test.describe('python-asyncio', () => {
  test('the speaker sequence walks the variants in the talk’s order', async ({ page }) => {
    await gotoSlide(page, 'python-asyncio');
    const slide = currentSlide(page);
    const ticks = slide.locator('[data-figure="ticks"]');
    const log = slide.getByRole('list', { name: 'log' });
    await expect(slide.getByRole('radio', { name: 'await asyncio.sleep', exact: true })).toBeChecked();
    await expect(ticks).toHaveText('6 ticks');
    await expect(slide.locator('svg text.axis-unit')).toHaveText('ms');
    await expect(slide.locator('[data-figure="median"]')).toHaveText('median interval 100.2 ms');

    await page.locator('.reveal').focus();
    const steps: [string, string, RegExp | null][] = [
      ['fetch() without await', '3 ticks', /RuntimeWarning: coroutine 'fetch' was never awaited/],
      ['time.sleep', '3 ticks, 6 missed', null],
      ['requests.get', '3 ticks, 6 missed', null],
      ['to_thread(requests.get)', '6 ticks', null],
      ['to_thread(compute)', '9 ticks', null],
      ['ProcessPool(compute)', '6 ticks', null],
    ];
    for (const [i, [variant, text, logLine]] of steps.entries()) {
      await page.keyboard.press('PageDown');
      await expectHash(page, new RegExp(`^#/python-asyncio/${i}$`));
      await expect(slide.getByRole('radio', { name: variant, exact: true })).toBeChecked();
      await expect(ticks).toHaveText(text);
      if (logLine) await expect(log).toContainText(logLine);
    }
    await expect(slide.locator('[data-figure="median"]')).toHaveText('median interval 100.2 ms');
    // The last step: requests.get in debug mode, and the two warnings the real loop prints.
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/python-asyncio\/6$/);
    await expect(slide.getByRole('checkbox', { name: 'Debug mode (PYTHONASYNCIODEBUG=1)' })).toBeChecked();
    await expect(log.getByRole('listitem')).toHaveCount(2);
    await expect(log.getByRole('listitem').first()).toContainText("Executing <Task finished name='Task-3'");
    await expect(log.getByRole('listitem').first()).toContainText('took 0.300 seconds');
    await expect(slide.locator('[data-figure="blocked"]')).toHaveText('loop blocked for 600 ms');
  });

  test('a person picks a variant and turns debug mode on and off', async ({ page }) => {
    await gotoSlide(page, 'python-asyncio');
    const slide = currentSlide(page);
    const code = slide.getByLabel(/The program with/);
    await slide.getByRole('radio', { name: 'to_thread(compute)', exact: true }).check();
    await expect(slide.getByRole('status')).toContainText('Threads share the GIL');
    await expect(slide.locator('[data-figure="median"]')).toHaveText('median interval 105.2 ms');
    await expect(code).toContainText('await asyncio.to_thread(compute, 0.3)');
    await expect(
      slide.getByRole('img', { name: /Timeline of “to_thread\(compute\)”: 9 heartbeat ticks, 0 missed/ }),
    ).toBeVisible();

    await slide.getByRole('radio', { name: 'time.sleep', exact: true }).check();
    await expect(code).toContainText('time.sleep(0.3)');
    const log = slide.getByRole('list', { name: 'log' });
    await expect(log).toContainText('Debug mode is off');
    const debug = slide.getByRole('checkbox', { name: 'Debug mode (PYTHONASYNCIODEBUG=1)' });
    await debug.check();
    await expect(log.getByRole('listitem')).toHaveCount(2);
    await expect(log.getByRole('listitem').nth(1)).toContainText("name='Task-4'");
    await debug.uncheck();
    await expect(log).toContainText('The log is empty.');
  });

  test('arrow keys move between variants without leaving the slide', async ({ page }) => {
    await gotoSlide(page, 'python-asyncio');
    const slide = currentSlide(page);
    await slide.getByRole('radio', { name: 'await asyncio.sleep', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(slide.getByRole('radio', { name: 'requests.get', exact: true })).toBeChecked();
    await expect(page.locator('section#python-asyncio')).toHaveClass(/present/);
  });

  test('presented: the lines the variant changes, the heartbeat, the timeline and the log; the variants one click away', async ({
    page,
  }) => {
    await gotoSlide(page, 'python-asyncio', { query: 'present', step: 7 });
    const slide = currentSlide(page);
    // the definition the variant changes, its call the running line, and no more of the program
    const few = slide.locator('hsw-code.few');
    await expect(few).toBeVisible();
    await expect(few.locator('.line')).toHaveText(['async def handle():', '    r = requests.get(URL)']);
    await expect(few.locator('.line.current')).toHaveText('    r = requests.get(URL)');
    await expect(slide.locator('[data-figure="ticks"]')).toHaveText('3 ticks, 6 missed · loop blocked for 600 ms');
    await expect(slide.getByRole('list', { name: 'log' })).toHaveText(
      '×2Executing <Task … coro=<handle() …> took 0.300 seconds',
    );
    // the verdict is said aloud (the slide's notes): on the stage only in the disclosure
    await expect(slide.getByRole('status')).toBeHidden();
    const variant = slide.getByRole('radio', { name: 'time.sleep' });
    await expect(variant).toBeHidden();
    await slide.getByText('All variants').click();
    await expect(variant).toBeVisible();
    await expect(slide.getByRole('checkbox', { name: /Debug mode/ })).toBeChecked();
    await expect(slide.getByRole('status')).toContainText('requests.get is time.sleep in disguise');
    // fetch() without await: both definitions, the call without await the running line; the warning without its file
    await gotoSlide(page, 'python-asyncio', { query: 'present', step: 1 });
    await expect(few.locator('.line')).toHaveCount(4);
    await expect(few.locator('.line.current')).toHaveText('    fetch()');
    await expect(slide.getByRole('list', { name: 'log' })).toHaveText(
      "RuntimeWarning: coroutine 'fetch' was never awaited",
    );
  });

  for (const lang of ['en', 'ru'] as const)
    test(`presented on a phone (${lang}): the lanes' names are whole`, async ({ page }) => {
      // "поток цикла" lost its first letter to the timeline's left edge at 390 px.
      await page.setViewportSize({ width: 390, height: 844 });
      for (const step of [1, 5]) {
        await gotoSlide(page, 'python-asyncio', { lang, query: 'present', step });
        const svg = currentSlide(page).locator('svg.timeline');
        const cut = await svg.evaluate((el) => {
          const left = el.getBoundingClientRect().left;
          return [...el.querySelectorAll('text.lane-label')]
            .filter((t) => t.getBoundingClientRect().left < left - 0.5)
            .map((t) => t.textContent);
        });
        expect(cut, `step ${step}: lane names cut at the left`).toEqual([]);
      }
    });

  test('in Russian', async ({ page }) => {
    await gotoSlide(page, 'python-asyncio', { lang: 'ru', step: 2 });
    const slide = currentSlide(page);
    await expect(slide.getByRole('radio', { name: 'time.sleep', exact: true })).toBeChecked();
    await expect(slide.locator('[data-figure="ticks"]')).toHaveText('тиков: 3, пропущено: 6');
    await expect(slide.getByRole('checkbox', { name: 'Режим отладки (PYTHONASYNCIODEBUG=1)' })).not.toBeChecked();
    await expect(slide.getByRole('img', { name: /Временная шкала «time.sleep»/ })).toBeVisible();
    await expect(slide.locator('svg text.axis-unit')).toHaveText('мс');
  });

  test('has no serious accessibility violations', async ({ page }) => {
    for (const theme of ['dark', 'light'] as const) {
      await gotoSlide(page, 'python-asyncio', { theme, step: 8 });
      await expectAccessible(page, 'python-asyncio');
    }
  });
});
