/**
 * `npm run bench`: sizes and timings of the built deck, as a table. Sizes come from the build manifest and from the
 * files a real browser fetched (they do not vary); timings are medians or percentiles over several runs in headless
 * Chromium, for a person to read — tests never assert them.
 *
 * Beside our deck it loads reveal.js's own `demo.html` (shipped in the `reveal.js` package) in the same run, the
 * runs interleaved (ours, theirs, ours, …), and prints both medians of "navigation to first slide usable" and their
 * ratio, and, the floor of any deck on reveal.js, the same for reveal.js alone (as many slides as ours, of text, no plugin:
 * scripts/bench-bare/). All are served by the same plain static server (no compression), each from its own folder, so that the
 * demo finds its `dist/` files relative to itself. Nothing leaves the machine: every request to another host (the
 * demo's images and embeds on static.slid.es and elsewhere) is aborted, and the output says how many were.
 *
 * `npx tsx scripts/bench.ts --only=sizes,first,slides,slider,sim,pyodide` runs only those sections (on builds already made):
 * sizes (budgets, the single file), first (the first slide against reveal.js's demo), slides (the slide change in
 * both languages and the heap after walking the deck: scripts/bench-slides.ts), presses (the Event Timing of every
 * clicker press of every plan as presented, beside reveal.js alone: scripts/bench-presses.ts), slider (a slider move, idle time),
 * sim (the simulator, in Node).
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import { join, normalize, resolve } from 'node:path';
import { contentType } from '../server/static.ts';
import { budgets, elementBudgets } from './budget.ts';
import { firstLoad } from './first-load.ts';
import { fullChromiumLaunchOptions } from './chromium.ts';
import { parseCommandLine } from './command-line.ts';
import { simulatorRows } from './bench-sim.ts';
import { pyodideRows } from './bench-pyodide.ts';
import { timeBareSlideChanges, timeSlideChanges } from './bench-slides.ts';
import { plans, timePresses, type Press } from './bench-presses.ts';

const dist = resolve(process.env['DIST_DIR'] ?? 'dist');
const singleDir = resolve(process.env['SINGLE_DIR'] ?? 'dist-single');
const revealDir = resolve(import.meta.dirname, '../node_modules/reveal.js');
const RUNS = Number(process.env['BENCH_RUNS'] ?? 7);
const MOVES = 100;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const SECTIONS = ['sizes', 'first', 'slides', 'presses', 'slider', 'sim', 'pyodide'] as const;
function usage(message: string): never {
  console.error(`${message}\nusage: npx tsx scripts/bench.ts [--only=${SECTIONS.join(',')}]`);
  process.exit(1);
}
const { values } = parseCommandLine({ options: { only: { type: 'string' } } }, usage);
const only = new Set(values.only ? values.only.split(',') : SECTIONS);
for (const name of only)
  if (!(SECTIONS as readonly string[]).includes(name)) usage(`--only: no section ${name} (${SECTIONS.join(', ')})`);
const run = (section: (typeof SECTIONS)[number]) => only.has(section);

/** The single file's goal (#19), gzipped. */
const SINGLE_FILE_GOAL_KB = 400;

const rows: [string, string, string][] = [];
if (run('sizes'))
  for (const b of budgets(dist)) {
    rows.push([
      `${b.name}, gzipped (manifest)`,
      kb(b.gzipBytes),
      `≤ ${kb(b.limitBytes)} ${b.gzipBytes <= b.limitBytes ? 'ok' : 'OVER'}`,
    ]);
  }

