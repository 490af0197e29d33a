import { html, nothing, svg, type SVGTemplateResult } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { NARROW_PX } from '../ui/breakpoints.ts';
import { NarrowController } from '../ui/narrow.ts';
import '../ui/labelled-slider.ts';
import '../ui/details.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { niceTicks } from '../../lib/ticks.ts';
import { axisRoom, laneLabel, span, timeAxis, timeline, timelineSvg } from '../shared/timeline/timeline.ts';
import { asyncioResponsivenessText } from './asyncio-responsiveness-text.ts';
import { styles } from './asyncio-responsiveness-styles.ts';
import * as model from './asyncio-responsiveness-model.ts';
import {
  LIMITS,
  gapTurns,
  groupedWarnings,
  longestGap,
  selectGap,
  setDebug,
  setParam,
  setWorker,
  viewOf,
  type NumericParam,
  type ResponsivenessState,
  type ResponsivenessView,
  type TurnView,
  HEARTBEAT_TASK,
  abridged,
} from './asyncio-responsiveness-model.ts';

/** At most this many turns of a gap in the table. */
const MAX_ROWS = 5;

/** Seed 000's heartbeat experiment: sliders, blocking vs cooperative, the turns, the ticks, a gap's reason, debug mode. */
export class AsyncioResponsivenessDemo extends DemoElement<ResponsivenessState> {
  static override styles = styles;

  /** Narrow or not, and the demo's width: the timeline's viewBox follows it, so its text stays 15 px wide or narrow. */
  private readonly width = new NarrowController(this, NARROW_PX, { fallback: 780, redrawAfter: 4 });

  constructor() {
    super(model);
  }

  private set(key: NumericParam) {
    return (e: CustomEvent<{ value: number }>) => this.setState(setParam(this.state, key, e.detail.value));
  }

  override render() {
    const lang = this.lang;
    const t = asyncioResponsivenessText[lang];
    const s = this.state;
    const v = viewOf(s);
    const n = (x: number, d = 0) => formatNumber(x, lang, d);
    const ms = (x: number) => t.ms(n(x, x < 10 && x % 1 !== 0 ? 1 : 0));
    const slider = (key: NumericParam, label: string, log: boolean) =>
      html`<hsw-slider
        label=${label}
        ?log=${log}
        integer
        min=${LIMITS[key].min}
        max=${LIMITS[key].max}
        .value=${s[key]}
        .format=${(x: number) => (key === 'portions' ? n(x) : ms(x))}
        @value-changed=${this.set(key)}
      ></hsw-slider>`;
    const gaps = Math.max(0, v.ticks.length - 1);
    const gap = s.gap !== null && s.gap < gaps ? s.gap : null;
    const asked = Math.floor(v.end / s.tickMs) + 1;
    const presenting = this.presenting;
    const gapStatus = html`<span role="status" data-figure="gap">
      ${
        gap === null
          ? presenting
            ? nothing
            : t.noGap
          : t.gap(
              n(gap + 1),
              n(gaps),
              n(v.ticks[gap]!.time, 1),
              n(v.ticks[gap + 1]!.time, 1),
              n(gapTurns(s, gap).length),
            )
      }
    </span>`;
    const gapButtons = html`<button
        type="button"
        ?disabled=${gaps === 0 || gap === 0}
        @click=${() => this.setState(selectGap(this.state, gap === null ? 0 : gap - 1))}
      >
        ◀ ${t.prevGap}
      </button>
      <button
        type="button"
        ?disabled=${gaps === 0 || gap === gaps - 1}
        @click=${() => this.setState(selectGap(this.state, gap === null ? 0 : gap + 1))}
      >
        ${t.nextGap} ▶
      </button>
      <button type="button" ?disabled=${gaps === 0} @click=${() => this.setState(selectGap(this.state, longestGap(this.state)))}>
        ${t.longest}
      </button>`;
    const sliders = html`<div class="sliders">
      ${slider('tickMs', t.tickMs, true)} ${slider('portions', t.portions, false)}
      ${slider('portionMs', t.portionMs, true)}
    </div>`;
    // Presented: the worker, the count, the timeline and (when the step has them) the chosen gap and the warnings;
    // the sliders, the gap buttons, the debug switch and the gap's table one click away (components/ui/details.ts).
    return html`
      <section aria-label=${t.demoLabel}>
        <div class="top">
          <fieldset>
            <legend class=${presenting ? 'sr-only' : ''}>${t.worker}</legend>
            ${(['blocking', 'cooperative'] as const).map(
              (w) => html`<label class="pill">
                <input
                  type="radio"
                  name="worker"
                  value=${w}
                  .checked=${s.worker === w}
                  @change=${() => this.setState(setWorker(this.state, w))}
                /><span>${t.workers[w]}</span>
              </label>`,
            )}
          </fieldset>
        </div>
        ${presenting ? nothing : sliders}
        <p class="summary" data-figure="summary">
          ${t.summary(n(v.ticks.length), v.medianMs === null ? null : n(v.medianMs, 1))}
          <span class="asked"
            >(<span data-figure="basis">${t.basis}</span>${presenting ? nothing : html`; ${t.asked(n(asked))}`})</span
          >
        </p>
        ${this.timeline(v, gap, t.timelineLabel(n(v.ticks.length), n(v.turns.length), n(v.end)))}
        <div class="legend" aria-hidden="true">
          <span><span class="swatch work" data-actor="loop"></span>${t.legend.work}</span>
          <span><span class="swatch sleep"></span>${t.legend.sleep}</span>
          <span><span class="swatch tick" data-actor="task"></span>${t.legend.tick}</span>
          ${presenting && gap === null ? nothing : html`<span><span class="swatch gap"></span>${t.legend.gap}</span>`}
        </div>
        ${
          presenting
            ? html`${gap === null ? nothing : html`<p class="gapline">${gapStatus}</p>`}
                ${s.debug ? this.warningList(v) : nothing}
                <hsw-details lang=${lang} .open=${this.detailsOpen} label=${t.controlsDetails}>
                  ${sliders}
                  <div class="gapbar">${gapButtons}</div>
                  ${this.debugRow()}
                </hsw-details>
                ${
                  gap === null
                    ? nothing
                    : html`<hsw-details lang=${lang} .open=${this.detailsOpen} label=${t.tableDetails}>
                        ${this.turnTable(gapTurns(s, gap))}
                      </hsw-details>`
                }`
            : html`<div class="gapbar">${gapButtons} ${gapStatus}</div>
                ${gap === null ? nothing : this.turnTable(gapTurns(s, gap))} ${this.debugRow()} ${this.warningList(v)}`
        }
      </section>
    `;
  }

