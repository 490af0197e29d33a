import { html, nothing } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { playedStepControls } from '../ui/step-controls.ts';
import '../ui/code-panel.ts';
import '../ui/details.ts';
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
import { bareLine, foldedListing } from './callbacks-promises-await-listing.ts';

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
   * Presented to a hall: the listing folded to the lines that matter at the step, big, where the continuations wait
   * beside it, and the step's caption; the styles, the failure modes, the clock, the stack, the microtasks, the result
   * and the step buttons behind a closed disclosure (the clicker drives the steps).
   */
  override render() {
    const t = callbacksPromisesAwaitText[this.lang];
    const s = this.state;
    const step = currentStep(s);
    const outcome = step.outcome;
    const presenting = this.presenting;
    const status = presenting ? t.eventPresented(step.event, s.style) : t.event(step.event, s.style);
    const folded = presenting ? this.presentedListing() : null;
    return html`
      <section aria-label=${t.demoLabel}>
        ${presenting ? nothing : this.top()}
        <div class="main">
          <div class="code-col">
            <hsw-code .code=${folded?.code ?? t.code[s.style]} .current=${folded ? folded.current : step.line === null ? [] : [step.line]} label=${t.codeLabel(t.styleName[s.style])}></hsw-code>
            ${presenting ? nothing : html`<p class="operation">${t.operation(DB_MS, API_MS)}</p>`}
            ${this.mode === 'embed' ? html`<p class="tradeoff">${t.tradeoff[s.style]}</p>` : nothing}
          </div>
          <div class="side">
            ${
              presenting
                ? outcome && outcome.k !== 'value' && s.failure !== 'ok'
                  ? this.errorPath(s.failure)
                  : step.waiting.length === 0
                    ? nothing
                    : this.waitingPanel(step)
                : html`${this.clock(step)}${this.stackPanel(step)}${this.waitingPanel(step)}${this.microPanel(step)}${this.resultPanel(step)}`
            }
          </div>
        </div>
        <p class="status callout ${outcome?.k === 'uncaught' ? 'bad' : ''}" role="status" aria-live=${this.playing ? 'off' : 'polite'}>${status}</p>
        ${
          presenting
            ? html`<hsw-details lang=${this.lang} .open=${this.detailsOpen} label=${t.stateDetails}>
              ${this.top()} ${this.controls()}
              <div class="state">
                ${this.clock(step)}${this.stackPanel(step)}${this.microPanel(step)}${this.resultPanel(step)}
              </div>
            </hsw-details>`
            : this.controls()
        }
      </section>
    `;
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

  /**
   * Presented: the bare listing (no comments, no blank lines), folded to the lines that matter at this step
   * (`presentedLines`), with the line that runs marked, or, while nothing runs, the lines where continuations wait.
   */
  private presentedListing(): { code: string; current: number[] } {
    const s = this.state;
    const step = currentStep(s);
    const keep = presentedLines(s);
    const folded = keep
      ? foldedListing(s.style, this.lang, keep)
      : { code: callbacksPromisesAwaitText[this.lang].codeBare[s.style], lineOf: (l: number) => bareLine(s.style, l) };
    const marked =
      step.line !== null ? [step.line] : step.waiting.flatMap((c) => (c.line === undefined ? [] : [c.line]));
    return { code: folded.code, current: marked.flatMap((l) => folded.lineOf(l) ?? []) };
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
      <h3 id="waiting">${this.presenting ? t.waitingShort : t.waiting}</h3>
      ${
        step.waiting.length === 0
          ? html`<p class="empty">${t.waitingEmpty}</p>`
          : html`<ul aria-labelledby="waiting">
            ${step.waiting.map((c) => html`<li class="cont">${(this.presenting ? t.continuationShort : t.continuation)(c)}</li>`)}
          </ul>`
      }
    </div>`;
  }

  /** Presented, at a failure's end: the stops of the error's way, top to bottom. */
  private errorPath(failure: Exclude<Failure, 'ok'>) {
    const t = callbacksPromisesAwaitText[this.lang];
    return html`<div class="panel path">
      <h3 id="path">${t.errorPathLabel}</h3>
      <ol aria-labelledby="path">
        ${t.errorPath[this.state.style][failure].map((stop) => html`<li class="stop">${stop}</li>`)}
      </ol>
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
