import { html, nothing, svg } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import '../ui/labelled-slider.ts';
import '../ui/details.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { backpressureText } from './backpressure-text.ts';
import { styles } from './backpressure-styles.ts';
import * as model from './backpressure-model.ts';
import {
  DURATION_MS,
  ITEM_KB,
  LIMITS,
  MODES,
  axisItems,
  megabytes,
  speakerRange,
  setMode,
  setNumber,
  simulate,
  verdictOf,
  type BackpressureState,
  type Mode,
} from './backpressure-model.ts';

/** The chart's drawing box (its SVG viewBox); it stretches to the demo's width. */
const W = 600;
const H = 200;
const BAND = 14;

/** A producer, a queue and a consumer: memory held over ten seconds, and when the producer is made to wait. */
export class BackpressureDemo extends DemoElement<BackpressureState> {
  static override styles = styles;

  /** The speaker steps' chart height (model.speakerRange: four runs), worked out once. */
  private fixedRange: number | undefined;

  constructor() {
    super(model);
  }

  override render() {
    const lang = this.lang;
    const t = backpressureText[lang];
    const s = this.state;
    const n = (v: number, digits = 0) => formatNumber(v, lang, digits);
    const mb = (items: number) => n(megabytes(items), megabytes(items) < 10 ? 1 : 0);
    const run = simulate(s);
    const verdict = verdictOf(s, run);
    // One height for every step of the slide (model.axisItems): a click never rescales the chart.
    const top = axisItems(s, run, (this.fixedRange ??= speakerRange()));
    const x = (i: number) => (i / Math.max(1, run.held.length - 1)) * W;
    const y = (v: number) => H - BAND - (v / top) * (H - BAND - 4);
    const line = run.held.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    const area = `0,${H - BAND} ${line} ${W},${H - BAND}`;
    const dx = W / Math.max(1, run.held.length - 1);
    const waits = run.paused.flatMap((share, i) => (share > 0 ? [{ i, share }] : []));
    const slider = (key: 'producerRate' | 'consumerRate' | 'limit', label: string, format: (v: number) => string) =>
      html`<hsw-slider
        label=${label}
        integer
        min=${LIMITS[key].min}
        max=${LIMITS[key].max}
        step=${LIMITS[key].step}
        .value=${s[key]}
        ?disabled=${key === 'limit' && s.mode === 'unbounded'}
        .format=${format}
        @value-changed=${(e: CustomEvent<{ value: number }>) => this.setState(setNumber(this.state, key, e.detail.value))}
      ></hsw-slider>`;
    return html`
      <section aria-label=${t.demoLabel}>
        <fieldset class="modes">
          <legend class="sr-only">${t.modeLabel}</legend>
          ${MODES.map(
            (m: Mode) =>
              html`<label class="pill"
                ><input
                  type="radio"
                  name="mode"
                  value=${m}
                  .checked=${s.mode === m}
                  @change=${() => this.setState(setMode(this.state, m))}
                /><span>${t.modes[m]}</span></label
              >`,
          )}
        </fieldset>
        <div class="sliders">
          ${slider('producerRate', t.producerRate, (v) => t.perSecond(n(v)))}
          ${slider('consumerRate', t.consumerRate, (v) => t.perSecond(n(v)))}
          ${slider('limit', t.limit[s.mode], (v) => t.items(n(v)))}
        </div>
        <figure class="chart">
          <span class="axis-max" aria-hidden="true">${t.axisMax(mb(top))}</span>
          <svg
            viewBox="0 0 ${W} ${H}"
            preserveAspectRatio="none"
            role="img"
            aria-label=${t.chartLabel(t.mb(mb(run.peakHeld)), n(DURATION_MS / 1000))}
          >
            <polygon class="area" points=${area}></polygon>
            <polyline class="line" points=${line}></polyline>
            ${
              s.mode === 'unbounded'
                ? nothing
                : svg`<line class="limit" x1="0" x2=${W} y1=${y(s.limit)} y2=${y(s.limit)}></line>`
            }
            ${waits.map(
              // as tall as the share of the sample's time the producer waited, from the band's foot
              ({ i, share }) =>
                svg`<rect class="wait" x=${(x(i) - dx / 2).toFixed(1)} y=${(H - (BAND - 2) * share).toFixed(1)} width=${dx.toFixed(1)} height=${((BAND - 2) * share).toFixed(1)}></rect>`,
            )}
          </svg>
          <figcaption>
            <span class="keys">
              <span class="key"><span class="swatch" aria-hidden="true"></span>${t.pausedKey}</span>
              ${
                s.mode === 'unbounded'
                  ? nothing
                  : html`<span class="key"><span class="swatch dashed" aria-hidden="true"></span>${t.limit[s.mode]}</span>`
              }
            </span>
            <span class="axis-end" aria-hidden="true">${t.axisEnd(n(DURATION_MS / 1000))}</span>
          </figcaption>
        </figure>
        <p class="callout verdict ${verdict.kind}" role="status">
          ${
            verdict.kind === 'grows'
              ? t.verdict.grows(mb(run.finalHeld))
              : verdict.kind === 'capped'
                ? t.verdict.capped(mb(run.peakHeld), `${n(Math.round(run.pausedShare * 100))} %`)
                : t.verdict.keepsUp
          }
        </p>
        <hsw-details lang=${lang} .open=${this.detailsOpen} label=${t.figuresLabel}>
          <table class="data">
            <tbody>
              <tr><th scope="row">${t.figures.produced}</th><td>${n(run.produced)}</td></tr>
              <tr><th scope="row">${t.figures.consumed}</th><td>${n(run.consumed)}</td></tr>
              <tr><th scope="row">${t.figures.falseWrites}</th><td>${n(run.falseWrites)}</td></tr>
              <tr><th scope="row">${t.figures.drains}</th><td>${n(run.drains)}</td></tr>
            </tbody>
          </table>
          <p class="note">${t.figures.item(n(ITEM_KB))}</p>
        </hsw-details>
      </section>
    `;
  }
}

customElements.define('hsw-backpressure', BackpressureDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-backpressure': BackpressureDemo;
  }
}