  private turnTable(turns: readonly TurnView[]) {
    const t = asyncioResponsivenessText[this.lang];
    const n = (x: number, d = 0) => formatNumber(x, this.lang, d);
    const name = (c: { callback: string; task: string | null }) => (c.task ? `${c.callback}(${c.task})` : c.callback);
    const shown = turns.length > MAX_ROWS ? [...turns.slice(0, MAX_ROWS - 1), turns[turns.length - 1]!] : turns;
    const hb = (c: { callback: string; task: string | null }) =>
      c.task === HEARTBEAT_TASK || c.callback === '_set_result_unless_cancelled';
    const code = (c: { callback: string; task: string | null }) =>
      html`<code class=${hb(c) ? 'hb' : ''}>${name(c)}</code>`;
    return html`<table class="data" aria-label=${t.tableLabel}>
        <thead>
          <tr>
            <th scope="col">${t.cols.turn}</th>
            <th scope="col">${t.cols.step5}</th>
            <th scope="col">${t.cols.step6}</th>
            <th scope="col">${t.cols.left}</th>
          </tr>
        </thead>
        <tbody>
          ${shown.map(
            (tn, i) => html`
              ${
                i === MAX_ROWS - 1 && turns.length > MAX_ROWS
                  ? html`<tr>
                      <td colspan="4">${t.moreTurns(n(turns.length - MAX_ROWS))}</td>
                    </tr>`
                  : nothing
              }
              <tr>
                <th scope="row">${t.turn(tn.index, n(tn.end - tn.start, 1))}</th>
                <td>
                  ${tn.moved.length === 0 ? t.none : tn.moved.map((m) => html`${code({ callback: m.callback, task: null })} ${t.due(n(m.due, 1))} `)}
                </td>
                <td>
                  <span class="ntodo">${t.ntodo(tn.ntodo)}</span>
                  ${tn.ran.map((r, j) => html`${j > 0 ? ', ' : ''}${code(r)}&nbsp;${t.ms(n(r.ms, r.ms > 0 && r.ms < 10 ? 1 : 0))}`)}
                </td>
                <td>${tn.left.length === 0 ? t.none : tn.left.map((l, j) => html`${j > 0 ? ', ' : ''}${code(l)}`)}</td>
              </tr>
            `,
          )}
        </tbody>
      </table>
      <p class="note">${t.tasks}</p>`;
  }

  private debugRow() {
    const t = asyncioResponsivenessText[this.lang];
    const s = this.state;
    const n = (x: number) => formatNumber(x, this.lang);
    return html`<div class="debugrow">
      <label class="debug"
        ><input
          type="checkbox"
          .checked=${s.debug}
          @change=${(e: Event) => this.setState(setDebug(this.state, (e.target as HTMLInputElement).checked))}
        />${t.debug} (PYTHONASYNCIODEBUG=1)</label
      >
      <hsw-slider
        label=${t.slowMs}
        log
        integer
        min=${LIMITS.slowMs.min}
        max=${LIMITS.slowMs.max}
        .value=${s.slowMs}
        .format=${(x: number) => t.ms(n(x))}
        @value-changed=${this.set('slowMs')}
      ></hsw-slider>
    </div>`;
  }

