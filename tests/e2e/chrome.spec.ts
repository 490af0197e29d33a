import type { Page } from '@playwright/test';
import MarkdownIt from 'markdown-it';
import {
  test,
  expect,
  expectHash,
  gotoSlide,
  showSlide,
  slidesUnderTest,
  walkingOptions,
  dividersUnderTest,
  DIVIDERS_QUERY,
} from './fixtures.ts';

/**
 * The deck's own controls (src/plugins/deck-chrome.ts): language, theme and Embed stay while a person browses and
 * hide while the deck is presented (the speaker view connected; src/page-mode.ts's isPresenting); and nothing a
 * person reads runs under reveal's navigation arrows, bottom right.
 */

const chromeButtons = (page: Page) => [
  page.getByRole('button', { name: 'Switch to Russian' }),
  page.getByRole('button', { name: /^Switch to the (light|dark) theme$/ }),
  page.getByRole('button', { name: 'Embed this demo in another page' }),
];

test.describe('the deck chrome while presenting', () => {
  test('browsing: language, theme and Embed are there; with the speaker view open they hide, and come back', async ({
    page,
  }) => {
    await gotoSlide(page, 'c10k');
    for (const b of chromeButtons(page)) await expect(b).toBeVisible();
    const [speaker] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('s')]);
    await speaker.waitForLoadState();
    for (const b of chromeButtons(page)) await expect(b).toBeHidden();
    await speaker.close();
    for (const b of chromeButtons(page)) await expect(b).toBeVisible();
  });
});

/** Every visible piece of text on the current slide, light and shadow DOM: its text and its line boxes. */
async function textBoxes(page: Page): Promise<{ text: string; x: number; y: number; w: number; h: number }[]> {
  return page.evaluate(() => {
    const out: { text: string; x: number; y: number; w: number; h: number }[] = [];
    const section = document.querySelector('.reveal .slides > section.present');
    const walk = (root: Node) => {
      const it = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let n: Node | null = it.currentNode; n; n = it.nextNode()) {
        if (n instanceof Element && n.shadowRoot) walk(n.shadowRoot);
        if (n.nodeType !== Node.TEXT_NODE || !n.textContent?.trim()) continue;
        const el = n.parentElement;
        if (!el) continue;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects())
          if (r.width > 0 && r.height > 0)
            out.push({ text: n.textContent.trim().slice(0, 60), x: r.x, y: r.y, w: r.width, h: r.height });
      }
    };
    if (section) walk(section);
    return out;
  });
}

/** The arrows as drawn: the visible buttons of reveal's controls (it keeps the up and down ones, invisible). */
async function arrowsBox(page: Page): Promise<{ x: number; y: number; r: number; b: number } | null> {
  const arrows = await page.evaluate(() =>
    [...document.querySelectorAll('.reveal > .controls > button')]
      .filter((b) => {
        const st = getComputedStyle(b);
        return st.visibility !== 'hidden' && st.display !== 'none' && Number(st.opacity) > 0.05;
      })
      .map((b) => b.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0)
      .map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })),
  );
  if (arrows.length === 0) return null;
  return {
    x: Math.min(...arrows.map((a) => a.x)),
    y: Math.min(...arrows.map((a) => a.y)),
    r: Math.max(...arrows.map((a) => a.x + a.w)),
    b: Math.max(...arrows.map((a) => a.y + a.h)),
  };
}

/** The texts of the current slide under the arrows, with where they are. */
async function textUnderArrows(page: Page, label: string): Promise<string[]> {
  // The arrows fade in after a slide loads (seen as a rare null on a loaded machine): wait for them to be drawn.
  await expect.poll(() => arrowsBox(page), { message: `${label}: the arrows are drawn` }).not.toBeNull();
  const box = await arrowsBox(page);
  if (!box) return [];
  return (await textBoxes(page))
    .filter((t) => t.x < box.r && t.x + t.w > box.x && t.y < box.b && t.y + t.h > box.y)
    .map((t) => `${label}: “${t.text}” at ${Math.round(t.x)},${Math.round(t.y)}`);
}

/**
 * Known, from the merge of the deck's words and layout (issue #21): these still run text under the arrows at
 * 1280×720 and are to be moved. Each must still be there, so that a fixed one fails the test until it leaves the list.
 */
const KNOWN_UNDER: Record<'en' | 'ru', readonly string[]> = {
  en: [],
  ru: [],
};
const KNOWN_COMPARISON_UNDER: Record<'en' | 'ru', readonly string[]> = {
  en: [],
  ru: [],
};

/** Where text ran under the arrows, as the labels the lines start with (the part before ': “'). */
const places = (under: string[], prefix = ''): string[] =>
  [...new Set(under.map((u) => u.slice(prefix.length, u.indexOf(': “'))))].sort();

