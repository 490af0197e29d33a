import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  deckBase,
  oembedEntry,
  oembedJson,
  pngSize,
  slidePage,
  STILL_BUDGET,
  writeOembed,
} from '../../scripts/oembed.ts';
import {
  heightAt,
  MEASURED_WIDTHS,
  OEMBED_WIDTH,
  oembedReply,
  oembedResponse,
  slideOfAddress,
  UNMEASURED_HEIGHT,
  type HeightTable,
  type OembedEntry,
  type OembedIndex,
} from '../../lib/oembed.ts';
import { embeddableSlides, slideById } from '../../slides/index.ts';

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

/** c10k measured: per step, the height at 320, 480, 640 and 960 px (step 2 the tallest at 640). */
const heights: HeightTable = {
  widths: [...MEASURED_WIDTHS],
  slides: {
    c10k: {
      en: [
        [1347, 1149, 900, 670],
        [1365, 1149, 934, 647],
        [1365, 1167, 940, 647],
      ],
    },
  },
};

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

/** A PNG header of the given size, padded to `bytes`. */
function png(width: number, height: number, bytes = 100): Buffer {
  const b = Buffer.alloc(Math.max(bytes, 24));
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
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
  it('is a rich oEmbed 1.0, 640 px wide, as tall as the tallest step needs there, with a description', async () => {
    for (const lang of ['en', 'ru'] as const) {
      const json = oembedJson(base, await oembedEntry(c10k, lang, heights));
      expect(Object.keys(json).sort()).toEqual(
        ['description', 'height', 'html', 'provider_name', 'provider_url', 'title', 'type', 'version', 'width'].sort(),
      );
      expect(json).toMatchObject({ version: '1.0', type: 'rich', title: c10k.title[lang], provider_url: base });
      expect(json.width).toBe(OEMBED_WIDTH);
      // measured in English only: Russian gets the stated default
      expect(json.height).toBe(lang === 'en' ? 940 : UNMEASURED_HEIGHT);
      const iframe = iframeOf(json.html);
      expect(iframe['src']).toBe(`${base}embed.html?slide=c10k&lang=${lang}`);
      expect(iframe['width']).toBe(String(json.width));
      expect(iframe['height']).toBe(String(json.height));
      expect(iframe['title']).toBe(c10k.title[lang]);
    }
    const en = await oembedEntry(c10k, 'en', heights);
    expect(en.description).toBe(
      'A thread per connection, blocking in read(): the simplest code. But a sleeping thread still costs.',
    );
    // a quiz leaves its words to its demo: its description is what the speaker says as it opens
    const quiz = await oembedEntry(slideById('quiz-fastapi')!, 'en');
    expect(quiz.description).toMatch(/^A question to close the chapter\./);
    expect(quiz.description.length).toBeLessThanOrEqual(300);
    expect(oembedJson(base, en).html).toContain('slide=c10k&amp;lang=en');
    expect(oembedJson(base, await oembedEntry(c10k, 'ru')).provider_name).toBe('Как ждут серверы');
  });

  it('honours maxwidth (the height measured at the widest width not wider) and maxheight (the frame scrolls)', async () => {
    const entry = await oembedEntry(c10k, 'en', heights);
    expect(heightAt(entry, 640)).toBe(940);
    expect(heightAt(entry, 1200)).toBe(670);
    expect(oembedResponse(base, entry, { maxwidth: 1200 })).toMatchObject({ width: 640, height: 940 });
    expect(oembedResponse(base, entry, { maxwidth: 500 })).toMatchObject({ width: 500, height: 1167 });
    expect(oembedResponse(base, entry, { maxwidth: 480 })).toMatchObject({ width: 480, height: 1167 });
    expect(oembedResponse(base, entry, { maxwidth: 479 })).toMatchObject({ width: 479, height: 1365 });
    // narrower than anything measured: the narrowest's height, and the frame scrolls
    expect(oembedResponse(base, entry, { maxwidth: 200 })).toMatchObject({ width: 200, height: 1365 });
    const capped = oembedResponse(base, entry, { maxheight: 600 });
    expect(capped).toMatchObject({ width: 640, height: 600 });
    expect(iframeOf(capped.html)['height']).toBe('600');
  });

  it('gives the still as the thumbnail while it fits the limits', async () => {
    const entry: OembedEntry = {
      ...(await oembedEntry(c10k, 'en', heights)),
      thumbnail: { path: 'stills/c10k.png', width: 640, height: 934, alt: 'alt' },
    };
    expect(oembedResponse(base, entry)).toMatchObject({
      thumbnail_url: `${base}stills/c10k.png`,
      thumbnail_width: 640,
      thumbnail_height: 934,
    });
    expect(oembedResponse(base, entry, { maxwidth: 600 }).thumbnail_url).toBeUndefined();
    expect(oembedResponse(base, entry, { maxheight: 900 }).thumbnail_url).toBeUndefined();
  });

  it('escapes what it writes into the iframe', async () => {
    const entry: OembedEntry = {
      ...(await oembedEntry(c10k, 'en')),
      id: 'a"b<c>&d',
      title: 'A "quoted" <title> & more',
    };
    const json = oembedJson(`https://example.org/d"e/`, entry);
    const iframe = iframeOf(json.html);
    expect(json.html).not.toMatch(/<title>|"quoted"/);
    expect(iframe['title']).toBe('A "quoted" <title> & more');
    expect(new URL(iframe['src'] ?? '').searchParams.get('slide')).toBe('a"b<c>&d');
  });
});

