/**
 * oEmbed for the deck's embeddable slides, pure: the answer for one slide (its frame's height measured at build, a
 * description, a thumbnail), and the reading of a consumer's request (`oembed.json?url=…&maxwidth=…&maxheight=…`).
 * The build writes what it knows of each slide, independent of where the deck is served, to `oembed/_index.json`
 * (scripts/oembed.ts); the static per-slide answers (`oembed/<id>.json`), `vite preview` (scripts/oembed-serve.ts)
 * and the workshop server (server/http.ts) all answer from it through these functions.
 */
import { isLang, type Lang } from './i18n.ts';

/** The frame's width when the consumer sets none: the width the heights are promised at. */
export const OEMBED_WIDTH = 640;
/** The frame widths the build measures each slide's height at (scripts/stills.ts). */
export const MEASURED_WIDTHS: readonly number[] = [320, 480, 640, 960];
/** The height an answer gives where no height was measured (a build without a browser): stated in docs/embedding.md. */
export const UNMEASURED_HEIGHT = 900;

/** What `npm run stills` measured: per slide and language, per speaker step, the height at each of `widths`. */
export interface HeightTable {
  widths: number[];
  slides: Record<string, Partial<Record<Lang, number[][]>>>;
}

/** What the build knows of one slide in one language, wherever the deck is served. */
export interface OembedEntry {
  id: string;
  lang: Lang;
  title: string;
  description: string;
  provider_name: string;
  /**
   * The frame's height at each measured width (ascending), the tallest of the slide's steps: the frame shows the
   * whole demo whichever step a reader clicks to. Empty when nothing was measured.
   */
  heights: { width: number; height: number }[];
  /** The still of the slide's default state (step 0, light), relative to the deck: `stills/c10k.png`. */
  thumbnail?: { path: string; width: number; height: number; alt: string };
}

export interface OembedIndex {
  /** Keyed by `entryKey`. */
  entries: Record<string, OembedEntry>;
}

export interface OembedResponse {
  version: '1.0';
  type: 'rich';
  title: string;
  html: string;
  width: number;
  height: number;
  description: string;
  provider_name: string;
  provider_url: string;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
}

/** `c10k` for English, `c10k.ru` for Russian: the names of a slide's embed page and oEmbed file. */
export const entryKey = (id: string, lang: Lang): string => (lang === 'en' ? id : `${id}.${lang}`);

const escAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The heights table's per-step rows made into one height per width: the tallest step at each. */
export function tallestSteps(widths: readonly number[], steps: readonly (readonly number[])[]) {
  return widths.map((width, i) => ({ width, height: Math.max(0, ...steps.map((row) => row[i] ?? 0)) }));
}

/**
 * The frame height that shows the whole demo at `width`: the one measured at the widest measured width not wider
 * than it (a narrower frame is the taller, so this is never short), else at the narrowest; UNMEASURED_HEIGHT when
 * nothing was measured. A frame narrower than every measured width may need more: it scrolls (never clips).
 */
export function heightAt(entry: OembedEntry, width: number): number {
  const measured = [...entry.heights].sort((a, b) => a.width - b.width).filter((h) => h.height > 0);
  if (measured.length === 0) return UNMEASURED_HEIGHT;
  const fit = measured.filter((h) => h.width <= width).pop() ?? measured[0]!;
  return fit.height;
}

export interface Limits {
  maxwidth?: number;
  maxheight?: number;
}

/**
 * The oEmbed answer for one slide, at the deck's address `base` (absolute, ending in `/`): a frame OEMBED_WIDTH
 * wide (or `maxwidth`) as tall as the demo needs there (at most `maxheight`: then the frame scrolls), the slide's
 * description, and its still as the thumbnail when the build has it and it fits `maxwidth` and `maxheight`.
 */
export function oembedResponse(base: string, entry: OembedEntry, limits: Limits = {}): OembedResponse {
  const width = Math.min(OEMBED_WIDTH, limits.maxwidth ?? OEMBED_WIDTH);
  const height = Math.min(heightAt(entry, width), limits.maxheight ?? Infinity);
  const src = new URL(`embed.html?${new URLSearchParams({ slide: entry.id, lang: entry.lang }).toString()}`, base).href;
  const answer: OembedResponse = {
    version: '1.0',
    type: 'rich',
    title: entry.title,
    html:
      `<iframe src="${escAttr(src)}" title="${escAttr(entry.title)}" width="${width}" height="${height}"` +
      ` style="border:0;max-width:100%" loading="lazy" allow="fullscreen"></iframe>`,
    width,
    height,
    description: entry.description,
    provider_name: entry.provider_name,
    provider_url: base,
  };
  const thumb = entry.thumbnail;
  if (thumb && thumb.width <= (limits.maxwidth ?? Infinity) && thumb.height <= (limits.maxheight ?? Infinity)) {
    answer.thumbnail_url = new URL(thumb.path, base).href;
    answer.thumbnail_width = thumb.width;
    answer.thumbnail_height = thumb.height;
  }
  return answer;
}

