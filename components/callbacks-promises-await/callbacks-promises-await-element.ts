import { html, nothing } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { playedStepControls } from '../ui/step-controls.ts';
import '../ui/code-panel.ts';
import '../ui/details.ts';
import '../shared/loop-picture/loop-picture-element.ts';
import { Player } from '../ui/player.ts';
import { callbacksPromisesAwaitText } from './callbacks-promises-await-text.ts';
import * as model from './callbacks-promises-await-model.ts';
import {
  API_MS,
  applyCb,
  currentStep,
  DB_MS,
  FAILURES,
  stepsOf,
  STYLES,
  type CbAction,
  type CbState,
  type CbStep,
  presentedLines,
  type Failure,
} from './callbacks-promises-await-model.ts';
import { styles } from './callbacks-promises-await-styles.ts';
import { excerptListing } from './callbacks-promises-await-listing.ts';
import { sceneOf } from './callbacks-promises-await-scene.ts';

const STEP_MS = 1000;

/** One operation in three styles: where each continuation waits, and where an error goes. */
export class CallbacksPromisesAwaitDemo extends DemoElement<CbState> {
  /** Run: one step every STEP_MS while the slide is shown. */
  private readonly player = new Player(this, {
    interval: STEP_MS,
    tick: () => {
      this.act({ type: 'step' });
      return !this.atEnd();
    },
    jumpToEnd: () => this.act({ type: 'end' }),
  });

  private get playing(): boolean {
    return this.player.playing;
  }

  static override styles = styles;

  constructor() {
    super(model);
  }

  private act(action: CbAction): void {
    this.setState(applyCb(this.state, action));
  }

  private stop(): void {
    this.player.stop();
  }

  private atEnd(): boolean {
    return this.state.index >= stepsOf(this.state).length - 1;
  }

  /**
   * The style's trade-off is the slide's own bullet: in the deck the slide says it, alone in embed.html the demo
   * says it under the code.
   *
   * Presented to a hall: the loop picture is the slide (callbacks-promises-await-scene.ts: the call stack, the loop,
   * the microtasks, what each continuation waits on, the services' sockets), the step's line or two of code under it,
   * big, marked, and the step's caption; the styles, the failure modes, the clock, the queues, the result and the step
   * buttons behind a closed disclosure (the clicker drives the steps).
   */
  override render() {
    const t = callbacksPromisesAwaitText[this.lang];
    const s = this.state;
    const step = currentStep(s);
    const outcome = step.outcome;
    if (this.presenting) return this.renderPresented();
    return html`
      <section aria-label=${t.demoLabel}>
        ${this.top()}
        <div class="main">
          <div class="code-col">
            <hsw-code .code=${t.code[s.style]} .current=${step.line === null ? [] : [step.line]} label=${t.codeLabel(t.styleName[s.style])}></hsw-code>
            <p class="operation">${t.operation(DB_MS, API_MS)}</p>
            ${this.mode === 'embed' ? html`<p class="tradeoff">${t.tradeoff[s.style]}</p>` : nothing}
          </div>
          <div class="side">
            ${this.clock(step)}${this.stackPanel(step)}${this.waitingPanel(step)}${this.microPanel(step)}${this.resultPanel(step)}
          </div>
        </div>
        <p class="status callout ${outcome?.k === 'uncaught' ? 'bad' : ''}" role="status" aria-live=${this.playing ? 'off' : 'polite'}>${t.event(step.event, s.style)}</p>
        ${this.controls()}
      </section>
    `;
  }

  private renderPresented() {
    const t = callbacksPromisesAwaitText[this.lang];
    const s = this.state;
    const step = currentStep(s);
    const lines = presentedLines(s);
    const excerpt = excerptListing(s.style, this.lang, new Set(lines.shown));
    const current = lines.marked.flatMap((l) => excerpt.lineOf(l) ?? []);
    return html`<section aria-label=${t.demoLabel} class="presented">
      <hsw-loop-picture lang=${this.lang} .scene=${sceneOf(s, t.picture)}></hsw-loop-picture>
      <hsw-code .code=${excerpt.code} .current=${current} label=${t.codeLabel(t.styleName[s.style])}></hsw-code>
      <p class="status callout ${step.outcome?.k === 'uncaught' ? 'bad' : ''}" role="status" aria-live=${this.playing ? 'off' : 'polite'}>${t.eventPresented(step.event, s.style)}</p>
      <hsw-details lang=${this.lang} .open=${this.detailsOpen} label=${t.stateDetails}>
        ${this.top()} ${this.controls()}
        <div class="state">
          ${this.clock(step)}${this.stackPanel(step)}${this.waitingPanel(step)}${this.microPanel(step)}${this.resultPanel(step)}
        </div>
      </hsw-details>
    </section>`;
  }

