import { test, expect, gotoSlide } from './fixtures.ts';

/** `embed.html?slide=<id>&step=<n>`: the demo at a speaker step; the frame's colour scheme is the theme's. */
test.describe('deep links into a step of an embedded demo', () => {
  const stack = (page: import('@playwright/test').Page) =>
    page.getByRole('combobox', { name: 'Thread stack (virtual)' });

  test('step=2 opens c10k at speaker step 2; a step past the end is the last; a bad one is the first', async ({
    page,
  }) => {
    await page.goto('embed.html?slide=c10k&lang=en&step=2');
    await expect(stack(page)).toHaveValue('java');
    await expect(page.getByRole('slider', { name: 'Connections' })).toHaveValue(/.+/);
    const at2 = await page.getByRole('slider', { name: 'Connections' }).inputValue();

    await page.goto('embed.html?slide=c10k&lang=en&step=99');
    await expect(stack(page)).toHaveValue('java');
    const at3 = await page.getByRole('slider', { name: 'Connections' }).inputValue();
    expect(at3).not.toBe(at2);

    for (const bad of ['abc', '-1', '1.5', '1e3', '']) {
      await page.goto(`embed.html?slide=c10k&lang=en&step=${encodeURIComponent(bad)}`);
      await expect(page.getByRole('slider', { name: 'Connections' })).toBeVisible();
      await expect(stack(page), `step=${bad}`).not.toHaveValue('java');
    }
  });

  test('theme=dark in a light system: the page says dark before it draws, and is dark', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('embed.html?slide=c10k&lang=en&theme=dark');
    await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute('content', 'dark');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      'rgb(15, 20, 25)',
    );
    await page.goto('embed.html?slide=c10k&lang=en&theme=light');
    await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute('content', 'light');
    await context.close();
  });
});

test.describe('the deck’s Embed dialog', () => {
  test('offers the frame and the web component, at the step on screen, each with a copy button', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoSlide(page, 'c10k', { step: 2 });
    await page.getByRole('button', { name: 'Embed this demo in another page' }).click();
    const frame = page.getByRole('textbox', { name: 'HTML snippet: a frame (iframe)' });
    const element = page.getByRole('textbox', { name: 'HTML snippet: a web component (script and tag)' });
    await expect(frame).toHaveValue(
      /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\.html\?slide=c10k&amp;lang=en&amp;step=2"/,
    );
    await expect(element).toHaveValue(
      /^<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/embed\.js"><\/script>\n<hsw-slide slide="c10k" lang="en" step="2"><\/hsw-slide>$/,
    );
    await page.getByRole('button', { name: 'Copy the web component snippet' }).click();
    await expect(page.getByRole('dialog').getByRole('status').nth(1)).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await element.inputValue());
    await page.getByRole('button', { name: 'Copy the frame snippet' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await frame.inputValue());
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(frame).toBeHidden();
  });

  test('in Russian, and without the clipboard API the text is selected for Ctrl+C', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
    await gotoSlide(page, 'nonblocking', { lang: 'ru' });
    await page.getByRole('button', { name: 'Встроить эту схему в другую страницу' }).click();
    const element = page.getByRole('textbox', { name: 'HTML-код: веб-компонент (скрипт и тег)' });
    await expect(element).toHaveValue(/<hsw-slide slide="nonblocking" lang="ru"><\/hsw-slide>$/);
    await expect(page.getByRole('textbox', { name: 'HTML-код: фрейм (iframe)' })).toHaveValue(/lang=ru/);
    await page.getByRole('button', { name: 'Копировать код веб-компонента' }).click();
    await expect(page.getByRole('dialog').getByRole('status').nth(1)).toHaveText(/Скопировано|Выделено/);
    const selected = await element.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd]);
    expect(selected).toEqual([0, (await element.inputValue()).length]);
  });
});
