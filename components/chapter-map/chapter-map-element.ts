import { html } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import * as model from './chapter-map-model.ts';
import type { Chapter, ChapterMapState } from './chapter-map-model.ts';
import { chapterMapText } from './chapter-map-text.ts';
import { styles } from './chapter-map-styles.ts';

/**
 * The title slide's map: each chapter, linking to its first slide, with its slides and how many there are. The
 * shell passes the chapters in (`.chapters`, already in the current language); the map imports no slide.
 */
export class ChapterMap extends DemoElement<ChapterMapState> {
  static override properties = {
    ...DemoElement.properties,
    chapters: { attribute: false },
  };

  static override styles = styles;

  declare chapters: readonly Chapter[];

  constructor() {
    super(model);
    this.chapters = [];
  }

  override render() {
    const t = chapterMapText[this.locale];
    return html`<nav aria-label=${t.nav}>
      <ol>
        ${this.chapters.map(
          (c, i) => html`<li class="chapter">
            <a class="head" href="#/${c.firstSlide}"><span class="num">${i + 1}</span>${c.title}<span class="count">${t.slideCount(c.slides.length)}</span></a>
            <ul>
              ${c.slides.map((s) => html`<li><a class="slide" href="#/${s.id}">${s.title}</a></li>`)}
            </ul>
          </li>`,
        )}
      </ol>
    </nav>`;
  }
}

customElements.define('hsw-chapter-map', ChapterMap);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-chapter-map': ChapterMap;
  }
}
