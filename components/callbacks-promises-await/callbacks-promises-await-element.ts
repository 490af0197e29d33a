import { html, nothing } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import '../ui/step-controls.ts';
import '../ui/code-panel.ts';
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
  type Failure,
} from './callbacks-promises-await-model.ts';
import { styles } from './callbacks-promises-await-styles.ts';

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

  private togglePlay(): void {
    if (!this.playing && this.atEnd()) return;
    this.player.toggle();
  }

  /**
   * The style's trade-off is the slide's own bullet: in the deck the slide says it, alone in embed.html the demo
   * says it under the code.
   */
  override render() {
    const t = callbacksPromisesAwaitText[this.locale];
    const s = this.state;
    const steps = stepsOf(s);
    const step = currentStep(s);
    const outcome = step.outcome;
    return html`
      <section aria-label=${t.demoLabel}>
        <div class="top">
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
        </div>
        <div class="main">
          <div class="code-col">
            <hsw-code .code=${t.code[s.style]} .current=${step.line === null ? [] : [step.line]} label=${t.codeLabel(t.styleName[s.style])}></hsw-code>
            <p class="operation">${t.operation(DB_MS, API_MS)}</p>
            ${this.mode === 'embed' ? html`<p class="tradeoff">${t.tradeoff[s.style]}</p>` : nothing}
          </div>
          <div class="side">
            <p class="clock" data-figure="clock">${t.clock(step.t)}</p>
            <div class="panel">
              <h3 id="stack">${t.stack}</h3>
              ${
                step.stack.length === 0
                  ? html`<p class="empty">${t.stackEmpty}</p>`
                  : html`<ol class="stack" aria-labelledby="stack">
                    ${step.stack.map((f) => html`<li class="frame">${f}</li>`)}
                  </ol>`
              }
            </div>
            <div class="panel">
              <h3 id="waiting">${t.waiting}</h3>
              ${
                step.waiting.length === 0
                  ? html`<p class="empty">${t.waitingEmpty}</p>`
                  : html`<ul aria-labelledby="waiting">
                    ${step.waiting.map((c) => html`<li class="cont">${t.continuation(c)}</li>`)}
                  </ul>`
              }
            </div>
            <div class="panel">
              <h3 id="micro">${t.microtasks}</h3>
              ${
                step.microtasks.length === 0
                  ? html`<p class="empty">${t.queueEmpty}</p>`
                  : html`<ol class="queue" aria-labelledby="micro">
                    ${step.microtasks.map((m) => html`<li class="chip">${m}</li>`)}
                  </ol>`
              }
            </div>
            <div class="panel">
              <h3 id="result">${t.result}</h3>
              <p class="result ${outcome?.k ?? ''}" aria-labelledby="result" data-figure="result">${outcome ? t.outcome(outcome) : t.resultPending}</p>
            </div>
          </div>
        </div>
        <p class="status callout ${outcome?.k === 'uncaught' ? 'bad' : ''}" role="status" aria-live=${this.playing ? 'off' : 'polite'}>
          ${t.event(step.event, s.style)}
        </p>
        <hsw-step-controls
          .locale=${this.locale}
          .at=${s.index}
          .total=${steps.length - 1}
          .playing=${this.playing}
          .playable=${true}
          @step-forward=${() => this.act({ type: 'step' })}
          @step-back=${() => this.act({ type: 'back' })}
          @reset-requested=${() => {
            this.stop();
            this.act({ type: 'reset' });
          }}
          @play-toggled=${() => this.togglePlay()}
        ></hsw-step-controls>
      </section>
    `;
  }
}

customElements.define('hsw-callbacks-promises-await', CallbacksPromisesAwaitDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-callbacks-promises-await': CallbacksPromisesAwaitDemo;
  }
}
