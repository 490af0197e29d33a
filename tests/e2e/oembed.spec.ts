import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { preview, type PreviewServer } from 'vite';
import { test, expect } from './fixtures.ts';
import { writeOembed } from '../../scripts/oembed.ts';

/**
 * What `DECK_URL=… npm run build` adds, in a browser: a copy of the build, with the oEmbed files written for the
 * address of a server started here, as a consumer of oEmbed would follow them: the per-slide page's discovery link,
 * the JSON it names, and the iframe in that JSON.
 */
const dist = process.env['DIST_DIR'] ?? 'dist';
let dir = '';
let server: PreviewServer;
let origin = '';

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hsw-oembed-'));
  cpSync(dist, dir, { recursive: true });
  server = await preview({
    configFile: false,
    root: process.cwd(),
    logLevel: 'silent',
    build: { outDir: dir },
    preview: { port: 0, host: '127.0.0.1' },
  });
  const address = server.httpServer.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  writeOembed(dir, `${origin}/`);
});
test.afterAll(async () => {
  await new Promise<void>((ok) => server.httpServer.close(() => ok()));
  rmSync(dir, { recursive: true, force: true });
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
  const json = (await (await page.request.get(href ?? '')).json()) as { type: string; html: string; title: string };
  expect(json.type).toBe('rich');
  expect(json.title).toBe('C10K: поток на соединение');
  // The consumer puts the JSON's html into its own page, on another origin (a second server here: Chromium lets only
  // a local page frame a local one) and without the deck's policy. The frame shows the demo.
  const consumer = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>consumer</title>${json.html}`);
  });
  await new Promise<void>((ok) => consumer.listen(0, '127.0.0.1', ok));
  try {
    const address = consumer.address();
    await page.goto(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('heading', { name: 'C10K: поток на соединение' })).toBeVisible();
    await expect(frame.getByRole('slider', { name: 'Соединений' })).toBeVisible();
  } finally {
    consumer.close();
  }
});
