import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { contentType } from '../../server/static.ts';

/**
 * docs/embedding.md's VitePress recipe in a real VitePress site (the `vitepress` dev dependency): its config as the
 * recipe writes it (`embed.js` in `head`, `isCustomElement` for `hsw-` tags), one page holding a frame and components,
 * built here into a temporary folder and served on one loopback origin; the deck's build served on another, with the
 * CORS header the recipe's nginx and Netlify blocks send (on `embed.js` and `assets/` only). Both servers are started
 * here on port 0; the project's own `vite preview` is not used.
 */
// One VitePress build for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

const repo = resolve(import.meta.dirname, '../..');
const deckDir = resolve(repo, process.env['DIST_DIR'] ?? 'dist');
/** VitePress's command line (`vitepress build`), run as a child process: its own Vite stays out of this worker. */
const vitepress = join(dirname(createRequire(import.meta.url).resolve('vitepress/package.json')), 'bin/vitepress.js');

/** A static server for `dir` on loopback port 0; `headers` adds a response's own headers by its path. */
async function serve(dir: string, headers: (path: string) => OutgoingHttpHeaders = () => ({})): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = resolve(dir, `.${path}`);
    if (file !== dir && !file.startsWith(dir + sep)) return void res.writeHead(403).end();
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': contentType(file), ...headers(path) });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return server;
}

const origin = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

let site: string;
let deckServer: Server;
let siteServer: Server;
let deck = '';
let host = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The recipe's CORS: `Access-Control-Allow-Origin` on embed.js and assets/, nothing else.
  deckServer = await serve(deckDir, (path) =>
    path === '/embed.js' || path.startsWith('/assets/') ? { 'access-control-allow-origin': '*' } : {},
  );
  deck = `${origin(deckServer)}/`;

  site = mkdtempSync(join(tmpdir(), 'hsw-vitepress-'));
  // The site's own node_modules is the project's (VitePress resolves `vitepress` from the config's folder up).
  symlinkSync(join(repo, 'node_modules'), join(site, 'node_modules'), 'dir');
  writeFileSync(join(site, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  mkdirSync(join(site, '.vitepress'));
  // docs/embedding.md, "VitePress", word for word but for the deck's address.
  writeFileSync(
    join(site, '.vitepress', 'config.ts'),
    `// .vitepress/config.ts
import { defineConfig } from 'vitepress';

export default defineConfig({
  head: [['script', { type: 'module', src: '${deck}embed.js' }]],
  vue: {
    template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('hsw-') } },
  },
});
`,
  );
  // The page: the Embed dialog's frame (at speaker step 2), the recipe's element, and one that follows VitePress's
  // own dark mode (docs/embedding.md). A second page, reached by VitePress's client-side router.
  writeFileSync(
    join(site, 'index.md'),
    `# Embedded demos

<script setup>
import { useData } from 'vitepress';
const { isDark } = useData();
</script>

<iframe src="${deck}embed.html?slide=c10k&amp;lang=en&amp;step=2" title="C10K: a thread per connection"
        width="100%" height="640" style="border:0" loading="lazy" allow="fullscreen"></iframe>

<hsw-slide id="recipe" slide="event-loop" lang="en" theme="light"></hsw-slide>

<hsw-slide id="system" slide="event-loop" lang="en"></hsw-slide>

<hsw-slide id="follows" slide="c10k" lang="en" :theme="isDark ? 'dark' : 'light'"></hsw-slide>

[Another page](./other)
`,
  );
  writeFileSync(
    join(site, 'other.md'),
    `# Another page

<hsw-slide id="other" slide="nonblocking" lang="ru" theme="dark"></hsw-slide>
`,
  );
  await promisify(execFile)(process.execPath, [vitepress, 'build', site], {
    cwd: site,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  siteServer = await serve(join(site, '.vitepress', 'dist'));
  host = `${origin(siteServer)}/`;
});

test.afterAll(async () => {
  await Promise.all([deckServer, siteServer].map((s) => s && new Promise<void>((ok) => s.close(() => ok()))));
  if (site) rmSync(site, { recursive: true, force: true });
});

const background = (el: Locator) => el.locator('.root').evaluate((e) => getComputedStyle(e).backgroundColor);
const LIGHT = 'rgb(251, 252, 253)';
const DARK = 'rgb(15, 20, 25)';

/** The page's requests, by origin: a VitePress page must reach nothing but its own and the deck's. */
function origins(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (r) => {
    if (!r.url().startsWith('data:')) seen.add(new URL(r.url()).origin);
  });
  return seen;
}

test.describe('the VitePress recipe, in a real VitePress site', () => {
  test('a frame and a component from another origin work in a built VitePress page', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const seen = origins(page);
    await page.goto(host);
    await expect(page.getByRole('heading', { level: 1, name: 'Embedded demos' })).toBeVisible();
    expect(new URL(deck).origin).not.toBe(new URL(host).origin);

    // The frame: the demo, opened at speaker step 2 (Java's stacks).
    const frame = page.frameLocator('iframe[title="C10K: a thread per connection"]');
    await expect(frame.getByRole('heading', { name: 'C10K: a thread per connection' })).toBeVisible();
    await expect(frame.getByRole('combobox', { name: 'Thread stack (virtual)' })).toHaveValue('java');

    // The component, as the recipe writes it: rendered in its shadow root, and its step controls step.
    const recipe = page.locator('#recipe');
    const controls = recipe.getByRole('group', { name: 'Step controls' });
    await expect(controls).toBeVisible();
    const position = controls.locator('.pos');
    const before = await position.textContent();
    expect(before).toMatch(/^0 \/ \d+$/);
    await controls.getByRole('button', { name: 'Step forward' }).click();
    await expect(position).toHaveText(before!.replace(/^0/, '1'));
    await controls.getByRole('button', { name: 'Step back' }).click();
    await expect(position).toHaveText(before!);
    expect(await background(recipe)).toBe(LIGHT);

    // VitePress's router: another page's element is made by Vue on the client, and works as well.
    await page.getByRole('link', { name: 'Another page' }).click();
    await expect(page.locator('#other').getByText('Неблокирующий ввод-вывод', { exact: false }).first()).toBeVisible();
    expect(await background(page.locator('#other'))).toBe(DARK);
    await page.goBack();
    await expect(page.locator('#recipe').getByRole('group', { name: 'Step controls' })).toBeVisible();

    // Nothing from anywhere but the two origins (no font or script from a CDN).
    expect([...seen].sort()).toEqual([new URL(deck).origin, new URL(host).origin].sort());
  });

  test('the component follows the page: the system’s colour scheme live, and VitePress’s toggle when bound to it', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(host);
    const system = page.locator('#system');
    const follows = page.locator('#follows');
    await expect(system.getByRole('group', { name: 'Step controls' })).toBeVisible();
    await expect(follows.getByRole('slider', { name: 'Connections' })).toBeVisible();
    expect(await background(system)).toBe(LIGHT);
    expect(await background(follows)).toBe(LIGHT);

    // The system turns dark: VitePress (appearance "auto") and both elements follow, without a reload.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => background(system)).toBe(DARK);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect.poll(() => background(follows)).toBe(DARK);

    // VitePress's own switch sets `class="dark"` on <html>, not the media query: the element without `theme` stays
    // with the system; the one whose `theme` is bound to VitePress's `isDark` follows the switch.
    await page.locator('button.VPSwitchAppearance:visible').click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await expect.poll(() => background(follows)).toBe(LIGHT);
    expect(await background(system)).toBe(DARK);
    // The recipe's element keeps the theme it was given.
    expect(await background(page.locator('#recipe'))).toBe(LIGHT);
  });
});
