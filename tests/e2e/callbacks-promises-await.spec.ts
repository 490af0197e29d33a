import { test, expect, gotoSlide, currentSlide, expectHash, expectAccessible } from './fixtures.ts';

const ID = 'callbacks-promises-await';

test.describe('callbacks-promises-await', () => {
  test('callbacks: the continuation waits in db.get while the stack is empty, then show(3) at 80 ms', async ({
    page,
  }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    const status = slide.getByRole('status').first();
    const step = slide.getByRole('button', { name: 'Step forward' });
    const current = slide.locator('hsw-code [aria-current="step"]');
    const waiting = slide.getByRole('list', { name: 'Registered continuations' });

    await expect(slide.getByRole('button', { name: 'callbacks' })).toHaveAttribute('aria-pressed', 'true');
    await step.click();
    await expect(status).toContainText('Inside try, the caller calls load(42, callback).');
    await step.click();
    await expect(current).toContainText('db.get(id, (err, user) =>');
    await expect(waiting).toContainText('callback passed to db.get: (err, user) => { … }');
    await step.click();
    await step.click();
    await expect(status).toContainText('The try block ends without an exception.');
    await step.click();
    await expect(status).toContainText('the thread is in the event loop, asleep, 0 → 30 ms, waiting for the database');
    await expect(slide.getByText('empty: the thread is back in the event loop')).toBeVisible();
    await expect(slide.getByText('Virtual time: 30 ms')).toBeVisible();
    for (let i = 0; i < 7; i++) await step.click();
    await expect(slide.locator('[data-figure="result"]')).toHaveText('show(3) at 80 ms');
    await expect(step).toBeDisabled();
    await slide.getByRole('button', { name: 'Step back' }).click();
    await expect(slide.locator('[data-figure="result"]')).toHaveText('not yet');
  });

  test('a throw inside a callback is uncaught; the same throw lands in .catch and in try/catch', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    const result = slide.locator('[data-figure="result"]');
    await slide
      .getByRole('combobox', { name: 'What happens' })
      .selectOption({ label: 'posts is null: posts.length throws' });
    await slide.getByRole('button', { name: 'Run to the end' }).click();
    await expect(result).toHaveText(
      /^uncaught at 80 ms: TypeError: Cannot read properties of null \(reading 'length'\)/,
    );
    await expect(slide.locator('hsw-code [aria-current="step"]')).toContainText('done(null, posts.length)');

    await slide.getByRole('button', { name: 'promises' }).click();
    await expect(result).toHaveText('not yet');
    await slide.getByRole('button', { name: 'Run to the end' }).click();
    await expect(result).toHaveText(
      "handle(TypeError: Cannot read properties of null (reading 'length')) at 80 ms, in .catch",
    );

    await slide.getByRole('button', { name: 'async/await' }).click();
    await slide.getByRole('button', { name: 'Run to the end' }).click();
    await expect(result).toHaveText(
      "handle(TypeError: Cannot read properties of null (reading 'length')) at 80 ms, in try/catch",
    );
  });

  test('db.get fails: promises skip each .then to .catch; async/await lands in try/catch', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    const status = slide.getByRole('status').first();
    const step = slide.getByRole('button', { name: 'Step forward' });
    await slide.getByRole('button', { name: 'promises' }).click();
    await slide.getByRole('combobox', { name: 'What happens' }).selectOption({ label: 'db.get fails' });
    await step.click();
    await expect(slide.locator('hsw-code [aria-current="step"]')).toContainText('return db.get(id)');
    await step.click();
    await expect(slide.getByRole('list', { name: 'Registered continuations' })).toContainText(
      '.then(user => api.posts(user)): a reaction on promise p1',
    );
    for (let i = 0; i < 7; i++) await step.click();
    await expect(status).toContainText('p1 is rejected and .then(user => api.posts(user)) has no rejection handler');
    for (let i = 0; i < 4; i++) await step.click();
    await expect(slide.locator('[data-figure="result"]')).toHaveText('handle(Error: db down) at 30 ms, in .catch');

    await slide.getByRole('button', { name: 'async/await' }).click();
    await step.click();
    await step.click();
    await expect(slide.getByRole('list', { name: 'Registered continuations' })).toContainText(
      'the suspended frame of load (line 2), waiting on promise p1',
    );
    for (let i = 0; i < 7; i++) await step.click();
    await expect(slide.locator('[data-figure="result"]')).toHaveText('handle(Error: db down) at 30 ms, in try/catch');
  });

  test('the clicker walks callbacks → promises → async/await, each where the continuation waits → the failures', async ({
    page,
  }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    const result = slide.locator('[data-figure="result"]');
    const waiting = slide.getByRole('list', { name: 'Registered continuations' });
    await page.keyboard.press('PageDown');
    await expectHash(page, new RegExp(`^#/${ID}/0$`));
    await expect(slide.getByRole('button', { name: 'callbacks' })).toHaveAttribute('aria-pressed', 'true');
    await expect(waiting).toHaveText('callback passed to db.get: (err, user) => { … }');
    await expect(slide.getByRole('status').first()).toContainText('asleep, 0 → 30 ms, waiting for the database');
    await expect(result).toHaveText('not yet');
    await page.keyboard.press('PageDown');
    await expect(slide.getByRole('button', { name: 'promises' })).toHaveAttribute('aria-pressed', 'true');
    await expect(waiting.getByRole('listitem')).toHaveCount(4);
    await expect(waiting).toContainText('.catch(handle): a reaction on promise p4');
    await page.keyboard.press('PageDown');
    await expect(slide.getByRole('button', { name: 'async/await' })).toHaveAttribute('aria-pressed', 'true');
    await expect(waiting).toContainText('the suspended frame of the caller (line 8), waiting on promise p3');
    await page.keyboard.press('PageDown');
    await expect(result).toHaveText('handle(Error: db down) at 30 ms, through done(err)');
    await page.keyboard.press('PageDown');
    await expect(result).toContainText('uncaught at 80 ms');
  });

  test('presented: the loop picture is the slide, where each continuation waits; the step’s line or two under it, big', async ({
    page,
  }) => {
    await gotoSlide(page, ID, { query: 'present', step: 3 });
    const slide = currentSlide(page);
    const picture = slide.locator('hsw-loop-picture');
    const stack = picture.locator('.region.stack [data-chip]');
    const waiting = picture.getByRole('list', { name: 'Waiting' });
    const code = slide.locator('.presented > hsw-code');
    const marked = code.locator('[aria-current="step"]');
    // async/await at its first wait: the stack empty, the loop asleep, both frames suspended on their promises
    await expect(stack).toHaveCount(0);
    await expect(picture.locator('.ring')).toHaveClass(/asleep/);
    await expect(waiting.locator('[data-future]')).toHaveText([/^\s*p1\s+load\s*$/, /^\s*p3\s+main\s*$/]);
    await expect(waiting.locator('.chip.suspended')).toHaveText(['load', 'main']);
    await expect(picture.locator('[data-socket="db"]')).toHaveClass(/coming/);
    await expect(marked).toHaveText([/^const user = await db\.get\(id\);$/, /^show\(await load\(42\)\);$/]);
    await expect(code).not.toContainText('a rejected await lands here');
    // the code big enough for the back of the hall: at least 22 px on the 1280×720 stage
    const codePx = await code.evaluate((el) => {
      const deck = (window as unknown as { deck: { getScale: () => number } }).deck;
      return parseFloat(getComputedStyle(el.shadowRoot!.querySelector('pre')!).fontSize) * deck.getScale();
    });
    expect(codePx).toBeGreaterThanOrEqual(22);
    // the styles, the failure modes and the step buttons wait behind the disclosure
    await expect(slide.getByRole('button', { name: 'callbacks' })).toBeHidden();
    await expect(slide.getByRole('button', { name: 'Step forward' })).toBeHidden();
    await expect(slide.locator('[data-figure="result"]')).toBeHidden();
    await slide.getByText('Steps', { exact: true }).click();
    await expect(slide.getByRole('button', { name: 'async/await' })).toHaveAttribute('aria-pressed', 'true');
    // the step before the wait: the caller suspends at its await, the line that runs marked alone, the loop awake
    await slide.getByRole('button', { name: 'Step back' }).click();
    await expect(marked).toHaveText([/^show\(await load\(42\)\);$/]);
    await expect(picture.locator('.ring')).not.toHaveClass(/asleep/);

    // callbacks at the wait: db.get holds the callback, its line marked
    await gotoSlide(page, ID, { query: 'present', step: 1 });
    await expect(stack).toHaveCount(0);
    await expect(waiting.locator('[data-future]')).toHaveText([/^\s*db\.get\s+\(err, user\) => …\s*$/]);
    await expect(marked).toHaveText([/^db\.get\(id, \(err, user\) => \{$/]);

    // the throw inside the callback: alone on the stack, the loop below it; the caller's catch never sees it
    await gotoSlide(page, ID, { query: 'present', step: 5 });
    await expect(stack).toHaveText(['(err, posts) => …']);
    await expect(picture.locator('.region.loop')).toHaveClass(/lit/);
    await expect(marked).toHaveText([/^\s*done\(null, posts\.length\);$/]);
    await expect(code).toContainText('} catch (e) {');
    await expect(slide.getByRole('status').first()).toHaveText('Uncaught: the try/catch ended at 0 ms.');

    // promises, db.get fails: the rejection passed along the chain, one microtask each, to handle
    await gotoSlide(page, ID, { query: 'present', step: 6 });
    await expect(stack).toHaveText(['handle']);
    await expect(picture.locator('.ran .done')).toHaveText([
      'p1 → p2 (reject)',
      'p2 → p3 (reject)',
      'p3 → p4 (reject)',
    ]);
  });

  test('presented, every step reads on both themes (contrast included)', async ({ page }) => {
    test.setTimeout(120_000);
    for (const theme of ['dark', 'light'] as const) {
      for (const step of [0, 1, 2, 3, 4, 5, 6, 7]) {
        await gotoSlide(page, ID, { theme, query: 'present', step });
        await expectAccessible(page, `${ID}`);
      }
    }
  });

  test('Run plays the steps, Pause holds them, Reset stops the run at the start', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    const run = slide.getByRole('button', { name: 'Run to the end' });
    const pause = slide.getByRole('button', { name: 'Pause' });
    const reset = slide.getByRole('button', { name: 'Reset to the start' });
    const position = slide.locator('hsw-step-controls .pos');
    await expect(position).toHaveText(/^0 \/ \d+$/);
    await run.click();
    await expect(position).not.toHaveText(/^0 \/ \d+$/);
    await pause.click();
    await expect(run).toBeEnabled();
    await run.click();
    await expect(pause).toBeVisible();
    await reset.click();
    await expect(position).toHaveText(/^0 \/ \d+$/);
    await expect(run).toBeEnabled();
    // Disabled only at the start while nothing plays: the run stopped.
    await expect(reset).toBeDisabled();
  });

  test('reads in Russian', async ({ page }) => {
    await gotoSlide(page, ID, { lang: 'ru' });
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'async/await' }).click();
    await slide.getByRole('button', { name: 'Шаг вперёд' }).click();
    await expect(slide.getByRole('status').first()).toContainText(
      'db.get(id) отправляет запрос и возвращает промис p1',
    );
    await expect(slide.getByText('// сюда придёт отклонённый await')).toBeVisible();
    await expect(slide.getByRole('combobox', { name: 'Что происходит' })).toHaveValue('ok');
  });

  test('has no serious accessibility violations', async ({ page }) => {
    for (const theme of ['dark', 'light'] as const) {
      await gotoSlide(page, ID, { theme });
      await currentSlide(page).getByRole('button', { name: 'Step forward' }).click();
      await currentSlide(page).getByRole('button', { name: 'Step forward' }).click();
      await expectAccessible(page, `${ID}`);
    }
  });
});