  /** The styles and the failure modes: in the self-paced view above the code; presented, behind the disclosure. */
  private top() {
    const t = callbacksPromisesAwaitText[this.lang];
    const s = this.state;
    return html`<div class="top">
      <div class="styles" role="group" aria-label=${t.stylesLabel}>
        ${STYLES.map(
          (style) =>
            html`<button
              type="button"
              aria-pressed=${s.style === style ? 'true' : 'false'}
              @click=${() => {
                this.stop();
                this.act({ type: 'style', style });
              }}
            >
              ${t.styleName[style]}
            </button>`,
        )}
      </div>
      <div class="field">
        <label for="failure">${t.failureLabel}</label>
        <select
          id="failure"
          @change=${(e: Event) => {
            this.stop();
            this.act({ type: 'failure', failure: (e.target as HTMLSelectElement).value as Failure });
          }}
        >
          ${FAILURES.map((f) => html`<option value=${f} ?selected=${s.failure === f}>${t.failure[f]}</option>`)}
        </select>
      </div>
    </div>`;
  }

  private clock(step: CbStep) {
    return html`<p class="clock" data-figure="clock">${callbacksPromisesAwaitText[this.lang].clock(step.t)}</p>`;
  }

  private stackPanel(step: CbStep) {
    const t = callbacksPromisesAwaitText[this.lang];
    return html`<div class="panel">
      <h3 id="stack">${t.stack}</h3>
      ${
        step.stack.length === 0
          ? html`<p class="empty">${t.stackEmpty}</p>`
          : html`<ol class="stack" aria-labelledby="stack">
            ${step.stack.map((f) => html`<li class="frame">${f}</li>`)}
          </ol>`
      }
    </div>`;
  }

  private waitingPanel(step: CbStep) {
    const t = callbacksPromisesAwaitText[this.lang];
    return html`<div class="panel waits">
      <h3 id="waiting">${t.waiting}</h3>
      ${
        step.waiting.length === 0
          ? html`<p class="empty">${t.waitingEmpty}</p>`
          : html`<ul aria-labelledby="waiting">
            ${step.waiting.map((c) => html`<li class="cont">${t.continuation(c)}</li>`)}
          </ul>`
      }
    </div>`;
  }

  private microPanel(step: CbStep) {
    const t = callbacksPromisesAwaitText[this.lang];
    return html`<div class="panel">
      <h3 id="micro">${t.microtasks}</h3>
      ${
        step.microtasks.length === 0
          ? html`<p class="empty">${t.queueEmpty}</p>`
          : html`<ol class="queue" aria-labelledby="micro">
            ${step.microtasks.map((m) => html`<li class="chip">${m}</li>`)}
          </ol>`
      }
    </div>`;
  }

  private resultPanel(step: CbStep) {
    const t = callbacksPromisesAwaitText[this.lang];
    const outcome = step.outcome;
    return html`<div class="panel">
      <h3 id="result">${t.result}</h3>
      <p class="result ${outcome?.k ?? ''}" aria-labelledby="result" data-figure="result">${outcome ? t.outcome(outcome) : t.resultPending}</p>
    </div>`;
  }

  private controls() {
    return playedStepControls(this.player, {
      lang: this.lang,
      at: this.state.index,
      total: stepsOf(this.state).length - 1,
      move: (type) => this.act({ type }),
      canPlay: () => !this.atEnd(),
    });
  }
}

customElements.define('hsw-callbacks-promises-await', CallbacksPromisesAwaitDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-callbacks-promises-await': CallbacksPromisesAwaitDemo;
  }
}
