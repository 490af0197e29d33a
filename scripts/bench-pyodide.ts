/**
 * "Your code"'s part of `npm run bench` (alone: `npx tsx scripts/bench-pyodide.ts`, after a build): on the built
 * site served by `vite preview` (with the worker's policy, scripts/pyodide-files.ts, and the build's brotli copies,
 * scripts/precompress.ts), in Chromium: the bytes a phone receives opening the deck and those of Python (as sent and
 * as files); the time from Run to the first recording (seed 000's blocking program) cold (a new browser context:
 * Pyodide downloaded over loopback, Run pressed as soon as the slide is ready, Python's idle-time fetch just begun),
 * cold with nothing ahead (an embed: Python fetched when "Your code" opens), after the slide was shown 5 s (fetched
 * and started meanwhile), with the browser's cache warm (a new page of the same context: a new worker, the files
 * revalidated) and with Python already loaded (the same worker); and the recording of a 1,000-turn program.
 * Medians of BENCH_RUNS (5). For a person to read: no test asserts a duration. (The worker's memory is not measured:
 * `performance.memory` is not there in a worker, and `measureUserAgentSpecificMemory` needs cross-origin isolation.)
 */
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Worker } from '@playwright/test';
import { resolve } from 'node:path';
import { preview } from 'vite';
import { fullChromiumLaunchOptions } from './chromium.ts';
import { pyodideFiles } from './pyodide-files.ts';
import { precompress } from './precompress.ts';
import { SEED_PROGRAMS } from '../components/asyncio-loop/asyncio-loop-yours.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const THOUSAND =
  'import asyncio\n\nasync def main():\n    for _ in range(997):\n        await asyncio.sleep(0)\n\nasyncio.run(main())\n';

const DEMO = 'hsw-asyncio-loop';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Bytes of the responses a page receives as sent (bodies, compressed or not) and as files, and how many. */
function countBytes(page: Page, which: (url: string) => boolean = () => true) {
  const counted: Promise<{ sent: number; raw: number }>[] = [];
  page.on('requestfinished', (r) => {
    if (!which(r.url())) return;
    counted.push(
      (async () => {
        const response = await r.response();
        const body = response?.status() === 200 ? await response.body() : Buffer.alloc(0);
        return { sent: (await r.sizes()).responseBodySize, raw: body.length };
      })(),
    );
  });
  return async () => {
    const all = await Promise.all(counted);
    return {
      files: all.length,
      sent: all.reduce((sum, f) => sum + f.sent, 0),
      raw: all.reduce((sum, f) => sum + f.raw, 0),
    };
  };
}

/** The slide in the deck (or its embed), "Your code" opened `after` ms after the slide was ready. */
async function open(context: BrowserContext, origin: string, how: { embed?: boolean; after?: number } = {}) {
  const page = await context.newPage();
  const bytes = countBytes(page, (url) => /\/pyodide\/|\/assets\/py-worker-/.test(url));
  if (how.embed) {
    await page.goto(`${origin}/embed.html?slide=asyncio-loop&lang=en`);
    await page.locator(DEMO).getByRole('button', { name: 'Your code' }).waitFor();
  } else {
    await page.goto(`${origin}/index.html?lang=en#/asyncio-loop`);
    await page.waitForSelector('html[data-deck-ready="true"]');
  }
  if (how.after) await page.waitForTimeout(how.after);
  const demo = page.locator(how.embed ? DEMO : `.reveal .slides > section.present ${DEMO}`).first();
  await demo.getByRole('button', { name: 'Your code' }).click();
  await demo.getByRole('textbox', { name: 'Your asyncio program (Python)' }).waitFor();
  return { page, demo, bytes };
}

/** Run pressed → the recording's outcome shown, in ms (the page's own clock); `at`: Run pressed, on the epoch clock. */
async function timeRun(page: Page, demo: Locator, source: string): Promise<{ ms: number; turns: string; at: number }> {
  await demo.getByRole('textbox', { name: 'Your asyncio program (Python)' }).fill(source);
  const run = demo.getByRole('button', { name: 'Run', exact: true });
  const [t0, origin] = await page.evaluate(() => [performance.now(), performance.timeOrigin]);
  await run.click();
  await demo.getByText(/The program ran to its end\. \d+ turns/).waitFor({ timeout: 180_000 });
  const t1 = await page.evaluate(() => performance.now());
  const turns = (await demo.getByText(/The program ran to its end/).textContent()) ?? '';
  return { ms: t1 - t0, turns: /(\d+) turns/.exec(turns)?.[1] ?? '?', at: origin + t0 };
}

/**
 * Where the cold run's time went, read from the recorder's worker (its `py:…` marks, py-worker.ts, and its resource
 * timings): each step's end in ms after Run was pressed (`at`, epoch clock), and each file's fetch (start → end).
 */