if (run('sizes')) {
  const over = elementBudgets(dist).filter((b) => b.gzipBytes > b.limitBytes);
  rows.push([
    '<hsw-slide>, slides without a chart, over their budget',
    `${over.length} of ${elementBudgets(dist).length}`,
    over.map((b) => `${/for ([a-z0-9-]+),/.exec(b.name)?.[1]} ${kb(b.gzipBytes)}`).join(', ') || 'none',
  ]);
}
if (run('sizes')) {
  const file = join(singleDir, 'how-servers-wait.html');
  if (existsSync(file)) {
    const gz = gzipSync(readFileSync(file)).length;
    rows.push(['single file (npm run build:single)', kb(statSync(file).size), file]);
    rows.push([
      'single file, gzipped',
      kb(gz),
      `goal ≤ ${SINGLE_FILE_GOAL_KB} KB ${gz <= SINGLE_FILE_GOAL_KB * 1000 ? 'ok' : 'OVER'}`,
    ]);
  } else rows.push(['single file (npm run build:single)', '—', `not built: no ${file}`]);
}

/** One static server for both pages: `/deck/…` is our build, `/reveal/…` the reveal.js package. */
const roots: Record<string, string> = {
  deck: dist,
  reveal: revealDir,
  // reveal.js alone (scripts/bench-bare/): the floor of the first slide
  bare: resolve(import.meta.dirname, 'bench-bare'),
};
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const [, mount, ...rest] = decodeURIComponent(url.pathname).split('/');
  const root = roots[mount ?? ''];
  const file = root ? normalize(join(root, rest.join('/') || 'index.html')) : '';
  if (!root || !file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    'content-type': contentType(file),
    'cache-control': 'no-store',
  });
  createReadStream(file).pipe(res);
});
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const address = server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const browser: Browser = await chromium.launch(fullChromiumLaunchOptions);

const blocked = new Map<string, number>();
async function fresh(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      const host = new URL(route.request().url()).host;
      blocked.set(host, (blocked.get(host) ?? 0) + 1);
      return route.abort('blockedbyclient');
    },
  );
  // The same definition for both decks: the moment reveal's `ready` event reaches the document.
  await context.addInitScript(() => {
    document.addEventListener(
      'ready',
      (e) => {
        if ((e.target as Element | null)?.classList?.contains('reveal')) performance.mark('bench:reveal-ready');
      },
      { capture: true, once: true },
    );
  });
  return context.newPage();
}

/** Navigation to first slide usable: reveal ready, and, for ours, the first slide's demo defined. */
async function timeFirstSlide(which: 'ours' | 'theirs' | 'bare'): Promise<number> {
  const page = await fresh();
  if (which === 'ours') {
    await page.goto(`${origin}/deck/index.html?lang=en#/title`);
    await page.waitForFunction(
      () =>
        performance.getEntriesByName('demo-ready:title').length > 0 &&
        performance.getEntriesByName('bench:reveal-ready').length > 0,
    );
  } else {
    await page.goto(which === 'bare' ? `${origin}/bare/index.html` : `${origin}/reveal/demo.html`);
    await page.waitForFunction(() => performance.getEntriesByName('bench:reveal-ready').length > 0);
  }
  const t = await page.evaluate(() =>
    Math.max(
      performance.getEntriesByName('bench:reveal-ready')[0]?.startTime ?? NaN,
      performance.getEntriesByName('demo-ready:title')[0]?.startTime ?? 0,
    ),
  );
  await page.context().close();
  return t;
}

