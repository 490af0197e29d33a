import AxeBuilder from '@axe-core/playwright';
import { test, expect, gotoSlide } from './fixtures.ts';
import { slides } from '../../slides/index.ts';

// Every slide, both themes: no serious or critical axe-core violation (contrast on a projector included).
for (const theme of ['dark', 'light'] as const) {
  test(`every slide has no serious accessibility violations (${theme})`, async ({ page }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    for (const slide of slides) {
      await gotoSlide(page, slide.id, { theme });
      await page.waitForTimeout(400);
      const results = await new AxeBuilder({ page }).include(`section#${slide.id}`).analyze();
      for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        found.push(`${slide.id}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
    expect(found).toEqual([]);
  });
}
