import { preview } from 'vite';
import { test, expect } from './fixtures.ts';
import {
  budgets,
  chartChunk,
  elementBudgets,
  ELEMENT_OVER_BUDGET,
  ELEMENT_WITHOUT_CHART_KB,
  FIRST_SLIDE_KB,
  textChunks,
} from '../../scripts/budget.ts';
import { firstLoad } from '../../scripts/first-load.ts';
import { buildWithDoubledText } from '../../scripts/double-text.ts';

const dist = process.env['DIST_DIR'] ?? 'dist';

/**
 * What one more slide may add to the first load: its manifest entry (id, chapter, two titles, demo tag, loader and
 * sequence) and its text loader in the shell — gzipped, and as built (the twins' entries are near copies of the
 * originals, which gzip squeezes, so the uncompressed growth is the sterner bound). Its words (about 3.5 KB gzipped,
 * 8 KB as built, a slide) must not come.
 */
const MANIFEST_BYTES_PER_SLIDE = { gzip: 400, raw: 800 };

test.describe('the first load, in a real browser', () => {
  test(`the deck's first slide fetches ≤ ${FIRST_SLIDE_KB} KB of JS and CSS, and no other slide's words`, async ({
    page,
  }) => {
    const load = await firstLoad(page, 'index.html?lang=en#/title', dist);
    console.log(`first slide: ${load.gzipBytes} bytes gzipped in ${load.files.length} files: ${load.files.join(' ')}`);
    expect(load.gzipBytes).toBeLessThanOrEqual(FIRST_SLIDE_KB * 1000);
    // The title slide's words ship with the deck; every other slide's are a chunk of their own, not fetched.
    const texts = textChunks(dist);
    expect(texts.size).toBeGreaterThanOrEqual(11);
    for (const [id, file] of texts) expect(load.files, `${id}'s words`).not.toContain(file);
    // Nor reveal's speaker-notes plugin: it loads on S (deck.spec.ts opens the speaker view).
    expect(load.files.filter((f) => /\/notes-[\w-]+\.js$/.test(f))).toEqual([]);
    await expect(page.locator('section#title .slide-body')).toContainText('tens of thousands of connections');
  });

  test('a deep link fetches that slide’s words before it is usable, and no other slide’s', async ({ page }) => {
    const load = await firstLoad(page, 'index.html?lang=en#/heavy-task/1', dist);
    const texts = textChunks(dist);
    expect(load.files).toContain(texts.get('heavy-task'));
    for (const [id, file] of texts) if (id !== 'heavy-task') expect(load.files, `${id}'s words`).not.toContain(file);
  });

  test('twice the slides’ text: the first load grows by the manifest’s few bytes a slide only', async ({ page }) => {
    test.setTimeout(180_000);
    const doubled = buildWithDoubledText(process.cwd());
    const server = await preview({
      configFile: false,
      root: process.cwd(),
      logLevel: 'silent',
      build: { outDir: doubled.dist },
      preview: { port: 0, host: '127.0.0.1' },
    });
    try {
      const address = server.httpServer.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const base = await firstLoad(page, 'index.html?lang=en#/title', dist);
      const twice = await firstLoad(page, `http://127.0.0.1:${port}/index.html?lang=en#/title`, doubled.dist);
      await expect(page.locator('.reveal .slides > section')).toHaveCount(2 * doubled.added);
      const perSlide = (twice.gzipBytes - base.gzipBytes) / doubled.added;
      const rawPerSlide = (twice.rawBytes - base.rawBytes) / doubled.added;
      console.log(
        `first load: ${base.gzipBytes} bytes gzipped (${base.rawBytes} as built) with ${doubled.added} slides, ` +
          `${twice.gzipBytes} (${twice.rawBytes}) with ${2 * doubled.added}: ${perSlide.toFixed(0)} bytes gzipped ` +
          `(${rawPerSlide.toFixed(0)} as built) a slide; ${textChunks(doubled.dist).size} text chunks, none fetched`,
      );
      expect(perSlide).toBeLessThanOrEqual(MANIFEST_BYTES_PER_SLIDE.gzip);
      expect(rawPerSlide).toBeLessThanOrEqual(MANIFEST_BYTES_PER_SLIDE.raw);
      for (const [id, file] of textChunks(doubled.dist)) expect(twice.files, `${id}'s words`).not.toContain(file);
    } finally {
      server.httpServer.close();
    }
  });
});

