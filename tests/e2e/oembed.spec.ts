import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { extract, setProviderList } from '@extractus/oembed-extractor';
import { preview, type PreviewServer } from 'vite';
import { test, expect } from './fixtures.ts';
import { pngSize, writeOembed } from '../../scripts/oembed.ts';
import { oembedPlugin } from '../../scripts/oembed-serve.ts';
import { embeddableSlides } from '../../slides/index.ts';
import type { HeightTable } from '../../lib/oembed.ts';

/**
 * What `npm run stills` and `DECK_URL=… npm run build` add, in a browser: a copy of the build, with the stills of
 * c10k rendered by the stills script, and the oEmbed files written for the address of a server started here
 * (`vite preview` with the deck's oEmbed endpoint), as an oEmbed consumer from npm (@extractus/oembed-extractor)
 * follows them: by discovery from each slide's embed page, and by asking the endpoint with the slide's address.
 */
const dist = resolve(process.env['DIST_DIR'] ?? 'dist');
let dir = '';
let stills = '';
let server: PreviewServer;
// One build copy, one preview and one consumer for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'default' });
let origin = '';
/** A consumer's page, on another origin: `/<n>` is the n-th html given to `show`. */
let consumer: Server;
let consumerOrigin = '';
const shown: string[] = [];
/** The consumer library's answer, typed as the deck's (its own type leaves `html` and the sizes optional). */
const ask = async (url: string, params?: Record<string, number>) => (await extract(url, params)) as unknown as Oembed;
/** The tallest of a slide's steps at a measured width, as committed in stills/heights.json. */
function tallest(id: string, lang: 'en' | 'ru', width: number): number {
  const table = JSON.parse(readFileSync('stills/heights.json', 'utf8')) as HeightTable;
  const column = table.widths.indexOf(width);
  return Math.max(...(table.slides[id]?.[lang] ?? []).map((row) => row[column] ?? 0));
}
/** `npm run stills -- <args>` on the build under test. */
const stillsScript = (args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/stills.ts', '--dist', dist, ...args], { stdio: 'pipe' });
const show = (html: string) => `${consumerOrigin}/${shown.push(html) - 1}`;

interface Oembed {
  type: string;
  html: string;
  width: number;
  height: number;
  title: string;
  description: string;
  thumbnail_url?: string;
  method?: string;
}

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hsw-oembed-'));
  stills = mkdtempSync(join(tmpdir(), 'hsw-stills-'));
  cpSync(dist, dir, { recursive: true });
  // The measured heights as committed; c10k's default stills rendered now, as docs/embedding.md says to before a build.
  copyFileSync('stills/heights.json', join(stills, 'heights.json'));
  stillsScript(['--slide', 'c10k', '--step', '0', '--theme', 'light', '--out', stills]);
  server = await preview({
    configFile: false,
    root: process.cwd(),
    logLevel: 'silent',
    plugins: [oembedPlugin()],
    build: { outDir: dir },
    preview: { port: 0, host: '127.0.0.1' },
  });
  const address = server.httpServer.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await writeOembed(dir, `${origin}/`, stills);
  consumer = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>consumer</title><body style="margin:0">${shown[Number(req.url?.slice(1))] ?? ''}`);
  });
  await new Promise<void>((ok) => consumer.listen(0, '127.0.0.1', ok));
  const c = consumer.address();
  consumerOrigin = `http://127.0.0.1:${typeof c === 'object' && c ? c.port : 0}`;
});
test.afterAll(async () => {
  await new Promise<void>((ok) => server.httpServer.close(() => ok()));
  await new Promise<void>((ok) => consumer.close(() => ok()));
  rmSync(dir, { recursive: true, force: true });
  rmSync(stills, { recursive: true, force: true });
});

