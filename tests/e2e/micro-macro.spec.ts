import AxeBuilder from '@axe-core/playwright';
import { test, expect, gotoSlide, currentSlide, expectHash } from './fixtures.ts';

/** The lines of the "Output" panel, in order. */
async function outputLines(slide: ReturnType<typeof currentSlide>): Promise<string[]> {
  return slide.getByRole('group', { name: 'Output' }).getByRole('listitem').allInnerTexts();
}

test.describe('micro-macro', () => {
  test('guess first: order the lines with the buttons and the keyboard, then check', async ({ page }) => {
    await gotoSlide(page, 'micro-macro');
    const slide = currentSlide(page);
    const guess = slide.getByRole('list', { name: 'Your guess: put the lines in the order they will be printed' });
    // it starts in the order of the source: A B C D E F
    await expect(guess.getByRole('listitem')).toHaveText([/A/, /B/, /C/, /D/, /E/, /F/]);

    // B to the end with its button, four times
    for (let i = 0; i < 4; i++) await slide.getByRole('button', { name: 'Move “B” down' }).click();
    await expect(guess.getByRole('listitem')).toHaveText([/A/, /C/, /D/, /E/, /F/, /B/]);

    // D up one and F up two, by keyboard: select the line, Alt+↑
    const d = slide.getByRole('button', { name: 'D', exact: true });
    await d.focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(guess.getByRole('listitem')).toHaveText([/A/, /D/, /C/, /E/, /F/, /B/]);
    await slide.getByRole('button', { name: 'F', exact: true }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowUp');
    await expect(guess.getByRole('listitem')).toHaveText([/A/, /D/, /F/, /C/, /E/, /B/]);
    // the deck did not move
    await expectHash(page, /^#\/micro-macro$/);

    await slide.getByRole('button', { name: 'Check my order' }).click();
    await expect(slide.getByRole('status').first()).toHaveText('6 of 6 in the right place.');
    // now the queues can be stepped
    await expect(slide.getByRole('button', { name: 'Step forward' })).toBeVisible();
  });

  test('a wrong guess shows which positions are right', async ({ page }) => {
    await gotoSlide(page, 'micro-macro');
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'Check my order' }).click();
    // A B C D E F against A D F C E B: only A and E are in place
    await expect(slide.getByRole('status').first()).toHaveText('2 of 6 in the right place.');
    const checked = slide.getByRole('list', { name: 'Output lines in your order' }).getByRole('listitem');
    await expect(checked.nth(0)).toContainText('right place');
    await expect(checked.nth(1)).toContainText('here it prints “D”');
    await expect(checked.nth(1)).toContainText('✗ D');
  });

  test('stepping forward and back through the queues of the seed example', async ({ page }) => {
    await gotoSlide(page, 'micro-macro');
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'Skip the guess' }).click();
    const forward = slide.getByRole('button', { name: 'Step forward' });
    const back = slide.getByRole('button', { name: 'Step back' });
    await expect(slide.getByText('Nothing has run yet.')).toBeVisible();

    // step until C and E wait in the microtask queue, with B as a timer
    const micro = slide.getByRole('group', { name: 'Microtask queue' });
    const timers = slide.getByRole('group', { name: 'Timers (macrotasks)' });
    for (let i = 0; i < 30 && (await micro.getByRole('listitem').count()) < 2; i++) await forward.click();
    await expect(micro.getByRole('listitem')).toHaveText([/console\.log\('C'\)/, /after await/]);
    await expect(timers.getByRole('listitem')).toHaveText([/console\.log\('B'\)/]);
    await expect.poll(() => outputLines(slide)).toEqual(['A', 'D']);

    // one more: F is printed, the script ends
    await forward.click();
    await forward.click();
    await expect.poll(() => outputLines(slide)).toEqual(['A', 'D', 'F']);
    await back.click();
    await back.click();
    await expect.poll(() => outputLines(slide)).toEqual(['A', 'D']);

    await slide.getByRole('button', { name: 'To the end' }).click();
    await expect.poll(() => outputLines(slide)).toEqual(['A', 'D', 'F', 'C', 'E', 'B']);
    await expect(slide.getByText('The program finished: every queue is empty.')).toBeVisible();
    await expect(micro.getByText('empty')).toBeVisible();
  });

  test('Node examples: nextTick before promises; the browser runtime is not offered', async ({ page }) => {
    await gotoSlide(page, 'micro-macro');
    const slide = currentSlide(page);
    await slide.getByRole('combobox', { name: 'Example' }).selectOption({ label: 'process.nextTick and a promise' });
    const runtime = slide.getByRole('combobox', { name: 'Runtime' });
    await expect(runtime).toHaveValue('node');
    await expect(runtime.locator('option[value="browser"]')).toBeDisabled();
    await slide.getByRole('button', { name: 'Skip the guess' }).click();
    await expect(slide.getByRole('group', { name: 'process.nextTick queue' })).toBeVisible();
    await slide.getByRole('button', { name: 'To the end' }).click();
    await expect.poll(() => outputLines(slide)).toEqual(['script', 'end', 'nextTick', 'promise', 'timeout']);
  });

  test('the timing-dependent example says so and accepts either order', async ({ page }) => {
    await gotoSlide(page, 'micro-macro');
    const slide = currentSlide(page);
    await slide.getByRole('combobox', { name: 'Example' }).selectOption({ label: 'setTimeout 0 against setImmediate' });
    await slide.getByRole('button', { name: 'Check my order' }).click();
    await expect(slide.getByRole('status').first()).toHaveText('2 of 2 in the right place.');
    await expect(slide.getByText('The real order depends on timing here: either order counts.')).toBeVisible();
    await slide.getByRole('button', { name: 'To the end' }).click();
    await expect(slide.getByText(/The order depends on timing: a 1 ms timer/)).toBeVisible();
  });

  test('the examples with newer constructs: for…of with await, a class’s async method, Promise.any', async ({
    page,
  }) => {
    await gotoSlide(page, 'micro-macro');
    const slide = currentSlide(page);
    const cases: [string, string[], RegExp][] = [
      [
        'await in for…of against Promise.all',
        ['in turn: A', 'in turn: B', 'D is done', 'together: C D'],
        /starts each job only when the last one is done/,
      ],
      ['Two loops awaiting an async method', ['script done', 'a 1', 'b 1', 'a 2', 'b 2'], /take turns/],
      [
        'Promise.any against Promise.race',
        ['race: failed, 10 ms', 'any: ok, 20 ms', 'none: AggregateError'],
        /with an AggregateError of their errors/,
      ],
    ];
    for (const [label, lines, explanation] of cases) {
      await slide.getByRole('combobox', { name: 'Example' }).selectOption({ label });
      await slide.getByRole('button', { name: 'Skip the guess' }).click();
      await slide.getByRole('button', { name: 'To the end' }).click();
      await expect.poll(() => outputLines(slide)).toEqual(lines);
      await expect(slide.getByText(explanation)).toBeVisible();
      await expect(slide.getByText('The program finished: every queue is empty.')).toBeVisible();
    }
  });

  test('the busy wait starves: the simulator stops and explains', async ({ page }) => {
    await gotoSlide(page, 'micro-macro');
    const slide = currentSlide(page);
    await slide.getByRole('combobox', { name: 'Example' }).selectOption({ label: 'Busy wait on a flag' });
    await slide.getByRole('button', { name: 'To the end' }).click();
    await expect(slide.getByText(/microtask starvation/)).toBeVisible();
    await expect.poll(() => outputLines(slide)).toEqual(['waiting']);
  });

  test('your code: errors beside the code in the current language, then stepping', async ({ page }) => {
    await gotoSlide(page, 'micro-macro');
    const slide = currentSlide(page);
    await slide.getByRole('combobox', { name: 'Example' }).selectOption({ label: 'Your code' });
    const editor = slide.getByRole('textbox', { name: 'Your code (JavaScript subset)' });
    await editor.fill("console.log('x');\nclass A extends Object {}");
    // typing keeps the keys: the deck stays on this slide
    await editor.press('ArrowLeft');
    await expectHash(page, /^#\/micro-macro$/);
    await slide.getByRole('button', { name: 'Run in the simulator' }).click();
    await expect(slide.getByRole('alert')).toContainText(
      'Line 2: the simulator’s subset does not include inheritance (extends) from anything but a class or Error: Object.',
    );

    await editor.fill(
      "setTimeout(() => console.log('later'), 0);\nPromise.resolve().then(() => console.log('sooner'));",
    );
    await slide.getByRole('button', { name: 'Run in the simulator' }).click();
    await expect(slide.getByRole('alert')).toHaveCount(0);
    await slide.getByRole('button', { name: 'Move “later” down' }).click();
    await slide.getByRole('button', { name: 'Check my order' }).click();
    await expect(slide.getByRole('status').first()).toHaveText('2 of 2 in the right place.');
    await slide.getByRole('button', { name: 'To the end' }).click();
    await expect.poll(() => outputLines(slide)).toEqual(['sooner', 'later']);
  });

  test('in Russian: the error and the controls speak Russian', async ({ page }) => {
    await gotoSlide(page, 'micro-macro', { lang: 'ru' });
    const slide = currentSlide(page);
    await slide.getByRole('combobox', { name: 'Пример' }).selectOption({ label: 'Свой код' });
    await slide.getByRole('textbox', { name: 'Свой код (подмножество JavaScript)' }).fill('switch (1) {}');
    await slide.getByRole('button', { name: 'Запустить в симуляторе' }).click();
    await expect(slide.getByRole('alert')).toContainText('Строка 1: switch — вне подмножества');
  });

  test('the speaker sequence: guess, checked, before the timer, the end', async ({ page }) => {
    await gotoSlide(page, 'micro-macro', { step: 1 });
    const slide = currentSlide(page);
    // step 1: the starting guess (the source's order) checked against the answer
    await expect(slide.getByRole('status').first()).toHaveText('2 of 6 in the right place.');
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/micro-macro\/1$/);
    // step 2: the script and all its microtasks have run; the timer's callback is next
    await expect.poll(() => outputLines(slide)).toEqual(['A', 'D', 'F', 'C', 'E']);
    await expect(slide.getByText(/A timer is due/)).toBeVisible();
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/micro-macro\/2$/);
    await expect.poll(() => outputLines(slide)).toEqual(['A', 'D', 'F', 'C', 'E', 'B']);
    await page.keyboard.press('PageUp');
    await expect.poll(() => outputLines(slide)).toEqual(['A', 'D', 'F', 'C', 'E']);
  });

  test('no accessibility violations in the guess and the stepping views', async ({ page }) => {
    await gotoSlide(page, 'micro-macro');
    const guess = await new AxeBuilder({ page }).include('section#micro-macro').analyze();
    expect(guess.violations.map((v) => v.id)).toEqual([]);
    await currentSlide(page).getByRole('button', { name: 'Skip the guess' }).click();
    await currentSlide(page).getByRole('button', { name: 'Step forward' }).click();
    const steps = await new AxeBuilder({ page }).include('section#micro-macro').analyze();
    expect(steps.violations.map((v) => v.id)).toEqual([]);
  });
});
