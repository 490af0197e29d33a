import { html, nothing, type TemplateResult } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { styleProps } from '../ui/style-props.ts';
import '../ui/labelled-slider.ts';
import '../ui/details.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { inline } from '../../lib/render-text.ts';
import * as model from './cores-model.ts';
import {
  BLOCK_MS,
  CLIENT_ADDR,
  CLIENT_PORTS,
  HORIZON_MS,
  LIMITS,
  SERVER_ADDR,
  SERVER_PORT,
  STRATEGIES,
  perWorker,
  schedule,
  setBlocking,
  setCores,
  setStrategy,
  type CoresState,
  type Schedule,
} from './cores-model.ts';
import { coresText } from './cores-text.ts';
import { styles } from './cores-styles.ts';

/** Every strategy is drawn on the same time scale: the longest any of them can take. */
const SCALE_MS = HORIZON_MS;

/** N cores, four ways to spread a burst of connections over them, and a handler that blocks. */
export class CoresDemo extends DemoElement<CoresState> {
  static override styles = styles;

  constructor() {
    super(model);
  }

  override render() {
    const lang = this.lang;
    const t = coresText[lang];
    const s = this.state;
    const n = (v: number) => formatNumber(v, lang);
    const ms = (v: number) => t.ms(n(v));
    const sched = schedule(s);
    const figures = { delayed: n(sched.delayed), idle: n(sched.idle), idleCount: sched.idle, block: ms(BLOCK_MS) };
    const caption = s.blocking ? t.captions[s.strategy].blocked(figures) : t.captions[s.strategy].free(figures);
    return html`<section aria-label=${t.demoLabel}>
      <div class="top">
        <fieldset>
          <legend class="sr-only">${t.strategyGroup}</legend>
          ${STRATEGIES.map(
            (k) => html`<label class="pill">
              <input
                type="radio"
                name="strategy"
                .checked=${s.strategy === k}
                @change=${() => this.setState(setStrategy(this.state, k))}
              /><span>${t.strategies[k]}</span>
            </label>`,
          )}
        </fieldset>
        <label class="check">
          <input
            type="checkbox"
            .checked=${s.blocking}
            @change=${(e: Event) => this.setState(setBlocking(this.state, (e.target as HTMLInputElement).checked))}
          />
          ${t.blocking(ms(BLOCK_MS))}
        </label>
      </div>
      ${this.renderLanes(sched)}
      <div class="callout ${s.blocking && sched.delayed > 0 ? 'bad' : ''}" role="status" data-figure="caption">
        <p>${inline(caption)} <span data-figure="last">${inline(t.last(ms(sched.last)))}</span></p>
      </div>
      <hsw-details lang=${lang} .open=${this.detailsOpen} label=${t.figuresLabel}>
        <div class="figures">
          <hsw-slider
            label=${t.cores}
            integer
            min=${LIMITS.cores.min}
            max=${LIMITS.cores.max}
            .value=${s.cores}
            .format=${(v: number) => n(v)}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.setState(setCores(this.state, e.detail.value))}
          ></hsw-slider>
          <p>
            <span data-figure="per-core">${t.perCore(perWorker(sched).map(n).join(' · '))}</span><br /><span
              class="muted"
              >${t.tuple(CLIENT_ADDR, `${SERVER_ADDR}:${SERVER_PORT}`)}</span
            >
          </p>
          ${this.renderTable(sched)}
        </div>
      </hsw-details>
    </section>`;
  }

  /** Presented, the blocks carry no numbers and an idle core no word: the caption says it (the names stay). */
  private renderLanes(sched: Schedule): TemplateResult {
    const lang = this.lang;
    const t = coresText[lang];
    const n = (v: number) => formatNumber(v, lang);
    const blocked = sched.lanes.find((l) => l.some((slot) => slot.blocks));
    return html`<ul class="lanes" aria-label=${t.lanesLabel}>
        ${sched.lanes.map(
          (lane, i) => html`<li class="lane" data-core=${i + 1}>
            <span class="lane-name">${t.lane(n(i + 1))}</span>
            <span class="track">
              ${lane.length === 0 && !this.presenting ? html`<span class="idle">${t.idle}</span>` : nothing}
              ${lane.map(
                (slot) => html`<span
                  class="slot ${slot.blocks ? 'blocks' : ''} ${lane === blocked && !slot.blocks ? 'behind' : ''}"
                  style=${styleProps({
                    left: `${(slot.start / SCALE_MS) * 100}%`,
                    width: `${((slot.end - slot.start) / SCALE_MS) * 100}%`,
                  })}
                  role="img"
                  aria-label=${`${t.request(n(slot.request), t.ms(n(slot.start)), t.ms(n(slot.end)))}${slot.blocks ? `, ${t.blocks}` : ''}`}
                  >${this.presenting ? nothing : html`<span class="n" aria-hidden="true">${n(slot.request)}</span>`}</span
                >`,
              )}
            </span>
          </li>`,
        )}
      </ul>
      <div class="axis" aria-hidden="true"><span></span><span>${t.axisEnd(t.ms(n(SCALE_MS)))}</span></div>`;
  }

  private renderTable(sched: Schedule): TemplateResult {
    const lang = this.lang;
    const t = coresText[lang].table;
    const n = (v: number) => formatNumber(v, lang);
    const coreOf = new Map<number, number>();
    sched.lanes.forEach((lane, i) => lane.forEach((slot) => coreOf.set(slot.request, i + 1)));
    return html`<div class="scroll"><table class="data">
      <caption class="sr-only">${t.caption}</caption>
      <thead>
        <tr>
          <th scope="col">${t.request}</th>
          ${CLIENT_PORTS.map((_, i) => html`<th scope="col">${n(i + 1)}</th>`)}
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">${t.port}</th>
          ${CLIENT_PORTS.map((p) => html`<td>${String(p)}</td>`)}
        </tr>
        <tr>
          <th scope="row">${t.core}</th>
          ${CLIENT_PORTS.map((_, i) => html`<td>${n(coreOf.get(i + 1) ?? 0)}</td>`)}
        </tr>
        <tr>
          <th scope="row">${t.answered}</th>
          ${sched.latency.map((v) => html`<td>${n(v)}</td>`)}
        </tr>
      </tbody>
    </table></div>`;
  }
}

customElements.define('hsw-cores', CoresDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-cores': CoresDemo;
  }
}