async function phasesOf(worker: Worker, at: number): Promise<Record<string, number>> {
  const entries = await worker.evaluate(() => ({
    origin: performance.timeOrigin,
    marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime] as const),
    files: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
      (r) => [r.name.replace(/.*\//, ''), r.startTime, r.responseEnd] as const,
    ),
  }));
  const rel = (t: number) => entries.origin + t - at;
  const out: Record<string, number> = { 'worker made': rel(0) };
  for (const [name, t] of entries.marks) out[name] = rel(t);
  for (const [name, start, end] of entries.files) {
    out[`fetch ${name} start`] = rel(start);
    out[`fetch ${name} end`] = rel(end);
  }
  return out;
}
const PHASES = process.env['BENCH_PHASES'] === '1';

const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;

/** A phone opening the deck (the phones' build is the same code without the answers): every file until idle. */
async function phoneJoins(browser: Browser, origin: string) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const bytes = countBytes(page);
    await page.goto(`${origin}/index.html?lang=en`);
    await page.waitForSelector('html[data-deck-ready="true"]');
    await page.waitForLoadState('networkidle');
    return await bytes();
  } finally {
    await context.close();
  }
}

export async function pyodideRows(dist: string): Promise<[string, string, string][]> {
  const server = await preview({
    configFile: false,
    plugins: [pyodideFiles(), precompress()],
    preview: { port: 0, host: '127.0.0.1' },
    build: { outDir: dist },
    logLevel: 'silent',
  });
  const address = server.httpServer.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser: Browser = await chromium.launch(fullChromiumLaunchOptions);
  const cold: number[] = [];
  const embedCold: number[] = [];
  const shown: number[] = [];
  const cached: number[] = [];
  const loaded: number[] = [];
  const thousand: number[] = [];
  const coldPhases: Record<string, number>[] = [];
  let turns = '?';
  let python = { files: 0, sent: 0, raw: 0 };
  const join = await phoneJoins(browser, origin);
  try {
    for (let i = 0; i < RUNS; i++) {
      // cold: a new browser, Run pressed as soon as the slide is ready and the tab open
      let context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const first = await open(context, origin);
      const firstRun = await timeRun(first.page, first.demo, SEED_PROGRAMS.blocking50);
      cold.push(firstRun.ms);
      if (PHASES) {
        const worker = first.page.workers().find((w) => /py-worker-/.test(w.url()));
        if (worker) coldPhases.push({ ...(await phasesOf(worker, firstRun.at)), shown: firstRun.ms });
      }
      loaded.push((await timeRun(first.page, first.demo, SEED_PROGRAMS.blocking50)).ms);
      const r = await timeRun(first.page, first.demo, THOUSAND);
      thousand.push(r.ms);
      turns = r.turns;
      python = await first.bytes();
      await first.page.close();
      // the browser's cache warm: a new page, a new worker
      const second = await open(context, origin);
      cached.push((await timeRun(second.page, second.demo, SEED_PROGRAMS.blocking50)).ms);
      await context.close();
      // an embed, nothing ahead: Python fetched when "Your code" opens, Run pressed at once
      context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const embed = await open(context, origin, { embed: true });
      embedCold.push((await timeRun(embed.page, embed.demo, SEED_PROGRAMS.blocking50)).ms);
      await context.close();
      // a new browser, the slide shown 5 s before Run (Python fetched and started meanwhile)
      context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const later = await open(context, origin, { after: 5000 });
      shown.push((await timeRun(later.page, later.demo, SEED_PROGRAMS.blocking50)).ms);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  if (PHASES) {
    console.log('Cold run, ms after Run was pressed (medians; negative: before Run):');
    const names = [...new Set(coldPhases.flatMap((p) => Object.keys(p)))];
    const rows = names.map((n) => [n, median(coldPhases.map((p) => p[n] ?? NaN))] as const);
    for (const [n, t] of rows.sort((a, b) => a[1] - b[1])) console.log(`  ${t.toFixed(0).padStart(6)}  ${n}`);
  }
  const runs = (xs: number[]) => `median of ${xs.length}: ${xs.map((x) => (x / 1000).toFixed(1)).join(', ')} s`;
  return [
    [
      'A phone opens the deck: bytes sent (as files)',
      mb(join.sent),
      `${join.files} files, ${mb(join.raw)} as files: ${(join.raw / Math.max(1, join.sent)).toFixed(1)}× less (brotli copies of the build)`,
    ],
    [
      'Your code: bytes fetched for Python (as files)',
      mb(python.sent),
      `${python.files} files (Pyodide and the worker), ${mb(python.raw)} as files`,
    ],
    [
      'Your code: Run → first recording, cold (Run as the slide is ready)',
      secs(median(cold)),
      `${runs(cold)}; goal ≤ 1.5 s`,
    ],
    ['Your code: Run → first recording, cold, nothing ahead (an embed)', secs(median(embedCold)), runs(embedCold)],
    [
      'Your code: Run → first recording, the slide shown 5 s before',
      secs(median(shown)),
      `${runs(shown)}; goal ≤ 0.5 s`,
    ],
    ['Your code: Run → first recording, browser cache warm (new worker)', secs(median(cached)), runs(cached)],
    ['Your code: Run → recording, Python loaded (same worker)', secs(median(loaded)), runs(loaded)],
    [`Your code: recording a ${turns}-turn program (Python loaded)`, secs(median(thousand)), runs(thousand)],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await pyodideRows(resolve(process.env['DIST_DIR'] ?? 'dist'));
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}
