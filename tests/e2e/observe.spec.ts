import { test, expect, gotoSlide, currentSlide, expectHash, expectAccessible } from './fixtures.ts';

test.describe('observe', () => {
  test('the speaker sequence: idle, blocked, contended, CPU-bound, the game', async ({ page }) => {
    await gotoSlide(page, 'observe');
    const slide = currentSlide(page);
    const output = slide.locator('[data-figure="output"]');
    const meaning = slide.locator('[data-figure="meaning"]');
    await expect(slide.getByRole('radio', { name: 'Idle event loop' })).toBeChecked();
    await expect(slide.getByRole('radio', { name: 'strace -f -c' })).toBeChecked();
    await expect(output).toContainText('epoll_pwait');
    await expect(output.locator('.telling').first()).toContainText('epoll_pwait');
    await expect(meaning).toContainText('The loop sleeps in epoll_pwait');

    await page.locator('.reveal').focus();
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/observe\/0$/);
    await expect(slide.getByRole('radio', { name: 'Blocked in read()' })).toBeChecked();
    await expect(output).toContainText('read(3,');
    await expect(output).toContainText('<detached ...>');

    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/observe\/1$/);
    await expect(output.locator('.telling').first()).toContainText('futex');

    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/observe\/2$/);
    await expect(slide.getByRole('radio', { name: 'pidstat -w' })).toBeChecked();
    await expect(output).toContainText('nvcswch/s');
    await expect(output.locator('.telling').first()).toContainText('|__app');

    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/observe\/3$/);
    await expect(slide.getByRole('button', { name: 'Diagnose' })).toHaveAttribute('aria-pressed', 'true');
    await expect(slide.getByText('Output 1 of 6')).toBeVisible();
  });

  test('pick a state and a command; jcmd says why it is not recorded', async ({ page }) => {
    await gotoSlide(page, 'observe');
    const slide = currentSlide(page);
    const output = slide.locator('[data-figure="output"]');
    await slide.getByRole('radio', { name: 'Blocked in read()' }).check();
    await slide.getByRole('radio', { name: 'ps -L (wchan)' }).check();
    await expect(output).toContainText('anon_pipe_read');
    await slide.getByRole('radio', { name: 'CPU-bound, too few cores' }).check();
    await slide.getByRole('radio', { name: 'GODEBUG=schedtrace' }).check();
    await expect(output).toContainText('gomaxprocs=1');
    await slide.getByRole('radio', { name: 'ctxt_switches' }).check();
    await expect(slide.locator('[data-figure="growth"]')).toContainText('+0 voluntary');
    await slide.getByRole('radio', { name: 'Lock contention' }).check();
    await slide.getByRole('radio', { name: 'GODEBUG=schedtrace' }).check();
    await expect(slide.locator('[data-figure="no-schedtrace"]')).toBeVisible();
    await slide.getByRole('radio', { name: 'jcmd (Java 21)' }).check();
    await expect(slide.locator('[data-figure="jcmd"]')).toContainText('no Java 21');
  });

  test('the diagnosis game with the keyboard: answer, score, next', async ({ page }) => {
    await gotoSlide(page, 'observe', { step: 4 });
    const slide = currentSlide(page);
    const score = slide.locator('[data-figure="score"]');
    await expect(score).toHaveText('Score: 0 of 0');
    // round 1: lock contention
    await slide.getByRole('button', { name: 'Lock contention' }).focus();
    await page.keyboard.press('Enter');
    await expect(slide.locator('[data-figure="verdict"]')).toContainText('Right.');
    await expect(score).toHaveText('Score: 1 of 1');
    await slide.getByRole('button', { name: 'Next output' }).focus();
    await page.keyboard.press('Enter');
    await expect(slide.getByText('Output 2 of 6')).toBeVisible();
    // round 2 is the CPU-bound one: a wrong answer
    await slide.getByRole('button', { name: 'Idle event loop' }).click();
    await expect(slide.locator('[data-figure="verdict"]')).toContainText(
      'Not quite: it is “CPU-bound, too few cores”.',
    );
    await expect(score).toHaveText('Score: 1 of 2');
    await slide.getByRole('button', { name: 'Start over' }).click();
    await expect(score).toHaveText('Score: 0 of 0');
    await expect(slide.getByText('Output 1 of 6')).toBeVisible();
  });

  test('in Russian', async ({ page }) => {
    await gotoSlide(page, 'observe', { lang: 'ru' });
    const slide = currentSlide(page);
    await expect(slide.getByRole('radio', { name: 'Цикл событий простаивает' })).toBeChecked();
    await expect(slide.locator('[data-figure="meaning"]')).toContainText('Цикл спит в epoll_pwait');
    await slide.getByRole('button', { name: 'Угадать' }).click();
    await expect(slide.getByText('Чем занят этот процесс?')).toBeVisible();
  });

  test('presented in Russian: the read on its own line, the columns named, the comment in Russian', async ({
    page,
  }) => {
    await gotoSlide(page, 'observe', { lang: 'ru', query: 'present', step: 1 });
    const out = currentSlide(page).locator('[data-figure="output"]').first();
    await expect(out.locator('.telling')).toHaveText(['read(3, ']);
    await gotoSlide(page, 'observe', { lang: 'ru', query: 'present', step: 3 });
    const pidstat = currentSlide(page).locator('[data-figure="output"]').first();
    await expect(pidstat.locator('.cmd')).toHaveText('$ pidstat -w -t -p 17546 1 1   # заголовок и строки Average');
    await expect(pidstat.locator('.header')).toContainText('nvcswch/s');
    await expect(pidstat).not.toContainText('its header');
  });

  test('presented: the telling lines under their header, large, and what they say in a line, at every step', async ({
    page,
  }) => {
    await gotoSlide(page, 'observe', { query: 'present' });
    const slide = currentSlide(page);
    const out = slide.locator('[data-figure="output"]').first();
    await expect(out.locator('.header')).toContainText('syscall');
    await expect(slide.locator('[data-figure="verdict-line"]')).toHaveText(
      'Healthy waiting: the loop sleeps in epoll_pwait.',
    );
    // the lines at 22 px or more, as a code line shown to a hall must be (1280×720, unscaled)
    const px = await out.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(px).toBeGreaterThanOrEqual(22);
    await gotoSlide(page, 'observe', { query: 'present', step: 4 });
    const game = currentSlide(page).locator('[data-figure="output"]').first();
    await expect(game.locator('.header')).toContainText('syscall');
    await expect(game.locator('.line:not(.header)')).toHaveCount(1);
    await currentSlide(page).getByRole('button', { name: 'Lock contention' }).click();
    await expect(currentSlide(page).locator('[data-figure="verdict"]')).toContainText('Contention');
  });

  test('has no serious accessibility violations', async ({ page }) => {
    for (const [theme, step] of [
      ['dark', 0],
      ['light', 4],
    ] as const) {
      await gotoSlide(page, 'observe', { theme, step });
      await expectAccessible(page, 'observe');
    }
  });
});
