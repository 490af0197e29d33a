import { test, expect, gotoSlide, currentSlide, expectHash, seriousViolations } from './fixtures.ts';

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
    // the continuation shows what it runs next (E), not its function's first line (D)
    await expect(micro.getByRole('listitem').nth(1)).toHaveText("after await: console.log('E');");
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
    // what a person reads in the closed list: the runtime the example runs in
    await expect(runtime.locator('option:checked')).toHaveText('Node.js');
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
    // stopped, not finished (the run never ended: its timer still waits)
    await expect(slide.getByText('The simulator stopped the program here.')).toBeVisible();
    await expect(slide.getByText(/\(stopped, not finished, virtual time 0 ms\)/)).toBeVisible();
    await expect(slide.getByText(/\(finished,/)).toHaveCount(0);
  });

  test('the busy wait in Russian: stopped, not finished', async ({ page }) => {
    await gotoSlide(page, 'micro-macro', { lang: 'ru' });
    const slide = currentSlide(page);
    await slide.getByRole('combobox', { name: 'Пример' }).selectOption({ label: 'Активное ожидание флага' });
    await slide.getByRole('button', { name: 'В конец' }).click();
    await expect(slide.getByText('Здесь симулятор остановил программу.')).toBeVisible();
    await expect(slide.getByText(/\(остановлено, не завершено, /)).toBeVisible();
    await expect(slide.getByText(/\(завершено,/)).toHaveCount(0);
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
    await slide.getByRole('textbox', { name: 'Свой код (подмножество JavaScript)' }).fill('debugger;');
    await slide.getByRole('button', { name: 'Запустить в симуляторе' }).click();
    await expect(slide.getByRole('alert')).toContainText('Строка 1: debugger — вне подмножества');
  });

  test('the clicker walks the queues one change a press, and never checks the guess for the person', async ({
    page,
  }) => {
    await gotoSlide(page, 'micro-macro');
    const slide = currentSlide(page);
    const guess = slide.getByRole('list', { name: 'Your guess: put the lines in the order they will be printed' });
    // the person moves a line; the clicker must leave their order alone
    await slide.getByRole('button', { name: 'Move “B” down' }).click();
    await expect(guess.getByRole('listitem')).toHaveText([/A/, /C/, /B/, /D/, /E/, /F/]);
    await page.locator('.reveal').focus();
    const micro = slide.getByRole('group', { name: 'Microtask queue' });
    const timers = slide.getByRole('group', { name: 'Timers (macrotasks)' });
    const read = async () => `${await micro.innerText()} | ${await timers.innerText()}`;
    const explanation = slide.locator('.demo').getByText(/The timer is a macrotask, so B is last/);
    // what the two queues hold after each press: the microtask queue fills (C, then the rest of the async
    // function) and drains, and only then the timer runs
    const walk: [RegExp[], RegExp[], string[]][] = [
      [[], [/console\.log\('B'\)/], ['A']],
      [[/console\.log\('C'\)/], [/console\.log\('B'\)/], ['A']],
      [[/console\.log\('C'\)/, /after await/], [/console\.log\('B'\)/], ['A', 'D']],
      [[/after await/], [/console\.log\('B'\)/], ['A', 'D', 'F']],
      [[], [/console\.log\('B'\)/], ['A', 'D', 'F', 'C']],
      [[], [], ['A', 'D', 'F', 'C', 'E']],
    ];
    let before = '';
    for (const [i, [m, t, out]] of walk.entries()) {
      await page.keyboard.press(i % 2 === 0 ? 'ArrowRight' : 'PageDown');
      await expectHash(page, new RegExp(`^#/micro-macro/${i}$`));
      await expect(micro.getByRole('listitem')).toHaveText(m);
      await expect(timers.getByRole('listitem')).toHaveText(t);
      await expect.poll(() => outputLines(slide)).toEqual(out);
      const now = await read();
      expect(now, `press ${i + 1} changes what the queues read`).not.toBe(before);
      before = now;
      // no score: nobody checked a guess
      await expect(slide.getByText(/in the right place/)).toHaveCount(0);
      await expect(explanation).toHaveCount(0);
    }
    // the last press: the end of the run, and the explanation
    await page.keyboard.press('ArrowRight');
    await expectHash(page, /^#\/micro-macro\/6$/);
    await expect(slide.getByText('The program finished: every queue is empty.')).toBeVisible();
    await expect(explanation).toBeVisible();
    await expect(slide.getByText(/in the right place/)).toHaveCount(0);
    // back one press: the timer's step again
    await expect.poll(() => outputLines(slide)).toEqual(['A', 'D', 'F', 'C', 'E', 'B']);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => outputLines(slide)).toEqual(['A', 'D', 'F', 'C', 'E']);
    await expect(explanation).toHaveCount(0);
    // back to the start: the person's guess, as they left it, still to be checked
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
    await expectHash(page, /^#\/micro-macro$/);
    await expect(guess.getByRole('listitem')).toHaveText([/A/, /C/, /B/, /D/, /E/, /F/]);
    await expect(slide.getByRole('button', { name: 'Check my order' })).toBeVisible();
  });

  test('a deep link to a step (embed step=) opens the walk there; print shows the run explained, never the guess', async ({
    page,
  }) => {
    // step 3: the async function has paused at await; its continuation waits behind C
    await page.goto('embed.html?slide=micro-macro&lang=en&step=3');
    const micro = page.getByRole('group', { name: 'Microtask queue' });
    await expect(micro.getByRole('listitem')).toHaveText([/console\.log\('C'\)/, /after await/]);
    await expect(page.getByText(/in the right place/)).toHaveCount(0);
    // print (the handout): the run at its end with the explanation; no guess, whose lines in source order would
    // read as the answer, and no score
    await page.goto('index.html?print-pdf&lang=en');
    await page.waitForFunction(() => document.querySelectorAll('.pdf-page').length > 0);
    const printed = page.locator('.pdf-page section#micro-macro .demo');
    await expect(printed.getByText(/The timer is a macrotask, so B is last/)).toBeVisible();
    // (a printed slide that is not the current one is aria-hidden: its roles are found with includeHidden)
    await expect(
      printed.getByRole('list', { name: 'Output', includeHidden: true }).getByRole('listitem', { includeHidden: true }),
    ).toHaveText(['A', 'D', 'F', 'C', 'E', 'B']);
    await expect(printed.getByRole('heading', { name: /Your guess/, includeHidden: true })).toHaveCount(0);
    await expect(printed.getByRole('button', { name: 'Check my order', includeHidden: true })).toHaveCount(0);
    await expect(printed.getByText(/in the right place/)).toHaveCount(0);
  });

  test('no accessibility violations in the guess and the stepping views', async ({ page }) => {
    await gotoSlide(page, 'micro-macro');
    expect(await seriousViolations(page, 'section#micro-macro', undefined, { every: true })).toEqual([]);
    await currentSlide(page).getByRole('button', { name: 'Skip the guess' }).click();
    await currentSlide(page).getByRole('button', { name: 'Step forward' }).click();
    expect(await seriousViolations(page, 'section#micro-macro', undefined, { every: true })).toEqual([]);
  });

  test('presented: the listing and the guess for the hall; the example list and the buttons are the self-paced view’s', async ({
    page,
  }) => {
    await gotoSlide(page, 'micro-macro', { query: 'present' });
    const slide = currentSlide(page);
    await expect(slide.getByRole('heading', { name: 'Guess: in what order is it printed?' })).toBeVisible();
    await expect(slide.getByText('Select a line, then move it')).toHaveCount(0);
    // the clicker is the presenter's control: no example list, no "Check my order" on the stage
    await expect(slide.getByText('Example and runtime', { exact: true })).toHaveCount(0);
    await expect(slide.getByRole('button', { name: 'Check my order' })).toHaveCount(0);
    await gotoSlide(page, 'micro-macro');
    await expect(slide.getByText('Example and runtime', { exact: true })).toBeVisible();
    await expect(slide.getByRole('button', { name: 'Check my order' })).toBeVisible();
  });

  test('presented, the guess sits beside the loop picture: its lines tall, the picture the stage’s height', async ({
    page,
  }) => {
    await gotoSlide(page, 'micro-macro', { query: 'present' });
    const slide = currentSlide(page);
    const lines = slide.locator('hsw-micro-macro ol.guess > li');
    await expect(lines).toHaveCount(6);
    // each line at least 44 px tall on the projector (self-paced: 1.8em, about 40 px), three a row
    for (const box of await lines.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height)))
      expect(box).toBeGreaterThanOrEqual(44);
    const last = (await lines.last().boundingBox())!;
    expect(last.y + last.height).toBeGreaterThan(0.65 * (page.viewportSize()?.height ?? 720));
    // step 0 is already the picture: nothing has run, the stack and the queues empty
    const picture = slide.locator('hsw-micro-macro hsw-loop-picture');
    await expect(picture).toBeVisible();
    await expect(picture.locator('[data-chip]')).toHaveCount(0);
    const box = (await picture.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(0.8 * (page.viewportSize()?.height ?? 720));
  });

  test('presented, a step is the loop picture: the simulator’s stack and queues as chips, the one that runs lit', async ({
    page,
  }) => {
    // step 3: D printed, the async function paused at await; its continuation (E) queued behind C
    await gotoSlide(page, 'micro-macro', { query: 'present', step: 3 });
    const slide = currentSlide(page);
    const demo = slide.locator('hsw-micro-macro');
    await expect(slide.getByRole('group', { name: 'Output' }).getByRole('listitem')).toHaveText(['A', 'D']);
    // the clicker steps: no step buttons, no sentence of what the step did (the slide's notes say it), no panels
    await expect(slide.getByRole('button', { name: 'Step forward' })).toBeHidden();
    await expect(demo.locator('.event')).toBeHidden();
    await expect(demo.locator('.queues')).toHaveCount(0);
    const picture = demo.locator('hsw-loop-picture');
    const chips = (region: string) => picture.locator(`.region.${region} [data-chip]`);
    // the stack, the running frame on top (lit); each queued callback as the simulator names it, shortened
    await expect(chips('stack')).toHaveText(['script', 'async () => …']);
    await expect(chips('stack').last()).toHaveClass(/\blit\b/);
    await expect(chips('microtasks')).toHaveText(["log('C')", "log('E')"]);
    await expect(chips('timers')).toHaveText(["log('B') · 0"]);
    await expect(chips('macrotasks')).toHaveCount(0);
    // the code at 22 px or more on the projector, the picture down to the bottom of the stage
    const codePx = await demo.locator('hsw-code').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(codePx).toBeGreaterThanOrEqual(23);
    const box = (await picture.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(0.8 * (page.viewportSize()?.height ?? 720));
    // step 4: the stack empty of the script, C taken from the microtasks onto it
    await gotoSlide(page, 'micro-macro', { query: 'present', step: 4 });
    await expect(chips('stack')).toHaveText(["log('C')"]);
    await expect(chips('microtasks')).toHaveText(["log('E')"]);
    // step 6: only then the timer, B, on the stack in the timers' phase
    await gotoSlide(page, 'micro-macro', { query: 'present', step: 6 });
    await expect(chips('stack')).toHaveText(["log('B')"]);
    await expect(chips('timers')).toHaveCount(0);
    await expect(picture.locator('.phase.now')).toHaveAttribute('data-phase', 'timers');
    // the end: the explanation is the speaker's (notes), not a paragraph on the stage
    await gotoSlide(page, 'micro-macro', { query: 'present', step: 7 });
    await expect(slide.getByRole('group', { name: 'Output' }).getByRole('listitem')).toHaveText([
      'A',
      'D',
      'F',
      'C',
      'E',
      'B',
    ]);
    await expect(demo.getByText('Synchronously: A, the async function')).toBeHidden();
  });
});
