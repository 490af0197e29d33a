import { css, html } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { controlStyles } from '../ui/theme.ts';
import '../ui/step-controls.ts';
import '../ui/code-panel.ts';
import { Player } from '../ui/player.ts';
import { callbacksText } from './callbacks-text.ts';
import {
  API_MS,
  applyCb,
  currentStep,
  DB_MS,
  FAILURES,
  initialCbState,
  stateForSpeakerStep,
  stepsOf,
  STYLES,
  type CbAction,
  type CbState,
  type Failure,
} from './callbacks-model.ts';

const STEP_MS = 1000;

/** One operation in three styles: where each continuation waits, and where an error goes. */
export class CallbacksDemo extends DemoElement<CbState> {
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

  static override styles = [
    controlStyles,
    css`
      :host {
        display: block;
        container-type: inline-size;
        font-size: 20px;
        height: 100%;
        overflow-y: auto;
      }
      .top {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4em 1em;
        align-items: center;
      }
      .styles {
        display: flex;
        gap: 0.3em;
      }
      .field {
        display: flex;
        gap: 0.35em;
        align-items: center;
        font-size: 0.85em;
      }
      .operation {
        font-size: 0.74em;
        color: var(--hsw-muted);
        margin: 0.3em 0 0;
      }
      .main {
        display: grid;
        grid-template-columns: minmax(0, auto) minmax(10em, 1fr);
        gap: 0.6em;
        margin-top: 0.35em;
        align-items: start;
      }
      hsw-code {
        font-size: 0.66em;
      }
      .tradeoff {
        /* does not widen the code column: it wraps to the code's width */
        width: 0;
        min-width: 100%;
        font-size: 0.74em;
        margin: 0.3em 0 0;
        color: var(--hsw-muted);
      }
      h3 {
        font-size: 0.78em;
        margin: 0 0 0.15em;
        color: var(--hsw-muted);
        font-weight: 600;
        text-transform: none;
        letter-spacing: 0;
      }
      .panel {
        margin-bottom: 0.4em;
      }
      .clock {
        margin: 0 0 0.3em;
        font-weight: 600;
        color: var(--hsw-accent-text);
        font-variant-numeric: tabular-nums;
        font-size: 0.85em;
      }
      ol,
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
      }
      .stack {
        display: flex;
        flex-direction: column-reverse;
        gap: 0.15em;
      }
      .frame,
      .cont,
      .chip {
        font-family: var(--hsw-mono);
        font-size: 0.72em;
        padding: 0.12em 0.45em;
        border: 1px solid var(--hsw-border);
        border-radius: 0.35em;
        background: var(--hsw-panel);
      }
      .cont {
        font-family: var(--hsw-font);
        font-size: 0.74em;
        border-left: 4px solid var(--hsw-accent);
        margin-bottom: 0.15em;
      }
      .cont code {
        font-family: var(--hsw-mono);
      }
      .queue {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25em;
      }
      .empty {
        font-size: 0.72em;
        color: var(--hsw-muted);
        margin: 0;
      }
      .result {
        font-size: 0.78em;
        margin: 0;
        font-weight: 600;
      }
      .result.value,
      .result.handled {
        color: var(--hsw-good-text);
      }
      .result.uncaught {
        color: var(--hsw-bad-text);
      }
      .status {
        margin: 0.4em 0;
        padding: 0.3em 0.6em;
        border-left: 4px solid var(--hsw-accent);
        background: var(--hsw-panel);
        font-size: 0.8em;
        min-height: 2.6em;
      }
      .status.uncaught {
        border-left-color: var(--hsw-bad);
      }
      @container (max-width: 620px) {
        :host {
          font-size: 16px;
        }
        /* Phones: the status and the buttons first, then the code and the queues (the demo scrolls). */
        section {
          display: flex;
          flex-direction: column;
        }
        .top {
          order: 0;
        }
        .status {
          order: 1;
        }
        .controls,
        section > hsw-step-controls {
          order: 2;
        }
        .operation {
          order: 3;
        }
        .main {
          order: 4;
        }
        .outline {
          order: 5;
        }
        .main {
          grid-template-columns: minmax(0, 1fr);
        }
        hsw-code {
          font-size: 0.72em;
        }
      }
    `,
  ];

  protected override initialState(): CbState {
    return initialCbState();
  }

  /** callbacks → promises → async/await (each at its end) → the failure cases. */
  protected override stateForStep(step: number): CbState {
    return stateForSpeakerStep(step);
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

  override render() {
    const t = callbacksText[this.locale];
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
        <p class="operation">${t.operation(DB_MS, API_MS)}</p>
        <div class="main">
          <div>
            <hsw-code .code=${t.code[s.style]} .current=${step.line === null ? [] : [step.line]} label=${t.codeLabel(t.styleName[s.style])}></hsw-code>
            <p class="tradeoff">${t.tradeoff[s.style]}</p>
          </div>
          <div>
            <p class="clock" data-figure="clock">${t.clock(step.t)}</p>
            <div class="panel">
              <h3 id="stack">${t.stack}</h3>
              ${step.stack.length === 0
                ? html`<p class="empty">${t.stackEmpty}</p>`
                : html`<ol class="stack" aria-labelledby="stack">
                    ${step.stack.map((f) => html`<li class="frame">${f}</li>`)}
                  </ol>`}
            </div>
            <div class="panel">
              <h3 id="waiting">${t.waiting}</h3>
              ${step.waiting.length === 0
                ? html`<p class="empty">${t.waitingEmpty}</p>`
                : html`<ul aria-labelledby="waiting">
                    ${step.waiting.map((c) => html`<li class="cont">${t.continuation(c)}</li>`)}
                  </ul>`}
            </div>
            <div class="panel">
              <h3 id="micro">${t.microtasks}</h3>
              ${step.microtasks.length === 0
                ? html`<p class="empty">${t.queueEmpty}</p>`
                : html`<ol class="queue" aria-labelledby="micro">
                    ${step.microtasks.map((m) => html`<li class="chip">${m}</li>`)}
                  </ol>`}
            </div>
            <div class="panel">
              <h3 id="result">${t.result}</h3>
              <p class="result ${outcome?.k ?? ''}" aria-labelledby="result" data-figure="result">${outcome ? t.outcome(outcome) : t.resultPending}</p>
            </div>
          </div>
        </div>
        <p class="status ${outcome?.k === 'uncaught' ? 'uncaught' : ''}" role="status" aria-live=${this.playing ? 'off' : 'polite'}>
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

customElements.define('hsw-callbacks', CallbacksDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-callbacks': CallbacksDemo;
  }
}
