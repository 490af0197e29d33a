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