// 1. First slide usable, ours and reveal's demo, interleaved (one warm-up pair first, not counted).
if (run('first')) {
  await timeFirstSlide('ours');
  await timeFirstSlide('theirs');
  await timeFirstSlide('bare');
  const ours: number[] = [];
  const theirs: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    ours.push(await timeFirstSlide('ours'));
    theirs.push(await timeFirstSlide('theirs'));
    bare.push(await timeFirstSlide('bare'));
  }
  const runs = (xs: number[]) => `runs: ${xs.map((x) => x.toFixed(0)).join(', ')}`;
  rows.push([
    `ours: navigation → first slide usable (median of ${RUNS})`,
    `${median(ours).toFixed(0)} ms`,
    `reveal ready + title demo defined; ${runs(ours)}`,
  ]);
  rows.push([
    `reveal.js demo.html: the same (median of ${RUNS})`,
    `${median(theirs).toFixed(0)} ms`,
    `reveal ready; ${runs(theirs)}`,
  ]);
  rows.push([
    `reveal.js alone, 27 slides of text, no plugin: the same (median of ${RUNS})`,
    `${median(bare).toFixed(0)} ms`,
    `${(median(bare) / median(theirs)).toFixed(2)} of reveal's demo: any reveal deck's floor (scripts/bench-bare/); ${runs(bare)}`,
  ]);
  rows.push(['ratio ours / reveal.js demo', (median(ours) / median(theirs)).toFixed(2), 'of the medians; goal ≤ 0.35']);
  rows.push([
    'ratio, median of the pairs',
    median(ours.map((x, i) => x / (theirs[i] ?? NaN))).toFixed(2),
    'each run of ours over the run of theirs after it',
  ]);

  // 2. What the browser fetched before the first slide was usable (JS + CSS, gzipped sizes of those files).
  {
    const page = await fresh();
    const load = await firstLoad(page, `${origin}/deck/index.html?lang=en#/title`, dist);
    rows.push([
      'first slide: JS + CSS fetched before usable, gzipped',
      kb(load.gzipBytes),
      `${load.files.length} files; ≤ 100 KB`,
    ]);
    await page.context().close();
  }
}

// The slide change, from the key press, in both languages; the heap after walking every slide once and twice.
if (run('slides')) {
  const p = (xs: number[], q: number) => `${percentile(xs, q).toFixed(0)} ms`;
  const worst = (byId: Map<string, number>) =>
    [...byId]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([id, ms]) => `${id} ${ms.toFixed(0)}`)
      .join(', ');
  // the floor: reveal.js alone, walked the same way (scripts/bench-bare/)
  const bare = await timeBareSlideChanges(browser, origin);
  rows.push([
    `next slide, reveal.js alone (27 slides of text, no plugin): warm / cold p95`,
    `${p(bare.warm, 95)} / ${p(bare.cold, 95)}`,
    `medians ${p(bare.warm, 50)} / ${p(bare.cold, 50)}; main-thread CPU p95 ${p(bare.warmCpu, 95)} / ${p(bare.coldCpu, 95)}: any reveal deck's floor, the same measure`,
  ]);
  for (const lang of ['en', 'ru'] as const) {
    const t = await timeSlideChanges(browser, origin, lang);
    const ok = (xs: number[], goal: number) => (percentile(xs, 95) <= goal ? 'ok' : 'OVER');
    rows.push([
      `next slide, warm, ${lang}: key → shown (p95 of ${t.warm.length})`,
      p(t.warm, 95),
      `goal ≤ 20 ms ${ok(t.warm, 20)}; median ${p(t.warm, 50)}; worst ${worst(t.warmById)}`,
    ]);
    rows.push([
      `next slide, cold, ${lang}: key → shown (p95 of ${t.cold.length})`,
      p(t.cold, 95),
      `goal ≤ 50 ms ${ok(t.cold, 50)}; median ${p(t.cold, 50)}; worst ${worst(t.coldById)}`,
    ]);
    rows.push([
      `next slide, ${lang}: main-thread CPU, warm / cold (p95)`,
      `${p(t.warmCpu, 95)} / ${p(t.coldCpu, 95)}`,
      `medians ${p(t.warmCpu, 50)} / ${p(t.coldCpu, 50)}; what a loaded machine does not inflate`,
    ]);
    const growth = t.heapTwice / t.heapOnce - 1;
    rows.push([
      `heap after walking every slide twice, ${lang}`,
      `${(t.heapTwice / 1e6).toFixed(1)} MB`,
      `once: ${(t.heapOnce / 1e6).toFixed(1)} MB, ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %; goal ≤ +10 % ${growth <= 0.1 ? 'ok' : 'OVER'}`,
    ]);
  }
}

