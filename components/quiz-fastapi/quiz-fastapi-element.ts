import { html, nothing, type TemplateResult } from 'lit';
import { styleProps } from '../ui/style-props.ts';
import { QuizElement } from '../shared/quiz/quiz-element.ts';
import '../ui/labelled-slider.ts';
import { formatNumber } from '../../lib/i18n.ts';
import type { QuizContent, QuizView } from '../shared/quiz/quiz-model.ts';
import { ANSWER } from './quiz-fastapi-answer.ts';
import * as model from './quiz-fastapi-model.ts';
import {
  HANDLER_KINDS,
  LIMITS,
  QUESTION,
  QUESTION_CODE,
  QUESTION_LATENCY_MS,
  QUESTION_REQUESTS,
  lastDone,
  waves,
} from './quiz-fastapi-model.ts';
import { fastapiQuizText, fastapiText } from './quiz-fastapi-text.ts';
import { styles } from './quiz-fastapi-styles.ts';

const CONTENT: QuizContent = {
  question: QUESTION,
  text: fastapiQuizText,
  code: { source: QUESTION_CODE, lang: 'python' },
  explanation: ANSWER.explanation,
};

/** Seed 004's FastAPI question; after the answer, the three handler kinds against the number of requests. */
export class QuizFastapi extends QuizElement {
  static override properties = {
    ...QuizElement.properties,
    requests: { state: true },
    latencyMs: { state: true },
  };

  static override styles = styles;

  declare requests: number;
  declare latencyMs: number;

  constructor() {
    super(model);
    this.requests = QUESTION_REQUESTS;
    this.latencyMs = QUESTION_LATENCY_MS;
  }

  protected override get content(): QuizContent {
    return CONTENT;
  }

  protected override extraLabel(): string {
    return fastapiText[this.lang].extraTitle;
  }

  /** 200 ms, 10 s, 1.2 s */
  private time(ms: number): string {
    const t = fastapiText[this.lang];
    return ms < 1000 ? t.ms(formatNumber(ms, this.lang)) : t.s(formatNumber(ms / 1000, this.lang, 1));
  }

  protected override renderExtra(view: QuizView): TemplateResult | typeof nothing {
    void view;
    const lang = this.lang;
    const t = fastapiText[lang];
    const n = this.requests;
    const lat = this.latencyMs;
    const lasts = HANDLER_KINDS.map((k) => lastDone(k, n, lat));
    const scale = Math.max(...lasts, 1);
    return html`<div class="kinds-panel">
      <p>${t.intro}</p>
      <div class="sliders">
        <hsw-slider
          label=${t.requests}
          integer
          min=${LIMITS.requests.min}
          max=${LIMITS.requests.max}
          .value=${n}
          .format=${(v: number) => t.count(formatNumber(v, lang))}
          @value-changed=${(e: CustomEvent<{ value: number }>) => (this.requests = e.detail.value)}
        ></hsw-slider>
        <hsw-slider
          label=${t.latency}
          log
          min=${LIMITS.latencyMs.min}
          max=${LIMITS.latencyMs.max}
          .value=${lat}
          .format=${(v: number) => this.time(v)}
          @value-changed=${(e: CustomEvent<{ value: number }>) => (this.latencyMs = e.detail.value)}
        ></hsw-slider>
      </div>
      <div class="rows" role="img" aria-label=${t.chartLabel(this.time(lasts[0]!), this.time(lasts[1]!), this.time(lasts[2]!))}>
        ${HANDLER_KINDS.map((k, i) => {
          const w = waves(k, n, lat);
          const words = t.kinds[k];
          const last = lasts[i] ?? 0;
          const worst = last === scale && last > lat;
          return html`<div class="row ${worst ? 'bad' : i === 2 ? 'good' : ''}" data-kind=${k}>
            <div class="row-head">
              <span class="name"><code>${words.def}</code> + <code>${words.call}</code></span>
              <span class="value">${t.last(this.time(last))}</span>
            </div>
            <div class="how">${words.how}</div>
            <div class="bar" aria-hidden="true">
              ${w.map(([end], j) => {
                const start = j === 0 ? 0 : w[j - 1]![0];
                return html`<span style=${styleProps({ width: `${((end - start) / scale) * 100}%` })}></span>`;
              })}
            </div>
          </div>`;
        })}
      </div>
      <p class="note">${t.note}</p>
    </div>`;
  }
}

customElements.define('hsw-quiz-fastapi', QuizFastapi);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-quiz-fastapi': QuizFastapi;
  }
}
