/**
 * `npm run bench`: sizes and timings of the built deck, as a table. Sizes come from the build manifest (they do
 * not vary); timings are medians or percentiles over several runs in headless Chromium, for a person to read —
 * tests never assert them.
 */
import { chromium, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { preview } from 'vite';
import { budgets } from './budget.ts';

const dist = process.env['DIST_DIR'] ?? 'dist';
const RUNS = 5;
const MOVES = 100;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const rows: [string, string, string][] = [];
for (const b of budgets(dist)) {
  rows.push([`${b.name}, gzipped`, kb(b.gzipBytes), `≤ ${kb(b.limitBytes)} ${b.gzipBytes <= b.limitBytes ? 'ok' : 'OVER'}`]);
}

const server = await preview({ preview: { port: 0, host: '127.0.0.1' }, build: { outDir: dist }, logLevel: 'silent' });
const address = server.httpServer.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 4173}`;
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function fresh(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  return context.newPage();
}

// 1. From navigation to the first slide shown and usable (reveal ready and the slide's demo defined).
const firstSlide: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const page = await fresh();
  await page.goto(`${origin}/index.html?lang=en#/title`);
  await page.waitForFunction(() => performance.getEntriesByName('demo-ready:title').length > 0);
  firstSlide.push(
    await page.evaluate(() =>
      Math.max(performance.getEntriesByName('deck-ready')[0]?.startTime ?? NaN, performance.getEntriesByName('demo-ready:title')[0]?.startTime ?? NaN),
    ),
  );
  await page.context().close();
}
rows.push([`first slide shown and usable (median of ${RUNS})`, `${median(firstSlide).toFixed(0)} ms`, `runs: ${firstSlide.map((x) => x.toFixed(0)).join(', ')}`]);

// 2. A c10k slider move to updated figures: set the slider, fire input, wait for the demo (and its chart) to update.
{
  const page = await fresh();
  await page.goto(`${origin}/index.html?lang=en#/c10k`);
  await page.waitForFunction(() => customElements.get('hsw-c10k'));
  await page.waitForTimeout(1000);
  const times = await page.evaluate(async (moves) => {
    type Updatable = HTMLElement & { updateComplete: Promise<unknown>; shadowRoot: ShadowRoot };
    const demo = document.querySelector('section#c10k hsw-c10k') as Updatable;
    const slider = demo.shadowRoot.querySelector('hsw-slider') as Updatable;
    const input = slider.shadowRoot.querySelector('input') as HTMLInputElement;
    const chart = demo.shadowRoot.querySelector('hsw-chart') as Updatable | null;
    const out: number[] = [];
    for (let i = 0; i < moves; i++) {
      const t0 = performance.now();
      input.value = String(20 + (i % 80));
      input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      await slider.updateComplete;
      await demo.updateComplete;
      if (chart) await chart.updateComplete;
      out.push(performance.now() - t0);
    }
    return out;
  }, MOVES);
  rows.push([`c10k slider move → figures (p95 of ${MOVES})`, `${percentile(times, 95).toFixed(2)} ms`, `median ${median(times).toFixed(2)} ms; target < 16 ms`]);

  // 3. Idle: CPU time the page's main thread used while the deck sat on a slide.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const task = async () =>
    ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
  const before = await task();
  await page.waitForTimeout(3000);
  const after = await task();
  rows.push(['idle on c10k for 3 s: main-thread task time', `${(after - before).toFixed(1)} ms`, 'no animation frames or timers run (see budgets.spec.ts)']);
  await page.context().close();
}

await browser.close();
server.httpServer.close();

const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => (r[c] ?? '').length), (['measure', 'value', 'note'][c] ?? '').length));
const line = (r: string[]) => `| ${r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(line(['measure', 'value', 'note']));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
