/**
 * "Your code"'s part of `npm run bench` (alone: `npx tsx scripts/bench-pyodide.ts`, after a build): on the built
 * site served by `vite preview` (with the worker's policy, scripts/pyodide-files.ts), in Chromium, the time from
 * Run to the first recording (seed 000's blocking program) cold (a new browser context: Pyodide downloaded over
 * loopback), with the browser's cache warm (a new page of the same context: a new worker, the files from the
 * cache or revalidated) and with Python already loaded (the same worker); and the recording of a 1,000-turn program.
 * Medians of BENCH_RUNS (5). For a person to read: no test asserts a duration. (The worker's memory is not measured:
 * `performance.memory` is not there in a worker, and `measureUserAgentSpecificMemory` needs cross-origin isolation.)
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { resolve } from 'node:path';
import { preview } from 'vite';
import { fullChromiumLaunchOptions } from './chromium.ts';
import { pyodideFiles } from './pyodide-files.ts';
import { SEED_PROGRAMS } from '../components/asyncio-loop/asyncio-loop-yours.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const THOUSAND =
  'import asyncio\n\nasync def main():\n    for _ in range(997):\n        await asyncio.sleep(0)\n\nasyncio.run(main())\n';

async function open(context: BrowserContext, origin: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${origin}/index.html?lang=en#/asyncio-loop`);
  await page.waitForSelector('html[data-deck-ready="true"]');
  const demo = page.locator('.reveal .slides > section.present hsw-asyncio-loop');
  await demo.getByRole('button', { name: 'Your code' }).click();
  await demo.getByRole('textbox', { name: 'Your asyncio program (Python)' }).waitFor();
  return page;
}

/** Run pressed → the recording's outcome shown, in ms (the page's own clock). */
async function timeRun(page: Page, source: string): Promise<{ ms: number; turns: string }> {
  const demo = page.locator('.reveal .slides > section.present hsw-asyncio-loop');
  await demo.getByRole('textbox', { name: 'Your asyncio program (Python)' }).fill(source);
  const run = demo.getByRole('button', { name: 'Run', exact: true });
  const t0 = await page.evaluate(() => performance.now());
  await run.click();
  await demo.getByText(/The program ran to its end\. \d+ turns/).waitFor({ timeout: 180_000 });
  const t1 = await page.evaluate(() => performance.now());
  const turns = (await demo.getByText(/The program ran to its end/).textContent()) ?? '';
  return { ms: t1 - t0, turns: /(\d+) turns/.exec(turns)?.[1] ?? '?' };
}

export async function pyodideRows(dist: string): Promise<[string, string, string][]> {
  const server = await preview({
    configFile: false,
    plugins: [pyodideFiles()],
    preview: { port: 0, host: '127.0.0.1' },
    build: { outDir: dist },
    logLevel: 'silent',
  });
  const address = server.httpServer.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser: Browser = await chromium.launch(fullChromiumLaunchOptions);
  const cold: number[] = [];
  const cached: number[] = [];
  const loaded: number[] = [];
  const thousand: number[] = [];
  let turns = '?';
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const first = await open(context, origin);
      cold.push((await timeRun(first, SEED_PROGRAMS.blocking50)).ms);
      loaded.push((await timeRun(first, SEED_PROGRAMS.blocking50)).ms);
      const r = await timeRun(first, THOUSAND);
      thousand.push(r.ms);
      turns = r.turns;
      await first.close();
      const second = await open(context, origin);
      cached.push((await timeRun(second, SEED_PROGRAMS.blocking50)).ms);
      await context.close();
    }
  } finally {
    await browser.close();
    server.httpServer.close();
  }
  const runs = (xs: number[]) => `median of ${xs.length}: ${xs.map((x) => (x / 1000).toFixed(1)).join(', ')} s`;
  return [
    ['Your code: Run → first recording, cold (Pyodide over loopback)', secs(median(cold)), runs(cold)],
    ['Your code: Run → first recording, browser cache warm (new worker)', secs(median(cached)), runs(cached)],
    ['Your code: Run → recording, Python loaded (same worker)', secs(median(loaded)), runs(loaded)],
    [`Your code: recording a ${turns}-turn program (Python loaded)`, secs(median(thousand)), runs(thousand)],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await pyodideRows(resolve(process.env['DIST_DIR'] ?? 'dist'));
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}
