/**
 * oEmbed and stills for every embeddable slide, written after `vite build` (the `build` script).
 *
 * Always (wherever the deck will be served):
 * - `oembed/_index.json`: what an oEmbed answer says of each slide in each language (lib/oembed.ts's OembedIndex):
 *   title, description (the slide's first paragraph), the frame's height at each measured width (the tallest of its
 *   steps, from `stills/heights.json`, which `npm run stills` measures in Chromium; without it, UNMEASURED_HEIGHT),
 *   and the thumbnail. `vite preview` and the workshop server answer `oembed.json?url=…` from it;
 * - `stills/<id>.png` and `stills/<id>.ru.png`: the still of each slide's default state (step 0, light, 640 px wide),
 *   copied from what `npm run stills` wrote into `stills/`, when it is there and within STILL_BUDGET.
 *
 * When `DECK_URL` names where the deck will be served (`DECK_URL=https://host/deck/ npm run build`; oEmbed's URLs
 * must be absolute, so without it these are not written, and the build says so):
 * - `embed/<id>.html` (English) and `embed/<id>.ru.html`: the embed page with the slide fixed (the same app: a
 *   `<meta name="hsw-slide">` names the slide to src/embed.ts) and, in its `<head>`, what a crawler sees without
 *   running any script: the oEmbed discovery link, the description, and `og:image` (the still) where there is one;
 * - `oembed/<id>.json` and `oembed/<id>.ru.json`: the answer at the default width (lib/oembed.ts), for static hosts,
 *   which cannot read `?url=` or `?maxwidth=`.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Lang } from '../lib/i18n.ts';
import {
  entryKey,
  oembedResponse,
  tallestSteps,
  type HeightTable,
  type OembedEntry,
  type OembedIndex,
  type OembedResponse,
  UNMEASURED_HEIGHT,
} from '../lib/oembed.ts';
import { embeddableSlides } from '../slides/index.ts';
import type { SlideDef } from '../slides/types.ts';
import { deckText } from '../src/deck-text.ts';
import { slideDescription } from './slide-words.ts';

/**
 * What the site may carry of stills: each at most 250 KB, all of them together at most 8 MB (52 pictures: every
 * embeddable slide's default state in both languages). A still over either is left out, and the build says so.
 */
export const STILL_BUDGET = { each: 250 * 1024, total: 8 * 1024 * 1024 };

const escAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The deck's address as given, checked: absolute http(s), ending in `/`. Throws a message a person can act on. */
export function deckBase(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`DECK_URL must be an absolute address such as https://host/deck/, not “${value}”`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`DECK_URL must be an http or https address, not “${value}”`);
  if (url.search || url.hash) throw new Error(`DECK_URL must not carry a query or a hash: “${value}”`);
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** A PNG's width and height, from its header; undefined for anything that is not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || bytes.toString('latin1', 1, 4) !== 'PNG') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Where `npm run stills` writes (`--stills`), and what it wrote there. */
interface StillsDir {
  dir: string;
  heights: HeightTable | undefined;
  alts: Record<string, { alt?: string }>;
}

function readStills(dir: string): StillsDir {
  const json = <T>(name: string): T | undefined =>
    existsSync(join(dir, name)) ? (JSON.parse(readFileSync(join(dir, name), 'utf8')) as T) : undefined;
  return { dir, heights: json<HeightTable>('heights.json'), alts: json('stills.json') ?? {} };
}

/** The slide's entry in the build's oEmbed index (without its thumbnail, which `copyStills` adds). */
export async function oembedEntry(slide: SlideDef, lang: Lang, heights?: HeightTable): Promise<OembedEntry> {
  const steps = heights?.slides[slide.id]?.[lang]?.filter((row) => row.length > 0) ?? [];
  return {
    id: slide.id,
    lang,
    title: slide.title[lang],
    description: await slideDescription(slide, lang),
    provider_name: deckText[lang].deckTitle,
    heights: steps.length > 0 && heights ? tallestSteps(heights.widths, steps) : [],
  };
}

