import type { Page } from '@playwright/test';
import { test, expect, gotoSlide, currentSlide, expectHash, expectAccessible } from './fixtures.ts';

/** Counts the Web Animations the page starts from now on (a chip's move), without timing any. */
async function countAnimations(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { animations: number };
    w.animations = 0;
    const animate = Reflect.get<Element, 'animate'>(Element.prototype, 'animate');
    Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
      w.animations++;
      return animate.apply(this, args);
    };
  });
  return () => page.evaluate(() => (window as unknown as { animations: number }).animations);
}

test.describe('event-loop', () => {
  test('stepping the simplified loop: it sleeps until the deadline, runs t1, then drains its microtask', async ({
    page,
  }) => {
    await gotoSlide(page, 'event-loop');
    const slide = currentSlide(page);
    const status = slide.getByRole('status').first();
    const step = slide.getByRole('button', { name: 'Step forward' });
    const current = slide.locator('hsw-code [aria-current="step"]');

    await expect(status).toContainText('Press Step');
    await expect(current).toContainText('while (true)');
    await step.click();
    await expect(status).toContainText('Nearest deadline 50 ms: timeout = 50 ms.');
    await expect(current).toContainText('timers.nextDeadline()');
    await step.click();
    await expect(status).toContainText("Slept 50 ms (0 → 50 ms). Woke because the nearest timer's deadline came");
    await expect(current).toContainText('epoll_wait(ep, timeout)');
    await expect(slide.getByText('Virtual clock: 50 ms')).toBeVisible();
    await step.click();
    await expect(status).toContainText('Due at 50 ms: t1.');
    await step.click();
    await expect(status).toContainText('t1() runs: a macrotask. It queues the microtask p1.');
    await expect(current).toContainText('t.callback()');
    await expect(slide.getByRole('list', { name: 'Microtask queue' }).getByRole('listitem')).toHaveText(['p1']);
    await step.click();
    await expect(status).toContainText('Microtask p1 runs. The queue is empty: the loop may go on.');
    await expect(current).toContainText('runAllMicrotasks()');
    await expect(slide.getByRole('list', { name: 'Output' }).getByRole('listitem')).toHaveText(['t1', 'p1']);

    // Back undoes one step at a time.
    await slide.getByRole('button', { name: 'Step back' }).click();
    await expect(status).toContainText('t1() runs');
    await expect(slide.getByRole('list', { name: 'Output' }).getByRole('listitem')).toHaveText(['t1']);
  });

  test('Run steps on its own until Pause; Reset while it runs stops it at the start', async ({ page }) => {
    await gotoSlide(page, 'event-loop');
    const slide = currentSlide(page);
    const at = slide.locator('hsw-step-controls .pos');
    await slide.getByRole('button', { name: 'Run to the end' }).click();
    await expect(at).not.toHaveText(/^0 \//);
    await expect(slide.getByRole('button', { name: 'Pause' })).toBeEnabled();
    await slide.getByRole('button', { name: 'Reset to the start' }).click();
    await expect(at).toHaveText(/^0 \//);
    await expect(slide.getByRole('button', { name: 'Pause' })).toHaveCount(0);
    await expect(slide.getByRole('button', { name: 'Reset to the start' })).toBeDisabled();
  });

  test('adding a timer and making data arrive: the heap reorders and the loop wakes for both', async ({ page }) => {
    await gotoSlide(page, 'event-loop');
    const slide = currentSlide(page);
    const status = slide.getByRole('status').first();
    await slide.getByRole('button', { name: 'Add a timer' }).click();
    await expect(status).toContainText('Timer t3 set: due at 40 ms (delay 40 ms).');
    const heap = slide.getByRole('list', { name: 'Timer heap (min-heap: nearest on top)' }).getByRole('listitem');
    await expect(heap.first()).toHaveAccessibleName('t3 due at 40 ms');
    await expect(heap).toHaveCount(3);

    await slide.getByRole('combobox', { name: 'Socket' }).selectOption('C');
    await slide.getByRole('button', { name: 'Data arrives on a socket' }).click();
    await expect(status).toContainText('Data for socket C will arrive at 40 ms.');
    await expect(slide.getByRole('list', { name: 'Sockets' })).toContainText('data at 40 ms');

    const step = slide.getByRole('button', { name: 'Step forward' });
    await step.click();
    await step.click();
    await expect(status).toContainText(
      'Slept 40 ms (0 → 40 ms). Woke at the deadline, and data arrived on C at the same moment.',
    );
    await expect(slide.getByRole('list', { name: 'Sockets' })).toContainText('returned by epoll_wait');
  });

  test('the Node view runs to the end: setImmediate before setTimeout 0, then the loop sleeps with no timeout', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoSlide(page, 'event-loop');
    const slide = currentSlide(page);
    const node = slide.getByRole('button', { name: 'Node phases (libuv)' });
    await node.click();
    await expect(node).toHaveAttribute('aria-pressed', 'true');
    await expect(slide.locator('hsw-code [aria-current="step"]').first()).toContainText('uv__run_timers(loop);');
    await expect(slide.getByRole('list', { name: 'Phases of one turn' }).locator('[aria-current="step"]')).toHaveText(
      'timers',
    );
    await slide.getByRole('button', { name: 'Run to the end' }).click();
    await expect(slide.getByRole('list', { name: 'Output' }).getByRole('listitem')).toHaveText([
      'read A',
      'A.then(parse)',
      'A.then(reply)',
      'A: setImmediate',
      'A: setTimeout 0',
      't1',
      'p1',
    ]);
    await expect(slide.getByRole('status').first()).toContainText('The loop sleeps in epoll_wait with no timeout');
    await expect(slide.getByRole('button', { name: 'Step forward' })).toBeDisabled();
    await expect(slide.getByText('Virtual clock: 30 ms')).toBeVisible();
  });

  test('the clicker walks the speaker sequence', async ({ page }) => {
    await gotoSlide(page, 'event-loop');
    const slide = currentSlide(page);
    const status = slide.getByRole('status').first();
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/event-loop\/0$/);
    await expect(status).toContainText('Slept 50 ms');
    await page.keyboard.press('PageDown');
    await expect(status).toContainText('Microtask p1 runs');
    await page.keyboard.press('PageDown');
    await expect(status).toContainText('Woke because data arrived on B before the deadline.');
    await gotoSlide(page, 'event-loop', { step: 6 });
    await expect(currentSlide(page).getByRole('status').first()).toContainText(
      'check: the setImmediate callback A: setImmediate runs.',
    );
    await expect(currentSlide(page).getByRole('button', { name: 'Node phases (libuv)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('reads in Russian', async ({ page }) => {
    await gotoSlide(page, 'event-loop', { lang: 'ru' });
    const slide = currentSlide(page);
    await expect(slide.locator('hsw-code [aria-current="step"]').first()).toContainText('while (true)');
    await expect(slide.getByText('// спим здесь')).toBeVisible();
    await slide.getByRole('button', { name: 'Шаг вперёд' }).click();
    await expect(slide.getByRole('status').first()).toContainText('Ближайший срок 50 мс: таймаут = 50 мс.');
    await slide.getByRole('button', { name: 'Шаг вперёд' }).click();
    await expect(slide.getByRole('status').first()).toContainText(
      'Спали 50 мс (0 → 50 мс). Проснулись, потому что наступил срок ближайшего таймера',
    );
    await slide.getByRole('button', { name: 'Фазы Node (libuv)' }).click();
    await expect(slide.getByText('// таймеры: после poll с 1.45')).toBeVisible();
  });

  test('presented, the loop picture is the slide: each step moves a chip, the queues the notes name are open', async ({
    page,
  }) => {
    await gotoSlide(page, 'event-loop', { query: 'present' });
    const slide = currentSlide(page);
    const picture = slide.locator('hsw-loop-picture');
    await expect(picture).toBeVisible();
    // the listing and the view's buttons are one closed disclosure away; the picture's regions are not
    await expect(slide.locator('hsw-code')).toBeHidden();
    const lane = (name: string) => picture.getByRole('list', { name, exact: true }).getByRole('listitem');
    await expect(lane('Timers')).toHaveText(['t1 · 50', 't2 · 120']);
    await page.keyboard.press('PageDown');
    await expect(picture.locator('[aria-current="step"]')).toHaveText('epoll_wait');
    // a chip that moves slides there (no reduced motion here): t1 leaves the timers, p1 comes onto the stack
    const animations = await countAnimations(page);
    await page.keyboard.press('PageDown');
    await expect(lane('Call stack')).toHaveText(['p1']);
    await expect(lane('Timers')).toHaveText(['t2 · 120']);
    expect(await animations()).toBeGreaterThan(0);
    await page.keyboard.press('PageDown');
    await expect(lane('epoll: ready')).toHaveText(['B']);
    await gotoSlide(page, 'event-loop', { query: 'present', step: 5 });
    const node = currentSlide(page).locator('hsw-loop-picture');
    await expect(node.locator('[aria-current="step"]')).toHaveText('poll');
    await expect(node.getByRole('list', { name: 'Macrotasks' }).getByRole('listitem')).toHaveText(['setImmediate']);
    await expect(node.getByRole('list', { name: 'Microtasks' }).getByRole('listitem')).toHaveText(['A.then(parse)']);
  });

  test('presented under reduced motion, a step jumps: nothing animates', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoSlide(page, 'event-loop', { query: 'present', step: 1 });
    const picture = currentSlide(page).locator('hsw-loop-picture');
    const animations = await countAnimations(page);
    await page.keyboard.press('PageDown');
    await expect(picture.getByRole('list', { name: 'Call stack' }).getByRole('listitem')).toHaveText(['p1']);
    expect(await animations()).toBe(0);
    await expectAccessible(page, 'event-loop');
  });

  test('presented, the picture is accessible in both themes with each of its regions lit', async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const theme of ['dark', 'light'] as const) {
      await gotoSlide(page, 'event-loop', { query: 'present', theme });
      // each region lit once: the loop (0), the timers (1), the stack (2), the kernel (3), then Node's ring (5)
      for (let step = 0; step <= 5; step++) {
        if (step > 0) await page.keyboard.press('PageDown');
        await expectHash(page, step ? new RegExp(`^#/event-loop/${step - 1}$`) : /^#\/event-loop$/);
        if (step !== 4) await expectAccessible(page, 'event-loop');
      }
    }
  });

  test('has no serious accessibility violations', async ({ page }) => {
    for (const theme of ['dark', 'light'] as const) {
      await gotoSlide(page, 'event-loop', { theme });
      await currentSlide(page).getByRole('button', { name: 'Step forward' }).click();
      await expectAccessible(page, 'event-loop');
    }
  });
});
