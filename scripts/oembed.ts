/**
 * oEmbed for every embeddable slide, written after `vite build` (the `build` script) when `DECK_URL` names where the
 * deck will be served (`DECK_URL=https://host/deck/ npm run build`): oEmbed's URLs must be absolute, so without it
 * nothing is written (and the build says so).
 *
 * - `embed/<id>.html` (English) and `embed/<id>.ru.html`: the embed page with the slide fixed (the same app: a
 *   `<meta name="hsw-slide">` names the slide to src/embed.ts) and, in its `<head>`, the discovery link a crawler sees
 *   without running any script: `<link rel="alternate" type="application/json+oembed" href=…>`;
 * - `oembed/<id>.json` and `oembed/<id>.ru.json`: version 1.0, type `rich`, an `<iframe>` of `embed.html?slide=<id>`
 *   in `html`, title, width, height, provider_name, provider_url.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Lang } from '../lib/i18n.ts';
import { embeddableSlides } from '../slides/index.ts';
import type { SlideDef } from '../slides/types.ts';
import { deckText } from '../src/deck-text.ts';

export const OEMBED_WIDTH = 960;
export const OEMBED_HEIGHT = 640;

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

const suffix = (lang: Lang) => (lang === 'en' ? '' : `.${lang}`);

export interface OembedFile {
  version: '1.0';
  type: 'rich';
  title: string;
  html: string;
  width: number;
  height: number;
  provider_name: string;
  provider_url: string;
}

/** The oEmbed response for one slide in one language. */
export function oembedJson(base: string, slide: SlideDef, lang: Lang): OembedFile {
  const src = new URL(`embed.html?${new URLSearchParams({ slide: slide.id, lang }).toString()}`, base).href;
  const title = slide.title[lang];
  return {
    version: '1.0',
    type: 'rich',
    title,
    html:
      `<iframe src="${escAttr(src)}" title="${escAttr(title)}" width="${OEMBED_WIDTH}" height="${OEMBED_HEIGHT}"` +
      ` style="border:0;max-width:100%" loading="lazy" allow="fullscreen"></iframe>`,
    width: OEMBED_WIDTH,
    height: OEMBED_HEIGHT,
    provider_name: deckText[lang].deckTitle,
    provider_url: base,
  };
}

/**
 * The built embed page (`dist/embed.html`) as `embed/<id>[.ru].html`: one folder down (so `./assets/` becomes
 * `../assets/`), the slide and language fixed, the title the slide's, and the oEmbed discovery link.
 */
export function slidePage(embedHtml: string, base: string, slide: SlideDef, lang: Lang): string {
  const title = `${slide.title[lang]} · ${deckText[lang].deckTitle}`;
  const json = new URL(`oembed/${slide.id}${suffix(lang)}.json`, base).href;
  const head = [
    `<meta name="hsw-slide" content="${escAttr(slide.id)}" />`,
    `<meta name="hsw-lang" content="${lang}" />`,
    `<meta name="hsw-deck-base" content="../" />`,
    `<link rel="alternate" type="application/json+oembed" href="${escAttr(json)}" title="${escAttr(title)}" />`,
    `<link rel="canonical" href="${escAttr(new URL(`embed/${slide.id}${suffix(lang)}.html`, base).href)}" />`,
  ].join('\n    ');
  const out = embedHtml
    .replace(/(\s(?:src|href)=")\.\/assets\//g, '$1../assets/')
    .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escAttr(title)}</title>\n    ${head}`);
  if (!out.includes('application/json+oembed') || out.includes('"./assets/'))
    throw new Error('dist/embed.html is not the page this script knows: no oEmbed page written');
  return out;
}

/** Writes every embeddable slide's two pages and two oEmbed files into `dist`; returns how many slides. */
export function writeOembed(dist: string, base: string): number {
  const embedHtml = readFileSync(join(dist, 'embed.html'), 'utf8');
  mkdirSync(join(dist, 'embed'), { recursive: true });
  mkdirSync(join(dist, 'oembed'), { recursive: true });
  const slides = embeddableSlides();
  for (const slide of slides) {
    for (const lang of ['en', 'ru'] as const) {
      writeFileSync(join(dist, 'embed', `${slide.id}${suffix(lang)}.html`), slidePage(embedHtml, base, slide, lang));
      writeFileSync(
        join(dist, 'oembed', `${slide.id}${suffix(lang)}.json`),
        `${JSON.stringify(oembedJson(base, slide, lang), null, 2)}\n`,
      );
    }
  }
  return slides.length;
}

function main(): void {
  const { values } = parseArgs({ options: { dist: { type: 'string' } } });
  const dist = resolve(values.dist ?? 'dist');
  const given = process.env['DECK_URL'];
  if (!given) {
    console.log(
      'oEmbed: DECK_URL is not set, so no oEmbed files were written (their URLs must be absolute). ' +
        'Build with DECK_URL=https://host/deck/ npm run build to write dist/embed/<id>.html and dist/oembed/<id>.json.',
    );
    return;
  }
  if (!existsSync(join(dist, 'embed.html'))) {
    console.error(`oEmbed: no ${join(dist, 'embed.html')}: build the deck first`);
    process.exit(1);
  }
  let base: string;
  try {
    base = deckBase(given);
  } catch (error) {
    console.error(`oEmbed: ${(error as Error).message}`);
    process.exit(2);
  }
  const n = writeOembed(dist, base);
  console.log(`oEmbed: ${n} slides × 2 languages in ${dist}/embed/ and ${dist}/oembed/, for ${base}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
