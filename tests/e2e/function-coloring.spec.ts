import { test, expect, gotoSlide, currentSlide, expectHash, expectAccessible } from './fixtures.ts';
import { walkPresentedOnPhone } from './legibility.ts';
import { slides } from '../../slides/index.ts';
import { speakerSteps } from '../../slides/types.ts';

const ID = 'function-coloring';

test.describe('function-coloring slide', () => {
  test('make fetch_price async: the color climbs to main, the code changes, two callbacks are stuck', async ({
    page,
  }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    const status = slide.getByRole('status');
    const code = slide.getByLabel('The program in Python asyncio');
    await expect(status).toHaveText('Every function is plain. Click one to make it async.');
    await expect(code).toContainText('def fetch_price(i):');
    await expect(code).not.toContainText('async');

    const fetch = slide.getByRole('button', { name: 'Make fetch_price async' });
    await fetch.click();
    await expect(fetch).toHaveAttribute('aria-pressed', 'true');
    // The climb is animated one level at a time; it ends at main.
    await expect(status).toHaveText(
      'Changed: 9 functions, 12 call sites, up to asyncio.run(main()). ⚠ 2 callbacks are stuck: the builtin calls them synchronously.',
      { timeout: 10_000 },
    );
    await expect(slide.getByRole('button', { name: 'Make main async' })).toHaveAccessibleDescription('async');
    await expect(slide.getByRole('button', { name: 'Make main async' })).toHaveAttribute('aria-pressed', 'false');
    await expect(slide.getByRole('button', { name: 'Make fetch_price async' })).toHaveAccessibleDescription(
      'async, chosen by you',
    );
    await expect(slide.getByRole('button', { name: 'Make by_price async' })).toHaveAccessibleDescription(
      'async; stuck: sorted calls it synchronously',
    );
    await expect(code).toContainText('return (await client.get(f"{API}/{i}")).json()');
    await expect(code).toContainText('prices = {i: await by_price(i) for i in ids}');
    await expect(code).toContainText('asyncio.run(main())');

    await slide.getByRole('button', { name: 'Why by_price?' }).click();
    const why = slide.getByRole('region', { name: 'Why by_price?' });
    await expect(why).toContainText("TypeError: '<' not supported between instances of 'coroutine' and 'coroutine'");
    await expect(why).toContainText("RuntimeWarning: coroutine 'by_price' was never awaited");
    await expect(why).toContainText('[3, 1, 2].sort(async (a, b) => a - b) returns [ 3, 1, 2 ] unsorted');
    await slide.getByRole('button', { name: 'Why to_line?' }).click();
    await expect(slide.getByRole('region', { name: 'Why to_line?' })).toContainText(
      '[<coroutine object to_line at 0x…>, …]',
    );
    await slide.getByRole('button', { name: 'Close' }).click();
    await expect(code).toBeVisible();

    await slide.getByRole('button', { name: 'All plain again' }).click();
    await expect(status).toHaveText('Every function is plain. Click one to make it async.');
  });

  test('the climb passes through a state where price still is plain but gets a coroutine', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'Make fetch_price async' }).click();
    await expect(slide.getByRole('status')).toHaveText(
      'The color climbs: price calls an async function and gets a coroutine instead of a value — it must become async too.',
    );
    await expect(slide.getByRole('button', { name: 'Make price async' })).toHaveAccessibleDescription(
      'still plain, but calls an async function: it gets a coroutine instead of a value',
    );
  });

  test('total async: only its callers follow', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'Make total async' }).click();
    await expect(slide.getByRole('status')).toHaveText(
      'Changed: 3 functions, 3 call sites, up to asyncio.run(main()).',
    );
    await expect(slide.getByRole('button', { name: 'Make price async' })).toHaveAccessibleDescription('plain');
  });

  test('Go, Java and Erlang remove the colors; back to Python, they return', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'Make fetch_price async' }).click();
    await slide.getByRole('button', { name: 'Go', exact: true }).click();
    const status = slide.getByRole('status');
    await expect(status).toHaveText(
      'Go: no colors. A blocking call parks the goroutine; others run on its OS thread. No call site changes.',
    );
    await expect(slide.getByRole('button', { name: 'Let fetchPrice wait for the network' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(slide.getByRole('button', { name: 'Let main wait for the network' })).toHaveAccessibleDescription(
      'plain',
    );
    await expect(slide.getByLabel('The program in Go')).toContainText('func fetchPrice(i int) int');
    await slide.getByRole('button', { name: 'Erlang/Elixir' }).click();
    await expect(slide.getByLabel('The program in Erlang/Elixir')).toContainText('lists:sort(fun by_price/2, Ids)');
    await slide.getByRole('button', { name: 'Java 21+ virtual threads' }).click();
    await expect(status).toContainText('parks the virtual thread');
    await slide.getByRole('button', { name: 'Python asyncio' }).click();
    await expect(status).toContainText('Changed: 9 functions, 12 call sites');
  });

  test('the bridges between the worlds quote the real error', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    const demo = slide.getByRole('region', { name: 'Function coloring: a call graph and its code' });
    await slide.getByRole('button', { name: 'Bridges between the worlds' }).click();
    await expect(
      demo.getByText('RuntimeError: asyncio.run() cannot be called from a running event loop'),
    ).toBeVisible();
    await expect(demo.getByText('asyncio.run_coroutine_threadsafe(coro, loop).result()')).toBeVisible();
    await expect(demo.getByText('httpx.AsyncClient')).toBeVisible();
    await slide.getByRole('button', { name: 'Call graph' }).click();
    await expect(slide.getByRole('group', { name: 'Call graph: callers above, callees below' })).toBeVisible();
  });

  test('by keyboard: Tab to a function, Enter makes it async', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    const main = slide.getByRole('button', { name: 'Make main async' });
    await main.focus();
    await page.keyboard.press('Enter');
    await expect(main).toHaveAttribute('aria-pressed', 'true');
    await expect(slide.getByRole('status')).toHaveText('Changed: 1 function, 1 call site, up to asyncio.run(main()).');
    await expectHash(page, /^#\/function-coloring$/);
  });

  test('the speaker sequence: fetch_price async → it climbs → the sorted key is stuck → Go', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    const status = slide.getByRole('status');
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/function-coloring\/0$/);
    await expect(slide.getByRole('button', { name: 'Make fetch_price async' })).toHaveAttribute('aria-pressed', 'true');
    await expect(status).toContainText('price calls an async function');
    await page.keyboard.press('PageDown');
    await expect(status).toContainText('Changed: 9 functions, 12 call sites');
    await page.keyboard.press('PageDown');
    await expect(slide.getByRole('region', { name: 'Why by_price?' })).toContainText('TypeError');
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/function-coloring\/3$/);
    await expect(slide.getByRole('button', { name: 'Go', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(status).toContainText('Go: no colors');
    await page.keyboard.press('PageUp');
    await expect(slide.getByRole('button', { name: 'Python asyncio' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('in Russian', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoSlide(page, ID, { lang: 'ru' });
    const slide = currentSlide(page);
    await expect(slide.getByRole('heading', { name: 'Раскраска функций' })).toBeVisible();
    await slide.getByRole('button', { name: 'Сделать fetch_price асинхронной' }).click();
    await expect(slide.getByRole('status')).toHaveText(
      'Пришлось изменить 9 функций и 12 мест вызова, вплоть до asyncio.run(main()). ⚠ 2 колбэка застряли: встроенная функция вызывает их синхронно.',
    );
    await slide.getByRole('button', { name: 'Почему by_price?' }).click();
    await expect(slide.getByRole('region', { name: 'Почему by_price?' })).toContainText('две корутины не сравнить');
  });

  test('no serious accessibility violations, dark and light', async ({ page }) => {
    for (const theme of ['dark', 'light'] as const) {
      await gotoSlide(page, ID, { theme, step: 3 });
      await expectAccessible(page, `${ID}`);
    }
  });

  test('presented: what each step changed in a line; the stuck callback ringed beside its error', async ({ page }) => {
    await gotoSlide(page, ID, { query: 'present', step: 2 });
    const slide = currentSlide(page);
    await expect(slide.getByRole('status')).toHaveText('9 functions, 12 call sites changed. ⚠ 2 callbacks stuck.');
    await gotoSlide(page, ID, { query: 'present', step: 3, lang: 'ru' });
    const ru = currentSlide(page);
    await expect(ru.locator('button.node.focused')).toHaveCount(1);
    await expect(ru.locator('button.node.focused')).toContainText('by_price');
    const err = ru.getByRole('region', { name: 'Почему by_price?' }).locator('pre.err');
    await expect(err).toContainText("TypeError: '<' not supported");
    // code shown to a hall: 22 px or more (1280×720, unscaled)
    expect(await err.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(22);
  });

  test('printed (the handout): the color climbed to main, graph and listing within the page', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('index.html?print-pdf&lang=en');
    await page.waitForSelector('html[data-deck-ready="true"]');
    const section = page.locator('section#function-coloring');
    await expect(section.locator('button.node.async')).toHaveCount(9, { timeout: 30_000 });
    await expect(section.locator('.status.callout')).toContainText('2 callbacks are stuck');
    await page.emulateMedia({ media: 'print' });
    // A slide taller than its page printed without the graph or the listing (the grid moved past the page's end).
    const fit = await section.evaluate((el) => {
      const page = el.closest('.pdf-page')!.getBoundingClientRect();
      return { slide: el.getBoundingClientRect().height, page: page.height };
    });
    expect(fit.slide).toBeLessThanOrEqual(fit.page);
  });

  test('presented on a phone, every step in both languages: every text whole on the screen, no word cut', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const slide = slides.find((s) => s.id === 'function-coloring')!;
    expect(await walkPresentedOnPhone(page, slide.id, speakerSteps(slide))).toEqual({});
  });
});
