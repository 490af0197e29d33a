import { html, nothing } from 'lit';
import { ContextConsumer } from '@lit/context';
import { DemoElement } from '../ui/demo-element.ts';
import { workshopContext } from '../ui/workshop-context.ts';
// The tag only: the workshop plugin loads the QR code's element (and the QR library) when there is a workshop.
import '../ui/qr-code-tag.ts';
import '../ui/details.ts';
import * as model from './chapter-map-model.ts';
import type { Chapter, ChapterMapState } from './chapter-map-model.ts';
import { chapterMapText } from './chapter-map-text.ts';
import { chapterQuestion } from '../shared/chapters/chapter-questions-text.ts';
import { styles } from './chapter-map-styles.ts';

/**
 * The title slide's map: each chapter, linking to its first slide, with its question (the summary answers them), its
 * slides and how many there are. The shell passes the chapters in (`.chapters`, already in the current language); the
 * map imports no slide.
 */
export class ChapterMap extends DemoElement<ChapterMapState> {
  static override properties = {
    ...DemoElement.properties,
    chapters: { attribute: false },
    join: {},
  };

  static override styles = styles;

  declare chapters: readonly Chapter[];
  /**
   * In a workshop, on the presenter's deck: the participants' address (the workshop's view, below), shown with its QR
   * code (`<hsw-qr-code>`, which the workshop plugin loads). Empty: not in a workshop.
   */
  declare join: string;
  /** The deck's workshop view (components/ui/workshop-context.ts): the join address once a workshop has one. */
  private readonly workshop = new ContextConsumer(this, {
    context: workshopContext,
    subscribe: true,
    callback: (view) => (this.join = view.join),
  });

  constructor() {
    super(model);
    this.chapters = [];
    this.join = '';
  }

  override render() {
    const t = chapterMapText[this.lang];
    const join = this.join
      ? html`<aside class="join">
          <p>${t.join}</p>
          <hsw-qr-code text=${this.join} label=${t.qrLabel(this.join)}></hsw-qr-code>
        </aside>`
      : nothing;
    return html`${join}<nav aria-label=${t.nav}>
      <ol>
        ${this.chapters.map((c, i) => {
          const list = html`<ul>
              ${c.slides.map((s) => html`<li><a class="slide" href="#/${s.id}">${s.title}</a></li>`)}
            </ul>`;
          const count = t.slideCount(c.slides.length);
          const question = chapterQuestion(this.lang, c.chapter);
          const asked = question ? html`<p class="question">${question}</p>` : nothing;
          // Presented, each chapter is a row of the stage: its name and a closed disclosure, labelled with the count,
          // of its slides, beside its question, large.
          return this.presenting
            ? html`<li class="chapter">
                  <div class="name">
                    <a class="head" href="#/${c.firstSlide}"><span class="num">${i + 1}</span>${c.title}</a>
                    <hsw-details lang=${this.lang} .open=${this.detailsOpen} label=${count}>${list}</hsw-details>
                  </div>
                  ${asked}
                </li>`
            : html`<li class="chapter">
                  <a class="head" href="#/${c.firstSlide}"><span class="num">${i + 1}</span>${c.title}<span class="count">${count}</span></a>
                  ${asked} ${list}
                </li>`;
        })}
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
