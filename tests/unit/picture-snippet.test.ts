import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { pictureAddresses, pictureSnippet } from '../../src/plugins/deck-chrome.ts';
import { embedDialogText } from '../../src/embed-dialog-text.ts';

/**
 * The Embed dialog's picture, for hosts that show no frame and run no script: its Markdown, rendered by a Markdown
 * library as a README or wiki would, is the still linked to the live slide; its HTML is the same; its wikitext names
 * the uploaded file and links it.
 */
const page = 'https://example.org/talks/deck/index.html?lang=en#/c10k/2';
const md = new MarkdownIt();

/** The one linked picture of rendered HTML: the link's address, the picture's, its alt text. */
function linkedPicture(html: string) {
  const doc = /<a href="([^"]*)"><img src="([^"]*)" alt="([^"]*)"/.exec(html);
  if (!doc) throw new Error(`no linked picture in ${html}`);
  const unescape = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return { href: unescape(doc[1]!), src: unescape(doc[2]!), alt: unescape(doc[3]!) };
}

describe('the picture snippet', () => {
  it('in Markdown renders as the still linked to the live slide, in both languages', () => {
    for (const lang of ['en', 'ru'] as const) {
      const alt = embedDialogText[lang].pictureAlt('C10K');
      const html = md.render(pictureSnippet('markdown', page, 'c10k', lang, alt));
      const key = lang === 'en' ? 'c10k' : 'c10k.ru';
      expect(linkedPicture(html)).toEqual({
        href: `https://example.org/talks/deck/index.html?lang=${lang}#/c10k`,
        src: `https://example.org/talks/deck/stills/${key}.png`,
        alt,
      });
      expect(pictureAddresses(page, 'c10k', lang).picture).toBe(`https://example.org/talks/deck/stills/${key}.png`);
    }
  });

  it('keeps its shape whatever the alt text and the addresses hold', () => {
    const alt = 'A [bracketed] title ](evil) with \\ and (parens)';
    const odd = 'https://example.org/my deck (2)/index.html';
    const html = md.render(pictureSnippet('markdown', odd, 'c10k', 'en', alt));
    const picture = linkedPicture(html);
    expect(picture.alt).toBe(alt);
    expect(picture.src).toBe('https://example.org/my%20deck%20%282%29/stills/c10k.png');
    expect(picture.href).toBe('https://example.org/my%20deck%20%282%29/index.html?lang=en#/c10k');
    expect(html.match(/<a /g)).toHaveLength(1);
  });

  it('in HTML is the same linked picture, escaped', () => {
    const html = pictureSnippet('html', page, 'c10k', 'en', 'A "quoted" <title>');
    expect(linkedPicture(html)).toEqual({
      href: 'https://example.org/talks/deck/index.html?lang=en#/c10k',
      src: 'https://example.org/talks/deck/stills/c10k.png',
      alt: 'A "quoted" <title>',
    });
    expect(html).not.toContain('<title>');
  });

  it('in wikitext names the uploaded picture and links it to the slide', () => {
    expect(pictureSnippet('wikitext', page, 'c10k', 'ru', 'C10K | [x]')).toBe(
      '[[File:hsw-c10k.ru.png|frameless|640px|link=https://example.org/talks/deck/index.html?lang=ru#/c10k|alt=C10K &#124; &#91;x&#93;]]',
    );
  });
});
