import { html, nothing } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import '../ui/step-controls.ts';
import '../ui/code-panel.ts';
import '../ui/details.ts';
import '../shared/loop-picture/loop-picture-element.ts';
import { sceneOf } from './await-future-scene.ts';
import { awaitFutureText } from './await-future-text.ts';
import { styles } from './await-future-styles.ts';
import * as model from './await-future-model.ts';
import {
  FRAMES,
  current,
  move,
  setAlreadyThere,
  shortName,
  stepCount,
  totalTurns,
  type AwaitFutureState,
} from './await-future-model.ts';
import { EXCERPTS, renderExcerpt } from './await-future-code.ts';

/** The six-step wake-up of a task by a future, with the CPython lines at work, the loop and the frame chain. */
export class AwaitFutureDemo extends DemoElement<AwaitFutureState> {
  static override styles = styles;

  constructor() {
    super(model);
  }

  private chips(items: readonly string[], label: string) {
    const t = awaitFutureText[this.lang];
    if (items.length === 0) return html`<span class="muted">${t.empty}</span>`;
    return html`<ul class="chips" aria-label=${label}>
      ${items.map((c) => html`<li class="chip ${c === 'Task.task_wakeup' ? 'wake' : ''}">${shortName(c)}</li>`)}
    </ul>`;
  }

  override render() {
    const t = awaitFutureText[this.lang];
    const s = this.state;
    const w = current(s);
    const n = stepCount(s);
    const code = renderExcerpt(EXCERPTS[w.code]);
    const controls = html`<hsw-step-controls
      .lang=${this.lang}
      .at=${s.index}
      .total=${n - 1}
      .playable=${false}
      @step-forward=${() => this.setState(move(this.state, 'forward'))}
      @step-back=${() => this.setState(move(this.state, 'back'))}
      @reset-requested=${() => this.setState(move(this.state, 'reset'))}
    ></hsw-step-controls>`;

    // Presenting: the loop picture is the slide (the stack, the future and what hangs on it, `_ready`, the socket) and
    // one sentence says what this step moved; the buttons, the switch, the loop's details and the CPython lines are
    // behind a closed disclosure.
    if (this.presenting && !this.detailsOpen)
      return html`<section aria-label=${t.demoLabel} class="presented">
        <hsw-loop-picture lang=${this.lang} .scene=${sceneOf(s)}></hsw-loop-picture>
        <p class="status caption" role="status">${t.captions[w.text]}</p>
        <hsw-details lang=${this.lang} .open=${false} label=${t.presentedMore}>${this.renderFull(w, n, code, controls)}</hsw-details>
      </section>`;
    return html`<section aria-label=${t.demoLabel}>${this.renderFull(w, n, code, controls)}</section>`;
  }

  /** The self-paced view (and, presenting, the disclosure's content, without a second set of step buttons). */
  private renderFull(
    w: ReturnType<typeof current>,
    n: number,
    code: ReturnType<typeof renderExcerpt>,
    controls?: ReturnType<typeof html>,
  ) {
    const t = awaitFutureText[this.lang];
    const s = this.state;
    return html`
      <div class="cols">
        <div>
          <div class="row">
            ${controls ?? nothing}
            <label class="check"
              ><input
                type="checkbox"
                .checked=${s.alreadyThere}
                @change=${(e: Event) => this.setState(setAlreadyThere(this.state, (e.target as HTMLInputElement).checked))}
              />${t.already}</label
            >
          </div>
          ${controls ? html`<p class="status" role="status">${t.steps[w.text]}</p>` : nothing}
          <p class="where">
            ${t.where(w.turn, totalTurns(s.alreadyThere), w.loopStep)}${w.sleptMs > 0 ? html` · ${t.slept(w.sleptMs)}` : nothing}
          </p>
          ${
            controls
              ? html`<h3 id="frames">${t.frames}</h3>
                  <ol class="frames" aria-labelledby="frames">
                    ${FRAMES.map(
                      (f) => html`<li class=${w.frames[f]}>
                        <code>${f}: ${t.frameLine[f]}</code><span class="state">${t.frameState[w.frames[f]]}</span>
                      </li>`,
                    )}
                  </ol>`
              : nothing
          }
          <h3>${t.loop}</h3>
          <dl class="loop">
            <dt>${t.ready}</dt>
            <dd>${this.chips(w.ready, t.ready)}</dd>
            <dt>${t.scheduled}</dt>
            <dd><span class="muted">${t.empty}</span></dd>
            <dt>${t.selector}</dt>
            <dd>${this.chips(w.selector, t.selector)}</dd>
            <dt>${t.future}</dt>
            <dd>
              ${t.futureState[w.future]}${w.callbacks.length ? html` · ${t.callbacks}: ${this.chips(w.callbacks, t.callbacks)}` : nothing}
            </dd>
            <dt>Task-1</dt>
            <dd><code>${t.waiter(w.waiter)}</code></dd>
          </dl>
        </div>
        <div>
          <p class="code-caption">${t.code}</p>
          <hsw-code language="python" .code=${code.code} .current=${code.current} label=${t.code}></hsw-code>
          ${s.alreadyThere || s.index === n - 1 ? html`<p class="callout">${t.cost}</p>` : nothing}
        </div>
      </div>`;
  }
}

customElements.define('hsw-await-future', AwaitFutureDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-await-future': AwaitFutureDemo;
  }
}