for (const lang of ['en', 'ru'] as const) {
  test.describe(() => {
    // the deck walked by address, one document (what a slide shows at rest does not depend on the way it came)
    test.use(walkingOptions);
    test(`at 1280×720 no text on any slide runs under the navigation arrows (${lang})`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: 1280, height: 720 });
      const under: string[] = [];
      for (const slide of slidesUnderTest()) {
        await showSlide(page, slide.id, { lang });
        under.push(...(await textUnderArrows(page, slide.id)));
      }
      // each chapter's divider, as a plan shows it (slides/plan.ts): none is known to run under them
      for (const { id } of dividersUnderTest()) {
        await showSlide(page, id, { lang, query: DIVIDERS_QUERY });
        under.push(...(await textUnderArrows(page, id)));
      }
      // c10k with its own stack size
      await gotoSlide(page, 'c10k', { lang });
      await page
        .getByRole('combobox', { name: lang === 'en' ? 'Thread stack (virtual)' : /стек/i })
        .selectOption({ label: lang === 'en' ? 'Custom' : 'Свой' });
      under.push(...(await textUnderArrows(page, 'c10k, custom stack')));
      test.info().annotations.push({ type: 'under the arrows', description: under.join('\n') });
      const walked = slidesUnderTest().map((s) => s.id);
      expect(places(under)).toEqual(KNOWN_UNDER[lang].filter((id) => walked.includes(id)).sort());
    });
  });

  test(`at 1280×720 no comparison example runs under the navigation arrows (${lang})`, async ({ page }) => {
    // Known (KNOWN_COMPARISON_UNDER): with some examples the comparison demo is taller than its cell (its table's last
    // rows, the reasons, spill into the room kept for the arrows). The demo must shrink (components/comparison).
    await page.setViewportSize({ width: 1280, height: 720 });
    const under: string[] = [];
    await gotoSlide(page, 'comparison', { lang });
    const examples = page.getByRole('group', { name: lang === 'en' ? 'Examples' : 'Примеры' }).getByRole('button');
    for (let i = 0; i < (await examples.count()); i++) {
      await examples.nth(i).click();
      await expect(examples.nth(i)).toHaveAttribute('aria-pressed', 'true');
      under.push(...(await textUnderArrows(page, `comparison, ${await examples.nth(i).innerText()}`)));
    }
    test.info().annotations.push({ type: 'under the arrows', description: under.join('\n') });
    expect(places(under, 'comparison, ')).toEqual([...KNOWN_COMPARISON_UNDER[lang]].sort());
  });
}

test.describe("the deck's own dialogs", () => {
  test('keys typed in one are its own; a press that lands on it as it closes is the deck’s; Esc closes it', async ({
    page,
  }) => {
    await gotoSlide(page, 'c10k');
    const open = page.getByRole('button', { name: 'Embed this demo in another page' });
    const dialog = page.getByRole('dialog', { name: 'Embed this demo' });
    await open.click();
    await expect(dialog).toBeVisible();
    // open: the clicker's "next" stays in the dialog
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/c10k$/);
    // Esc closes it, and opens no overview
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('.reveal')).not.toHaveClass(/overview/);
    // Focus leaves a dialog a moment after it closes: a press in that moment lands on its button, and is the deck's.
    await open.click();
    await expect(dialog).toBeVisible();
    await page.evaluate(() => {
      const d = document.querySelector<HTMLDialogElement>('dialog.embed-dialog')!;
      const close = d.querySelector<HTMLButtonElement>('button.embed-close')!;
      close.focus();
      d.close();
      close.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'PageDown', keyCode: 34, bubbles: true, composed: true }),
      );
    });
    await expectHash(page, /^#\/c10k\/0$/);
  });

  test('the Embed dialog offers a picture: its address, and a snippet that renders as it linked to the slide', async ({
    page,
  }) => {
    await gotoSlide(page, 'c10k', { lang: 'ru' });
    await page.getByRole('button', { name: 'Встроить эту схему в другую страницу' }).click();
    const dialog = page.getByRole('dialog', { name: 'Встроить схему' });
    const origin = new URL(page.url()).origin;
    await expect(dialog.getByRole('heading', { name: 'Картинка' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Адрес картинки' })).toHaveValue(`${origin}/stills/c10k.ru.png`);
    const snippet = dialog.getByRole('textbox', { name: 'Код картинки со ссылкой на живой слайд' });
    // Markdown first: what a README's preview makes of it is the picture, linked to the live slide
    const rendered = new MarkdownIt().render(await snippet.inputValue());
    expect(rendered).toContain(
      `<a href="${origin}/index.html?lang=ru#/c10k"><img src="${origin}/stills/c10k.ru.png" alt="C10K: поток на соединение: картинка интерактивной схемы (открывает живой слайд)"></a>`,
    );
    await dialog.getByRole('combobox', { name: 'Код для' }).selectOption('wikitext');
    await expect(snippet).toHaveValue(/^\[\[File:hsw-c10k\.ru\.png\|frameless\|640px\|link=/);
    await dialog.getByRole('combobox', { name: 'Код для' }).selectOption('html');
    await expect(snippet).toHaveValue(new RegExp(`^<a href="${origin}/index\\.html\\?lang=ru#/c10k"><img src=`));
    await expect(dialog.getByRole('button', { name: 'Копировать код картинки' })).toBeVisible();
  });
});
