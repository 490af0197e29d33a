import type { Locator } from '@playwright/test';
import { test, expect, gotoSlide, currentSlide, expectHash, settle, slidesUnderTest } from './fixtures.ts';
import { slides } from '../../slides/index.ts';
import type { Block, SlideTextDef } from '../../slides/types.ts';
import { textChunks } from '../../scripts/budget.ts';

const dist = process.env['DIST_DIR'] ?? 'dist';

/** A slide's words (`slides/text/<id>.ts`), as the test runner loads them. */
async function wordsOf(id: string): Promise<SlideTextDef> {
  return ((await import(`../../slides/text/${id}.ts`)) as { default: SlideTextDef }).default;
}

/** The start of a block's text as a page shows it (inline markup gone). */
function shown(block: Block | undefined): string {
  if (block && 'details' in block) return shown(block.details[0]);
  const raw = !block ? '' : 'p' in block ? block.p : 'ul' in block ? (block.ul[0] ?? '') : block.code;
  return raw.replace(/`|\*\*/g, '').slice(0, 40);
}

test.describe('the deck', () => {
  // One fresh document per slide (its address opened as a first visit), in each language: the slide loads without
  // errors, its body fits beside its demo at 1280×720, and nothing is asked of another host.
  for (const lang of ['en', 'ru'] as const) {
    test(`every slide loads in ${lang} without errors, its body fits beside its demo, and asks no other host`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const hosts = new Set<string>();
      page.on('request', (r) => hosts.add(new URL(r.url()).host));
      const overflows: string[] = [];
      for (const slide of slidesUnderTest()) {
        await gotoSlide(page, slide.id, { lang });
        await expect(currentSlide(page).getByRole('heading', { level: 2 })).toHaveText(slide.title[lang]);
        if (slide.demo) await expect(currentSlide(page).locator('.demo')).toBeVisible();
        await expect(currentSlide(page).locator('.slide-body')).toHaveAttribute('aria-busy', 'false');
        await settle(page);
        const body = await currentSlide(page)
          .locator('.slide-body')
          .evaluate((el) => Math.max(el.scrollHeight - el.clientHeight, el.scrollWidth - el.clientWidth));
        if (body > 1) overflows.push(`${slide.id} (${lang}): the body overflows by ${body} px`);
      }
      expect(overflows).toEqual([]);
      const own = new URL(page.url()).host;
      expect([...hosts].filter((h) => h !== own && h !== '')).toEqual([]);
    });
  }

  test('arrows, PageDown/PageUp and Space move between slides and the URL follows', async ({ page }) => {
    await gotoSlide(page, 'title');
    await page.keyboard.press('ArrowRight');
    await expectHash(page, /^#\/c10k$/);
    await page.keyboard.press('ArrowLeft');
    await expectHash(page, /^#\/title$/);
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/c10k$/);
    await page.keyboard.press('PageUp');
    await expectHash(page, /^#\/title$/);
    await page.keyboard.press('Space');
    await expectHash(page, /^#\/c10k$/);
  });

  test('a clicker’s PageDown still steps the deck after a radio in a demo was chosen; the arrows stay the radio’s', async ({
    page,
  }) => {
    await gotoSlide(page, 'tasks-gather');
    const slide = currentSlide(page);
    await slide.getByRole('radio', { name: 'create_task' }).check();
    await expect(slide.getByRole('radio', { name: 'create_task' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(slide.getByRole('radio', { name: 'gather', exact: true })).toBeChecked();
    await expectHash(page, /^#\/tasks-gather$/);
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/tasks-gather\/0$/);
  });

  test('a touch swipe moves to the next slide, a drag on a slider does not', async ({ browser }) => {
    const context = await browser.newContext({ hasTouch: true, viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await gotoSlide(page, 'title');
    /** A finger moving horizontally over an element: reveal listens to touch pointer events. */
    const drag = async (target: Locator, dx: number, pointerId: number) => {
      const box = await target.boundingBox();
      if (!box) throw new Error('no box');
      const x = box.x + Math.min(40, box.width / 2);
      const y = box.y + box.height / 2;
      const init = (px: number) => ({
        pointerType: 'touch',
        pointerId,
        isPrimary: true,
        clientX: px,
        clientY: y,
        bubbles: true,
        composed: true,
      });
      await target.dispatchEvent('pointerdown', init(x));
      for (let i = 1; i <= 5; i++) await target.dispatchEvent('pointermove', init(x + (dx * i) / 5));
      await target.dispatchEvent('pointerup', init(x + dx));
    };
    await drag(currentSlide(page).getByRole('heading', { level: 2 }), -400, 1);
    await expectHash(page, /^#\/c10k$/);
    await page.waitForFunction(() => customElements.get('hsw-c10k'));
    const slider = currentSlide(page).getByRole('slider', { name: 'Connections' });
    await expect(slider).toBeVisible();
    // A finger dragging along the slider (right to left, as a swipe would): the slide stays.
    await drag(slider, -250, 2);
    await page.waitForTimeout(500);
    await expectHash(page, /^#\/c10k$/);
    // And a swipe back on the heading returns to the title.
    await drag(currentSlide(page).getByRole('heading', { level: 2 }), 400, 3);
    await expectHash(page, /^#\/title$/);
    await context.close();
  });

  test('the language switch changes the text, the URL and is remembered', async ({ page }) => {
    await gotoSlide(page, 'c10k', { lang: 'en' });
    await expect(currentSlide(page).getByRole('heading', { level: 2 })).toHaveText('C10K: a thread per connection');
    await page.getByRole('button', { name: 'Switch to Russian' }).click();
    await expect(currentSlide(page).getByRole('heading', { level: 2 })).toHaveText('C10K: поток на соединение');
    await expect(currentSlide(page).getByRole('slider', { name: 'Соединений' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    // the deck's corner hears of it (the deck's prefs event) and offers the way back
    await expect(page.getByRole('button', { name: 'Переключить на английский' })).toHaveText('English');
    expect(page.url()).toContain('lang=ru');
    // Remembered: a fresh visit without ?lang opens in Russian.
    await page.goto('index.html#/c10k');
    await page.waitForSelector('html[data-deck-ready="true"]');
    await expect(currentSlide(page).getByRole('heading', { level: 2 })).toHaveText('C10K: поток на соединение');
  });

  test('the theme switch and ?theme= set the colours', async ({ page }) => {
    await gotoSlide(page, 'title', { theme: 'light' });
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await bg()).toBe('rgb(251, 252, 253)');
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    expect(await bg()).toBe('rgb(15, 20, 25)');
    await expect(page.getByRole('button', { name: 'Switch to the light theme' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('bad ?lang and ?theme fall back, and an unknown slide id says so', async ({ page }) => {
    await page.goto('index.html?lang=xx&theme=%3Cb%3E#/no-such-slide');
    await page.waitForSelector('html[data-deck-ready="true"]');
    await expect(page.locator('html')).toHaveAttribute('lang', /^(en|ru)$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', /^(dark|light)$/);
    await expect(page.getByRole('status')).toContainText('no-such-slide');
    await expect(page.locator('section#title')).toHaveClass(/present/);
  });

  test('corrupt localStorage is ignored', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('hsw.lang', '{"broken');
      localStorage.setItem('hsw.theme', '42');
    });
    await page.goto('index.html#/title');
    await page.waitForSelector('html[data-deck-ready="true"]');
    await expect(page.locator('html')).toHaveAttribute('lang', /^(en|ru)$/);
  });

  test('S opens the speaker view with notes', async ({ page, context }) => {
    await gotoSlide(page, 'c10k');
    const popupPromise = context.waitForEvent('page');
    await page.keyboard.press('s');
    const popup = await popupPromise;
    await popup.waitForLoadState();
    await expect(popup.locator('.speaker-controls-notes')).toContainText('Dan Kegel', { timeout: 15_000 });
    await expect(popup.locator('.speaker-controls-time')).toBeVisible();
    // The current slide mirrors the projector: 16:9 even in a narrow frame, and without the deck's buttons.
    const current = popup.frameLocator('#current-slide iframe');
    await expect(current.locator('section#c10k')).toHaveClass(/present/);
    await expect(current.locator('html')).toHaveClass(/receiver/);
    await expect(current.locator('html')).not.toHaveClass(/portrait/);
    await expect(current.locator('.deck-chrome')).toBeHidden();
    await popup.close();
  });

  test('the speaker view shows the notes of a slide reached by navigation, whose words loaded after it was shown', async ({
    page,
    context,
  }) => {
    await gotoSlide(page, 'title');
    const popupPromise = context.waitForEvent('page');
    await page.keyboard.press('s');
    const popup = await popupPromise;
    await popup.waitForLoadState();
    await expect(popup.locator('.speaker-controls-notes')).toContainText('A talk about how servers wait', {
      timeout: 15_000,
    });
    // heavy-task is far from the title: its words are not loaded until the deck gets there.
    const notes = (await wordsOf('heavy-task')).text.en.notes;
    expect(await page.locator('section#heavy-task aside.notes').textContent()).toBe('');
    const goTo = (id: string) =>
      page.evaluate(
        (index) => (window as unknown as { deck: { slide(h: number): void } }).deck.slide(index),
        slides.findIndex((s) => s.id === id),
      );
    await goTo('heavy-task');
    await expect(popup.locator('.speaker-controls-notes')).toContainText(shown(notes[0]), { timeout: 15_000 });
    await expect(popup.locator('.speaker-controls-notes')).toContainText('Sources');
    // And on to the next slide: its notes follow too.
    await goTo('libuv-pool');
    const next = (await wordsOf('libuv-pool')).text.en.notes;
    await expect(popup.locator('.speaker-controls-notes')).toContainText(shown(next[0]), { timeout: 15_000 });
    await popup.close();
  });

  test('a deep link to a speaker step opens the slide at that step, with its words', async ({ page }) => {
    await page.goto('index.html?lang=en#/libuv-pool/2');
    await page.waitForSelector('html[data-deck-ready="true"]');
    await expect(page.locator('section#libuv-pool')).toHaveClass(/present/);
    expect(
      await page.evaluate(() => (window as unknown as { deck: { getIndices(): { f?: number } } }).deck.getIndices().f),
    ).toBe(2);
    await expectHash(page, /^#\/libuv-pool\/2$/);
    await expect
      .poll(() =>
        page.locator('section#libuv-pool .demo').evaluate((el) => (el as HTMLElement & { step: number }).step),
      )
      .toBe(3);
    const words = (await wordsOf('libuv-pool')).text.en;
    await expect(currentSlide(page).locator('.slide-body')).toContainText(shown(words.body[0]));
  });

  test('a slide whose words fail to load says so, and the deck goes on', async ({ page }) => {
    const file = textChunks(dist).get('c10k');
    expect(file).toBeDefined();
    await page.route(`**/${file}`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("test: no text");' }),
    );
    await page.goto('index.html?lang=en#/c10k');
    await page.waitForSelector('html[data-deck-ready="true"]');
    await expect(currentSlide(page).getByRole('alert')).toHaveText(
      'This slide’s text could not be loaded. Reload the page to try again.',
    );
    await expect(page.locator('.deck-toast')).toContainText('(c10k)');
    await expect(currentSlide(page).getByRole('heading', { level: 2 })).toHaveText('C10K: a thread per connection');
    await expect(currentSlide(page).getByRole('slider', { name: 'Connections' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('section#nonblocking .slide-body')).toContainText(
      shown((await wordsOf('nonblocking')).text.en.body[0]),
    );
  });

  test('the overview (Esc) shows every slide with its words', async ({ page }) => {
    await gotoSlide(page, 'title');
    await page.keyboard.press('Escape');
    await expect(page.locator('.reveal.overview')).toBeVisible();
    const words = (await wordsOf('libuv-pool')).text.en;
    await expect(page.locator('section#libuv-pool .slide-body')).toContainText(shown(words.body[0]));
  });

  test('in the overview, the arrows move through the grid and bring the chosen slide into view', async ({ page }) => {
    await gotoSlide(page, 'title');
    await page.keyboard.press('Escape');
    await expect(page.locator('.reveal.overview')).toBeVisible();
    const last = slides[slides.length - 1]!.id;
    // four thumbnails a row at 1280×720: the last row is below the fold until the keys get there
    await expect(page.locator(`section#${last}`)).not.toBeInViewport();
    for (let i = 1; i < slides.length; i++) await page.keyboard.press('ArrowRight');
    await expect(page.locator(`section#${last}`)).toHaveClass(/present/);
    await expect(page.locator(`section#${last}`)).toBeInViewport();
    for (let i = 1; i < slides.length; i++) await page.keyboard.press('ArrowLeft');
    await expect(page.locator('section#title')).toBeInViewport();
    // the grid's rows: ↓ moves four slides on (four a row at 1280×720), ↑ four back; the first row stays put on ↑
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.locator(`section#${slides[8]!.id}`)).toHaveClass(/present/);
    await page.keyboard.press('ArrowUp');
    await expect(page.locator(`section#${slides[4]!.id}`)).toHaveClass(/present/);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(page.locator('section#title')).toHaveClass(/present/);
    await expect(page.locator('.reveal.overview')).toBeVisible();
  });

  test('the language switch renders the loaded words in the other language', async ({ page }) => {
    await gotoSlide(page, 'io-uring', { lang: 'en' });
    const words = await wordsOf('io-uring');
    await expect(currentSlide(page).locator('.slide-body')).toContainText(shown(words.text.en.body[0]));
    await page.getByRole('button', { name: 'Switch to Russian' }).click();
    await expect(currentSlide(page).locator('.slide-body')).toContainText(shown(words.text.ru.body[0]));
    await expect(currentSlide(page).locator('aside.notes')).toContainText(shown(words.text.ru.notes[0]));
  });

  test('?print-pdf has every slide’s body and notes', async ({ page }) => {
    await page.goto('index.html?print-pdf&lang=en');
    await page.waitForFunction(() => document.querySelectorAll('.pdf-page').length > 0);
    await expect(page.locator('.pdf-page')).toHaveCount(slides.length);
    for (const slide of slides) {
      const words = (await wordsOf(slide.id)).text.en;
      const section = page.locator(`.pdf-page section#${slide.id}`);
      await expect(section.locator('.slide-body')).toContainText(shown(words.body[0]));
      await expect(section.locator('.slide-body')).toContainText(shown(words.body[words.body.length - 1]));
      await expect(section.locator('aside.notes')).toContainText(shown(words.notes[0]));
    }
  });

  test('?print-pdf lays out one page per slide', async ({ page }) => {
    await page.goto('index.html?print-pdf&lang=en');
    await page.waitForFunction(() => document.querySelectorAll('.pdf-page').length > 0);
    await expect(page.locator('.pdf-page')).toHaveCount(slides.length);
    await expect(page.locator('.pdf-page hsw-c10k')).toHaveCount(1);
    await page.waitForFunction(() => customElements.get('hsw-c10k'));
    const pdf = await page.pdf({ width: '1280px', height: '720px', printBackground: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages.length).toBe(slides.length);
  });

  test('the title slide’s chapter map links to the chapters', async ({ page }) => {
    await gotoSlide(page, 'title');
    const map = currentSlide(page).getByRole('navigation', { name: 'Chapters' });
    // five chapters: the practice slides are a chapter of their own, not green threads; title and summary in none
    await expect(map.locator('a.head')).toHaveText([
      /^1\s*I\/O\s*5 slides$/,
      /^2\s*The event loop\s*7 slides$/,
      /^3\s*Python asyncio\s*6 slides$/,
      /^4\s*Green threads\s*3 slides$/,
      /^5\s*In production\s*4 slides$/,
    ]);
    await map.getByRole('link', { name: /^1\s*I\/O\s*\d/ }).click();
    await expectHash(page, /^#\/c10k$/);
  });

  test('the default language follows the browser, the default theme follows prefers-color-scheme', async ({
    browser,
  }) => {
    const ru = await browser.newContext({ locale: 'ru-RU', colorScheme: 'light' });
    const page = await ru.newPage();
    await page.goto('index.html#/c10k');
    await page.waitForSelector('html[data-deck-ready="true"]');
    await expect(currentSlide(page).getByRole('heading', { level: 2 })).toHaveText('C10K: поток на соединение');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await ru.close();
    const en = await browser.newContext({ locale: 'en-GB', colorScheme: 'dark' });
    const page2 = await en.newPage();
    await page2.goto('index.html#/c10k');
    await page2.waitForSelector('html[data-deck-ready="true"]');
    await expect(currentSlide(page2).getByRole('heading', { level: 2 })).toHaveText('C10K: a thread per connection');
    await expect(page2.locator('html')).toHaveAttribute('data-theme', 'dark');
    await en.close();
  });

  test('the built deck links its files relatively', async ({ page }) => {
    const html = await (await page.request.get('index.html')).text();
    expect(html).not.toMatch(/(src|href)="\/(?!\/)/);
    expect(html).toMatch(/src="\.\/assets\//);
  });
});
