import { test, expect } from './fixtures.ts';
import { budgets, chartChunk } from '../../scripts/budget.ts';

const dist = process.env['DIST_DIR'] ?? 'dist';

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
      window.requestAnimationFrame = (cb) => raf((t) => {
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