  private warningList(v: ResponsivenessView) {
    const t = asyncioResponsivenessText[this.lang];
    const s = this.state;
    const n = (x: number) => formatNumber(x, this.lang);
    const grouped = groupedWarnings(v);
    return html`<ul class="warnings" aria-label=${t.warningsLabel}>
      ${
        !s.debug
          ? html`<li>${t.debugOff}</li>`
          : grouped.length === 0
            ? html`<li>${t.noWarnings(n(s.slowMs))}</li>`
            : grouped.map(
                (g) =>
                  html`<li class="w"><span class="count">${t.times(n(g.count))}</span>${this.presenting ? abridged(g.message) : g.message}</li>`,
              )
      }
    </ul>`;
  }

  private timeline(v: ResponsivenessView, gap: number | null, label: string) {
    const t = asyncioResponsivenessText[this.lang];
    const n = (x: number) => formatNumber(x, this.lang);
    const narrow = this.width.narrow;
    const tl = timeline({
      width: this.width.width,
      labels: narrow ? 84 : 96,
      span: Math.max(v.end, 1),
      presenting: this.presenting,
    });
    const { x } = tl;
    // Presented, three lanes tall enough to fill the stage's height under the count (120 px: 81 % of it).
    const laneH = this.presenting ? 120 : 30;
    const gapY = 4;
    const rows: SVGTemplateResult[] = [];
    const sel = gap === null ? null : { a: v.ticks[gap]!, b: v.ticks[gap + 1]! };
    // Turns: each one's sleep in select() drawn light and low, its work (step 6) solid, in one colour (the legend's),
    // a thin gap of the background between two turns.
    const y0 = 2;
    rows.push(laneLabel(tl, y0, laneH, t.lanes.turns));
    v.turns.forEach((tn) => {
      if (tn.selectEnd > tn.selectStart)
        rows.push(
          span(tl, { from: tn.selectStart, to: tn.selectEnd, y: y0 + 8, h: laneH - 16, cls: 'sleep', min: 0.5 }),
        );
      if (tn.end > tn.selectEnd) {
        const chosen = sel !== null && tn.index >= sel.a.turn && tn.index <= sel.b.turn;
        rows.push(
          span(tl, {
            from: tn.selectEnd,
            to: tn.end,
            y: y0,
            h: laneH,
            cls: chosen ? 'turn selected' : 'turn',
            actor: 'loop',
            min: 0.5,
            title: t.turn(tn.index, n(tn.end - tn.start)),
          }),
        );
      }
    });
    // Heartbeat: ticks, and each gap between two as a target to click.
    const y1 = y0 + laneH + gapY;
    rows.push(laneLabel(tl, y1, laneH, t.lanes.heartbeat));
    v.ticks.forEach((tk, i) => {
      const next = v.ticks[i + 1];
      if (next)
        rows.push(
          svg`<rect class="gap ${gap === i ? 'selected' : ''}" data-gap=${i} x=${x(tk.time)} y=${y1} width=${Math.max(1, x(next.time) - x(tk.time))} height=${laneH} @click=${() => this.setState(selectGap(this.state, i))}><title>${t.gapLabel(i + 1)}</title></rect>`,
        );
    });
    const tickW = this.presenting ? 4 : 2.5;
    for (const tk of v.ticks)
      rows.push(
        svg`<rect class="tick" data-actor="task" x=${x(tk.time) - (this.presenting ? 2 : 1)} y=${y1 + 3} width=${tickW} height=${laneH - 6} pointer-events="none"></rect>`,
      );
    const y2 = y1 + laneH + gapY;
    rows.push(laneLabel(tl, y2, laneH - 4, t.lanes.log));
    for (const w of v.warnings) {
      const cx = x(w.time);
      rows.push(
        svg`<path d="M ${cx} ${y2 + 2} L ${cx + 7} ${y2 + laneH - 6} L ${cx - 7} ${y2 + laneH - 6} Z" fill="var(--hsw-warn)"><title>${w.message}</title></path>`,
      );
    }
    const axisY = y2 + laneH - 2;
    // Few enough round marks that their labels stand apart (about 5, 4 when narrow or presented).
    const marks = niceTicks(tl.span, narrow || this.presenting ? 4 : 5);
    return timelineSvg(
      tl,
      axisY + axisRoom(tl),
      label,
      svg`${timeAxis(tl, { marks, top: 2, axisY, unit: t.axisUnit, format: n })} ${rows}`,
    );
  }
}

customElements.define('hsw-asyncio-responsiveness', AsyncioResponsivenessDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-asyncio-responsiveness': AsyncioResponsivenessDemo;
  }
}
