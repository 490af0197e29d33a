import { test, expect, gotoSlide, currentSlide, expectHash, expectAccessible } from './fixtures.ts';

const ID = 'async-state-machine';

test.describe('async-state-machine slide', () => {
  test('Step walks load(7): the stack empties at each await, the heap object keeps the state', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    const status = slide.getByRole('status');
    const stack = slide.getByTestId('stack');
    const heap = slide.getByRole('table', { name: 'Heap object f' });
    const step = slide.getByRole('button', { name: 'Step forward' });

    await expect(status).toHaveText(
      'load(7) is called: the heap object f is created with state = 0 and the arguments.',
    );
    await expect(heap.getByRole('row', { name: /state/ })).toContainText('0');

    await step.click();
    await expect(status).toContainText('case 0 runs inside the call, on the caller’s stack. It starts db.get(7).');
    await expect(stack).toContainText('step(f) · case 0');
    await expect(stack).toContainText('main()');

    await step.click();
    await expect(status).toContainText(
      'await: step(f) returns, the stack is empty and the thread is free for other work.',
    );
    await expect(stack).toHaveText('empty: the thread is free');
    await expect(slide.getByText('waiting for db.get(7)')).toBeVisible();
    await expect(heap.getByRole('row', { name: /state/ })).toContainText('1');

    await step.click();
    await expect(status).toContainText('fulfilled with { name: "Ann" }');
    await expect(stack).toContainText('microtask (promise job)');
    await expect(stack).not.toContainText('main()');
    await expect(heap.getByRole('row', { name: /user/ })).toContainText('{ name: "Ann" }');

    // Back restores the pause.
    await slide.getByRole('button', { name: 'Step back' }).click();
    await expect(stack).toHaveText('empty: the thread is free');

    for (let i = 0; i < 4; i++) await step.click();
    await expect(status).toHaveText('return: the promise of load(7) is fulfilled with 3.');
    await expect(slide.getByText('no longer referenced: the garbage collector will take it')).toBeVisible();
    await expect(step).toBeDisabled();
  });

  test('the state machine shows the running piece whole, every other case folded to its label', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    const machine = slide.getByLabel('Its state-machine form', { exact: true });
    const running = machine.locator('[aria-current="step"]');
    // The call: the entry function runs and creates f; every case is folded.
    await expect(machine).toContainText('const f = { state: 0, id,');
    await expect(machine).toContainText('case 0: …');
    await expect(running.first()).toHaveText('function load(id) {');
    await slide.getByRole('button', { name: 'Step forward' }).click();
    // case 0 runs: it is open and highlighted; the entry function is folded to one line.
    await expect(machine).toContainText('function load(id) { … }');
    await expect(machine).not.toContainText('const f = {');
    await expect(running.first()).toHaveText('case 0:');
    await expect(running.last()).toHaveText('return { await: db.get(f.id) };');
    await expect(machine).toContainText('case 1: …');
    await expect(machine).toContainText('case 2: …');
  });

  test('total(ids): the loop pauses three times in the same state and sums to 42', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    await slide.getByRole('combobox', { name: 'Function' }).selectOption({ label: 'total(ids): an await in a loop' });
    const status = slide.getByRole('status');
    await expect(status).toHaveText(
      'total([3, 5, 8]) is called: the heap object f is created with state = 0 and the arguments.',
    );
    await expect(slide.getByText('resume points: case 2')).toBeVisible();
    const step = slide.getByRole('button', { name: 'Step forward' });
    const waits: string[] = [];
    while (await step.isEnabled()) {
      await step.click();
      const text = (await status.textContent()) ?? '';
      if (text.startsWith('await:')) waits.push(text);
    }
    expect(waits).toHaveLength(3);
    for (const w of waits) expect(w).toContain('state = 2');
    await expect(status).toHaveText('return: the promise of total([3, 5, 8]) is fulfilled with 42.');
  });

  test('safeLoad(7) with db.get failing: the rejection lands in the catch piece', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    await slide
      .getByRole('combobox', { name: 'Function' })
      .selectOption({ label: 'safeLoad(id): try/catch around an await' });
    await slide.getByRole('combobox', { name: 'The awaited calls' }).selectOption({ label: 'db.get fails' });
    const status = slide.getByRole('status');
    const step = slide.getByRole('button', { name: 'Step forward' });
    for (let i = 0; i < 3; i++) await step.click();
    await expect(status).toHaveText(
      'The awaited promise is rejected with "db down": a microtask calls step(f), and case 1 runs with thrown = true.',
    );
    await step.click();
    await expect(status).toHaveText('No pause: the loop in step(f) goes straight on to case 2.');
    await expect(slide.getByRole('table', { name: 'Heap object f' }).getByRole('row', { name: /err/ })).toContainText(
      '"db down"',
    );
    while (await step.isEnabled()) await step.click();
    await expect(status).toHaveText('return: the promise of safeLoad(7) is fulfilled with "guest".');
  });

  test('Run plays the steps and stops at the end', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'Run to the end' }).click();
    await expect(slide.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(slide.getByRole('status')).toHaveText('return: the promise of load(7) is fulfilled with 3.', {
      timeout: 15_000,
    });
    await expect(slide.getByRole('button', { name: 'Run to the end' })).toBeDisabled();
  });

  test('under reduced motion, Run jumps to the end at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'Run to the end' }).click();
    await expect(slide.getByRole('status')).toHaveText('return: the promise of load(7) is fulfilled with 3.', {
      timeout: 1000,
    });
  });

  test('the speaker sequence puts the demo at the matching step', async ({ page }) => {
    // Step n of the sequence is step n of load(7): step 2 is the first pause.
    await gotoSlide(page, ID, { step: 2 });
    const slide = currentSlide(page);
    await expectHash(page, /^#\/async-state-machine\/1$/);
    await expect(slide.getByTestId('stack')).toHaveText('empty: the thread is free');
    await expect(slide.getByText('2 / 6')).toBeVisible();
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/async-state-machine\/2$/);
    await expect(slide.getByRole('status')).toContainText('case 1 runs with sent = { name: "Ann" }');
    await page.keyboard.press('PageUp');
    await expect(slide.getByTestId('stack')).toHaveText('empty: the thread is free');
  });

  test('presented: the state machine, the stack and the heap object; what you write and the steps one click away', async ({
    page,
  }) => {
    await gotoSlide(page, ID, { query: 'present', step: 2 });
    const slide = currentSlide(page);
    await expect(slide.getByRole('status')).toHaveText('await: step(f) returns.');
    await expect(slide.getByText('waiting for db.get(…)')).toBeVisible();
    await expect(slide.getByTestId('stack')).toHaveText('empty: the thread is free');
    await expect(slide.getByRole('table', { name: 'Heap object f' }).getByRole('row', { name: /state/ })).toContainText(
      '1',
    );
    await expect(slide.getByText('return { await: db.get(f.id) };')).toBeVisible();
    await expect(slide.getByText('const user = await db.get(id);')).toBeHidden();
    await expect(slide.getByRole('button', { name: 'Step forward' })).toBeHidden();
    await slide.getByText('Code and steps', { exact: true }).click();
    await expect(slide.getByText('const user = await db.get(id);')).toBeVisible();
    await slide.getByRole('button', { name: 'Step forward' }).click();
    await expect(slide.getByRole('status')).toHaveText('The answer came: case 1 runs.');
    await expect(slide.getByTestId('stack').getByRole('listitem')).toHaveText(['step(f) · case 1', 'microtask']);
    // the code big enough for the back of the hall: at least 22 px on the 1280×720 stage
    const codePx = await slide.getByLabel('Its state-machine form', { exact: true }).evaluate((el) => {
      const deck = (window as unknown as { deck: { getScale: () => number } }).deck;
      return parseFloat(getComputedStyle(el.closest('pre') ?? el).fontSize) * deck.getScale();
    });
    expect(codePx).toBeGreaterThanOrEqual(22);
  });

  test('presented, every step reads on both themes (contrast included)', async ({ page }) => {
    test.setTimeout(120_000);
    for (const theme of ['dark', 'light'] as const) {
      for (const step of [0, 1, 2, 3, 4, 5, 6]) {
        await gotoSlide(page, ID, { theme, query: 'present', step });
        await expectAccessible(page, `${ID}`);
      }
    }
  });

  test('on a phone one listing is shown at a time, and the person can switch', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    const machine = slide.getByLabel('Its state-machine form', { exact: true });
    const source = slide.getByLabel('The async function', { exact: true });
    await expect(machine).toBeVisible();
    await expect(source).toBeHidden();
    await slide.getByRole('button', { name: 'What you write' }).click();
    await expect(source).toBeVisible();
    await expect(machine).toBeHidden();
    await slide.getByRole('button', { name: 'Step forward' }).click();
    await expect(slide.getByRole('status')).toContainText('case 0 runs inside the call');
  });

  test('in Russian', async ({ page }) => {
    await gotoSlide(page, ID, { lang: 'ru' });
    const slide = currentSlide(page);
    await expect(slide.getByRole('heading', { name: 'async-функция — это конечный автомат' })).toBeVisible();
    await expect(slide.getByRole('status')).toHaveText(
      'Вызов load(7): в куче создаётся объект f с state = 0 и аргументами.',
    );
    await slide.getByRole('button', { name: 'Шаг вперёд' }).click();
    await slide.getByRole('button', { name: 'Шаг вперёд' }).click();
    await expect(slide.getByTestId('stack')).toHaveText('пуст: поток свободен');
    await expect(slide.getByRole('combobox', { name: 'Функция' })).toBeVisible();
    await expect(slide.getByRole('table', { name: 'Объект f в куче' })).toBeVisible();
  });
});