/**
 * Copies each entry's default still (`<stills>/<id>/<id>-s0-<lang>-light.png`) into `dist/stills/<key>.png` and
 * names it in the entry, within STILL_BUDGET; returns what it copied and what it left out, and why.
 */
export function copyStills(dist: string, stills: StillsDir, entries: OembedEntry[]) {
  const copied: string[] = [];
  const refused: string[] = [];
  let total = 0;
  for (const entry of entries) {
    const name = `${entry.id}/${entry.id}-s0-${entry.lang}-light.png`;
    const from = join(stills.dir, name);
    if (!existsSync(from)) continue;
    const bytes = readFileSync(from);
    const size = pngSize(bytes);
    if (!size) {
      refused.push(`${name}: not a PNG`);
      continue;
    }
    if (bytes.length > STILL_BUDGET.each || total + bytes.length > STILL_BUDGET.total) {
      refused.push(
        `${name}: ${Math.ceil(bytes.length / 1024)} KB is over the budget (${STILL_BUDGET.each / 1024} KB each, ` +
          `${STILL_BUDGET.total / 1024 / 1024} MB in all)`,
      );
      continue;
    }
    total += bytes.length;
    const path = `stills/${entryKey(entry.id, entry.lang)}.png`;
    mkdirSync(join(dist, 'stills'), { recursive: true });
    copyFileSync(from, join(dist, path));
    entry.thumbnail = { path, ...size, alt: stills.alts[name]?.alt ?? entry.title };
    copied.push(path);
  }
  return { copied, refused, bytes: total };
}

/** The oEmbed response for one slide in one language at the deck's address (the static `oembed/<id>.json`). */
export function oembedJson(base: string, entry: OembedEntry): OembedResponse {
  return oembedResponse(base, entry);
}

/**
 * The built embed page (`dist/embed.html`) as `embed/<id>[.ru].html`: one folder down (so `./assets/` becomes
 * `../assets/`), the slide and language fixed, the title the slide's, the oEmbed discovery link, the description,
 * and Open Graph's title, description and image (the still, where the build has it).
 */
