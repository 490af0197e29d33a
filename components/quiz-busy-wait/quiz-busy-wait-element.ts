import { css, html, nothing, type TemplateResult } from 'lit';
import { QuizElement, type QuizContent } from '../shared/quiz/quiz-element.ts';
import type { QuizView } from '../shared/quiz/quiz-model.ts';
import { simulate, type SimResult } from '../micro-macro/sim-model.ts';
// The question's code block on the slide is an <hsw-code>: define it with this demo.
import '../ui/code-panel.ts';
import { SIM_SNIPPETS, busyWaitQuiz, busyWaitText, type SimVariant } from './quiz-busy-wait-text.ts';

const VARIANTS: readonly SimVariant[] = ['promise', 'nextTick', 'immediate', 'timeout'];
const cache = new Map<SimVariant, SimResult>();
function run(variant: SimVariant): SimResult {
  let r = cache.get(variant);
  if (!r) {
    r = simulate(SIM_SNIPPETS[variant], 'node');
    cache.set(variant, r);
  }
  return r;
}

/** Seed 004's busy-wait question; after the answer, the snippet runs in the task-queue simulator. */
export class QuizBusyWait extends QuizElement {
  static override properties = {
    ...QuizElement.properties,
    simVariant: { state: true },
  };

  static override styles = [
    ...QuizElement.styles,
    css`
      .sim {
        font-size: 0.72em;
      }
      .sim h3 {
        margin: 0.2em 0;
        font-size: 1em;
      }
      .sim p {
        margin: 0.25em 0;
      }
      .sim .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4em;
        margin: 0.3em 0;
      }
      .sim .row button {
        font-size: 0.85em;
      }
      .result {
        display: grid;
        grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr);
        gap: 0.6em;
        align-items: start;
      }
      pre {
        margin: 0;
        padding: 0.5em 0.7em;
        background: var(--hsw-code-bg);
        color: var(--hsw-code-fg);
        border: 1px solid var(--hsw-border);
        border-radius: 0.4em;
        font-family: var(--hsw-mono);
        font-size: 0.85em;
        line-height: 1.4;
        overflow: auto;
      }
      pre code {
        background: none;
        padding: 0;
      }
      .end {
        font-weight: 600;
      }
      .end.bad {
        color: var(--hsw-bad-text);
      }
      .end.good {
        color: var(--hsw-good-text);
      }
      @container (max-width: 620px) {
        .result {
          grid-template-columns: minmax(0, 1fr);
        }
      }
    `,
  ];

  declare simVariant: SimVariant | null;

  constructor() {
    super();
    this.simVariant = null;
  }

  protected override get content(): QuizContent {
    return busyWaitQuiz;
  }

  protected override extraLabel(): string {
    return busyWaitText[this.locale].simTitle;
  }

  protected override renderExtra(view: QuizView): TemplateResult | typeof nothing {
    void view;
    const t = busyWaitText[this.locale];
    const v = this.simVariant;
    return html`<div class="sim">
      <p>${t.simIntro}</p>
      <div class="row">
        ${VARIANTS.map(
          (k) => html`<button type="button" aria-pressed=${v === k ? 'true' : 'false'} @click=${() => (this.simVariant = k)}>${t.simVariants[k]}</button>`,
        )}
      </div>
      ${v ? this.renderRun(v) : nothing}
    </div>`;
  }

  private renderRun(v: SimVariant): TemplateResult {
    const t = busyWaitText[this.locale];
    const r = run(v);
    if (!r.ok) return html`<p role="status">${t.simUnavailable}</p>`;
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
      <pre aria-label=${t.simCode}><code>${SIM_SNIPPETS[v]}</code></pre>
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
