/**
 * `npm run handout -- --lang ru|en [--notes] [--out file.pdf] [--dist dir]`: the deck as a PDF handout, one page a
 * slide (and, with `--notes`, each slide's speaker notes on the page after it). It builds the deck first when
 * `dist/` is missing or older than the sources, serves it on 127.0.0.1 (a port of the system's choosing, closed when
 * done), opens `index.html?print-pdf` in Chromium (CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own)
 * and prints it with `page.pdf`: every demo in its print state (the meaningful final one, without animation),
 * every quiz with its answer. The whole run is bounded (HANDOUT_TIMEOUT_MS, 180 s by default).
 */
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { preview } from 'vite';
import { isLang, type Lang } from '../lib/i18n.ts';
import { chromiumLaunchOptions } from './chromium.ts';
import { slides } from '../slides/index.ts';

export interface HandoutOptions {
  lang: Lang;
  notes: boolean;
  out: string;
  /** The built deck. */
  dist: string;
  timeoutMs?: number;
}

const root = resolve(import.meta.dirname, '..');

/** The newest modification time under these paths (files only). */
function newest(paths: readonly string[]): number {
  let t = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) for (const name of readdirSync(p)) visit(join(p, name));
    else t = Math.max(t, s.mtimeMs);
  };
  paths.forEach(visit);
  return t;
}

/** True when `dist` has no deck, or a source is newer than its index.html. */
export function needsBuild(dist: string): boolean {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return true;
  const sources = [
    'src',
    'slides',
    'components',
    'lib',
    'assets',
    'index.html',
    'embed.html',
    'scripts/page-head.ts',
    'vite.config.ts',
  ];
  return newest(sources.map((p) => join(root, p))) > statSync(index).mtimeMs;
}

/** Writes the handout; resolves to the PDF's path and its size in bytes. */
export async function makeHandout(options: HandoutOptions): Promise<{ out: string; bytes: number }> {
  const dist = resolve(options.dist);
  const server = await preview({
    configFile: false,
    root,
    logLevel: 'silent',
    build: { outDir: dist },
    preview: { port: 0, host: '127.0.0.1', strictPort: false, open: false },
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  let timer: NodeJS.Timeout | undefined;
  try {
    const address = server.httpServer.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const work = (async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'light' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
      const query = new URLSearchParams({ lang: options.lang, theme: 'light' });
      if (options.notes) query.set('showNotes', 'separate-page');
      await page.goto(`http://127.0.0.1:${port}/index.html?print-pdf&${query.toString()}`);
      await page.waitForFunction((n) => document.querySelectorAll('.pdf-page').length >= n, slides.length, {
        timeout: 60_000,
      });
      // Every demo defined and rendered, then a moment for charts (drawn without animation in print).
      const tags = [...new Set(slides.flatMap((s) => (s.demo ? [s.demo.tag] : [])))];
      await page.waitForFunction((t) => t.every((tag) => customElements.get(tag) !== undefined), tags, {
        timeout: 60_000,
      });
      await page.evaluate(async () => {
        const demos = [...document.querySelectorAll('.demo')] as (Element & { updateComplete?: Promise<unknown> })[];
        await Promise.all(demos.map((d) => d.updateComplete ?? Promise.resolve()));
      });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      if (errors.length) throw new Error(`the deck reported errors while printing:\n${errors.join('\n')}`);
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      mkdirSync(dirname(resolve(options.out)), { recursive: true });
      writeFileSync(options.out, pdf);
      return { out: resolve(options.out), bytes: pdf.length };
    })();
    const limit = options.timeoutMs ?? Number(process.env['HANDOUT_TIMEOUT_MS'] ?? 180_000);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the handout took longer than ${limit} ms`)), limit);
    });
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
    await browser.close();
    await new Promise<void>((ok) => server.httpServer.close(() => ok()));
  }
}

const USAGE = 'usage: npm run handout -- --lang ru|en [--notes] [--out file.pdf] [--dist dir]';

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        lang: { type: 'string' },
        notes: { type: 'boolean', default: false },
        out: { type: 'string' },
        dist: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!isLang(values.lang)) {
    console.error(`--lang must be ru or en${values.lang ? `, not “${values.lang}”` : ''}\n${USAGE}`);
    process.exit(2);
  }
  const lang = values.lang;
  const dist = resolve(values.dist ?? join(root, 'dist'));
  const out = resolve(values.out ?? `handout-${lang}${values.notes ? '-notes' : ''}.pdf`);
  if (!values.dist && needsBuild(dist)) {
    console.log('building the deck (dist/ is missing or older than the sources)…');
    execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: root,
      stdio: 'inherit',
    });
  } else if (!existsSync(join(dist, 'index.html'))) {
    console.error(`no deck in ${dist}: build it first (npm run build)`);
    process.exit(2);
  }
  const { bytes } = await makeHandout({ lang, notes: values.notes, out, dist });
  console.log(`handout: ${out} (${(bytes / 1000).toFixed(0)} KB, ${lang}${values.notes ? ', with notes' : ''})`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
