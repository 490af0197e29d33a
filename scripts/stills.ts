/**
 * `npm run stills`: pictures of the demos for hosts that show no frame and run no script (a GitHub README or wiki,
 * MediaWiki, a PDF, someone else's slide), and the heights oEmbed gives (scripts/oembed.ts).
 *
 *   npm run stills [-- --slide c10k[,…]] [--step 2] [--lang ru|en] [--theme light|dark] [--width 640]
 *                  [--dist dist] [--out stills] [--heights-only]
 *
 * Every embeddable slide at every speaker step, in both languages, light and dark (the options select), is opened
 * as its embed page (`embed.html?slide=…&lang=…&theme=…&step=…`) in headless Chromium from the built deck (`--dist`,
 * served on 127.0.0.1 for the run), in a frame `--width` wide (640) and exactly as tall as the demo needs, and
 * written as `<out>/<id>/<id>-s<step>-<lang>-<theme>[-w<width>].png`, and `.svg` beside it where the demo draws its
 * picture as SVG (its largest `<svg>`, with the styles it was drawn with written into it). `<out>/stills.json` lists
 * each file with its size and its alt text, in the slide's words: its title and what the speaker says at that step.
 *
 * On each slide, language and step it opens (in the first theme asked for), it also measures the height the demo
 * needs at each width in lib/oembed.ts's MEASURED_WIDTHS and keeps it in `<out>/heights.json`, merged with what is
 * there (`--heights-only`: only that, no pictures). The build reads both (scripts/oembed.ts): the oEmbed heights,
 * and the default state's stills (step 0, light) as the site's `stills/<id>[.ru].png`.
 */
import { chromium, type Page } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { preview } from 'vite';
import { chromiumLaunchOptions } from './chromium.ts';
import { parseCommandLine } from './command-line.ts';
import { stepAlt } from './slide-words.ts';
import { embeddableSlides } from '../slides/index.ts';
import { LANGS, isLang, type Lang } from '../lib/i18n.ts';
import { MEASURED_WIDTHS, OEMBED_WIDTH, type HeightTable } from '../lib/oembed.ts';

const USAGE =
  'usage: npm run stills [-- --slide c10k[,…]] [--step N] [--lang ru|en] [--theme light|dark] [--width 640] [--dist dist] [--out stills] [--heights-only]';
const fail = (message: string): never => {
  console.error(`stills: ${message}\n${USAGE}`);
  process.exit(2);
};
const { values } = parseCommandLine(
  {
    options: {
      slide: { type: 'string' },
      step: { type: 'string' },
      lang: { type: 'string' },
      theme: { type: 'string' },
      width: { type: 'string', default: String(OEMBED_WIDTH) },
      dist: { type: 'string', default: 'dist' },
      out: { type: 'string', default: 'stills' },
      'heights-only': { type: 'boolean', default: false },
    },
  },
  fail,
);

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const all = embeddableSlides();
const slides = values.slide
  ? values.slide.split(',').map((id) => all.find((s) => s.id === id) ?? fail(`no embeddable slide “${id}”`))
  : all;
const langs: readonly Lang[] = values.lang
  ? [isLang(values.lang) ? values.lang : fail(`--lang is ru or en, not “${values.lang}”`)]
  : LANGS;
const themes: readonly Theme[] = values.theme
  ? [THEMES.find((t) => t === values.theme) ?? fail(`--theme is light or dark, not “${values.theme}”`)]
  : THEMES;
if (!/^\d{3,4}$/.test(values.width) || Number(values.width) < 320 || Number(values.width) > 2000)
  fail(`--width is a whole number of pixels from 320 to 2000, not “${values.width}”`);
const width = Number(values.width);
if (values.step !== undefined && !/^\d{1,3}$/.test(values.step)) fail(`--step is a whole number, not “${values.step}”`);
const dist = resolve(values.dist);
if (!existsSync(join(dist, 'embed.html'))) fail(`no ${join(dist, 'embed.html')}: build the deck first (npm run build)`);
const out = resolve(values.out);
mkdirSync(out, { recursive: true });

/** A JSON file of the output folder, or `empty` when it is not there yet. */
function readJson<T>(file: string, empty: T): T {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : empty;
}
const heightsFile = join(out, 'heights.json');
const heights = readJson<HeightTable>(heightsFile, { widths: [...MEASURED_WIDTHS], slides: {} });
if (heights.widths.join() !== MEASURED_WIDTHS.join()) {
  // measured at other widths: start again
  heights.widths = [...MEASURED_WIDTHS];
  heights.slides = {};
}
export interface StillEntry {
  slide: string;
  step: number;
  lang: Lang;
  theme: Theme;
  width: number;
  height: number;
  alt: string;
  svg?: string;
}
const manifestFile = join(out, 'stills.json');
const manifest = readJson<Record<string, StillEntry>>(manifestFile, {});

/** Waits until the embed page shows the demo drawn and settled; false when the page shows an error instead. */
async function settled(page: Page, tag: string): Promise<boolean> {
  await page.waitForFunction(
    (t) => customElements.get(t) !== undefined || document.querySelector('.embed-error, .embed-unknown') !== null,
    tag,
  );
  const ok = await page.evaluate(async (t) => {
    const el = document.querySelector<Element & { updateComplete?: Promise<unknown> }>(`main > ${t}`);
    if (!el) return false;
    await el.updateComplete;
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return document.querySelector('.embed-error') === null;
  }, tag);
  // charts and lazily loaded parts (a listing's grammar) draw after the element's first update
  await page.waitForTimeout(600);
  return ok;
}

