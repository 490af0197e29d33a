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

  test('presenting: the loop picture is the slide; the code and the buttons behind a closed disclosure', async ({
    page,
  }) => {
    await gotoSlide(page, 'await-future', { query: 'present', step: 4 });
    const demo = currentSlide(page).locator('hsw-await-future');
    await expect(demo.getByRole('status')).toHaveText(
      'set_result resumes no one: it moves fut’s callbacks into _ready.',
    );
    const picture = demo.locator('hsw-loop-picture');
    await expect(picture.getByRole('list', { name: '_ready' }).getByRole('listitem')).toHaveText([
      '_sock_read_done',
      'Task-1.__wakeup',
    ]);
    await expect(picture.getByRole('list', { name: 'Futures' })).toContainText(
      /fut = b'data'\s*handler\s*fetch\s*sock_recv/,
    );
    const code = demo.locator('hsw-code');
    await expect(code).toBeHidden();
    await expect(demo.getByRole('button', { name: 'Step forward' })).toBeHidden();
    await demo.getByText('CPython’s lines').click();
    await expect(code).toBeVisible();
  });

  test('presenting, each step shows what its notes name: the stack, the future, _ready', async ({ page }) => {
    await gotoSlide(page, 'await-future', { query: 'present' });
    const picture = currentSlide(page).locator('hsw-await-future hsw-loop-picture');
    const stack = picture.getByRole('list', { name: 'Call stack' }).getByRole('listitem');
    const futures = picture.getByRole('list', { name: 'Futures' });
    const ready = picture.getByRole('list', { name: '_ready' }).getByRole('listitem');
    // frames bottom first in the DOM (drawn upwards): Task-1's __step under its coroutine's frames
    const expected: [RegExp[], RegExp, string[]][] = [
      [[/Task-1.__step/, /handler/, /fetch/, /sock_recv/], /^\s*fut\s*callbacks:\s*_sock_read_done\s*$/, []],
      [[/Task-1.__step/], /fut\s*handler\s*fetch\s*sock_recv\s*callbacks:\s*_sock_read_done\s*$/, []],
      [[], /fut\s*handler\s*fetch\s*sock_recv\s*callbacks:\s*_sock_read_done\s*Task-1.__wakeup/, []],
      [
        [/_sock_recv/],
        /fut = b'data'\s*handler\s*fetch\s*sock_recv\s*callbacks:\s*_sock_read_done\s*Task-1.__wakeup/,
        [],
      ],
      [[/_sock_recv/], /fut = b'data'\s*handler\s*fetch\s*sock_recv\s*$/, ['_sock_read_done', 'Task-1.__wakeup']],
      [[/Task-1.__wakeup/, /handler/, /fetch/, /sock_recv/], /^\s*fut = b'data'\s*$/, []],
      [[], /^\s*$/, ['_run_until_complete_cb']],
    ];
    for (const [i, [onStack, onFuture, inReady]] of expected.entries()) {
      if (i > 0) await page.keyboard.press('PageDown');
      // the hash counts fragments: step i is fragment i − 1
      if (i > 0) await expectHash(page, new RegExp(`^#/await-future/${i - 1}$`));
      await expect(stack, `step ${i}`).toHaveText(onStack);
      await expect(futures, `step ${i}`).toHaveText(onFuture);
      await expect(ready, `step ${i}`).toHaveText(inReady);
    }
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
    for (const theme of ['dark', 'light'] as const)
      for (const query of ['', 'present']) {
        await gotoSlide(page, 'await-future', { theme, step: 5, query });
        await expectAccessible(page, 'await-future');
      }
  });
});
