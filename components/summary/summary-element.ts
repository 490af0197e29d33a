import { html, nothing, type PropertyValues } from 'lit';
import { ContextConsumer } from '@lit/context';
import { DemoElement } from '../ui/demo-element.ts';
import { workshopContext } from '../ui/workshop-context.ts';
import { readStored } from '../../lib/storage.ts';
import { SCORE_STORAGE_KEY } from '../shared/quiz/quiz-model.ts';
import * as model from './summary-model.ts';
import {
  roomView,
  summaryView,
  type ChapterRef,
  type QuizRef,
  type RoomResults,
  type SummaryState,
} from './summary-model.ts';
import { summaryText } from './summary-text.ts';
import { styles } from './summary-styles.ts';
import '../ui/details.ts';
import { chapterQuestion } from '../shared/chapters/chapter-questions-text.ts';

/**
 * The last slide's demo: each chapter's question with its answer (the deck's answer, the picture presented), the
 * person's score over every quiz of the deck, a link to each quiz, and links back to each chapter (in a workshop,
 * the room's results instead of the picture and the score; presented to a hall, the picture alone). The shell passes
 * the quizzes and chapters (`.quizzes`, `.chapters`); the stored score is read when the element connects, each time
 * its slide is shown again (`active`), and when another tab changes it.
 */
export class Summary extends DemoElement<SummaryState> {
  static override properties = {
    ...DemoElement.properties,
    chapters: { attribute: false },
    quizzes: { attribute: false },
    room: { attribute: false },
    stored: { state: true },
  };

  static override styles = styles;

  declare chapters: readonly ChapterRef[];
  declare quizzes: readonly QuizRef[];
  /** In a workshop, on the projector: the room's results (the workshop's view, below); null: the person's own score. */
  declare room: RoomResults | null;
  /** The deck's workshop view (components/ui/workshop-context.ts): the room's results as they change. */
  private readonly workshop = new ContextConsumer(this, {
    context: workshopContext,
    subscribe: true,
    callback: (view) => (this.room = view.room),
  });
  /** The stored score as localStorage holds it (null: nothing, or storage unavailable). */
  declare stored: string | null;

