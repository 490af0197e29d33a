import { test, expect } from './fixtures.ts';
import { embeddableSlides } from '../../slides/index.ts';

test.describe('embed page', () => {
  test('renders the c10k demo alone and posts its height to the parent', async ({ page }) => {
    await page.goto('about:blank');
    const base = new URL(
      'embed.html',
      page.context().pages()[0]?.url() === 'about:blank' ? 'http://127.0.0.1/' : page.url(),
    );
    void base;
    await page.route('**/host.html', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>host</title><script>
          window.heights = [];
          addEventListener('message', (e) => { if (e.data && e.data.type === 'hsw:embed-height') window.heights.push(e.data); });
        </script><iframe src="embed.html?slide=c10k&lang=en&theme=light" style="width:900px;height:400px;border:0"></iframe>`,
      }),
    );
    await page.goto('host.html');
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('heading', { name: 'C10K: a thread per connection' })).toBeVisible();
    await expect(frame.getByRole('slider', { name: 'Connections' })).toBeVisible();
    await expect(frame.locator('.reveal')).toHaveCount(0);
    await expect(frame.getByRole('link', { name: /Open in the full deck/ })).toHaveAttribute(
      'href',
      './index.html?lang=en#/c10k',
    );
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { heights: { height: number; slide: string }[] }).heights.length),
      )
      .toBeGreaterThan(0);
    const last = await page.evaluate(() => {
      const h = (window as unknown as { heights: { height: number; slide: string }[] }).heights;
      return h[h.length - 1];
    });
    expect(last?.slide).toBe('c10k');
    expect(last?.height).toBeGreaterThan(300);
    // The height follows the content: choosing a custom stack adds a slider, and a narrower frame lays the demo out
    // in one column (taller).
    const before = last!.height;
    await frame.getByRole('combobox', { name: 'Thread stack (virtual)' }).selectOption('custom');
    await expect(frame.getByRole('slider', { name: 'Custom stack size' })).toBeVisible();
    await page.locator('iframe').evaluate((f: HTMLIFrameElement) => (f.style.width = '420px'));
    await expect
      .poll(() =>
        page.evaluate(() => {
          const h = (window as unknown as { heights: { height: number }[] }).heights;
          return h[h.length - 1]?.height ?? 0;
        }),
      )
      .not.toBe(before);
  });

  test('an unknown slide id lists the valid ids, and nothing from the URL becomes HTML', async ({ page }) => {
    await page.goto('embed.html?slide=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&lang=en');
    await expect(page.getByRole('heading', { name: 'No such slide' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'There is no slide with the id “<img src=x onerror=alert(1)>”.',
    );
    await expect(page.locator('img')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'c10k' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'title' })).toHaveCount(0);
  });

  test('a missing id and a bad language fall back clearly', async ({ page }) => {
    await page.goto('embed.html?lang=zz&theme=nope');
    await expect(page.locator('html')).toHaveAttribute('lang', /^(en|ru)$/);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('link', { name: 'c10k' })).toBeVisible();
  });

  test('speaks Russian with lang=ru', async ({ page }) => {
    await page.goto('embed.html?slide=c10k&lang=ru');
    await expect(page.getByRole('heading', { name: 'C10K: поток на соединение' })).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Соединений' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Открыть в презентации/ })).toBeVisible();
  });

  test('a quiz embeds with its question (the quiz owns it), in both languages', async ({ page }) => {
    const cases = [
      {
        lang: 'en',
        lead: /someone wrote an “asynchronous” wait/,
        ask: /What happens to the server\?/,
        room: /The room votes by hand/,
      },
      {
        lang: 'ru',
        lead: /кто-то написал «асинхронное» ожидание/,
        ask: /Что будет с сервером\?/,
        room: /Зал голосует/,
      },
    ] as const;
    for (const c of cases) {
      await page.goto(`embed.html?slide=quiz-busy-wait&lang=${c.lang}`);
      const quiz = page.locator('main > hsw-quiz-busy-wait');
      await expect(quiz.getByText(c.lead)).toBeVisible();
      await expect(quiz.getByText('await Promise.resolve();')).toBeVisible();
      await expect(quiz.getByRole('heading', { name: c.ask })).toBeVisible();
      // the question names the group of choices
      await expect(quiz.getByRole('group', { name: c.ask }).getByRole('button')).toHaveCount(4);
      // without the deck (no presenter plugin) the quiz's own checkbox still turns presenter mode on
      await quiz.getByRole('checkbox').check();
      await expect(quiz.getByRole('status').first()).toContainText(c.room);
    }
  });

  for (const slide of embeddableSlides()) {
    test(`${slide.id} embeds alone in both languages`, async ({ page }) => {
      for (const lang of ['en', 'ru'] as const) {
        await page.goto(`embed.html?slide=${slide.id}&lang=${lang}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(slide.title[lang]);
        const demo = page.locator(`main > ${slide.demo!.tag}`);
        await expect(demo).toBeVisible();
        await page.waitForFunction((tag) => customElements.get(tag) !== undefined, slide.demo!.tag);
        const box = await demo.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThan(100);
      }
    });
  }
});
