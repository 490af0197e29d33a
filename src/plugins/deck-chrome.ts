import type { RevealApi, RevealPlugin } from 'reveal.js';
import { deckText } from '../deck-text.ts';
import type { Lang } from '../../lib/i18n.ts';
import type { Theme } from '../prefs.ts';
import { deckPageMode } from '../page-mode.ts';
import { slideById } from '../../slides/index.ts';
import { isEmbeddable } from '../../slides/types.ts';

export interface ChromeOptions {
  getLang: () => Lang;
  getTheme: () => Theme;
  setLang: (lang: Lang) => void;
  setTheme: (theme: Theme) => void;
}

/** The `<iframe>` a wiki author pastes to show one slide's demo. */
export function embedSnippet(pageUrl: string, slideId: string, lang: Lang, title: string): string {
  const src = new URL(`embed.html?slide=${encodeURIComponent(slideId)}&lang=${lang}`, pageUrl).href;
  const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${escAttr(src)}" title="${escAttr(title)}" width="100%" height="640" style="border:0" loading="lazy" allow="fullscreen"></iframe>`;
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
export const DeckChrome = (options: ChromeOptions): RevealPlugin & { refresh(): void } => {
  let deck: RevealApi | undefined;
  const bar = document.createElement('div');
  bar.className = 'deck-chrome';
  const langButton = button('chrome-lang', () => options.setLang(options.getLang() === 'ru' ? 'en' : 'ru'));
  const themeButton = button('chrome-theme', () => options.setTheme(options.getTheme() === 'dark' ? 'light' : 'dark'));
  const embedButton = button('chrome-embed', () => openEmbed());
  bar.append(langButton, themeButton, embedButton);

  const dialog = document.createElement('dialog');
  dialog.className = 'embed-dialog';
  const heading = document.createElement('h3');
  const help = document.createElement('p');
  const label = document.createElement('label');
  const area = document.createElement('textarea');
  area.readOnly = true;
  area.rows = 4;
  area.id = 'embed-snippet';
  label.htmlFor = area.id;
  const actions = document.createElement('div');
  actions.className = 'embed-actions';
  const copyButton = button('embed-copy', () => {
    area.select();
    const t = deckText[options.getLang()];
    navigator.clipboard?.writeText(area.value).then(
      () => (copyButton.textContent = t.copied),
      () => document.execCommand?.('copy'),
    );
  });
  const closeButton = button('embed-close', () => dialog.close());
  actions.append(copyButton, closeButton);
  dialog.append(heading, help, label, area, actions);
  // Keys typed in the dialog belong to it.
  dialog.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') e.stopPropagation();
  });

  const currentSlideId = () => deck?.getCurrentSlide()?.id ?? '';

  function openEmbed(): void {
    const lang = options.getLang();
    const slide = slideById(currentSlideId());
    if (!slide) return;
    const pageUrl = window.location.href.split('#')[0] ?? window.location.href;
    area.value = embedSnippet(pageUrl, slide.id, lang, slide.text[lang].title);
    copyButton.textContent = deckText[lang].copy;
    dialog.showModal();
    area.focus();
    area.select();
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
    embedButton.hidden = !isEmbeddable(slide);
    heading.textContent = t.embedTitle;
    help.textContent = t.embedHelp;
    label.textContent = t.embedSnippetLabel;
    copyButton.textContent = t.copy;
    closeButton.textContent = t.close;
  }

  return {
    id: 'deck-chrome',
    refresh,
    init(reveal: RevealApi) {
      deck = reveal;
      if (deckPageMode(reveal).print) return;
      reveal.getRevealElement()?.append(bar, dialog);
      reveal.on('slidechanged', refresh);
      reveal.on('ready', refresh);
      refresh();
    },
  };
};