export function slidePage(embedHtml: string, base: string, entry: OembedEntry): string {
  const { id, lang } = entry;
  const title = `${entry.title} · ${entry.provider_name}`;
  const json = new URL(`oembed/${entryKey(id, lang)}.json`, base).href;
  const canonical = new URL(`embed/${entryKey(id, lang)}.html`, base).href;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escAttr(value)}" />`;
  const thumb = entry.thumbnail;
  const head = [
    meta('name', 'hsw-slide', id),
    meta('name', 'hsw-lang', lang),
    meta('name', 'hsw-deck-base', '../'),
    `<link rel="alternate" type="application/json+oembed" href="${escAttr(json)}" title="${escAttr(title)}" />`,
    `<link rel="canonical" href="${escAttr(canonical)}" />`,
    meta('name', 'description', entry.description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', entry.title),
    meta('property', 'og:description', entry.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:site_name', entry.provider_name),
    ...(thumb
      ? [
          meta('property', 'og:image', new URL(thumb.path, base).href),
          meta('property', 'og:image:type', 'image/png'),
          meta('property', 'og:image:width', String(thumb.width)),
          meta('property', 'og:image:height', String(thumb.height)),
          meta('property', 'og:image:alt', thumb.alt),
          meta('name', 'twitter:card', 'summary_large_image'),
        ]
      : []),
  ].join('\n    ');
  const out = embedHtml
    .replace(/(\s(?:src|href)=")\.\/assets\//g, '$1../assets/')
    .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escAttr(title)}</title>\n    ${head}`);
  if (!out.includes('application/json+oembed') || out.includes('"./assets/'))
    throw new Error('dist/embed.html is not the page this script knows: no oEmbed page written');
  return out;
}

export interface OembedBuild {
  slides: number;
  /** How many slide/language pairs have measured heights. */
  measured: number;
  stills: ReturnType<typeof copyStills>;
  /** Whether the pages and static answers were written (DECK_URL given). */
  pages: boolean;
}

/**
 * Writes the index and the stills into `dist` and, given the deck's address `base`, every embeddable slide's two
 * pages and two oEmbed files. `stillsDir`: where `npm run stills` wrote (`stills/`).
 */
export async function writeOembed(dist: string, base: string | undefined, stillsDir = 'stills'): Promise<OembedBuild> {
  const stills = readStills(resolve(stillsDir));
  const slides = embeddableSlides();
  const entries: OembedEntry[] = [];
  for (const slide of slides)
    for (const lang of ['en', 'ru'] as const) entries.push(await oembedEntry(slide, lang, stills.heights));
  const copied = copyStills(dist, stills, entries);
  const index: OembedIndex = { entries: Object.fromEntries(entries.map((e) => [entryKey(e.id, e.lang), e])) };
  mkdirSync(join(dist, 'oembed'), { recursive: true });
  writeFileSync(join(dist, 'oembed', '_index.json'), `${JSON.stringify(index)}\n`);
  if (base) {
    const embedHtml = readFileSync(join(dist, 'embed.html'), 'utf8');
    mkdirSync(join(dist, 'embed'), { recursive: true });
    for (const entry of entries) {
      const key = entryKey(entry.id, entry.lang);
      writeFileSync(join(dist, 'embed', `${key}.html`), slidePage(embedHtml, base, entry));
      writeFileSync(join(dist, 'oembed', `${key}.json`), `${JSON.stringify(oembedJson(base, entry), null, 2)}\n`);
    }
  }
  return {
    slides: slides.length,
    measured: entries.filter((e) => e.heights.length > 0).length,
    stills: copied,
    pages: !!base,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dist: { type: 'string' }, stills: { type: 'string' } } });
  const dist = resolve(values.dist ?? 'dist');
  if (!existsSync(join(dist, 'embed.html'))) {
    console.error(`oEmbed: no ${join(dist, 'embed.html')}: build the deck first`);
    process.exit(1);
  }
  const given = process.env['DECK_URL'];
  let base: string | undefined;
  try {
    base = given ? deckBase(given) : undefined;
  } catch (error) {
    console.error(`oEmbed: ${(error as Error).message}`);
    process.exit(2);
  }
  const built = await writeOembed(dist, base, values.stills ?? 'stills');
  const pairs = built.slides * 2;
  console.log(
    built.measured === pairs
      ? `oEmbed: heights measured for all ${built.slides} slides in both languages (stills/heights.json)`
      : `oEmbed: heights measured for ${built.measured} of ${pairs} slide/language pairs; the others are given ` +
          `${UNMEASURED_HEIGHT} px (measure them in Chromium: npm run stills -- --heights-only)`,
  );
  const kb = Math.round(built.stills.bytes / 1024);
  console.log(
    built.stills.copied.length > 0
      ? `oEmbed: ${built.stills.copied.length} stills (${kb} KB) in ${dist}/stills/`
      : 'oEmbed: no stills (no og:image, no thumbnail_url): npm run stills -- --step 0 --theme light, then build again',
  );
  for (const line of built.stills.refused) console.warn(`oEmbed: still left out: ${line}`);
  console.log(
    base
      ? `oEmbed: ${built.slides} slides × 2 languages in ${dist}/embed/ and ${dist}/oembed/, for ${base}`
      : 'oEmbed: DECK_URL is not set, so no embed pages or static oEmbed files were written (their URLs must be ' +
          'absolute); vite preview and the workshop server answer oembed.json?url=… from oembed/_index.json. Build ' +
          'with DECK_URL=https://host/deck/ npm run build to write dist/embed/<id>.html and dist/oembed/<id>.json.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