test('npm run stills writes a slide’s step as PNG, light and dark, with its alt text and heights', () => {
  const out = mkdtempSync(join(tmpdir(), 'hsw-stills-'));
  try {
    stillsScript(['--slide', 'c10k', '--step', '2', '--lang', 'ru', '--out', out]);
    for (const theme of ['light', 'dark']) {
      const size = pngSize(readFileSync(join(out, 'c10k', `c10k-s2-ru-${theme}.png`)));
      expect(size?.width).toBe(640);
      expect(size?.height).toBeGreaterThan(500);
    }
    const manifest = JSON.parse(readFileSync(join(out, 'stills.json'), 'utf8')) as Record<string, { alt: string }>;
    expect(Object.keys(manifest).sort()).toEqual(['c10k/c10k-s2-ru-dark.png', 'c10k/c10k-s2-ru-light.png']);
    // the alt text: the title, and what the speaker says at that step
    expect(manifest['c10k/c10k-s2-ru-light.png']?.alt).toMatch(/^C10K: поток на соединение — Java даёт потокам/);
    const heights = JSON.parse(readFileSync(join(out, 'heights.json'), 'utf8')) as {
      slides: Record<string, Record<string, number[][]>>;
    };
    expect(heights.slides['c10k']?.['ru']?.[2]).toHaveLength(4);
    // a demo that draws SVG gets its SVG too, standalone: its namespace, and the theme's background drawn in
    stillsScript(['--slide', 'nonblocking', '--step', '1', '--lang', 'en', '--theme', 'dark', '--out', out]);
    const svg = readFileSync(join(out, 'nonblocking', 'nonblocking-s1-en-dark.svg'), 'utf8');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toMatch(/^<svg [^>]*><rect x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+" style="fill:rgb\(/);
    const listed = JSON.parse(readFileSync(join(out, 'stills.json'), 'utf8')) as Record<string, { svg?: string }>;
    expect(listed['nonblocking/nonblocking-s1-en-dark.png']?.svg).toBe('nonblocking/nonblocking-s1-en-dark.svg');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('a slide’s embed page is found by its oEmbed link, and the JSON’s iframe shows the demo', async ({ page }) => {
  await page.goto(`${origin}/embed/c10k.ru.html`);
  // The page itself: the slide and language fixed, its links one folder up.
  await expect(page.getByRole('heading', { name: 'C10K: поток на соединение' })).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Соединений' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Открыть в презентации/ })).toHaveAttribute(
    'href',
    '../index.html?lang=ru#/c10k',
  );
  // Discovery, as a crawler reads it: in the HTML as served, no script run.
  const served = await (await page.request.get(`${origin}/embed/c10k.ru.html`)).text();
  const href = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(served)?.[1];
  expect(href).toBe(`${origin}/oembed/c10k.ru.json`);
  const json = (await (await page.request.get(href ?? '')).json()) as Oembed;
  expect(json.type).toBe('rich');
  expect(json.title).toBe('C10K: поток на соединение');
  // The consumer puts the JSON's html into its own page, on another origin (a second server: Chromium lets only a
  // local page frame a local one) and without the deck's policy. The frame shows the demo.
  await page.goto(show(json.html));
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('heading', { name: 'C10K: поток на соединение' })).toBeVisible();
  await expect(frame.getByRole('slider', { name: 'Соединений' })).toBeVisible();
});

test('the embed pages carry og:image, the still the stills script rendered, and oEmbed its thumbnail', async ({
  page,
}) => {
  for (const [key, lang] of [
    ['c10k', 'en'],
    ['c10k.ru', 'ru'],
  ] as const) {
    const served = await (await page.request.get(`${origin}/embed/${key}.html`)).text();
    const image = /<meta property="og:image" content="([^"]+)" \/>/.exec(served)?.[1];
    expect(image).toBe(`${origin}/stills/${key}.png`);
    expect(served).toMatch(/<meta property="og:image:width" content="640" \/>/);
    expect(served).toMatch(/<meta property="og:description" content="[^"]{20,}" \/>/);
    const alt = /<meta property="og:image:alt" content="([^"]+)" \/>/.exec(served)?.[1] ?? '';
    expect(alt.startsWith(lang === 'ru' ? 'C10K: поток на соединение — ' : 'C10K: a thread per connection — ')).toBe(
      true,
    );
    const png = await page.request.get(image ?? '');
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(pngSize(await png.body())?.width).toBe(640);
    const json = await ask(`${origin}/embed/${key}.html`);
    expect(json.thumbnail_url).toBe(image);
  }
  // a slide without a still gets no og:image and no thumbnail
  expect(await (await page.request.get(`${origin}/embed/nonblocking.html`)).text()).not.toContain('og:image');
});

