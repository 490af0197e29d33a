import { test, expect, gotoSlide, currentSlide } from './fixtures.ts';

/**
 * "Your code" with a line longer than the code column: the listing beside the queues shows all of it (wrapped), none
 * cut off at the column's edge. Only in the self-paced view: presented, the stage holds the loop picture and the
 * built-in examples, and the example picker (where "Your code" is chosen) is the self-paced view's
 * (micro-macro.spec.ts checks that it is gone when presenting; legibility.spec.ts that nothing leaves the stage).
 */
const LONG =
  "const config = { host: 'localhost', port: 8080, retries: 3, timeoutMs: 2500, backoff: 'exponential', label: 'END-OF-LINE' };\n" +
  'setTimeout(() => console.log(config.label), 0);';

for (const presenting of [false]) {
  test(`a long line of your code is readable whole in the listing${presenting ? ', presented' : ''}`, async ({
    page,
  }) => {
    await gotoSlide(page, 'micro-macro', presenting ? { query: 'present' } : {});
    const slide = currentSlide(page);
    if (presenting) await slide.getByText('Example and runtime', { exact: true }).click();
    await slide.getByRole('combobox', { name: 'Example' }).selectOption({ label: 'Your code' });
    await slide.getByRole('textbox', { name: 'Your code (JavaScript subset)' }).fill(LONG);
    await slide.getByRole('button', { name: 'Run in the simulator' }).click();
    const listing = slide.locator('hsw-code');
    await expect(listing).toBeVisible();
    await expect(listing).toContainText('END-OF-LINE');
    // nothing of the listing overflows its box, and its first line's last characters are inside the listing's box
    const fit = await listing.evaluate((el) => {
      const pre = el.shadowRoot!.querySelector('pre')!;
      const box = pre.getBoundingClientRect();
      const line = pre.querySelector('.line')!;
      const range = document.createRange();
      range.selectNodeContents(line);
      const rects = [...range.getClientRects()];
      const right = Math.max(...rects.map((r) => r.right));
      return { overflow: pre.scrollWidth - pre.clientWidth, right, boxRight: box.right, lineRows: rects.length };
    });
    expect(fit.overflow).toBeLessThanOrEqual(0);
    expect(fit.right).toBeLessThanOrEqual(fit.boxRight);
  });
}
