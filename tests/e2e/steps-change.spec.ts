import type { Locator } from '@playwright/test';
import { readingTest as test, expect, currentSlide, settle, showSlide, slidesUnderTest } from './fixtures.ts';

/**
 * Issue #36 item 3: every clicker step changes what the hall sees. Each slide is presented (`?present`), shown at a
 * step by its address, and moved one step on with the clicker's "next"; the demo's picture before and after must
 * differ. The picture is the demo's shadow tree, nested shadow roots included: elements, their attributes (SVG
 * geometry, classes, the styles set through the CSSOM), their text, the inputs' state, and a hash of each canvas's
 * pixels; but not what only says or counts the step: the caption and other live lines (`role="status"`,
 * `aria-live`, `figcaption`, `.caption`), the step controls and their "3 / 6", and the attributes only assistive
 * technology or a pointer reads (`aria-*`, `disabled`, `title`). The step counts come from the manifest
 * (slides/index.ts, `demo.sequence`).
 *
 * KNOWN_SAME: the steps (slide id → the steps, counted from 0, whose picture is still the one before) left to fix. Each
 * is a `test.fail`: when a step starts changing the picture, its test passes, Playwright reports it, and the entry
 * goes.
 */
const KNOWN_SAME: Record<string, readonly number[]> = {};

/** The demo's picture, one line an element or text, in document order. */
function picture(demo: Locator): Promise<string[]> {
  return demo.evaluate((el) => {
    const out: string[] = [];
    // FNV-1a of a canvas's pixels as a data URL: a short, stable name for what it shows.
    const hash = (s: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
      return h.toString(16);
    };
    const words = 'hsw-step-controls, [role="status"], [aria-live], figcaption, .caption';
    const unseen = /^(aria-|disabled$|title$)/;
    const walk = (node: Node, depth: number) => {
      for (const child of Array.from(node.childNodes)) {
        if (child.nodeType === Node.TEXT_NODE) {
          const text = child.textContent?.replace(/\s+/g, ' ').trim();
          if (text) out.push(`${' '.repeat(depth)}"${text}"`);
          continue;
        }
        if (!(child instanceof Element) || child.localName === 'style' || child.matches(words)) continue;
        const attrs = Array.from(child.attributes)
          .filter((a) => !unseen.test(a.name))
          .map((a) => `${a.name}="${a.value}"`);
        if (child instanceof HTMLInputElement) attrs.push(`.checked=${child.checked}`, `.value="${child.value}"`);
        if (child instanceof HTMLCanvasElement) attrs.push(`.pixels=${hash(child.toDataURL())}`);
        out.push(`${' '.repeat(depth)}<${child.localName} ${attrs.join(' ')}>`);
        if (child.shadowRoot) walk(child.shadowRoot, depth + 1);
        walk(child, depth + 1);
      }
    };
    walk(el.shadowRoot ?? el, 0);
    return out;
  });
}

/** The first line where two pictures part, as "before → after", or null when they are the same. */
function firstDifference(before: readonly string[], after: readonly string[]): string | null {
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    if (before[i] !== after[i]) return `line ${i}: ${before[i]?.trim() ?? '(none)'} → ${after[i]?.trim() ?? '(none)'}`;
  }
  return null;
}

test.describe('every clicker step changes the picture (issue #36 item 3)', () => {
  for (const slide of slidesUnderTest()) {
    const steps = slide.demo?.sequence.length ?? 0;
    for (let step = 1; step < steps; step++) {
      const known = KNOWN_SAME[slide.id]?.includes(step) ?? false;
      test(`${slide.id}: step ${step} changes the picture of step ${step - 1}`, async ({ sharedPage: page }, info) => {
        test.fail(known, `${slide.id} step ${step} is listed in KNOWN_SAME`);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        // the speaker step before this one, by its address (step 0: the slide's own)
        await showSlide(page, slide.id, { step: step - 1, query: 'present' });
        const demo = currentSlide(page).locator('.demo');
        const stepOf = () => demo.evaluate((el) => (el as HTMLElement & { step: number }).step);
        await expect.poll(stepOf).toBe(step - 1);
        await settle(page);
        const before = await picture(demo);
        await page.locator('body').press('ArrowRight');
        await expect.poll(stepOf).toBe(step);
        await settle(page);
        const after = await picture(demo);
        const difference = firstDifference(before, after);
        if (difference) info.annotations.push({ type: 'difference', description: difference });
        expect(
          difference,
          `${slide.id}: step ${step} shows the same picture as step ${step - 1} (the demo's elements, attributes, text and canvas pixels)`,
        ).not.toBeNull();
      });
    }
  }
});
