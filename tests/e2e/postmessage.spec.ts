import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

/**
 * No page on another origin can drive the deck. A host page served by this test on a second port (127.0.0.1, port
 * 0, another origin) frames the deck, the speaker view's preview mode and the embed page, and posts reveal's
 * postMessage API calls (`slide(9)`, `configure(…)`, `destroy()`) and the deck's own message kinds at them. Nothing
 * moves, and nothing but the embed page's documented height message comes back.
 *
 * `vite preview` (like the workshop server) refuses to let another origin frame any page but the embed page
 * (`frame-ancestors 'self'`, X-Frame-Options): the first test checks that. The postMessage tests then take those
 * headers off the deck's answers, as a static host that sends no headers would serve it, so that the deck's own
 * defence is what they test.
 */
let server: Server;
let hostOrigin = '';

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    // The host records every message it receives; the test posts from it with page.evaluate.
    res.end(`<!doctype html><title>host</title><script>
      window.received = [];
      addEventListener('message', (e) => window.received.push(typeof e.data === 'string' ? e.data : JSON.stringify(e.data)));
    </script><iframe src="${src.replace(/"/g, '')}" style="width:1280px;height:720px;border:0"></iframe>`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  hostOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

/** Every message an attacker would try: reveal's API as a JSON string and as an object, and the deck's own kinds. */
const ATTACKS: unknown[] = [
  JSON.stringify({ method: 'slide', args: [9] }),
  JSON.stringify({ method: 'configure', args: [{ keyboard: false, controls: false }] }),
  JSON.stringify({ method: 'setState', args: [{ indexh: 5, indexv: 0, indexf: 0 }] }),
  { method: 'slide', args: [9] },
  { type: 'hsw:speaker', kind: 'hello', fresh: true },
  { type: 'hsw:speaker', kind: 'go', state: { indexh: 9, indexv: 0 } },
  { type: 'hsw:speaker', kind: 'set', state: { indexh: 9, indexv: 0 }, advance: false },
  { type: 'hsw:speaker', kind: 'key', keyCode: 39 },
  { type: 'hsw:quiz', action: 'presenter-on' },
  JSON.stringify({ namespace: 'reveal-notes', type: 'heartbeat' }),
  JSON.stringify({ method: 'destroy' }),
];

/** Serves the deck's pages without the headers that refuse framing (a static host that sends none). */
async function withoutFramingHeaders(page: Page): Promise<void> {
  const base = new URL(test.info().project.use.baseURL ?? '');
  await page.route(
    (url) => url.origin === base.origin && url.pathname.endsWith('.html'),
    async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      delete headers['x-frame-options'];
      await route.fulfill({ response, headers });
    },
  );
}

async function framed(page: Page, src: string): Promise<Frame> {
  await page.goto('about:blank');
  const base = test.info().project.use.baseURL ?? '';
  await page.goto(`${hostOrigin}/host.html?src=${encodeURIComponent(new URL(src, base).href)}`);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error('no frame');
  await frame.waitForLoadState();
  return frame;
}

async function attack(page: Page): Promise<void> {
  await page.evaluate((messages) => {
    const target = document.querySelector('iframe')?.contentWindow;
    for (const m of messages) target?.postMessage(m, '*');
  }, ATTACKS);
  // Messages are delivered in a task each; give them time to land (and to act, if anything would).
  await page.waitForTimeout(800);
}

const deckState = (frame: Frame) =>
  frame.evaluate(() => {
    const deck = (window as unknown as { deck: import('reveal.js').RevealApi }).deck;
    const config = deck.getConfig();
    return {
      id: deck.getCurrentSlide()?.id,
      keyboard: config.keyboard,
      controls: config.controls,
      ready: document.querySelector('.reveal')?.classList.contains('ready') ?? false,
    };
  });

test.describe('framing by another origin', () => {
  test('the deck, the speaker view and the remote refuse it; the embed page allows it', async ({
    page,
    request,
    consoleErrors,
  }) => {
    for (const path of ['index.html', 'speaker.html', 'remote.html', '']) {
      const headers = (await request.get(path)).headers();
      expect(headers['content-security-policy'], path).toBe("frame-ancestors 'self'");
      expect(headers['x-frame-options'], path).toBe('SAMEORIGIN');
    }
    for (const path of ['embed.html', 'embed.html?slide=c10k&lang=en']) {
      const headers = (await request.get(path)).headers();
      expect(headers['content-security-policy'], path).toBeUndefined();
      expect(headers['x-frame-options'], path).toBeUndefined();
    }
    for (const path of ['index.html?lang=en#/title', 'speaker.html?lang=en', 'remote.html?lang=en']) {
      const frame = await framed(page, path);
      // Chromium shows its own error page in the frame, and says why on the framing page's console.
      await expect.poll(() => frame.url(), { message: path }).toMatch(/^chrome-error:/);
      await expect
        .poll(() => consoleErrors.filter((e) => /frame-ancestors 'self'/.test(e)).length, { message: path })
        .toBe(1);
      consoleErrors.length = 0;
    }
    const embed = await framed(page, 'embed.html?slide=c10k&lang=en');
    await expect(embed.getByRole('heading', { name: 'C10K: a thread per connection' })).toBeVisible();
  });
});

test.describe('postMessage from another origin', () => {
  test.beforeEach(async ({ page }) => withoutFramingHeaders(page));

  for (const query of ['lang=en', 'lang=en&postMessage=true', 'receiver&lang=en']) {
    test(`a framing page cannot drive index.html?${query}`, async ({ page }) => {
      const frame = await framed(page, `index.html?${query}#/title`);
      await frame.waitForSelector('html[data-deck-ready="true"]');
      expect(await deckState(frame)).toEqual({ id: 'title', keyboard: true, controls: true, ready: true });
      await attack(page);
      expect(await deckState(frame)).toEqual({ id: 'title', keyboard: true, controls: true, ready: true });
      await expect(frame.locator('section#title')).toHaveClass(/present/);
      // The deck said nothing to the framing page (no state, no reveal events).
      expect(await page.evaluate(() => (window as unknown as { received: string[] }).received)).toEqual([]);
    });
  }

  test('the embed page sends its parent only its height, and no message changes it', async ({ page }) => {
    const frame = await framed(page, 'embed.html?slide=c10k&lang=en');
    const slider = frame.getByRole('slider', { name: 'Connections' });
    await expect(slider).toBeVisible();
    const before = await slider.inputValue();
    await attack(page);
    await expect(frame.getByRole('heading', { name: 'C10K: a thread per connection' })).toBeVisible();
    expect(await slider.inputValue()).toBe(before);
    const received = await page.evaluate(() => (window as unknown as { received: string[] }).received);
    expect(received.length).toBeGreaterThan(0);
    for (const m of received)
      expect(JSON.parse(m)).toEqual({ type: 'hsw:embed-height', slide: 'c10k', height: expect.any(Number) });
  });
});
