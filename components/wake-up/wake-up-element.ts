import { html, nothing } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import '../ui/step-controls.ts';
import '../ui/details.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { wakeUpText } from './wake-up-text.ts';
import { styles } from './wake-up-styles.ts';
import * as model from './wake-up-model.ts';
import {
  PATH_LENGTH,
  PLACE,
  PLACES,
  READ_BYTES,
  STAGES,
  TRIGGERS,
  forward,
  back,
  reset,
  setTrigger,
  stageAt,
  stageStatus,
  storyFigures,
  whereAt,
  type Trigger,
  type WakeUpState,
} from './wake-up-model.ts';

/** Each lane in the deck's colour of its actor (--hsw-actor-*): the bytes arriving, the kernel, your thread. */
const ACTOR: Record<(typeof PLACES)[number], 'io' | 'kernel' | 'thread'> = {
  hardware: 'io',
  kernel: 'kernel',
  thread: 'thread',
};

/** One packet from the network card to the thread asleep in epoll_wait, stage by stage; then epoll_wait again. */
export class WakeUpDemo extends DemoElement<WakeUpState> {
  static override styles = styles;

  constructor() {
    super(model);
  }

  override render() {
    const t = wakeUpText[this.lang];
    const s = this.state;
    const n = (v: number) => formatNumber(v, this.lang);
    const stage = stageAt(s.index);
    const f = storyFigures(s.trigger);
    const where = whereAt(s);
    let first = 1;
    const groups = PLACES.map((place) => {
      const stages = STAGES.filter((st) => PLACE[st] === place);
      const start = first;
      first += stages.length;
      return html`<div class="place ${place}" data-actor=${ACTOR[place]}>
        <span class="place-name" aria-hidden="true">${t.where[place]}</span>
        <ol start=${start} aria-label=${t.where[place]}>
          ${stages.map((st) => {
            const status = stageStatus(st, s.index);
            return html`<li
              class=${status}
              data-actor=${status === 'ahead' ? nothing : ACTOR[place]}
              aria-current=${status === 'current' ? 'step' : 'false'}
            >
              ${t.stages[st].name}
            </li>`;
          })}
        </ol>
      </div>`;
    });
    // At read() and at epoll_wait again, what is left and what epoll_wait says; while presenting, that alone.
    const figure =
      stage === 'read'
        ? t.readFigure(n(READ_BYTES), n(f.left))
        : stage === 'again'
          ? f.againReported
            ? t.again.reported(n(f.left))
            : t.again.silent(n(f.left))
          : null;
    const tone = stage === 'again' ? (f.againReported ? 'reported' : 'silent') : '';
    return html`
      <section aria-label=${t.demoLabel}>
        <div class="path" role="group" aria-label=${t.pathLabel}>${groups}</div>
        <p class="callout caption ${tone}" role="status">
          ${figure && !this.detailsOpen ? nothing : stage ? t.stages[stage].caption : t.asleep}
          ${figure ? html`<span class="figure">${figure}</span>` : nothing}
        </p>
        <p class="now" aria-label=${t.state.label}>
          <span class=${where.buffered > 0 ? 'on' : ''}>${t.state.buffered(n(where.buffered))}</span>
          <span class=${where.onReadyList ? 'on' : ''}>${t.state.readyList(where.onReadyList)}</span>
          <span class=${where.asleep ? '' : 'on'}>${t.state.thread(where.asleep)}</span>
        </p>
        <div class="controls">
          ${
            // While presenting the clicker steps; the buttons are for a person browsing.
            this.detailsOpen
              ? html`<hsw-step-controls
            lang=${this.lang}
            .at=${s.index}
            .total=${PATH_LENGTH - 1}
            .playable=${false}
            @step-forward=${() => this.setState(forward(this.state))}
            @step-back=${() => this.setState(back(this.state))}
            @reset-requested=${() => this.setState(reset(this.state))}
          ></hsw-step-controls>`
              : nothing
          }
          <fieldset>
            <legend class="sr-only">${t.triggerLabel}</legend>
            ${TRIGGERS.map(
              (tr: Trigger) =>
                html`<label class="pill"
                  ><input
                    type="radio"
                    name="trigger"
                    value=${tr}
                    .checked=${s.trigger === tr}
                    @change=${() => this.setState(setTrigger(this.state, tr))}
                  /><span>${(this.detailsOpen ? t.triggersFlagged : t.triggers)[tr]}</span></label
                >`,
            )}
          </fieldset>
        </div>
        <hsw-details lang=${this.lang} .open=${this.detailsOpen} label=${t.kernelLabel}>
          <p class="in-linux">${stage ? t.stages[stage].kernel : t.asleepKernel}</p>
        </hsw-details>
      </section>
    `;
  }
}

customElements.define('hsw-wake-up', WakeUpDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-wake-up': WakeUpDemo;
  }
}