// Every clicker press of the deck as presented, in both languages, as Chromium's Event Timing measures it, counted
// for each plan (a plan's presses: those that lead to its slides); reveal.js alone with fragments walked the same way,
// first and last, in the same run. BENCH_PRESSES caps each walk (a quick look).
if (run('presses')) {
  const limit = Number(process.env['BENCH_PRESSES'] ?? 400);
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const stats = (xs: number[]) =>
    `p50 ${ms(percentile(xs, 50))}, p95 ${ms(percentile(xs, 95))}, max ${ms(Math.max(...xs))}`;
  const bare: Press[] = [];
  const walkBare = async () =>
    bare.push(...(await timePresses(browser, origin, `${origin}/bare/index.html?fragments=2`, limit)));
  await walkBare();
  const ours = new Map<string, Press[]>();
  for (const lang of ['en', 'ru'] as const)
    ours.set(
      lang,
      await timePresses(browser, origin, `${origin}/deck/index.html?present&plan=workshop&lang=${lang}`, limit),
    );
  await walkBare();
  const bareP95 = percentile(
    bare.map((p) => p.keydown),
    95,
  );
  rows.push([
    `press, reveal.js alone with fragments: keydown (${bare.length} presses)`,
    ms(bareP95),
    `${stats(bare.map((p) => p.keydown))}; keyup ${stats(bare.map((p) => p.keyup))} (Event Timing; under 16 ms counts as 8)`,
  ]);
  for (const plan of plans())
    for (const [lang, presses] of ours) {
      const mine = presses.filter((p) => plan.ids === null || plan.ids.has(p.slideId));
      if (mine.length === 0) continue;
      const down = mine.map((p) => p.keydown);
      const p95 = percentile(down, 95);
      const ok = p95 <= 1.2 * bareP95 && Math.max(...down) <= 60 ? 'ok' : 'OVER';
      const worst = mine
        .filter((p) => p.keydown > 60)
        .map((p) => `${p.slideId} ${ms(p.keydown)}`)
        .join(', ');
      rows.push([
        `press, plan ${plan.name}, ${lang}: keydown (${mine.length} presses)`,
        ms(p95),
        `${stats(down)}; goal p95 ≤ 1.2 × reveal's (${ms(1.2 * bareP95)}), none over 60 ms: ${ok}${worst ? ` (${worst})` : ''}; keyup ${stats(mine.map((p) => p.keyup))} (field INP takes the larger)`,
      ]);
    }
}

// 3. A c10k slider move to updated figures: set the slider, fire input, wait for the demo (and its chart) to update.
if (run('slider')) {
  const page = await fresh();
  await page.goto(`${origin}/deck/index.html?lang=en#/c10k`);
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
  rows.push([
    `c10k slider move → figures (p95 of ${MOVES})`,
    `${percentile(times, 95).toFixed(2)} ms`,
    `median ${median(times).toFixed(2)} ms; target < 16 ms`,
  ]);

  // 4. Idle: CPU time the page's main thread used while the deck sat on a slide.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const task = async () =>
    ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
  const before = await task();
  await page.waitForTimeout(3000);
  const after = await task();
  rows.push([
    'idle on c10k for 3 s: main-thread task time',
    `${(after - before).toFixed(1)} ms`,
    'no animation frames or timers run (see budgets.spec.ts)',
  ]);
  await page.context().close();
}

await browser.close();

// 3. The task-queue simulator (scripts/bench-sim.ts), in Node: no browser needed.
if (run('sim')) rows.push(...simulatorRows());
server.close();

// 5. "Your code" on asyncio-loop (scripts/bench-pyodide.ts): Run → first recording, cold and warm.
if (run('pyodide')) rows.push(...(await pyodideRows(dist)));

const widths = [0, 1, 2].map((c) =>
  Math.max(...rows.map((r) => (r[c] ?? '').length), (['measure', 'value', 'note'][c] ?? '').length),
);
const line = (r: string[]) => `| ${r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(line(['measure', 'value', 'note']));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
const blockedList = [...blocked].map(([host, n]) => `${host} ×${n}`).join(', ');
console.log(
  `\nServed locally, no compression. Requests to other hosts were aborted (no network): ${blockedList || 'none'}.` +
    ' reveal.js demo.html is unmodified; its fonts are inlined in its theme CSS, so no font was blocked.',
);
