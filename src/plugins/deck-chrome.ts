import type { RevealApi, RevealPlugin } from 'reveal.js';
import { keysBelongTo } from '../dialog-keys.ts';
import { deckText } from '../deck-text.ts';
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
  const closeRow = document.createElement('div');
  closeRow.className = 'embed-actions';
  const closeButton = button('embed-close', () => dialog.close());
  closeRow.append(closeButton);
  dialog.append(heading, help, frameBox.box, elementBox.box, closeRow);
  keysBelongTo(dialog);

  const currentSlideId = () => options.position.current()?.slideId ?? '';

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
    frameBox.status.textContent = '';
    elementBox.status.textContent = '';
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
    heading.textContent = t.embedTitle;
    help.textContent = t.embedHelp;
    frameBox.label.textContent = t.embedSnippetLabel;
    elementBox.label.textContent = t.embedElementLabel;
    frameBox.copy.textContent = t.copy;
    frameBox.copy.setAttribute('aria-label', t.copyFrame);
    elementBox.copy.textContent = t.copy;
    elementBox.copy.setAttribute('aria-label', t.copyElement);
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
  function listenForSpeaker(): void {
    window.addEventListener('message', (event: MessageEvent) => {
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
      options.position.subscribe(({ cause }) => {
        if (cause === 'slidechanged' || cause === 'ready') refresh();
      });
      reveal.on(PREFS_CHANGED, refresh);
      refresh();
    },
  };
};
