import { LitElement, css, html } from 'lit';
import { deckText } from '../../src/deck-text.ts';
import type { Lang } from '../../lib/i18n.ts';
import { chapterMap } from '../../slides/index.ts';

/** The title slide's map: each chapter, linking to its first built slide, with how many slides it has. */
export class ChapterMap extends LitElement {
  static override properties = { locale: {}, step: { type: Number }, active: { type: Boolean }, near: { type: Boolean }, key: {} };

  declare locale: Lang;
  declare step: number;
  declare active: boolean;
  declare near: boolean;
  declare key: string;

  static override styles = css`
    :host {
      display: block;
      font-size: 22px;
    }
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(11em, 1fr));
      gap: 0.6em;
    }
    li.chapter {
      border: 1px solid var(--hsw-border);
      border-radius: 0.5em;
      background: var(--hsw-panel);
      padding: 0.5em 0.7em 0.6em;
    }
    a {
      color: var(--hsw-fg);
      text-decoration: none;
      border-radius: 0.2em;
    }
    a.head {
      display: block;
      font-weight: 700;
      margin-bottom: 0.3em;
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
      font-size: 0.72em;
      line-height: 1.5;
    }
    a.slide {
      color: var(--hsw-muted);
    }
    a.slide:hover {
      color: var(--hsw-fg);
      text-decoration: underline;
    }
    a:focus-visible {
      outline: 3px solid var(--hsw-focus);
      outline-offset: 1px;
    }
    .num {
      color: var(--hsw-accent-text);
      font-weight: 700;
      margin-right: 0.4em;
    }
    .count {
      color: var(--hsw-muted);
      font-size: 0.7em;
      font-weight: 400;
      margin-left: 0.5em;
    }
  `;

  constructor() {
    super();
    this.locale = 'en';
    this.step = 0;
    this.active = false;
    this.near = false;
    this.key = '';
  }

  override render() {
    const t = deckText[this.locale] ?? deckText.en;
    return html`<nav aria-label=${t.chaptersNav}>
      <ol>
        ${chapterMap().map(
          (c, i) => html`<li class="chapter">
            <a class="head" href="#/${c.firstSlide}"><span class="num">${i + 1}</span>${t.chapters[c.chapter]}<span class="count">${t.slideCount(c.slides.length)}</span></a>
            <ul>
              ${c.slides.map((s) => html`<li><a class="slide" href="#/${s.id}">${s.text[this.locale]?.title ?? s.id}</a></li>`)}
            </ul>
          </li>`,
        )}
      </ol>
    </nav>`;
  }
}

customElements.define('hsw-chapter-map', ChapterMap);
