import { test, expect, gotoSlide, currentSlide, expectHash } from './fixtures.ts';

test.describe('tasks-gather', () => {
  test('the speaker sequence tells seed 003’s story', async ({ page }) => {
    await gotoSlide(page, 'tasks-gather');
    const slide = currentSlide(page);
    const resume = slide.locator('[data-figure="resume"]');
    const receives = slide.locator('[data-figure="receives"]');
    await expect(resume).toHaveText(
      'The handler resumes at 600 ms: the sum of the latencies (600 ms), one call after another.',
    );
    await expect(receives).toHaveText("It gets the results, in argument order: ['a', 'b', 'c']");

    await page.locator('.reveal').focus();
    const steps: [RegExp, string, string, string | null][] = [
      [
        /^#\/tasks-gather\/0$/,
        'create_task',
        'The handler resumes at 300 ms: the longest latency (300 ms); the calls overlapped.',
        null,
      ],
      [
        /^#\/tasks-gather\/1$/,
        'gather',
        'The handler resumes at 300 ms: the longest latency (300 ms); the calls overlapped.',
        null,
      ],
      [
        /^#\/tasks-gather\/2$/,
        'gather',
        'The handler resumes at 100 ms: as soon as b failed.',
        'a and c ran on after the failure, unattended, until 300 ms; nobody gets their results.',
      ],
      [
        /^#\/tasks-gather\/3$/,
        'gather(return_exceptions=True)',
        'The handler resumes at 300 ms: the longest latency (300 ms); the calls overlapped.',
        null,
      ],
      [
        /^#\/tasks-gather\/4$/,
        'TaskGroup',
        'The handler resumes at 100 ms: as soon as b failed.',
        'a and c cancelled at 100 ms: the group cancels its siblings.',
      ],
    ];
    for (const [hash, strategy, text, after] of steps) {
      await page.keyboard.press('PageDown');
      await expectHash(page, hash);
      await expect(slide.getByRole('radio', { name: strategy, exact: true })).toBeChecked();
      await expect(resume).toHaveText(text);
      if (after) await expect(slide.locator('[data-figure="after"]')).toHaveText(after);
      else await expect(slide.locator('[data-figure="after"]')).toHaveCount(0);
    }
    await expect(slide.getByRole('checkbox', { name: 'call b fails' })).toBeChecked();
    await expect(receives).toHaveText(
      "It gets an ExceptionGroup, raised: ExceptionGroup('unhandled errors in a TaskGroup', [ValueError('b failed')])",
    );
    await expect(
      slide.getByRole('img', { name: /Timeline of the handler and the three calls \(TaskGroup\)/ }),
    ).toBeVisible();
  });

  test('strategy, the failure switch and the sliders change what a person reads', async ({ page }) => {
    await gotoSlide(page, 'tasks-gather');
    const slide = currentSlide(page);
    const resume = slide.locator('[data-figure="resume"]');
    await slide.getByRole('radio', { name: 'create_task' }).check();
    await slide.getByRole('checkbox', { name: 'call b fails' }).check();
    await expect(resume).toHaveText(
      'The handler resumes at 200 ms: b failed at 100 ms, but the handler was still awaiting a.',
    );
    await expect(slide.locator('[data-figure="receives"]')).toHaveText(
      "It gets the exception, raised: ValueError('b failed')",
    );
    await expect(
      slide.getByRole('region', { name: /Three calls/ }).getByText("call('b', 0.1, fails=True)"),
    ).toBeVisible();

    // a focused slider keeps its keys: b's latency goes up by 10 ms, the slide stays
    const b = slide.getByRole('slider', { name: 'Latency of b' });
    await b.focus();
    for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowRight');
    await expect(b).toHaveAttribute('aria-valuetext', '250 ms');
    await expectHash(page, /^#\/tasks-gather$/);
    // b now fails after a is done: the handler gets the exception at 250 ms, c still runs on
    await expect(resume).toHaveText('The handler resumes at 250 ms: as soon as b failed.');
    await expect(slide.locator('[data-figure="after"]')).toHaveText(
      'c ran on after the failure, unattended, until 300 ms; nobody gets their results.',
    );

    await slide.getByRole('radio', { name: 'await one by one' }).check();
    await expect(resume).toHaveText('The handler resumes at 450 ms: as soon as b failed.');
    await expect(slide.locator('[data-figure="after"]')).toHaveText('c never started.');
  });

  for (const [lang, size, query] of [
    ['en', { width: 1280, height: 720 }, ''],
    ['ru', { width: 1280, height: 720 }, ''],
    ['en', { width: 1280, height: 720 }, 'present'],
    ['ru', { width: 1280, height: 720 }, 'present'],
    ['en', { width: 390, height: 844 }, ''],
    ['ru', { width: 390, height: 844 }, ''],
  ] as const) {
    test(`"b fails" and "handler resumes" do not overlap (${lang}, ${size.width}×${size.height}${query ? ', presented' : ''})`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await gotoSlide(page, 'tasks-gather', { lang, query });
      const slide = currentSlide(page);
      // presented, the strategies and the switch are one click away
      if (query) await slide.getByText(lang === 'en' ? 'Settings' : 'Настройки', { exact: true }).click();
      await slide.getByRole('radio', { name: 'create_task' }).check();
      await slide.getByRole('checkbox', { name: lang === 'en' ? 'call b fails' : 'вызов b падает' }).check();
      const fail = slide.locator('text.marker-label.failure');
      const resume = slide.locator('text.marker-label.resume');
      await expect(fail).toBeVisible();
      await expect(resume).toBeVisible();
      const a = (await fail.boundingBox())!;
      const b = (await resume.boundingBox())!;
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, `failure label ${JSON.stringify(a)} overlaps resume label ${JSON.stringify(b)}`).toBe(true);
    });
  }

  test('presented: the handler’s lines, the timeline and what the handler gets; the settings one click away', async ({
    page,
  }) => {
    await gotoSlide(page, 'tasks-gather', { query: 'present', step: 3 });
    const slide = currentSlide(page);
    await expect(slide.locator('[data-figure="resume"]')).toHaveText('The handler resumes at 100 ms');
    await expect(slide.locator('[data-figure="receives"]')).toHaveText("Its await raises ValueError('b failed')");
    await expect(
      slide.getByRole('img', { name: /Timeline of the handler and the three calls \(gather\)/ }),
    ).toBeVisible();
    // On the slide's one 600 ms axis, a's 100 ms run after the failure is hatched but too narrow for the words; c's
    // 200 ms carries them.
    await expect(slide.getByText('runs on, unattended')).toHaveCount(1);
    // the handler's body, open: where it waits and the failing call highlighted
    const few = slide.locator('hsw-code.few');
    await expect(few).toBeVisible();
    await expect(few.locator('.line')).toHaveText([
      'return await asyncio.gather(',
      "call('a', 0.2),",
      "call('b', 0.1, fails=True),",
      "call('c', 0.3),",
      ')',
    ]);
    await expect(few.locator('.line.current')).toHaveText([
      'return await asyncio.gather(',
      "call('b', 0.1, fails=True),",
    ]);
    await expect(slide.getByRole('slider', { name: 'Latency of a' })).toBeHidden();
    await expect(slide.getByRole('radio', { name: 'TaskGroup' })).toBeHidden();
    await slide.getByText('Settings', { exact: true }).click();
    await expect(slide.getByRole('slider', { name: 'Latency of a' })).toBeVisible();
    await expect(slide.getByRole('radio', { name: 'gather', exact: true })).toBeChecked();
    // TaskGroup: the group's fixed message elided, the last return (which waits for nothing) left out
    await gotoSlide(page, 'tasks-gather', { query: 'present', step: 5 });
    await expect(few.locator('.line')).toHaveCount(4);
    await expect(few.locator('.line.current').first()).toHaveText('async with asyncio.TaskGroup() as tg:');
    await expect(slide.locator('[data-figure="receives"]')).toHaveText(
      "Its await raises ExceptionGroup(…, [ValueError('b failed')])",
    );
  });

  test('presented: the timeline fills the stage below the handler, in the same place at every step', async ({
    page,
  }) => {
    // The picture is the slide (../shared/STAGE.md): the timeline takes the height the handler leaves, ending above
    // the progress bar, and stands still from step to step (a longer handler once pushed it 2 px down at step 4).
    const boxes: string[] = [];
    for (let step = 0; step < 6; step++) {
      await gotoSlide(page, 'tasks-gather', { query: 'present', step });
      const box = (await currentSlide(page).locator('svg.timeline').boundingBox())!;
      expect(box.height, `step ${step}: the timeline is ${Math.round(box.height)} px tall`).toBeGreaterThanOrEqual(
        0.45 * 720,
      );
      expect(box.y + box.height, `step ${step}: the timeline ends above the progress bar`).toBeLessThanOrEqual(705);
      boxes.push(`${Math.round(box.y)}+${Math.round(box.height)}`);
    }
    expect(new Set(boxes).size, `the timeline's place at each step: ${boxes.join(', ')}`).toBe(1);
  });

  for (const lang of ['en', 'ru'] as const)
    test(`presented on a phone (${lang}): what the handler got is as wide as the screen, under its lines`, async ({
      page,
    }) => {
      // Side by side, the handler's lines took the phone's width and what it got wrapped a letter a line.
      await page.setViewportSize({ width: 390, height: 844 });
      await gotoSlide(page, 'tasks-gather', { lang, query: 'present', step: 3 });
      const slide = currentSlide(page);
      for (const figure of ['resume', 'receives']) {
        const box = (await slide.locator(`[data-figure="${figure}"]`).boundingBox())!;
        expect(box.width, `${figure}: ${Math.round(box.width)} px wide`).toBeGreaterThanOrEqual(300);
      }
      const code = (await slide.locator('hsw-code.few').boundingBox())!;
      const resume = (await slide.locator('[data-figure="resume"]').boundingBox())!;
      expect(resume.y).toBeGreaterThanOrEqual(code.y + code.height);
      const chart = (await slide.locator('svg.timeline').boundingBox())!;
      expect(chart.width).toBeGreaterThanOrEqual(300);
    });

  for (const lang of ['en', 'ru'] as const)
    test(`on a phone (${lang}): the markers' labels stay inside the timeline at every step`, async ({ page }) => {
      // "обработчик продолжает" at 300 ms, drawn to the right of its line, ran past the phone's edge.
      await page.setViewportSize({ width: 390, height: 844 });
      for (let step = 0; step < 6; step++) {
        await gotoSlide(page, 'tasks-gather', { lang, query: 'present', step });
        const out = await currentSlide(page)
          .locator('svg.timeline')
          .evaluate((el) => {
            const box = el.getBoundingClientRect();
            return [...el.querySelectorAll('text.marker-label')]
              .filter((t) => {
                const r = t.getBoundingClientRect();
                return r.left < box.left - 0.5 || r.right > box.right + 0.5;
              })
              .map((t) => t.textContent);
          });
        expect(out, `step ${step}: labels past the timeline's edge`).toEqual([]);
      }
    });

  test('in Russian', async ({ page }) => {
    await gotoSlide(page, 'tasks-gather', { lang: 'ru', step: 4 });
    const slide = currentSlide(page);
    await expect(slide.locator('[data-figure="resume"]')).toHaveText(
      'Обработчик продолжает в 300 мс: самая долгая задержка (300 мс); вызовы шли одновременно.',
    );
    await expect(slide.locator('[data-figure="receives"]')).toHaveText(
      "Он получает исключение как значение, на его месте: ['a', ValueError('b failed'), 'c']",
    );
    await expect(slide.getByRole('slider', { name: 'Задержка a' })).toHaveAttribute('aria-valuetext', '200 мс');
    await expect(slide.getByRole('checkbox', { name: 'вызов b падает' })).toBeChecked();
  });
});
