import { Owned } from '../owned.ts';
import type { RevealApi, RevealPlugin } from 'reveal.js';
import { keysBelongTo } from '../dialog-keys.ts';
import { deckText } from '../deck-text.ts';
import { embedDialogText } from '../embed-dialog-text.ts';
import type { Lang } from '../../lib/i18n.ts';
import { PREFS_CHANGED, type Theme } from '../prefs.ts';
import { deckPageMode, setPresenting } from '../page-mode.ts';
import { acceptsOrigin, speakerMessageOf } from '../speaker-protocol.ts';
import { slideById } from '../../slides/index.ts';
import { isEmbeddable } from '../../slides/types.ts';
import { publicDeckUrl } from '../address.ts';
import type { DeckPosition } from '../deck-position.ts';

export interface ChromeOptions {
  getLang: () => Lang;
  getTheme: () => Theme;
  setLang: (lang: Lang) => void;
  setTheme: (theme: Theme) => void;
  /** Where the deck is (src/deck-position.ts): the Embed button and snippets follow the slide and step shown. */
  position: DeckPosition;
}

const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The `<iframe>` a wiki author pastes to show one slide's demo (at a speaker step, when `step` > 0). */
export function embedSnippet(pageUrl: string, slideId: string, lang: Lang, title: string, step = 0): string {
  const query = `slide=${encodeURIComponent(slideId)}&lang=${lang}${step > 0 ? `&step=${step}` : ''}`;
  const src = new URL(`embed.html?${query}`, pageUrl).href;
  return `<iframe src="${escAttr(src)}" title="${escAttr(title)}" width="100%" height="640" style="border:0" loading="lazy" allow="fullscreen"></iframe>`;
}

/** The same demo as a web component: the module (`embed.js` beside the deck) and the tag. */
export function elementSnippet(pageUrl: string, slideId: string, lang: Lang, step = 0): string {
  const src = new URL('embed.js', pageUrl).href;
  const stepAttr = step > 0 ? ` step="${step}"` : '';
  return (
    `<script type="module" src="${escAttr(src)}"></script>\n` +
    `<hsw-slide slide="${escAttr(slideId)}" lang="${lang}"${stepAttr}></hsw-slide>`
  );
}

