import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deckBase, oembedJson, OEMBED_HEIGHT, OEMBED_WIDTH, slidePage, writeOembed } from '../../scripts/oembed.ts';
import { embeddableSlides, slideById } from '../../slides/index.ts';
import type { SlideDef } from '../../slides/types.ts';

const base = 'https://example.org/talks/deck/';
const c10k = slideById('c10k')!;
/** A built embed.html, as Vite writes it with the relative base. */
const builtEmbed = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>How servers wait · demo</title>
    <script type="module" crossorigin src="./assets/embed-x1.js"></script>
    <link rel="modulepreload" crossorigin href="./assets/shell-x2.js">
    <link rel="stylesheet" crossorigin href="./assets/theme-x3.css">
  </head>
  <body class="embed"><main id="embed-root"></main></body>
</html>`;

/** The one iframe of an oEmbed `html`, its attributes unescaped as a browser reads them. */
function iframeOf(html: string): Record<string, string> {
  const m = /^<iframe ([^>]*)><\/iframe>$/.exec(html);
  if (!m?.[1]) throw new Error(`not one iframe: ${html}`);
  const attrs: Record<string, string> = {};
  for (const a of m[1].matchAll(/([a-z-]+)="([^"]*)"/g))
    attrs[a[1] ?? ''] = (a[2] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return attrs;
}

describe('DECK_URL', () => {
  it('is an absolute http(s) address, given a trailing slash', () => {
    expect(deckBase('https://example.org/talks/deck')).toBe(base);
    expect(deckBase(base)).toBe(base);
    expect(deckBase('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080/');
  });

  it('refuses anything else with a message that says what it wants', () => {
    expect(() => deckBase('deck/')).toThrow(/absolute address such as https:\/\/host\/deck\//);
    expect(() => deckBase('ftp://example.org/')).toThrow(/http or https/);
    expect(() => deckBase('javascript:alert(1)')).toThrow(/http or https/);
    expect(() => deckBase('https://example.org/deck/?x=1')).toThrow(/query or a hash/);
  });
});

describe('the oEmbed response', () => {
  it('is a rich oEmbed 1.0 with an iframe of embed.html at the deck’s absolute address', () => {
    for (const lang of ['en', 'ru'] as const) {
      const json = oembedJson(base, c10k, lang);
      expect(Object.keys(json).sort()).toEqual(
        ['height', 'html', 'provider_name', 'provider_url', 'title', 'type', 'version', 'width'].sort(),
      );
      expect(json).toMatchObject({ version: '1.0', type: 'rich', title: c10k.title[lang], provider_url: base });
      expect(json.width).toBe(OEMBED_WIDTH);
      expect(json.height).toBe(OEMBED_HEIGHT);
      const iframe = iframeOf(json.html);
      expect(iframe['src']).toBe(`${base}embed.html?slide=c10k&lang=${lang}`);
      expect(iframe['width']).toBe(String(OEMBED_WIDTH));
      expect(iframe['height']).toBe(String(OEMBED_HEIGHT));
      expect(iframe['title']).toBe(c10k.title[lang]);
    }
    expect(oembedJson(base, c10k, 'en').html).toContain('slide=c10k&amp;lang=en');
    expect(oembedJson(base, c10k, 'ru').provider_name).toBe('Как ждут серверы');
  });

  it('escapes what it writes into the iframe', () => {
    const odd: SlideDef = { ...c10k, id: 'a"b<c>&d', title: { en: 'A "quoted" <title> & more', ru: 'x' } };
    const json = oembedJson(`https://example.org/d"e/`, odd, 'en');
    const iframe = iframeOf(json.html);
    expect(json.html).not.toMatch(/<title>|"quoted"/);
    expect(iframe['title']).toBe('A "quoted" <title> & more');
    expect(new URL(iframe['src'] ?? '').searchParams.get('slide')).toBe('a"b<c>&d');
  });
});

describe('the per-slide embed pages', () => {
  it('carry the discovery link, fix the slide and language, and point one folder up for their files', () => {
    const page = slidePage(builtEmbed, base, c10k, 'ru');
    expect(page).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${base}oembed/c10k.ru.json" title="C10K: поток на соединение · Как ждут серверы" />`,
    );
    expect(page).toContain('<meta name="hsw-slide" content="c10k" />');
    expect(page).toContain('<meta name="hsw-lang" content="ru" />');
    expect(page).toContain('<html lang="ru">');
    expect(page).toContain('src="../assets/embed-x1.js"');
    expect(page).toContain('href="../assets/theme-x3.css"');
    expect(page).not.toContain('"./assets/');
  });

  it('refuses an embed.html it does not know', () => {
    expect(() => slidePage('<html><body></body></html>', base, c10k, 'en')).toThrow(/not the page this script knows/);
  });

  it('are written for every embeddable slide in both languages, with their JSON', () => {
    const dist = mkdtempSync(join(tmpdir(), 'hsw-oembed-'));
    try {
      writeFileSync(join(dist, 'embed.html'), builtEmbed);
      const n = writeOembed(dist, base);
      const ids = embeddableSlides().map((s) => s.id);
      expect(n).toBe(ids.length);
      expect(ids).not.toContain('title');
      const expected = ids.flatMap((id) => [`${id}.json`, `${id}.ru.json`]).sort();
      expect(readdirSync(join(dist, 'oembed')).sort()).toEqual(expected);
      expect(readdirSync(join(dist, 'embed')).sort()).toEqual(expected.map((f) => f.replace(/json$/, 'html')));
      const json = JSON.parse(readFileSync(join(dist, 'oembed', 'c10k.json'), 'utf8')) as { html: string };
      expect(iframeOf(json.html)['src']).toBe(`${base}embed.html?slide=c10k&lang=en`);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
