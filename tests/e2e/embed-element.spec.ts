import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { test, expect, seriousViolations } from './fixtures.ts';

/**
 * `<hsw-slide>` (dist/embed.js) on a page of another origin: a server started here, on another port than the deck's,
 * serves the host page, which loads the module from the deck's server.
 */
let server: Server;
let hostOrigin = '';
const pages = new Map<string, string>();

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const body = pages.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  hostOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

/** A host page: the module loaded twice (two addresses of it), hostile global CSS, and these elements. */
function hostPage(deck: string, elements: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>host</title>
  <style>
    * { all: unset; }
    head, script, style, title { display: none; }
    button, input, select { display: none !important; }
    div, span, p, a { color: rgb(255, 0, 0) !important; font-size: 5px !important; }
    .page-text { display: block; color: rgb(1, 2, 3); font-family: serif; }
  </style>
  <script type="module" src="${deck}embed.js"></script>
  <script type="module" src="${deck}embed.js?twice"></script>
  </head><body><section class="page-text" id="page-text">The host page’s own words.</section>${elements}</body></html>`;
}

async function open(page: Page, baseURL: string | undefined, elements: string): Promise<string[]> {
  const path = `/host-${pages.size}.html`;
  pages.set(path, hostPage(baseURL ?? '', elements));
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.goto(`${hostOrigin}${path}`);
  return requests;
}

/**
 * In the page: the contrast of every title, label and select inside `<hsw-slide>` (open shadow roots too) against the
 * background it is drawn on (the first opaque one up its ancestors, across shadow roots, semi-transparent ones laid
 * over it), with the text it reads.
 */
function contrasts(hostId: string): { what: string; ratio: number; font: string }[] {
  const rgba = (c: string): [number, number, number, number] => {
    const m = /rgba?\(([^)]+)\)/.exec(c);
    if (!m) return [0, 0, 0, 0];
    const [r = 0, g = 0, b = 0, a = 1] = m[1]!
      .split(/[ ,/]+/)
      .filter(Boolean)
      .map(Number);
    return [r, g, b, a];
  };
  const up = (el: Element): Element | null => el.parentElement ?? (el.getRootNode() as ShadowRoot).host ?? null;
  const background = (el: Element): [number, number, number] => {
    const layers: [number, number, number, number][] = [];
    for (let e: Element | null = el; e; e = up(e)) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let out: [number, number, number] = [255, 255, 255];
    for (const [r, g, b, a] of layers.reverse())
      out = [r * a + out[0] * (1 - a), g * a + out[1] * (1 - a), b * a + out[2] * (1 - a)];
    return out;
  };
  const lum = ([r, g, b]: number[]) => {
    const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
  };
  const found: Element[] = [];
  const walk = (root: Element | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.matches('.title, label, select, h2, h3, h4, legend') && (el as HTMLElement).innerText?.trim())
        found.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  const host = document.getElementById(hostId)!;
  walk(host.shadowRoot!);
  return found.map((el) => {
    const [r, g, b] = rgba(getComputedStyle(el).color);
    const fg = lum([r, g, b]);
    const bg = lum(background(el));
    const what = `${el.localName}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} “${(el as HTMLElement).innerText.trim().slice(0, 30)}”`;
    return {
      what,
      ratio: (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05),
      font: getComputedStyle(el).fontFamily,
    };
  });
}

test.describe('<hsw-slide>, the web component', () => {
  test('two demos and two copies of one work on a page of another origin, whatever its CSS', async ({
    page,
    baseURL,
  }) => {
    const requests = await open(
      page,
      baseURL,
      `<hsw-slide id="a" slide="c10k" lang="en" theme="light"></hsw-slide>
       <hsw-slide id="b" slide="c10k" lang="en" theme="dark" step="2"></hsw-slide>
       <hsw-slide id="c" slide="nonblocking" lang="ru"></hsw-slide>`,
    );
    expect(new URL(baseURL ?? '').origin).not.toBe(hostOrigin);
    const a = page.locator('#a');
    const b = page.locator('#b');
    const c = page.locator('#c');
    await expect(a.getByText('C10K: a thread per connection')).toBeVisible();
    await expect(b.getByText('C10K: a thread per connection')).toBeVisible();
    await expect(c.getByText('Неблокирующий ввод-вывод', { exact: false }).first()).toBeVisible();
    // The page hides every button, input and select and shrinks all text: none of it reaches inside.
    const slider = a.getByRole('slider', { name: 'Connections' });
    await expect(slider).toBeVisible();
    await expect(c.getByRole('button').first()).toBeVisible();
    expect(await a.locator('.root').evaluate((el) => getComputedStyle(el).fontSize)).toBe('18px');
    expect(await a.locator('.root').evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(255, 0, 0)');
    // Themes: each element its own.
    expect(await a.locator('.root').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(251, 252, 253)');
    expect(await b.locator('.root').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(15, 20, 25)');
    // A deep link into a step: the second copy opens at speaker step 2 (Java's stacks), the first at step 0.
    const stack = (el: typeof a) => el.getByRole('combobox', { name: 'Thread stack (virtual)' });
    await expect(stack(b)).toHaveValue('java');
    await expect(stack(a)).not.toHaveValue('java');
    // The two copies keep their own state.
    await stack(a).selectOption('custom');
    await expect(a.getByRole('slider', { name: 'Custom stack size' })).toBeVisible();
    await expect(b.getByRole('slider', { name: 'Custom stack size' })).toHaveCount(0);
    await expect(stack(b)).toHaveValue('java');
    // Its styles stay inside: the page's text is as the page styled it, and no stylesheet was added to the page.
    const pageText = page.locator('#page-text');
    expect(await pageText.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(1, 2, 3)');
    expect(await page.evaluate(() => document.styleSheets.length)).toBe(1);
    expect(await page.evaluate(() => document.adoptedStyleSheets.length)).toBe(0);
    // It loaded those two demos, and not the deck, reveal.js or any other demo.
    const js = requests.filter((p) => p.endsWith('.js'));
    expect(js.some((p) => /\/c10k-element-[\w-]+\.js$/.test(p))).toBe(true);
    expect(js.some((p) => /\/nonblocking-element-[\w-]+\.js$/.test(p))).toBe(true);
    expect(js.filter((p) => /-element-[\w-]+\.js$/.test(p) && !/(c10k|nonblocking|chart)/.test(p))).toEqual([]);
    expect(js.filter((p) => /\/(deck|reveal)[\w-]*\.js$/.test(p))).toEqual([]);
    // The link opens the slide in the full deck, on the deck's host.
    await expect(a.getByRole('link', { name: /Open in the full deck/ })).toHaveAttribute(
      'href',
      `${baseURL}index.html?lang=en#/c10k`,
    );
  });

  test('an unknown or missing slide, or a bad step, gets a message inside the element and no error', async ({
    page,
    baseURL,
  }) => {
    await open(
      page,
      baseURL,
      `<hsw-slide id="x" slide="&lt;b&gt;nope&lt;/b&gt;" lang="en"></hsw-slide>
       <hsw-slide id="y" lang="ru"></hsw-slide>
       <hsw-slide id="z" slide="c10k" lang="en" step="1e3"></hsw-slide>
       <hsw-slide id="t" slide="title" lang="en"></hsw-slide>`,
    );
    await expect(page.locator('#x').getByRole('alert')).toContainText('There is no slide with the id “<b>nope</b>”.');
    await expect(page.locator('#x').locator('b')).toHaveCount(0);
    await expect(page.locator('#y').getByRole('alert')).toContainText('Слайд не указан');
    await expect(page.locator('#t').getByRole('alert')).toContainText('has no demo to embed');
    await expect(page.locator('#z').getByRole('combobox', { name: 'Thread stack (virtual)' })).not.toHaveValue('java');
    // Changing the attribute loads the other slide.
    await page.locator('#x').evaluate((el) => el.setAttribute('slide', 'c10k'));
    await expect(page.locator('#x').getByRole('slider', { name: 'Connections' })).toBeVisible();
    // And the language: the same demo speaks Russian.
    await page.locator('#x').evaluate((el) => el.setAttribute('lang', 'ru'));
    await expect(page.locator('#x').getByRole('slider', { name: 'Соединений' })).toBeVisible();
    await expect(page.locator('#x').getByText('C10K: поток на соединение')).toBeVisible();
  });

  test('has no serious accessibility violations on a plain page, in both themes and languages', async ({
    page,
    baseURL,
  }) => {
    const path = `/plain-${pages.size}.html`;
    pages.set(
      path,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>plain</title>
      <script type="module" src="${baseURL ?? ''}embed.js"></script></head><body><main><h1>A wiki page</h1>
      <hsw-slide id="a" slide="c10k" lang="en" theme="light"></hsw-slide>
      <hsw-slide id="b" slide="tasks-gather" lang="ru" theme="dark"></hsw-slide></main></body></html>`,
    );
    await page.goto(`${hostOrigin}${path}`);
    await expect(page.locator('#a').getByRole('slider', { name: 'Connections' })).toBeVisible();
    await expect(page.locator('#b').getByRole('radio').first()).toBeVisible();
    await page.waitForTimeout(400);
    expect(await seriousViolations(page, 'hsw-slide')).toEqual([]);
  });

  test('the page’s --hsw-* colours do not reach inside: titles, labels and selects keep a contrast of 4.5:1; the font does', async ({
    page,
    baseURL,
  }) => {
    const hostile = ['bg', 'fg', 'heading', 'panel', 'muted', 'control-bg', 'border', 'accent', 'accent-text']
      .map((p) => `--hsw-${p}: #fff;`)
      .join(' ');
    const path = `/hostile-${pages.size}.html`;
    pages.set(
      path,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>hostile</title>
      <style>:root, body, main, hsw-slide, hsw-slide[theme] { ${hostile} --hsw-font: Georgia, serif; }</style>
      <script type="module" src="${baseURL ?? ''}embed.js"></script></head><body><main>
      <hsw-slide id="a" slide="c10k" lang="en" theme="light"></hsw-slide>
      <hsw-slide id="b" slide="c10k" lang="ru" theme="dark"></hsw-slide>
      <hsw-slide id="c" slide="c10k" lang="en"></hsw-slide></main></body></html>`,
    );
    await page.goto(`${hostOrigin}${path}`);
    for (const id of ['a', 'b', 'c']) {
      await expect(page.locator(`#${id}`).getByRole('combobox').first()).toBeVisible();
      const found = await page.evaluate(contrasts, id);
      expect(found.map((f) => f.what).join(' | ')).toMatch(/^span\.title .*select.*label|label.*select/s);
      expect(found.filter((f) => f.ratio < 4.5).map((f) => `${id}: ${f.what} ${f.ratio.toFixed(2)}`)).toEqual([]);
      // The one property docs/embedding.md names still reaches inside.
      expect(found.find((f) => f.what.startsWith('span.title'))?.font).toMatch(/^Georgia/);
    }
  });

  test('300 copies added and removed leave no state behind; a copy moved in the page keeps its own', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const path = `/many-${pages.size}.html`;
    pages.set(
      path,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>many</title>
      <script type="module" src="${baseURL ?? ''}embed.js"></script></head><body><main id="main">
      <hsw-slide id="kept" slide="c10k" lang="en"></hsw-slide></main><aside id="aside"></aside></body></html>`,
    );
    await page.goto(`${hostOrigin}${path}`);
    const kept = page.locator('#kept').getByRole('slider', { name: 'Connections' });
    await expect(kept).toBeVisible();
    const stored = () =>
      page.evaluate(() => (customElements.get('hsw-slide') as unknown as { keptStates: number }).keptStates);
    await expect.poll(stored).toBe(1);
    // Three hundred copies, ten at a time, each shown (its demo's state in the store), then removed.
    for (let round = 0; round < 30; round++) {
      await page.evaluate(() => {
        for (let i = 0; i < 10; i++) {
          const el = document.createElement('hsw-slide');
          el.className = 'copy';
          el.setAttribute('slide', 'c10k');
          el.setAttribute('lang', 'en');
          document.getElementById('aside')!.append(el);
        }
      });
      await expect(page.locator('hsw-slide.copy').getByRole('slider', { name: 'Connections' })).toHaveCount(10);
      if (round === 0) await expect.poll(stored).toBe(11);
      await page.evaluate(() => document.querySelectorAll('hsw-slide.copy').forEach((el) => el.remove()));
      expect(await stored()).toBe(1);
    }
    // The one left, changed, then moved elsewhere in the page: its state goes with it.
    await kept.fill('200');
    const value = await kept.inputValue();
    await page.evaluate(() => document.getElementById('aside')!.append(document.getElementById('kept')!));
    await expect(page.locator('#aside #kept').getByRole('slider', { name: 'Connections' })).toHaveValue(value);
    expect(await stored()).toBe(1);
  });
});

test.describe('<hsw-slide> and the host page’s colour scheme', () => {
  /** The element's background, and the colour its chart (c10k's) draws its ticks in, as chart.js holds it. */
  const colours = (el: Locator) =>
    el.evaluate((host) => {
      const root = host.shadowRoot!;
      const chart = root.querySelector('hsw-c10k')?.shadowRoot?.querySelector('hsw-chart') as unknown as {
        chart?: { options: { scales: { x: { ticks: { color: string } } } } };
      } | null;
      return {
        background: getComputedStyle(root.querySelector('.root')!).backgroundColor,
        ticks: chart?.chart?.options.scales.x.ticks.color ?? '',
      };
    });

  test('without `theme` it follows the system’s scheme as it changes, its chart too; `theme` wins, and may change', async ({
    page,
    baseURL,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const path = `/scheme-${pages.size}.html`;
    pages.set(
      path,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>scheme</title>
      <script type="module" src="${baseURL ?? ''}embed.js"></script></head><body><main>
      <hsw-slide id="sys" slide="c10k" lang="en"></hsw-slide>
      <hsw-slide id="set" slide="c10k" lang="en" theme="light"></hsw-slide></main></body></html>`,
    );
    await page.goto(`${hostOrigin}${path}`);
    const sys = page.locator('#sys');
    const set = page.locator('#set');
    await expect.poll(async () => (await colours(sys)).ticks).not.toBe('');
    await expect.poll(async () => (await colours(set)).ticks).not.toBe('');
    const light = await colours(sys);
    expect(light.background).toBe('rgb(251, 252, 253)');
    expect(await colours(set)).toEqual(light);

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(async () => (await colours(sys)).background).toBe('rgb(15, 20, 25)');
    await expect.poll(async () => (await colours(sys)).ticks).not.toBe(light.ticks);
    const dark = await colours(sys);
    // With `theme`, the system's scheme does not matter; changed, the attribute re-colours the demo and its chart.
    expect(await colours(set)).toEqual(light);
    await set.evaluate((el) => el.setAttribute('theme', 'dark'));
    await expect.poll(() => colours(set)).toEqual(dark);

    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => colours(sys)).toEqual(light);
    expect(await colours(set)).toEqual(dark);
  });
});