/**
 * The slide an address names, if it is one of the deck's at `base`: `embed/<id>[.ru].html`,
 * `embed.html?slide=<id>&lang=…`, or the deck's own `index.html?lang=…#/<id>` (or `base` itself with `#/<id>`).
 * Anything else: a sentence saying why not.
 */
export function slideOfAddress(base: string, address: string): { id: string; lang: Lang } | { error: string } {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { error: `“${address}” is not an absolute address.` };
  }
  const deck = new URL(base);
  if (url.origin !== deck.origin || !url.pathname.startsWith(deck.pathname))
    return { error: `“${address}” is not an address of this deck (${base}).` };
  const rest = url.pathname.slice(deck.pathname.length);
  const page = /^embed\/([a-z0-9-]+)(?:\.([a-z]{2}))?\.html$/.exec(rest);
  if (page) {
    const lang = page[2] ?? 'en';
    // `embed/c10k.html` is English; `embed/c10k.ru.html` Russian; `.en.html` is no page the build writes.
    if (!isLang(lang) || (page[2] !== undefined && lang === 'en'))
      return { error: `“${address}” names no language of this deck.` };
    return { id: page[1]!, lang };
  }
  const langOf = (value: string | null): Lang => (isLang(value) ? value : 'en');
  if (rest === 'embed.html') {
    const id = url.searchParams.get('slide');
    if (id) return { id, lang: langOf(url.searchParams.get('lang')) };
    return { error: `“${address}” names no slide (embed.html?slide=<id>).` };
  }
  if (rest === '' || rest === 'index.html') {
    const id = /^#\/([^/?]+)/.exec(url.hash)?.[1];
    if (id) return { id: decodeURIComponent(id), lang: langOf(url.searchParams.get('lang')) };
    return { error: `“${address}” names no slide (index.html#/<id>).` };
  }
  return { error: `“${address}” is not a slide’s address in this deck.` };
}

/** A whole number of pixels from a query parameter, or undefined (absent, not a positive whole number). */
function pixels(value: string | null): number | undefined {
  if (value === null || !/^\d{1,5}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

export interface OembedReply {
  status: number;
  contentType: string;
  body: string;
}

const refuse = (status: number, message: string): OembedReply => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body: `${message}\n`,
});

/**
 * An oEmbed endpoint's reply to `query` (`url`, `maxwidth`, `maxheight`, `format`), for the deck served at `base`,
 * from the build's index: 200 with the JSON; 400 without `url`; 404 for an address that is not one of this deck's
 * embeddable slides (the message says why); 501 for a format other than JSON (oEmbed's own codes).
 */
export function oembedReply(base: string, index: OembedIndex, query: URLSearchParams): OembedReply {
  const format = query.get('format');
  if (format !== null && format !== 'json') return refuse(501, `Only format=json is served, not “${format}”.`);
  const address = query.get('url');
  if (!address) return refuse(400, 'Give the slide’s address: oembed.json?url=<address of an embed page>.');
  const slide = slideOfAddress(base, address);
  if ('error' in slide) return refuse(404, slide.error);
  const entry = index.entries[entryKey(slide.id, slide.lang)];
  if (!entry) return refuse(404, `This deck has no embeddable slide “${slide.id}”.`);
  const answer = oembedResponse(base, entry, {
    maxwidth: pixels(query.get('maxwidth')),
    maxheight: pixels(query.get('maxheight')),
  });
  return { status: 200, contentType: 'application/json; charset=utf-8', body: `${JSON.stringify(answer)}\n` };
}

/** The build's index, checked enough to answer from: a JSON object with `entries`. */
export function parseOembedIndex(text: string): OembedIndex | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && 'entries' in value && typeof value.entries === 'object')
      return value as OembedIndex;
  } catch {
    // not JSON: no index
  }
  return undefined;
}