describe('oembed.json?url=', () => {
  const index = async (): Promise<OembedIndex> => ({
    entries: { c10k: await oembedEntry(c10k, 'en', heights), 'c10k.ru': await oembedEntry(c10k, 'ru', heights) },
  });
  const ask = async (params: Record<string, string>) => oembedReply(base, await index(), new URLSearchParams(params));

  it('knows a slide by any of the deck’s addresses for it', () => {
    expect(slideOfAddress(base, `${base}embed/c10k.html`)).toEqual({ id: 'c10k', lang: 'en' });
    expect(slideOfAddress(base, `${base}embed/c10k.ru.html`)).toEqual({ id: 'c10k', lang: 'ru' });
    expect(slideOfAddress(base, `${base}embed.html?slide=c10k&lang=ru&step=2`)).toEqual({ id: 'c10k', lang: 'ru' });
    expect(slideOfAddress(base, `${base}index.html?lang=ru#/c10k/1`)).toEqual({ id: 'c10k', lang: 'ru' });
    expect(slideOfAddress(base, `${base}#/c10k`)).toEqual({ id: 'c10k', lang: 'en' });
  });

  it('answers with the JSON, honouring the limits', async () => {
    const reply = await ask({ url: `${base}embed/c10k.html`, maxwidth: '480', format: 'json' });
    expect(reply.status).toBe(200);
    expect(reply.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(reply.body)).toMatchObject({ type: 'rich', width: 480, height: 1167, title: c10k.title.en });
    expect(JSON.parse((await ask({ url: `${base}embed/c10k.html`, maxwidth: 'wide' })).body)).toMatchObject({
      width: 640,
    });
  });

  it('refuses any other address with a clear message', async () => {
    const refusals: [Record<string, string>, number, RegExp][] = [
      [{}, 400, /Give the slide’s address/],
      [{ url: 'https://evil.example/deck/embed/c10k.html' }, 404, /not an address of this deck/],
      [{ url: 'https://example.org/other/embed/c10k.html' }, 404, /not an address of this deck/],
      [{ url: 'not a url' }, 404, /not an absolute address/],
      [{ url: `${base}embed/title.html` }, 404, /no embeddable slide “title”/],
      [{ url: `${base}embed/c10k.en.html` }, 404, /names no language/],
      [{ url: `${base}speaker.html` }, 404, /not a slide’s address/],
      [{ url: `${base}embed/c10k.html`, format: 'xml' }, 501, /Only format=json/],
    ];
    for (const [params, status, message] of refusals) {
      const reply = await ask(params);
      expect(reply.status, JSON.stringify(params)).toBe(status);
      expect(reply.contentType).toMatch(/^text\/plain/);
      expect(reply.body).toMatch(message);
    }
  });
});