test.describe('size budgets (gzipped, from the build manifest)', () => {
  for (const budget of budgets(dist)) {
    test(`${budget.name} ≤ ${budget.limitBytes / 1000} KB`, () => {
      expect(budget.gzipBytes).toBeGreaterThan(1000);
      expect(budget.gzipBytes).toBeLessThanOrEqual(budget.limitBytes);
    });
  }

  test('chart.js is not part of the first slide, and is part of the c10k embed', () => {
    const [first, embed] = budgets(dist);
    expect(first?.files).not.toContain(chartChunk(dist));
    expect(embed?.files).toContain(chartChunk(dist));
  });

  test('<hsw-slide> for c10k carries chart.js, and before its chart it does not', () => {
    const withChart = budgets(dist).find(
      (b) => b.name.includes('c10k, with its chart') && b.name.includes('hsw-slide'),
    );
    const before = budgets(dist).find((b) => b.name.includes('c10k, before its chart'));
    expect(withChart?.files).toContain('embed.js');
    expect(withChart?.files).toContain(chartChunk(dist));
    expect(before?.files).not.toContain(chartChunk(dist));
  });

  test(`<hsw-slide> for every slide without a chart ≤ ${ELEMENT_WITHOUT_CHART_KB} KB, but the few named over it`, () => {
    const all = elementBudgets(dist);
    expect(all.length).toBeGreaterThanOrEqual(15);
    const lines: string[] = [];
    for (const b of all) {
      const id = /for ([a-z0-9-]+),/.exec(b.name)?.[1] ?? '';
      expect(b.files).not.toContain(chartChunk(dist));
      const over = ELEMENT_OVER_BUDGET[id];
      lines.push(`${id} ${(b.gzipBytes / 1000).toFixed(1)} KB${over ? ` (over: ${over.why})` : ''}`);
      if (over) {
        expect(b.gzipBytes, `${id}: named over budget, so it must be`).toBeGreaterThan(b.limitBytes);
        expect(b.gzipBytes, `${id}'s ceiling`).toBeLessThanOrEqual(over.ceilingKB * 1000);
      } else {
        expect(b.gzipBytes, id).toBeLessThanOrEqual(b.limitBytes);
      }
    }
    console.log(`<hsw-slide>, gzipped: ${lines.join('; ')}`);
  });

  test('the first slide does not fetch chart.js or other demos before the deck is ready', async ({ page }) => {
    await page.goto('index.html?lang=en#/title');
    await page.waitForSelector('html[data-deck-ready="true"]');
    // Resources whose request started before the deck marked itself ready (the first slide shown and usable).
    const beforeReady = await page.evaluate(() => {
      const ready = performance.getEntriesByName('deck-ready')[0]?.startTime ?? 0;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= ready)
        .map((e) => e.name);
    });
    expect(beforeReady.some((u) => /\/deck-[\w-]+\.js$/.test(u))).toBe(true);
    expect(beforeReady.some((u) => u.includes(chartChunk(dist)))).toBe(false);
    expect(beforeReady.some((u) => /c10k-element/.test(u))).toBe(false);
  });

  test('an idle deck runs no animation frames and no timers', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __calls: { raf: number; timeout: number; interval: number } };
      w.__calls = { raf: 0, timeout: 0, interval: 0 };
      const raf = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (cb) =>
        raf((t) => {
          w.__calls.raf++;
          cb(t);
        });
      const st = window.setTimeout.bind(window);
      window.setTimeout = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) => {
        w.__calls.timeout++;
        return st(fn, ms, ...rest);
      }) as typeof window.setTimeout;
      const si = window.setInterval.bind(window);
      window.setInterval = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) => {
        w.__calls.interval++;
        return si(fn, ms, ...rest);
      }) as typeof window.setInterval;
    });
    await page.goto('index.html?lang=en#/c10k');
    await page.waitForSelector('html[data-deck-ready="true"]');
    await page.waitForFunction(() => customElements.get('hsw-c10k'));
    await page.waitForTimeout(2500);
    const before = await page.evaluate(() => ({ ...(window as unknown as { __calls: object }).__calls }));
    await page.waitForTimeout(2000);
    const after = await page.evaluate(() => ({ ...(window as unknown as { __calls: object }).__calls }));
    expect(after).toEqual(before);
  });
});
