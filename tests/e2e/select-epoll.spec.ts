import { test, expect, gotoSlide, currentSlide, expectHash } from './fixtures.ts';
import type { Page } from '@playwright/test';

/** The demo on the current slide (its text, not the speaker notes, which repeat some of it). */
function demo(page: Page) {
  return currentSlide(page).getByRole('region', { name: /^(The cost of one wait|Цена одного ожидания)/ });
}

test.describe('select-epoll: the cost of one wait', () => {
  test.use({ reducedMotion: 'reduce' });

  test('select at 100: what goes in, what is checked, what comes back', async ({ page }) => {
    await gotoSlide(page, 'select-epoll');
    await expect(currentSlide(page).getByRole('heading', { name: 'select, poll, epoll, kqueue' })).toBeVisible();
    const slide = demo(page);
    await expect(slide.getByRole('radio', { name: 'select', exact: true })).toBeChecked();
    await expect(slide.getByRole('slider', { name: 'Registered descriptors N' })).toHaveAttribute(
      'aria-valuetext',
      '100',
    );
    await expect(slide.getByRole('slider', { name: 'Ready now K' })).toHaveAttribute('aria-valuetext', '10');
    await expect(slide.getByRole('row', { name: /Into the kernel/ })).toContainText(
      '16 B: the read bitmap, nfds = 103',
    );
    await expect(slide.getByRole('row', { name: /The kernel checks/ })).toContainText('all 100 (walking 103 bits)');
    await expect(slide.getByRole('row', { name: /Paid once/ })).toContainText(
      'nothing: the whole list goes in with every call',
    );
    // Step 0 opens on the call already made: nothing to press with the mouse (issue #36 item 3).
    await expect(slide.getByText('select reported 10 ready of 100; the kernel checked 100.')).toBeVisible();
    await expect(slide.locator('.grid .cell.found')).toHaveCount(10);

    await slide.getByRole('button', { name: 'Call wait' }).click();
    await expect(slide.getByText('select reported 10 ready of 100; the kernel checked 100.')).toBeVisible();
  });

  test('poll against epoll at 100,000 descriptors', async ({ page }) => {
    await gotoSlide(page, 'select-epoll');
    const slide = demo(page);
    await slide.getByRole('radio', { name: 'poll', exact: true }).check();
    const n = slide.getByRole('slider', { name: 'Registered descriptors N' });
    await n.focus();
    await page.keyboard.press('End');
    await expect(n).toHaveAttribute('aria-valuetext', '100,000');
    await expect(slide.getByRole('row', { name: /Into the kernel/ })).toContainText(
      '800,000 B: 100,000 × pollfd of 8 B',
    );
    await expect(slide.getByRole('row', { name: /Back to you/ })).toContainText(
      '200,000 B: revents of all 100,000, 2 B each',
    );
    await slide.getByRole('button', { name: 'Call wait' }).click();
    // Reduced motion: no scan to watch, the result is there at once (read once, without waiting).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    expect(await slide.getByRole('status').textContent()).toContain(
      'poll reported 10 ready of 100,000; the kernel checked 100,000.',
    );
    await expect(slide.getByText('poll reported 10 ready of 100,000; the kernel checked 100,000.')).toBeVisible();
    await expect(slide.getByText('+ 99,700 more scanned')).toBeVisible();

    await slide.getByRole('radio', { name: 'epoll', exact: true }).check();
    await expect(slide.getByText('Press “Call wait”.')).toBeVisible();
    await expect(slide.getByRole('row', { name: /Into the kernel/ })).toContainText(
      '0 B: the list is already in the kernel',
    );
    await expect(slide.getByRole('row', { name: /The kernel checks/ })).toContainText('10: only its ready list');
    await expect(slide.getByRole('row', { name: /Back to you/ })).toContainText('120 B: 10 × epoll_event of 12 B');
    await expect(slide.getByRole('row', { name: /Paid once/ })).toContainText('100,000 × epoll_ctl, 1,200,000 B');
    await slide.getByRole('button', { name: 'Call wait' }).click();
    await expect(slide.getByText('epoll reported 10 ready of 100,000; the kernel checked 10.')).toBeVisible();
    await expect(slide.getByText('+ 10 more ready returned')).toBeVisible();

    await slide.getByRole('radio', { name: 'kqueue', exact: true }).check();
    await expect(slide.getByRole('row', { name: /Back to you/ })).toContainText('320 B: 10 × kevent of 32 B');
    await expect(slide.getByRole('row', { name: /Paid once/ })).toContainText(
      'one kevent() with 100,000 changes, 3,200,000 B',
    );
  });

  test('select past 1,024 is refused the way the real one is', async ({ page }) => {
    await gotoSlide(page, 'select-epoll');
    const slide = demo(page);
    const n = slide.getByRole('slider', { name: 'Registered descriptors N' });
    await n.focus();
    // 100 → 1,000 → 1,100 on the logarithmic slider (24 positions per decade).
    for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowRight');
    await expect(n).toHaveAttribute('aria-valuetext', '1,100');
    await expect(
      slide.getByRole('heading', { name: 'select refuses: descriptor 1,102 does not fit in fd_set' }),
    ).toBeVisible();
    await expect(slide.getByText('*** bit out of range 0 - FD_SETSIZE on fd_set ***: terminated')).toBeVisible();
    await expect(slide.getByText('ValueError: filedescriptor out of range in select()')).toBeVisible();
    await slide.getByRole('button', { name: 'Call wait' }).click();
    await expect(slide.getByText('select was not called: descriptor 1,102 ≥ FD_SETSIZE = 1024.')).toBeVisible();
    // One step back on the slider: 1,000 descriptors fit again.
    await n.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(n).toHaveAttribute('aria-valuetext', '1,000');
    await expect(slide.getByRole('row', { name: /Into the kernel/ })).toContainText(
      '128 B: the read bitmap, nfds = 1,003',
    );
  });

  test('a focused slider keeps its arrow keys; the slide stays', async ({ page }) => {
    await gotoSlide(page, 'select-epoll');
    const slide = demo(page);
    const k = slide.getByRole('slider', { name: 'Ready now K' });
    await k.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(k).toHaveAttribute('aria-valuetext', '12');
    await page.keyboard.press('ArrowLeft');
    await expect(k).toHaveAttribute('aria-valuetext', '11');
    await expectHash(page, /^#\/select-epoll$/);
    await expect(slide.getByRole('row', { name: /Reported ready/ })).toContainText('11');
    // K cannot exceed N.
    await page.keyboard.press('End');
    await expect(k).toHaveAttribute('aria-valuetext', '100');
    const n = slide.getByRole('slider', { name: 'Registered descriptors N' });
    await n.focus();
    await page.keyboard.press('Home');
    await expect(n).toHaveAttribute('aria-valuetext', '1');
    await expect(k).toHaveAttribute('aria-valuetext', '1');
    await expectHash(page, /^#\/select-epoll$/);
  });

  test('the chart switches between checks and bytes', async ({ page }) => {
    await gotoSlide(page, 'select-epoll');
    const slide = demo(page);
    await expect(
      slide.getByRole('img', { name: /Chart: descriptors checked per call .* the current 100 is marked/ }),
    ).toBeAttached();
    await slide.getByRole('radio', { name: 'bytes copied' }).check();
    await expect(slide.getByRole('img', { name: /Chart: bytes copied per call/ })).toBeAttached();
    await expect(
      slide.getByText('K = 10 ready (or N, when N is smaller). The select line stops at N = 1,021.'),
    ).toBeVisible();
  });

  test('the speaker sequence: select 100 → 1,000 → 1,100 (refused) → epoll 100,000', async ({ page }) => {
    await gotoSlide(page, 'select-epoll');
    const slide = demo(page);
    await expect(slide.getByText('select reported 10 ready of 100; the kernel checked 100.')).toBeVisible();
    // The clicker's "next" walks the steps before leaving the slide.
    await page.locator('body').press('ArrowRight');
    await expect(slide.getByText('select reported 10 ready of 1,000; the kernel checked 1,000.')).toBeVisible();
    await page.locator('body').press('ArrowRight');
    await expect(slide.getByText('select was not called: descriptor 1,102 ≥ FD_SETSIZE = 1024.')).toBeVisible();
    await page.locator('body').press('ArrowRight');
    await expect(slide.getByText('epoll reported 10 ready of 100,000; the kernel checked 10.')).toBeVisible();
    await expect(slide.getByRole('radio', { name: 'epoll', exact: true })).toBeChecked();
    await expectHash(page, /^#\/select-epoll\/2$/);
    await page.locator('body').press('ArrowLeft');
    await expect(slide.getByText('select was not called: descriptor 1,102 ≥ FD_SETSIZE = 1024.')).toBeVisible();
  });

  test('a step in the URL opens the demo at that step', async ({ page }) => {
    // The last of its steps 0–3 (the address #/select-epoll/2: step N is fragment N − 1; a step past the last is
    // the last, with a message, tests/e2e/address.spec.ts).
    await gotoSlide(page, 'select-epoll', { step: 3 });
    const slide = demo(page);
    await expect(slide.getByRole('slider', { name: 'Registered descriptors N' })).toHaveAttribute(
      'aria-valuetext',
      '100,000',
    );
    await expect(slide.getByText('epoll reported 10 ready of 100,000; the kernel checked 10.')).toBeVisible();
  });

  test('in Russian', async ({ page }) => {
    await gotoSlide(page, 'select-epoll', { lang: 'ru' });
    const slide = demo(page);
    await expect(slide.getByRole('radio', { name: 'select', exact: true })).toBeChecked();
    await expect(slide.getByRole('row', { name: /В ядро/ })).toContainText('16 Б: битовая маска чтения, nfds = 103');
    await slide.getByRole('button', { name: 'Вызвать ожидание' }).click();
    await expect(slide.getByText('select сообщил о 10 готовых из 100; ядро проверило 100.')).toBeVisible();
    const n = slide.getByRole('slider', { name: 'Зарегистрировано дескрипторов N' });
    await n.focus();
    await page.keyboard.press('End');
    await expect(
      slide.getByRole('heading', { name: 'select отказывает: дескриптор 100 002 не помещается в fd_set' }),
    ).toBeVisible();
  });
});

test.describe('select-epoll with motion', () => {
  test('"Call wait" animates the scan and then reports', async ({ page }) => {
    await gotoSlide(page, 'select-epoll');
    const slide = demo(page);
    await slide.getByRole('radio', { name: 'poll', exact: true }).check();
    await slide.getByRole('button', { name: 'Call wait' }).click();
    // While the kernel scans, the result is not announced yet…
    await expect(slide.getByText('the kernel checks descriptors…')).toBeVisible();
    // …and at the end it is.
    await expect(slide.getByText('poll reported 10 ready of 100; the kernel checked 100.')).toBeVisible();
    await expect(slide.getByText('the kernel checks descriptors…')).toHaveCount(0);
  });

  test('leaving the slide stops the animation at its end', async ({ page }) => {
    await gotoSlide(page, 'select-epoll');
    const slide = demo(page);
    await slide.getByRole('radio', { name: 'poll', exact: true }).check();
    await slide.getByRole('button', { name: 'Call wait' }).click();
    await expect(slide.getByText('the kernel checks descriptors…')).toBeVisible();
    // Go back one slide (the clicker's "next" would first walk this slide's own steps).
    await page.evaluate(() => {
      window.location.hash = '#/c10k';
    });
    await expect(page.locator('section#select-epoll')).not.toHaveClass(/present/);
    // The slide just left learns it once the new slide is on screen (demo-lifecycle's `afterFrame`): a frame later.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const el = document.querySelector('hsw-select-epoll') as
            (HTMLElement & { progress: number; raf: number; active: boolean }) | null;
          return el ? { progress: el.progress, raf: el.raf, active: el.active } : null;
        }),
      )
      .toEqual({ progress: 1, raf: 0, active: false });
  });

  test('presented: the call’s counts beside the grid, large; select’s refusal with its two real errors', async ({
    page,
  }) => {
    await gotoSlide(page, 'select-epoll', { query: 'present', step: 1 });
    const readout = demo(page).locator('[data-figure="readout"]');
    await expect(readout.locator('dd')).toHaveText(['10', '1,000', '1,000']);
    const px = await readout
      .locator('dd')
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(px).toBeGreaterThanOrEqual(30);
    await gotoSlide(page, 'select-epoll', { query: 'present', step: 2, lang: 'ru' });
    const refused = demo(page).locator('[data-figure="readout"]');
    await expect(refused.locator('code')).toHaveText([
      'ValueError: filedescriptor out of range in select()',
      '*** bit out of range 0 - FD_SETSIZE on fd_set ***: terminated',
    ]);
    // the clicker makes each step's call: no "Call wait" button on the stage
    await expect(demo(page).getByRole('button', { name: 'Вызвать ожидание' })).toHaveCount(0);
  });
});