describe('the per-slide embed pages', () => {
  it('carry the discovery link, description and og:image, fix the slide and language, point one folder up', async () => {
    const entry: OembedEntry = {
      ...(await oembedEntry(c10k, 'ru', heights)),
      thumbnail: { path: 'stills/c10k.ru.png', width: 640, height: 957, alt: 'C10K — "alt" <text>' },
    };
    const page = slidePage(builtEmbed, base, entry);
    expect(page).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${base}oembed/c10k.ru.json" title="C10K: поток на соединение · Как ждут серверы" />`,
    );
    expect(page).toContain('<meta name="hsw-slide" content="c10k" />');
    expect(page).toContain('<meta name="hsw-lang" content="ru" />');
    expect(page).toContain('<html lang="ru">');
    expect(page).toContain('src="../assets/embed-x1.js"');
    expect(page).toContain('href="../assets/theme-x3.css"');
    expect(page).not.toContain('"./assets/');
    expect(page).toContain(`<meta property="og:image" content="${base}stills/c10k.ru.png" />`);
    expect(page).toContain('<meta property="og:image:width" content="640" />');
    expect(page).toContain('<meta property="og:image:alt" content="C10K — &quot;alt&quot; &lt;text&gt;" />');
    expect(page).toContain(`<meta property="og:description" content="${entry.description}" />`);
    expect(slidePage(builtEmbed, base, { ...entry, thumbnail: undefined })).not.toContain('og:image');
  });

  it('refuses an embed.html it does not know', async () => {
    const entry = await oembedEntry(c10k, 'en');
    expect(() => slidePage('<html><body></body></html>', base, entry)).toThrow(/not the page this script knows/);
  });

  it('are written for every embeddable slide in both languages, with their JSON, the index and the stills', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'hsw-oembed-'));
    const stills = mkdtempSync(join(tmpdir(), 'hsw-stills-'));
    try {
      writeFileSync(join(dist, 'embed.html'), builtEmbed);
      writeFileSync(join(stills, 'heights.json'), JSON.stringify(heights));
      mkdirSync(join(stills, 'c10k'));
      writeFileSync(join(stills, 'c10k', 'c10k-s0-en-light.png'), png(640, 934));
      writeFileSync(
        join(stills, 'stills.json'),
        JSON.stringify({ 'c10k/c10k-s0-en-light.png': { alt: 'C10K — what the speaker says' } }),
      );
      const built = await writeOembed(dist, base, stills);
      const ids = embeddableSlides().map((s) => s.id);
      expect(built).toMatchObject({ slides: ids.length, measured: 1, pages: true });
      expect(built.stills.copied).toEqual(['stills/c10k.png']);
      expect(ids).not.toContain('title');
      const expected = ids.flatMap((id) => [`${id}.json`, `${id}.ru.json`]).sort();
      expect(readdirSync(join(dist, 'oembed')).sort()).toEqual(['_index.json', ...expected].sort());
      expect(readdirSync(join(dist, 'embed')).sort()).toEqual(expected.map((f) => f.replace(/json$/, 'html')));
      expect(readdirSync(join(dist, 'stills'))).toEqual(['c10k.png']);
      const json = JSON.parse(readFileSync(join(dist, 'oembed', 'c10k.json'), 'utf8')) as Record<string, unknown>;
      expect(iframeOf(json['html'] as string)['src']).toBe(`${base}embed.html?slide=c10k&lang=en`);
      expect(json).toMatchObject({ height: 940, thumbnail_url: `${base}stills/c10k.png`, thumbnail_height: 934 });
      const page = readFileSync(join(dist, 'embed', 'c10k.html'), 'utf8');
      expect(page).toContain(`<meta property="og:image" content="${base}stills/c10k.png" />`);
      expect(page).toContain('<meta property="og:image:alt" content="C10K — what the speaker says" />');
      expect(readFileSync(join(dist, 'embed', 'c10k.ru.html'), 'utf8')).not.toContain('og:image');
    } finally {
      rmSync(dist, { recursive: true, force: true });
      rmSync(stills, { recursive: true, force: true });
    }
  });

  it('without DECK_URL, writes only the index and the stills, never a still over the budget', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'hsw-oembed-'));
    const stills = mkdtempSync(join(tmpdir(), 'hsw-stills-'));
    try {
      writeFileSync(join(dist, 'embed.html'), builtEmbed);
      for (const [id, bytes] of [
        ['c10k', STILL_BUDGET.each + 1],
        ['nonblocking', STILL_BUDGET.each],
      ] as const) {
        mkdirSync(join(stills, id));
        writeFileSync(join(stills, id, `${id}-s0-en-light.png`), png(640, 700, bytes));
      }
      writeFileSync(join(stills, 'c10k', 'c10k-s0-ru-light.png'), 'not a png');
      const built = await writeOembed(dist, undefined, stills);
      expect(built.pages).toBe(false);
      expect(built.measured).toBe(0);
      expect(built.stills.copied).toEqual(['stills/nonblocking.png']);
      expect(built.stills.refused).toEqual([
        expect.stringMatching(/^c10k\/c10k-s0-en-light\.png: 251 KB is over the budget \(250 KB each, 8 MB in all\)$/),
        'c10k/c10k-s0-ru-light.png: not a PNG',
      ]);
      expect(readdirSync(join(dist, 'oembed'))).toEqual(['_index.json']);
      const index = JSON.parse(readFileSync(join(dist, 'oembed', '_index.json'), 'utf8')) as OembedIndex;
      expect(Object.keys(index.entries)).toHaveLength(embeddableSlides().length * 2);
      expect(index.entries['nonblocking']?.thumbnail).toMatchObject({ path: 'stills/nonblocking.png', width: 640 });
      expect(oembedResponse(base, index.entries['c10k']!).height).toBe(UNMEASURED_HEIGHT);
    } finally {
      rmSync(dist, { recursive: true, force: true });
      rmSync(stills, { recursive: true, force: true });
    }
  });

  it('reads a PNG’s size from its header', () => {
    expect(pngSize(png(640, 957))).toEqual({ width: 640, height: 957 });
    expect(pngSize(Buffer.from('GIF89a………………………………………………'))).toBeUndefined();
  });
});

describe('the measured heights in stills/heights.json', () => {
  it('cover every embeddable slide’s every step in both languages, at every measured width', () => {
    const table = JSON.parse(readFileSync('stills/heights.json', 'utf8')) as HeightTable;
    expect(table.widths).toEqual([...MEASURED_WIDTHS]);
    for (const slide of embeddableSlides()) {
      for (const lang of ['en', 'ru'] as const) {
        const rows = table.slides[slide.id]?.[lang] ?? [];
        expect(rows, `${slide.id} ${lang}: npm run stills -- --heights-only --slide ${slide.id}`).toHaveLength(
          slide.demo!.sequence.length,
        );
        for (const row of rows) expect(row).toHaveLength(MEASURED_WIDTHS.length);
      }
    }
  });
});
