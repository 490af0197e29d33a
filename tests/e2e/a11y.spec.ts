import {
  test,
  expect,
  gotoSlide,
  settle,
  seriousViolations,
  slidesUnderTest,
  dividersUnderTest,
  DIVIDERS_QUERY,
} from './fixtures.ts';

// Every slide, both themes: no serious or critical axe-core violation (contrast on a projector included). A fresh
// document per slide: axe reads the whole document, which a walk through the deck fills with every demo it passed.
for (const theme of ['dark', 'light'] as const) {
  test(`every slide has no serious accessibility violations (${theme})`, async ({ page }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    for (const slide of slidesUnderTest()) {
      await gotoSlide(page, slide.id, { theme });
      await settle(page);
      found.push(...(await seriousViolations(page, `section#${slide.id}`)).map((v) => `${slide.id}: ${v}`));
    }
    // and each chapter's divider, which a plan shows (slides/plan.ts)
    for (const { id } of dividersUnderTest()) {
      await gotoSlide(page, id, { theme, query: DIVIDERS_QUERY });
      await settle(page);
      found.push(...(await seriousViolations(page, `section#${id}`)).map((v) => `${id}: ${v}`));
    }
    expect(found).toEqual([]);
  });
}

// expectAccessible and the walks measure a slide once it has settled: not while something fades in. A transition or
// an animation with a delay (a list's later items arriving after the first) once left settle() returning at opacity 0,
// and axe reported a contrast nobody sees (callbacks-promises-await's error path, a failure on every few runs).
test('settle waits for animations and transitions of finite length to end, not for endless ones', async ({ page }) => {
  await gotoSlide(page, 'summary');
  await page.evaluate(() => {
    const section = document.querySelector('.reveal .slides > section.present')!;
    const late = document.createElement('p');
    late.id = 'late';
    late.textContent = 'arrives late';
    section.append(late);
    late.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 400, delay: 300, fill: 'both' });
    const spinner = document.createElement('p');
    spinner.id = 'spinner';
    spinner.textContent = 'pulses for ever';
    section.append(spinner);
    spinner.animate([{ opacity: 1 }, { opacity: 0.6 }], {
      duration: 1000,
      iterations: Infinity,
      direction: 'alternate',
    });
  });
  await settle(page);
  expect(await page.locator('#late').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  const states = await page.evaluate(() =>
    document.getAnimations().map((a) => `${(a.effect as KeyframeEffect | null)?.target?.id}: ${a.playState}`),
  );
  expect(states.filter((s) => /^(late|spinner):/.test(s))).toEqual(['late: finished', 'spinner: running']);
});