/** The page's height in a viewport `w` wide, found by sizing the viewport to it until it no longer grows. */
async function fitHeight(page: Page, w: number): Promise<number> {
  let h = 200;
  for (let i = 0; i < 5; i++) {
    await page.setViewportSize({ width: w, height: h });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.waitForTimeout(120);
    const need = await page.evaluate(() =>
      Math.ceil(
        Math.max(document.documentElement.getBoundingClientRect().height, document.documentElement.scrollHeight),
      ),
    );
    if (need <= h) return h;
    h = need;
  }
  return h;
}

/**
 * The demo's largest `<svg>` (at least 120 × 80), standalone: each element's drawn style (fills, strokes, fonts)
 * written into it, since the page's style sheets do not travel with it; undefined when the demo draws none.
 */
function svgOfPage(page: Page): Promise<string | undefined> {
  // As text: tsx would wrap a function's inner functions in a helper the page does not have.
  return page.evaluate<string | undefined>(SVG_OF_PAGE);
}
const SVG_OF_PAGE = `(() => {
  const found = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el instanceof SVGSVGElement && !el.parentElement?.closest('svg')) found.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  const area = (el) => el.getBoundingClientRect().width * el.getBoundingClientRect().height;
  const svg = found.filter((el) => area(el) >= 120 * 80).sort((a, b) => area(b) - area(a))[0];
  if (!svg) return undefined;
  const PROPS = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity', 'opacity',
    'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'visibility',
    'display'];
  const copy = svg.cloneNode(true);
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((el, i) => {
    const style = getComputedStyle(el);
    to[i]?.setAttribute('style', PROPS.map((p) => p + ':' + style.getPropertyValue(p)).join(';'));
  });
  const box = svg.getBoundingClientRect();
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(Math.round(box.width)));
  copy.setAttribute('height', String(Math.round(box.height)));
  if (!copy.getAttribute('viewBox')) copy.setAttribute('viewBox', '0 0 ' + box.width + ' ' + box.height);
  // the theme's background, which the page gave it: a dark picture's light text stays legible anywhere
  const [x, y, w, h] = copy.getAttribute('viewBox').split(/[\\s,]+/);
  const back = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  for (const [k, v] of [['x', x], ['y', y], ['width', w], ['height', h]]) back.setAttribute(k, v);
  back.setAttribute('style', 'fill:' + getComputedStyle(document.body).backgroundColor + ';stroke:none');
  copy.insertBefore(back, copy.firstChild);
  // without Lit's markers (comments)
  return new XMLSerializer().serializeToString(copy).replace(/<!--[\\s\\S]*?-->/g, '');
})()`;

const server = await preview({
  configFile: false,
  logLevel: 'silent',
  build: { outDir: dist },
  preview: { port: 0, host: '127.0.0.1' },
});
const address = server.httpServer.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const browser = await chromium.launch(chromiumLaunchOptions);
let written = 0;
let failures = 0;
try {
  const context = await browser.newContext({ deviceScaleFactor: 1, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('stills: page error', e.message));
  for (const slide of slides) {
    const tag = slide.demo!.tag;
    const count = slide.demo!.sequence.length;
    const steps =
      values.step === undefined
        ? Array.from({ length: count }, (_, i) => i)
        : [Math.min(Number(values.step), count - 1)];
    for (const lang of langs) {
      for (const step of steps) {
        for (const [t, theme] of themes.entries()) {
          await page.setViewportSize({ width, height: 400 });
          await page.goto('about:blank');
          await page.goto(`${origin}/embed.html?slide=${slide.id}&lang=${lang}&theme=${theme}&step=${step}`);
          if (!(await settled(page, tag))) {
            console.error(`stills: ${slide.id} (${lang}, step ${step}) shows an error, not its demo`);
            failures++;
            continue;
          }
          if (t === 0) {
            const row: number[] = [];
            for (const w of MEASURED_WIDTHS) row.push(await fitHeight(page, w));
            const bySlide = (heights.slides[slide.id] ??= {});
            const byLang = (bySlide[lang] ??= []);
            byLang[step] = row;
            byLang.length = count;
            for (let i = 0; i < count; i++) byLang[i] ??= [];
          }
          if (values['heights-only']) break;
          const height = await fitHeight(page, width);
          const name = `${slide.id}-s${step}-${lang}-${theme}${width === OEMBED_WIDTH ? '' : `-w${width}`}`;
          mkdirSync(join(out, slide.id), { recursive: true });
          const png = `${slide.id}/${name}.png`;
          await page.screenshot({ path: join(out, png) });
          const svgText = await svgOfPage(page);
          const svg = svgText ? `${slide.id}/${name}.svg` : undefined;
          if (svgText && svg) writeFileSync(join(out, svg), svgText);
          const alt = await stepAlt(slide, lang, step);
          manifest[png] = { slide: slide.id, step, lang, theme, width, height, alt, ...(svg ? { svg } : {}) };
          console.log(`${join(values.out, png)}${svg ? ` (+ .svg)` : ''}`);
          written++;
        }
      }
    }
    writeFileSync(heightsFile, `${JSON.stringify(heights)}\n`);
    writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 1)}\n`);
  }
  await context.close();
} finally {
  await browser.close();
  server.httpServer.close();
}
console.log(
  `stills: ${written} pictures in ${values.out}/, heights of ${slides.length} slides in ${values.out}/heights.json`,
);
if (failures > 0) process.exit(1);