  private readonly onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === SCORE_STORAGE_KEY) this.stored = readStored(SCORE_STORAGE_KEY);
  };

  constructor() {
    super(model);
    this.chapters = [];
    this.quizzes = [];
    this.room = null;
    this.stored = null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.stored = readStored(SCORE_STORAGE_KEY);
    window.addEventListener('storage', this.onStorage);
  }

  override disconnectedCallback(): void {
    window.removeEventListener('storage', this.onStorage);
    super.disconnectedCallback();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Coming back to the slide after answering a quiz: read the score again.
    if (changed.has('active') && this.active) this.stored = readStored(SCORE_STORAGE_KEY);
    super.willUpdate(changed);
  }

  /** In the deck a link moves to the slide; alone in embed.html it opens the deck there. */
  private href(slide: string): string {
    return this.mode === 'embed' ? `./index.html?lang=${this.lang}#/${slide}` : `#/${slide}`;
  }

  private renderRoom(room: RoomResults) {
    const t = summaryText[this.lang];
    return html`<div class="score-card room">
      <p class="score" role="status">
        <span class="title">${t.roomTitle}:</span>
        <span class="big">${t.roomParticipants(room.participants)}</span>
      </p>
      <ul class="quizzes" aria-label=${t.quizzesLabel}>
        ${roomView(room, this.quizzes).map(
          (r) => html`<li>
            <span class="label"
              ><span class="name">${r.title}<span class="sr-only"> (${r.chapter})</span></span>
              <span class="chapter">${r.chapter}</span></span
            >
            <span class="result">${r.pct === null ? t.roomNone : t.roomRow(r.answered, r.pct)}</span>
          </li>`,
        )}
      </ul>
    </div>`;
  }

  /** The top nicknames, a card of their own between the room's results and the chapters (up to ten rows). */
  private renderTop(top: RoomResults['top']) {
    const t = summaryText[this.lang];
    if (!top || top.length === 0) return nothing;
    return html`<div class="score-card top-card">
      <h3>${t.topTitle}</h3>
      <ol class="top">
        ${top.map((p) => html`<li><span class="nick">${p.nick}</span> <span class="result">${t.topRow(p.right)}</span></li>`)}
      </ol>
    </div>`;
  }

  private renderScore() {
    const t = summaryText[this.lang];
    const v = summaryView(this.stored, this.quizzes);
    const target = this.mode === 'embed' ? '_blank' : nothing;
    const message = v.total === 0 ? t.none : v.status === 'corrupt' ? t.corrupt : v.answered === 0 ? t.empty : null;
    return html`<div class="score-card">
      <p class="score" role="status" aria-label=${t.scoreLabel(v.correct, v.total, v.answered)}>
        <span class="title">${t.scoreTitle}:</span>
        <span class="big">${t.score(v.correct, v.total)}</span>
        <span class="note">${t.scoreNote(v.answered, v.total)}</span>
      </p>
      ${message ? html`<p class="message callout ${v.status === 'corrupt' ? 'warn' : 'muted'}">${message}</p>` : nothing}
      <ul class="quizzes" aria-label=${t.quizzesLabel}>
        ${v.rows.map(
          (r) => html`<li class=${r.result}>
            <a href=${this.href(r.slide)} target=${target} rel=${this.mode === 'embed' ? 'noopener' : nothing}
              >${r.title}<span class="sr-only"> (${r.chapter})</span></a
            >
            <span class="chapter">${r.chapter}</span>
            <span class="result">${t.result[r.result]}</span>
          </li>`,
        )}
      </ul>
    </div>`;
  }

  override render() {
    const t = summaryText[this.lang];
    const withTop = !!this.room?.top && this.room.top.length > 0;
    // Presented to a hall (not in a workshop), the picture is the slide: the person's score and the chapter links
    // stay in the self-paced view (each question links to its chapter).
    const hall = this.presenting && !this.room;
    return html`${this.room ? nothing : this.renderAnswers(hall)}
      ${
        hall
          ? nothing
          : html`<section aria-label=${t.demoLabel} class=${withTop ? 'with-top' : ''}>
              ${this.room ? [this.renderRoom(this.room), this.renderTop(this.room.top)] : this.renderScore()}
              ${this.renderChapters()}
            </section>`
      }`;
  }

  /** The deck's answer: each chapter's question (the title's map asks them), its answer beside it. */
  private renderAnswers(alone: boolean) {
    const t = summaryText[this.lang];
    const target = this.mode === 'embed' ? '_blank' : nothing;
    const rows = this.chapters.flatMap((c) => {
      const question = chapterQuestion(this.lang, c.chapter);
      const answer = t.answers[c.chapter];
      return question && answer ? [{ c, question, answer }] : [];
    });
    return html`<ol class="answers ${alone ? 'alone' : ''}" aria-label=${t.answersLabel}>
      ${rows.map(
        ({ c, question, answer }) => html`<li>
          <a class="q" href=${this.href(c.firstSlide)} target=${target} rel=${this.mode === 'embed' ? 'noopener' : nothing}
            >${question}</a
          >
          <span class="arrow" aria-hidden="true"></span>
          <span class="a">${answer}</span>
        </li>`,
      )}
    </ol>`;
  }

  private renderChapters() {
    const t = summaryText[this.lang];
    const target = this.mode === 'embed' ? '_blank' : nothing;
    return html`
      <nav class="chapters" aria-label=${t.chaptersTitle}>
        <h3>${t.chaptersTitle}</h3>
        <ol>
          ${this.chapters.map(
            (c, i) =>
              html`<li>
                <a href=${this.href(c.firstSlide)} target=${target} rel=${this.mode === 'embed' ? 'noopener' : nothing}
                  ><span class="num">${i + 1}</span>${c.title}</a
                >
              </li>`,
          )}
        </ol>
      </nav>
    `;
  }
}

customElements.define('hsw-summary', Summary);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-summary': Summary;
  }
}
