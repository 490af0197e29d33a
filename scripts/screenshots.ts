/**
 * Screenshots of slides for a person to look at: each id in both languages, at 1280×720 and at a phone size.
 *   npx tsx scripts/screenshots.ts [--dist dist] [--out screenshots] [--theme dark|light] [--sizes desktop,phone] [--present] [--steps] [--plan 40] id1 …
 * `--plan <name>`: the deck presenting that plan (`?plan=`, slides/plan.ts): its chapter dividers (`chapter-io`, …) too.
 * `--present`: as presented to a hall (`?present`: the presented type scale, secondary content in closed disclosures).
 * `--steps`: every clicker step of each slide (its speaker sequence, slides/index.ts), one picture a step, named
 * `<id>-<lang>-<size>[-present]-s<step>.png`; without it, the slide as it opens (step 0).
 * Sizes: desktop (1280×720), phone (390×844), landscape (844×390, a phone turned), narrow (320×640, the narrowest
 * screen the deck supports).
 * Serves the built site itself (vite preview on a free port).
 */
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { preview } from 'vite';
import { chromiumLaunchOptions } from './chromium.ts';
import { parseCommandLine } from './command-line.ts';
import { slides } from '../slides/index.ts';
import { speakerSteps } from '../slides/types.ts';

const USAGE =
  'usage: npx tsx scripts/screenshots.ts [--dist dist] [--out screenshots] [--theme dark|light] [--sizes desktop,phone] [--present] [--steps] [--plan 40] id1 …';
const { values, positionals } = parseCommandLine(
  {
    options: {
      dist: { type: 'string', default: 'dist' },
      out: { type: 'string', default: 'screenshots' },
      theme: { type: 'string', default: 'dark' },
      sizes: { type: 'string', default: 'desktop,phone' },
      present: { type: 'boolean', default: false },
      steps: { type: 'boolean', default: false },
      plan: { type: 'string', default: '' },
    },
    allowPositionals: true,
  },
  (message) => {
    console.error(`${message}\n${USAGE}`);
    process.exit(2);
  },
);
const { dist, out, theme } = values;
const wanted = values.sizes.split(',');
const present = `${values.present ? '&present' : ''}${values.plan ? `&plan=${encodeURIComponent(values.plan)}` : ''}`;
const ids = positionals.length ? positionals : ['title'];
/** The steps to take of a slide: all of its speaker sequence with `--steps`, else only the opening one. */
const stepsOf = (id: string): number[] => {
  if (!values.steps) return [0];
  const slide = slides.find((s) => s.id === id);
  if (!slide) return [0];
  return Array.from({ length: speakerSteps(slide) }, (_, i) => i);
};
mkdirSync(out, { recursive: true });

const server = await preview({ preview: { port: 0, host: '127.0.0.1' }, build: { outDir: dist }, logLevel: 'silent' });
const address = server.httpServer.address();
const port = typeof address === 'object' && address ? address.port : 4173;
const browser = await chromium.launch(chromiumLaunchOptions);
const sizes = [
  { name: 'desktop', width: 1280, height: 720, touch: false },
  { name: 'phone', width: 390, height: 844, touch: true },
  { name: 'landscape', width: 844, height: 390, touch: true },
  { name: 'narrow', width: 320, height: 640, touch: true },
].filter((s) => wanted.includes(s.name));
if (sizes.length === 0)
  throw new Error(`--sizes: choose from desktop, phone, landscape, narrow (got ${wanted.join(',')})`);
for (const size of sizes) {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    hasTouch: size.touch,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  page.on('console', (m) => m.type() === 'error' && console.error('console', m.text()));
  for (const id of ids) {
    for (const lang of ['en', 'ru']) {
      for (const step of stepsOf(id)) {
        // Speaker-sequence step N is reveal's fragment N - 1; a fresh document each time (a hash change would not
        // reload the deck). A later step is reached as the presenter reaches it: the step before by its address, then
        // the clicker's "next", so that what a press does (a quiz's reveal) shows.
        const before = step - 1;
        const hash = before > 0 ? `#/${id}/${before - 1}` : `#/${id}`;
        await page.goto('about:blank');
        await page.goto(`http://127.0.0.1:${port}/index.html?lang=${lang}&theme=${theme}${present}${hash}`);
        await page.waitForSelector('html[data-deck-ready="true"]');
        if (step > 0) {
          await page.waitForTimeout(600);
          await page.keyboard.press('PageDown');
        }
        await page.waitForTimeout(1200);
        const file = `${out}/${id}-${lang}-${size.name}${values.present ? '-present' : ''}${values.steps ? `-s${step}` : ''}.png`;
        await page.screenshot({ path: file });
        console.log(file);
      }
    }
  }
  await context.close();
}
await browser.close();
server.httpServer.close();
