import { test, expect, gotoSlide, currentSlide, expectHash, expectAccessible } from './fixtures.ts';

test.describe('await-future', () => {
  test('stepping the wake-up: the chain freezes, set_result only queues __wakeup, the next turn resumes it', async ({
    page,
  }) => {
    await gotoSlide(page, 'await-future');
    const demo = currentSlide(page).locator('hsw-await-future');
    const status = demo.getByRole('status');
    const frames = demo
      .getByRole('list', { name: 'Frames of Task-1 (handler → fetch → sock_recv)' })
      .getByRole('listitem');
    const marked = demo.locator('hsw-code [aria-current="step"]');
    const step = demo.getByRole('button', { name: 'Step forward' });
    await expect(status).toContainText('Task-1’s __step calls coro.send(None)');
    await expect(frames).toHaveText([/running/, /running/, /running/]);

    await step.click();
    await expect(status).toContainText('1 · await fut: Future.__await__');
    await expect(marked.last()).toHaveText('yield self  # This tells Task to wait for completion.');
    await expect(demo.locator('hsw-code pre')).toContainText('# futures.py:284–287');
    await expect(frames).toHaveText([/frozen/, /frozen/, /frozen/]);

    await step.click();
    await expect(status).toContainText('2 · The task sees the flag');
    await expect(demo.getByText('Task-1._fut_waiter = fut')).toBeVisible();
    await expect(demo.getByRole('list', { name: 'callbacks' })).toHaveText(/_sock_read_done\s*Task-1.__wakeup/);

    await step.click();
    await expect(status).toContainText('3 · Data arrives');
    await expect(demo.getByText('Turn 2 of 8, step 6 of _run_once · select() slept 50 ms')).toBeVisible();

    await step.click();
    await expect(status).toContainText('4 · set_result resumes nothing');
    await expect(demo.getByRole('list', { name: '_ready' }).getByRole('listitem')).toHaveText([
      '_sock_read_done',
      'Task-1.__wakeup',
    ]);
    await expect(frames).toHaveText([/frozen/, /frozen/, /frozen/]);
    await expect(marked.last()).toContainText('self._loop.call_soon(callback, self, context=ctx)');

    await step.click();
    await expect(status).toContainText('5 · Step 6 of the next turn calls __wakeup');
    await expect(demo.getByText('Turn 3 of 8')).toBeVisible();
    await expect(frames).toHaveText([/resumed/, /resumed/, /resumed/]);

    await step.click();
    await expect(status).toContainText('6 · __await__ returns self.result()');
    await expect(frames).toHaveText([/returned/, /returned/, /returned/]);
    await expect(demo.getByText('about 91 ns')).toBeVisible();
    await expect(step).toBeDisabled();
    await demo.getByRole('button', { name: 'Step back' }).click();
    await expect(status).toContainText('5 · ');
  });

  test('result already there: the chain collapses without entering the loop', async ({ page }) => {
    await gotoSlide(page, 'await-future');
    const demo = currentSlide(page).locator('hsw-await-future');
    await demo.getByRole('checkbox', { name: 'Result already there' }).check();
    await expect(demo.getByRole('status')).toContainText('sock.recv returns it at once');
    await expect(demo.locator('hsw-code [aria-current="step"]').first()).toHaveText('return sock.recv(n)');
    await demo.getByRole('button', { name: 'Step forward' }).click();
    await expect(demo.getByRole('status')).toContainText('The chain collapses inside the same __step');
    await expect(demo.getByText('Turn 1 of 6, step 6 of _run_once')).toBeVisible();
    await expect(demo.getByText('about 91 ns')).toBeVisible();
    await expect(demo.getByRole('button', { name: 'Step forward' })).toBeDisabled();
  });

  test('presenting: the step, the frame chain and _ready; the code and the loop behind a closed disclosure', async ({
    page,
  }) => {
    await gotoSlide(page, 'await-future', { query: 'present', step: 4 });
    const demo = currentSlide(page).locator('hsw-await-future');
    await expect(demo.getByRole('status')).toContainText('4 · set_result resumes nothing');
    await expect(
      demo.getByRole('list', { name: 'Frames of Task-1 (handler → fetch → sock_recv)' }).getByRole('listitem'),
    ).toHaveText([/handler\s*frozen/, /fetch\s*frozen/, /sock_recv\s*frozen/]);
    await expect(demo.getByRole('list', { name: '_ready' }).getByRole('listitem').last()).toHaveText('Task-1.__wakeup');
    const code = demo.locator('hsw-code');
    await expect(code).toBeHidden();
    await demo.getByText('The loop and CPython’s lines').click();
    await expect(code).toBeVisible();
  });

  test('the clicker walks the six steps', async ({ page }) => {
    await gotoSlide(page, 'await-future');
    const demo = currentSlide(page).locator('hsw-await-future');
    for (const [i, text] of ['1 · await fut', '2 · ', '3 · ', '4 · ', '5 · ', '6 · '].entries()) {
      await page.keyboard.press('PageDown');
      await expectHash(page, new RegExp(`^#/await-future/${i}$`));
      await expect(demo.getByRole('status')).toContainText(text);
    }
  });

  test('reads in Russian', async ({ page }) => {
    await gotoSlide(page, 'await-future', { lang: 'ru', step: 4 });
    const demo = currentSlide(page).locator('hsw-await-future');
    await expect(demo.getByRole('status')).toContainText('4 · set_result ничего не возобновляет');
    await expect(demo.getByText('Оборот 2 из 8, шаг 6 _run_once')).toBeVisible();
    await expect(demo.getByRole('checkbox', { name: 'Результат уже готов' })).not.toBeChecked();
  });

  test('has no serious accessibility violations', async ({ page }) => {
    for (const theme of ['dark', 'light'] as const) {
      await gotoSlide(page, 'await-future', { theme, step: 5 });
      await expectAccessible(page, 'await-future');
    }
  });
});