test('the oEmbed endpoint answers by address, honours the limits, and refuses other addresses', async () => {
  setProviderList([
    {
      provider_name: 'How servers wait',
      provider_url: `${origin}/`,
      endpoints: [{ schemes: [`${origin}/*`], url: `${origin}/oembed.json` }],
    },
  ]);
  // The library asks a listed provider over https only; the server here speaks http on loopback.
  const overHttp = (url: string) => fetch(url.replace(/^https:/, 'http:'));
  const byEndpoint = async (url: string, params: Record<string, number> = {}) =>
    (await extract(url, params, overHttp)) as unknown as Oembed;
  try {
    const json = await byEndpoint(`${origin}/embed/c10k.html`, { maxwidth: 480, maxheight: 500 });
    expect(json).toMatchObject({ method: 'provider-api', type: 'rich', width: 480, height: 500 });
    // the deck's own address of the slide is one of its addresses too
    const deck = await byEndpoint(`${origin}/index.html?lang=ru#/c10k`);
    expect(deck).toMatchObject({ title: 'C10K: поток на соединение', width: 640, height: tallest('c10k', 'ru', 640) });
    await expect(byEndpoint(`${origin}/embed/title.html`)).rejects.toThrow();
    await expect(byEndpoint(`${origin}/speaker.html`)).rejects.toThrow();
  } finally {
    setProviderList([]);
  }
  const foreign = await fetch(`${origin}/oembed.json?url=${encodeURIComponent('https://example.org/embed/c10k.html')}`);
  expect(foreign.status).toBe(404);
  expect(await foreign.text()).toContain('is not an address of this deck');
  // the file a discovery link names, asked with limits, answers for them
  const limited = (await (await fetch(`${origin}/oembed/c10k.json?maxwidth=320`)).json()) as Oembed;
  expect(limited).toMatchObject({ width: 320, height: tallest('c10k', 'en', 320) });
});

test('a frame too short for its host, which ignores the height message, scrolls: nothing is clipped', async ({
  page,
}) => {
  await page.goto(
    show(
      `<iframe src="${origin}/embed.html?slide=c10k&amp;lang=en" width="640" height="300" style="border:0"></iframe>`,
    ),
  );
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('slider', { name: 'Connections' })).toBeVisible();
  const inner = page.frames().find((f) => f.url().includes('embed.html'))!;
  const scrolled = await inner.evaluate(() => {
    const root = document.scrollingElement!;
    root.scrollTop = root.scrollHeight;
    return { top: root.scrollTop, height: root.scrollHeight, view: root.clientHeight };
  });
  expect(scrolled.height).toBeGreaterThan(scrolled.view);
  expect(scrolled.top).toBe(scrolled.height - scrolled.view);
});

for (const slide of embeddableSlides()) {
  test(`${slide.id}: found by its address, its oEmbed frame shows the whole demo at 640 px`, async ({ page }) => {
    for (const key of [slide.id, `${slide.id}.ru`]) {
      // by discovery, from the embed page's link, as a consumer does with an address it has no provider for
      const json = await ask(`${origin}/embed/${key}.html`, { maxwidth: 640 });
      expect(json).toMatchObject({ method: 'auto-discovery', type: 'rich', width: 640 });
      expect(json.description.length).toBeGreaterThan(20);
      await page.goto(show(json.html));
      const inner = await (await page.locator('iframe').elementHandle())?.contentFrame();
      await inner!.waitForFunction((tag) => customElements.get(tag) !== undefined, slide.demo!.tag);
      // drawn and settled, as the stills script waits for it (scripts/stills.ts)
      await inner!.evaluate(async (tag) => {
        await (document.querySelector(`main > ${tag}`) as Element & { updateComplete: Promise<unknown> })
          .updateComplete;
        await document.fonts.ready;
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      }, slide.demo!.tag);
      await page.waitForTimeout(600);
      const fit = await inner!.evaluate(() => ({
        content: document.documentElement.scrollHeight,
        frame: window.innerHeight,
        width: window.innerWidth,
      }));
      expect(fit.width).toBe(640);
      expect(fit.frame).toBe(json.height);
      expect(
        fit.content,
        `${key}: the demo needs ${fit.content} px, oEmbed gave ${json.height} (npm run stills -- --heights-only --slide ${slide.id})`,
      ).toBeLessThanOrEqual(fit.frame);
    }
  });
}
