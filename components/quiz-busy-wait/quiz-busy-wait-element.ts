import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { QuizElement } from '../shared/quiz/quiz-element.ts';
import type { QuizContent, QuizView } from '../shared/quiz/quiz-model.ts';
import type { SimResult } from '../shared/js-sim/index.ts';
import { SimRunner } from '../shared/sim-runner/sim-runner.ts';
import { createSimWorker } from '../shared/sim-runner/create-worker.ts';
import { DEFAULT_BUDGET_MS } from '../shared/sim-runner/sim-limits.ts';
import { ANSWER } from './quiz-busy-wait-answer.ts';
import * as model from './quiz-busy-wait-model.ts';
import { QUESTION, QUESTION_CODE, SIM_VARIANTS, simProgram, type SimVariant } from './quiz-busy-wait-model.ts';
import { busyWaitQuizText, busyWaitText } from './quiz-busy-wait-text.ts';
import { styles } from './quiz-busy-wait-styles.ts';

const CONTENT: QuizContent = {
  question: QUESTION,
  text: busyWaitQuizText,
  code: { source: QUESTION_CODE, lang: 'javascript' },
  explanation: ANSWER.explanation,
};

/**
 * The four programs' runs, made off the page's thread (each takes 0.15–0.35 s to simulate here, and the starving ones
 * record 3–4 MB): 'failed' when the runner gave up on one (its budget, a crash).
 */
const cache = new Map<SimVariant, SimResult | 'failed'>();

/** Seed 004's busy-wait question; after the answer, the snippet runs in the task-queue simulator. */
export class QuizBusyWait extends QuizElement {
  static override properties = {
    ...QuizElement.properties,
    simVariant: { state: true },
  };

  static override styles = styles;

  declare simVariant: SimVariant | null;

  private readonly runner = new SimRunner(createSimWorker);

  constructor() {
    super(model);
    this.simVariant = null;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.runner.dispose();
  }

  /** The chosen program is simulated once, in a worker (the comment's language does not change the run). */
  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const v = this.simVariant;
    if (!v || cache.has(v) || this.runner.busy) return;
    void this.runner.run(simProgram(v, busyWaitText.en.simComment), 'node', DEFAULT_BUDGET_MS).then((o) => {
      if (o.kind === 'cancelled') return;
      cache.set(v, o.kind === 'result' ? o.result : 'failed');
      this.requestUpdate();
    });
  }

  protected override get content(): QuizContent {
    return CONTENT;
  }

  protected override extraLabel(): string {
    return busyWaitText[this.lang].simTitle;
  }

  protected override renderExtra(view: QuizView): TemplateResult | typeof nothing {
    void view;
    const t = busyWaitText[this.lang];
    const v = this.simVariant;
    return html`<div class="sim">
      <p>${t.simIntro}</p>
      <div class="variants">
        ${SIM_VARIANTS.map(
          (k) =>
            html`<button type="button" aria-pressed=${v === k ? 'true' : 'false'} @click=${() => (this.simVariant = k)}>${t.simVariants[k]}</button>`,
        )}
      </div>
      ${v ? this.renderRun(v) : nothing}
    </div>`;
  }

  private renderRun(v: SimVariant): TemplateResult {
    const t = busyWaitText[this.lang];
    const r = cache.get(v);
    if (!r) return html`<p role="status" class="running">${t.simRunning}</p>`;
    if (r === 'failed' || !r.ok) return html`<p role="status">${t.simUnavailable}</p>`;
    const last = r.steps[r.steps.length - 1];
    const code = r.end.code;
    const endText =
      code === 'done'
        ? v === 'immediate'
          ? t.simEnd.doneImmediate
          : t.simEnd.done
        : code === 'starvedMicrotasks' || code === 'starvedTicks'
          ? t.simEnd[code]
          : t.simEnd.other;
    const lines = r.output.map((o) => o.text).join(', ') || t.simNone;
    return html`<div class="result">
      <pre aria-label=${t.simCode} tabindex="0"><code>${simProgram(v, t.simComment)}</code></pre>
      <div>
        <p class="end ${code === 'done' ? 'good' : 'bad'}" role="status">${endText}</p>
        <p>${t.simSteps(r.steps.length - 1)}</p>
        <p>${t.simClock(last?.now ?? 0)}</p>
        <p>${t.simQueues(last?.microtasks.length ?? 0, last?.ticks.length ?? 0, last?.timers.length ?? 0)}</p>
        <p>${t.simOutput(lines)}</p>
      </div>
    </div>`;
  }
}

customElements.define('hsw-quiz-busy-wait', QuizBusyWait);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-quiz-busy-wait': QuizBusyWait;
  }
}