/** The formats of the picture snippet: where the host takes neither a frame nor a script. */
export const PICTURE_FORMATS = ['markdown', 'html', 'wikitext'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

/**
 * The still of a slide's default state, as the built site serves it (`stills/<id>[.ru].png`, scripts/oembed.ts), and
 * the live slide it links to in the deck.
 */
export function pictureAddresses(pageUrl: string, slideId: string, lang: Lang): { picture: string; slide: string } {
  const key = lang === 'en' ? slideId : `${slideId}.${lang}`;
  return {
    picture: new URL(`stills/${encodeURIComponent(key)}.png`, pageUrl).href,
    slide: new URL(`index.html?lang=${lang}#/${encodeURIComponent(slideId)}`, pageUrl).href,
  };
}

/**
 * The picture linked to the live slide, in Markdown (a GitHub README or wiki), HTML, or MediaWiki's wikitext. A
 * stock MediaWiki shows no picture from another site, so the wikitext names the picture as a file uploaded to the
 * wiki under the name of its address (`hsw-c10k.png`), linked to the slide.
 */
export function pictureSnippet(
  format: PictureFormat,
  pageUrl: string,
  slideId: string,
  lang: Lang,
  alt: string,
): string {
  const { picture, slide } = pictureAddresses(pageUrl, slideId, lang);
  if (format === 'html')
    return `<a href="${escAttr(slide)}"><img src="${escAttr(picture)}" alt="${escAttr(alt)}" width="640"></a>`;
  if (format === 'wikitext') {
    const file = `hsw-${picture.slice(picture.lastIndexOf('/') + 1)}`;
    const safe = (s: string) => s.replace(/[|[\]{}]/g, (c) => `&#${c.charCodeAt(0)};`);
    return `[[File:${safe(file)}|frameless|640px|link=${safe(slide)}|alt=${safe(alt)}]]`;
  }
  // Markdown: the alt text's brackets escaped; the addresses' parentheses and spaces percent-encoded.
  const mdAlt = alt.replace(/[\\[\]]/g, (c) => `\\${c}`);
  const mdUrl = (u: string) =>
    u.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `[![${mdAlt}](${mdUrl(picture)})](${mdUrl(slide)})`;
}

function button(className: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.addEventListener('click', onClick);
  return b;
}

/**
 * The deck's own controls, top right: language, theme, and "Embed" on slides whose demo can be embedded. Built
 * with DOM calls and `textContent` only.
 */
export const DeckChrome = (options: ChromeOptions): RevealPlugin => {
  const bar = document.createElement('div');
  bar.className = 'deck-chrome';
  const langButton = button('chrome-lang', () => options.setLang(options.getLang() === 'ru' ? 'en' : 'ru'));
  const themeButton = button('chrome-theme', () => options.setTheme(options.getTheme() === 'dark' ? 'light' : 'dark'));
  const embedButton = button('chrome-embed', () => openEmbed());
  bar.append(langButton, themeButton, embedButton);

  const dialog = document.createElement('dialog');
  dialog.className = 'hsw-dialog embed-dialog';
  const heading = document.createElement('h3');
  // named by its heading, as the workshop's dialogs are
  heading.id = 'embed-dialog-title';
  dialog.setAttribute('aria-labelledby', heading.id);
  const help = document.createElement('p');

  /** One snippet: its label, the text, and a copy button with a status beside it. */
  function snippetBox(id: string) {
    const box = document.createElement('div');
    box.className = 'embed-snippet';
    const label = document.createElement('label');
    const area = document.createElement('textarea');
    area.readOnly = true;
    area.rows = 4;
    area.id = id;
    area.spellcheck = false;
    label.htmlFor = area.id;
    const row = document.createElement('div');
    row.className = 'embed-actions';
    const status = document.createElement('span');
    status.className = 'embed-status';
    status.setAttribute('role', 'status');
    const copy = button('embed-copy', () => {
      const t = deckText[options.getLang()];
      area.focus();
      area.select();
      const done = () => (status.textContent = t.copied);
      // Without the clipboard API (a page from file:// or plain http), the older command; failing that, the text
      // stays selected for Ctrl+C.
      const fallback = () => {
        let ok: boolean;
        try {
          ok = document.execCommand('copy');
        } catch {
          ok = false;
        }
        status.textContent = ok ? t.copied : t.copySelected;
      };
      if (navigator.clipboard?.writeText) navigator.clipboard.writeText(area.value).then(done, fallback);
      else fallback();
    });
    row.append(status, copy);
    box.append(label, area, row);
    return { box, label, area, copy, status };
  }
  const frameBox = snippetBox('embed-snippet');
  const elementBox = snippetBox('embed-element-snippet');
  // A picture, for hosts that take neither: the still's address, and a snippet in the format the host reads.
  const pictureBox = snippetBox('embed-picture-snippet');
  pictureBox.area.rows = 3;
  const pictureHeading = document.createElement('h4');
  const pictureHelp = document.createElement('p');
  pictureHelp.className = 'embed-picture-help';
  const pictureRow = document.createElement('div');
  pictureRow.className = 'embed-picture-row';
  const addressLabel = document.createElement('label');
  const address = document.createElement('input');
  address.type = 'url';
  address.readOnly = true;
  address.id = 'embed-picture-address';
  addressLabel.htmlFor = address.id;
  const formatLabel = document.createElement('label');
  const format = document.createElement('select');
  format.id = 'embed-picture-format';
  formatLabel.htmlFor = format.id;
  const formatOptions = PICTURE_FORMATS.map((f) => {
    const option = document.createElement('option');
    option.value = f;
    return option;
  });
  format.append(...formatOptions);
  format.addEventListener('change', () => fillPicture());
  const addressCell = document.createElement('div');
  addressCell.className = 'embed-picture-address';
  addressCell.append(addressLabel, address);
  const formatCell = document.createElement('div');
  formatCell.append(formatLabel, format);
  pictureRow.append(addressCell, formatCell);
  pictureBox.box.prepend(pictureHeading, pictureHelp, pictureRow);
  const closeRow = document.createElement('div');
  closeRow.className = 'embed-actions';
  const closeButton = button('embed-close', () => dialog.close());
  closeRow.append(closeButton);
  dialog.append(heading, help, frameBox.box, elementBox.box, pictureBox.box, closeRow);
  keysBelongTo(dialog);

  const currentSlideId = () => options.position.current()?.slideId ?? '';

  /** The picture's address and its snippet in the chosen format, for the slide and language on screen. */
  function fillPicture(): void {
    const lang = options.getLang();
    const slide = slideById(currentSlideId());
    if (!slide) return;
    const pageUrl = publicDeckUrl(window.location.href);
    const chosen = PICTURE_FORMATS.find((f) => f === format.value) ?? 'markdown';
    const alt = embedDialogText[lang].pictureAlt(slide.title[lang]);
    address.value = pictureAddresses(pageUrl, slide.id, lang).picture;
    pictureBox.area.value = pictureSnippet(chosen, pageUrl, slide.id, lang, alt);
    pictureBox.status.textContent = '';
  }

  function openEmbed(): void {
    const lang = options.getLang();
    const slide = slideById(currentSlideId());
    if (!slide) return;
    // Never the presenter's own address, which carries the workshop's secret: the deck anyone may open.
    const pageUrl = publicDeckUrl(window.location.href);
    // The speaker step on screen now: the snippets open the demo there too.
    const step = options.position.current()?.step ?? 0;
    frameBox.area.value = embedSnippet(pageUrl, slide.id, lang, slide.title[lang], step);
    elementBox.area.value = elementSnippet(pageUrl, slide.id, lang, step);
    fillPicture();
    frameBox.status.textContent = '';
    elementBox.status.textContent = '';
    pictureBox.status.textContent = '';
    dialog.showModal();
    frameBox.area.focus();
    frameBox.area.select();
  }

  function refresh(): void {
    const lang = options.getLang();
    const t = deckText[lang];
    langButton.textContent = t.switchLanguage;
    langButton.setAttribute('aria-label', t.switchLanguageLabel);
    langButton.lang = lang === 'ru' ? 'en' : 'ru';
    const other = options.getTheme() === 'dark' ? t.themeLight : t.themeDark;
    themeButton.textContent = options.getTheme() === 'dark' ? '☀' : '☾';
    themeButton.setAttribute('aria-label', t.switchThemeLabel(other));
    themeButton.title = t.switchThemeLabel(other);
    embedButton.textContent = `</> ${t.embed}`;
    embedButton.setAttribute('aria-label', t.embedLabel);
    const slide = slideById(currentSlideId());
    // A deck opened from a file (the single file) has no embed page or embed.js beside it to point a snippet at.
    embedButton.hidden = !isEmbeddable(slide) || window.location.protocol === 'file:';
    const d = embedDialogText[lang];
    heading.textContent = d.embedTitle;
    help.textContent = d.embedHelp;
    frameBox.label.textContent = d.embedSnippetLabel;
    elementBox.label.textContent = d.embedElementLabel;
    frameBox.copy.textContent = t.copy;
    frameBox.copy.setAttribute('aria-label', d.copyFrame);
    elementBox.copy.textContent = t.copy;
    elementBox.copy.setAttribute('aria-label', d.copyElement);
    pictureHeading.textContent = d.pictureTitle;
    pictureHelp.textContent = d.pictureHelp;
    addressLabel.textContent = d.pictureAddressLabel;
    formatLabel.textContent = d.pictureFormatLabel;
    formatOptions.forEach((option, i) => (option.textContent = d.pictureFormats[PICTURE_FORMATS[i]!]));
    pictureBox.label.textContent = d.pictureSnippetLabel;
    pictureBox.copy.textContent = t.copy;
    pictureBox.copy.setAttribute('aria-label', d.copyPicture);
    if (dialog.open) fillPicture();
    closeButton.textContent = t.close;
  }

  /**
   * Presenting or browsing (page-mode.ts's isPresenting): the speaker view says hello every second to the deck it
   * drives (src/plugins/speaker-link.ts); while that window is open the deck is presented (`setPresenting`): its
   * language, theme and Embed buttons step aside (html.presenting, deck.css). They come back when it closes.
   */
  let speaker: Window | null = null;
  let watching: ReturnType<typeof setInterval> | undefined;
  function presenting(): void {
    if (speaker?.closed) speaker = null;
    setPresenting(speaker !== null);
    if (!speaker && watching !== undefined) {
      clearInterval(watching);
      watching = undefined;
    }
  }
  const owned = new Owned();
  function listenForSpeaker(): void {
    owned.listen(window, 'message', (e) => {
      const event = e as MessageEvent;
      if (!acceptsOrigin(window.location.origin, event.origin)) return;
      const message = speakerMessageOf(event.data);
      if (message?.kind !== 'hello' || !event.source || event.source === window) return;
      speaker = event.source as Window;
      watching ??= setInterval(presenting, 1000);
      presenting();
    });
  }

  return {
    id: 'deck-chrome',
    init(reveal: RevealApi) {
      if (deckPageMode(reveal).print) return;
      reveal.getRevealElement()?.append(bar, dialog);
      listenForSpeaker();
      presenting();
      owned.add(
        options.position.subscribe(({ cause }) => {
          if (cause === 'slidechanged' || cause === 'ready') refresh();
        }),
      );
      owned.on(reveal, PREFS_CHANGED, refresh);
      refresh();
    },
    /** reveal's plugin exit: its listeners go, the speaker watch stops, the bar and the dialog leave the page. */
    destroy() {
      owned.release();
      if (watching !== undefined) clearInterval(watching);
      watching = undefined;
      speaker = null;
      bar.remove();
      dialog.remove();
    },
  };
};
