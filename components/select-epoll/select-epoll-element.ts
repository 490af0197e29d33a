import { css, html, nothing, type PropertyValues } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { controlStyles } from '../ui/theme.ts';
import '../ui/labelled-slider.ts';
import '../ui/chart-panel.ts';
import type { ChartSeries, ChartSpec } from '../ui/chart-panel.ts';
import { formatNumber, type Lang } from '../../lib/i18n.ts';
import { prefersReducedMotion } from '../../lib/motion.ts';
import { selectEpollText } from './select-epoll-text.ts';
import {
  MECHANISMS,
  METRICS,
  N_MAX,
  N_MIN,
  SELECT_ERRORS,
  SELECT_MAX_N,
  animationMs,
  callWait,
  frameAt,
  grid,
  initialState,
  metricOf,
  preview,
  series,
  setK,
  setMechanism,
  setMetric,
  setN,
  stateForStep,
  waitCall,
  type Frame,
  type Mechanism,
  type Metric,
  type SelectEpollState,
  type WaitCall,
} from './select-epoll-model.ts';

const SERIES_STYLE: Record<Mechanism, { color: string; dashed?: boolean }> = {
  select: { color: '--hsw-series-1' },
  poll: { color: '--hsw-series-3' },
  epoll: { color: '--hsw-series-2' },
  kqueue: { color: '--hsw-series-4', dashed: true },
};

/** The cost of one wait with N registered descriptors and K ready, for select, poll, epoll and kqueue. */
export class SelectEpollDemo extends DemoElement<SelectEpollState> {
  static override properties = {
    ...DemoElement.properties,
    progress: { state: true },
  };

  /** Progress of the call's animation, 0 … 1 (view state, not kept in the store). */
  declare progress: number;

  private raf = 0;
  private animStart = 0;
  /** The call the grid shows (the animation follows a change of `state.last`). */
  private shownCall: WaitCall | null = null;

  static override styles = [
    controlStyles,
    css`
      :host {
        display: block;
        container-type: inline-size;
        font-size: 18px;
        height: 100%;
      }
      section {
        height: 100%;
        overflow-y: auto;
        overscroll-behavior: contain;
      }
      .top {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4em 0.8em;
        align-items: center;
        justify-content: space-between;
      }
      fieldset {
        border: 0;
        margin: 0;
        padding: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0.3em;
        align-items: center;
      }
      legend {
        float: left;
        font-size: 0.85em;
        margin-right: 0.4em;
      }
      .pill {
        position: relative;
        display: inline-flex;
      }
      .pill input {
        position: absolute;
        opacity: 0;
        inset: 0;
        margin: 0;
        cursor: pointer;
      }
      .pill span {
        font-family: var(--hsw-mono);
        font-size: 0.85em;
        padding: 0.25em 0.7em;
        border: 1px solid var(--hsw-border);
        border-radius: 0.35em;
        background: var(--hsw-control-bg);
      }
      .pill input:checked + span {
        background: var(--hsw-accent);
        color: var(--hsw-on-accent);
        border-color: var(--hsw-accent);
      }
      .pill input:focus-visible + span {
        outline: 3px solid var(--hsw-focus);
        outline-offset: 2px;
      }
      .call {
        font-weight: 600;
      }
      .sliders {
        display: grid;
        grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
        gap: 0.3em 1.2em;
        margin-top: 0.3em;
      }
      .middle {
        display: grid;
        grid-template-columns: auto minmax(0, 1fr);
        gap: 0.8em;
        margin-top: 0.4em;
        align-items: start;
      }
      .grid {
        display: grid;
        grid-template-columns: repeat(25, 12px);
        gap: 2px;
      }
      .cell {
        width: 12px;
        height: 12px;
        box-sizing: border-box;
        border-radius: 2px;
        background: var(--hsw-control-bg);
        border: 1px solid var(--hsw-border);
        position: relative;
      }
      .cell.ready::after {
        content: '';
        position: absolute;
        inset: 3px;
        border-radius: 50%;
        background: var(--hsw-good);
      }
      .cell.checked {
        background: var(--hsw-muted);
        border-color: var(--hsw-muted);
        opacity: 0.55;
      }
      .cell.found {
        background: var(--hsw-good);
        border-color: var(--hsw-good);
      }
      .cell.cursor {
        background: var(--hsw-accent);
        border-color: var(--hsw-accent);
      }
      .under {
        font-size: 0.7em;
        color: var(--hsw-muted);
        margin: 0.3em 0 0;
        font-variant-numeric: tabular-nums;
        max-width: 348px;
      }
      .under strong {
        color: var(--hsw-fg);
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: 0.2em 0.8em;
        font-size: 0.65em;
        color: var(--hsw-muted);
        margin-top: 0.25em;
        max-width: 348px;
      }
      .legend .cell {
        display: inline-block;
        vertical-align: -1px;
        margin-right: 0.3em;
      }
      .phase {
        color: var(--hsw-accent-text);
      }
      table {
        border-collapse: collapse;
        width: 100%;
        font-size: 0.72em;
        font-variant-numeric: tabular-nums;
      }
      th,
      td {
        text-align: left;
        vertical-align: top;
        padding: 0.18em 0.35em;
        border-bottom: 1px solid var(--hsw-border);
      }
      th {
        color: var(--hsw-muted);
        font-weight: 600;
        white-space: nowrap;
      }
      td code,
      .refused code {
        font-family: var(--hsw-mono);
        font-size: 0.95em;
        overflow-wrap: anywhere;
      }
      td.good {
        color: var(--hsw-good-text);
        font-weight: 600;
      }
      td.bad {
        color: var(--hsw-bad-text);
        font-weight: 600;
      }
      .refused {
        border-left: 4px solid var(--hsw-bad);
        background: var(--hsw-panel);
        padding: 0.3em 0.6em;
        font-size: 0.68em;
      }
      .refused h3 {
        margin: 0 0 0.3em;
        font-size: 1.1em;
        color: var(--hsw-bad-text);
      }
      .refused p {
        margin: 0.25em 0;
      }
      .refused code {
        display: block;
        background: var(--hsw-code-bg);
        color: var(--hsw-code-fg);
        padding: 0.15em 0.4em;
        border-radius: 0.25em;
      }
      .status {
        margin: 0.3em 0 0;
        padding: 0.25em 0.6em;
        border-left: 4px solid var(--hsw-accent);
        background: var(--hsw-panel);
        font-size: 0.75em;
        min-height: 1.3em;
      }
      .status.bad {
        border-left-color: var(--hsw-bad);
      }
      .chart-head {
        display: flex;
        flex-wrap: wrap;
        gap: 0.2em 0.8em;
        align-items: center;
        margin-top: 0.35em;
        font-size: 0.85em;
      }
      .chart-head .pill span {
        font-family: var(--hsw-font);
        font-size: 0.8em;
      }
      .note {
        font-size: 0.62em;
        color: var(--hsw-muted);
        margin: 0;
      }
      hsw-chart {
        --hsw-chart-height: 210px;
      }
      @container (max-width: 620px) {
        section {
          font-size: 22px;
        }
        .middle {
          grid-template-columns: minmax(0, 1fr);
        }
        .sliders {
          grid-template-columns: minmax(0, 1fr);
        }
        hsw-chart {
          --hsw-chart-height: 200px;
        }
      }
    `,
  ];

  constructor() {
    super();
    this.progress = 1;
  }

  protected override initialState(): SelectEpollState {
    return initialState();
  }

  protected override stateForStep(step: number, current: SelectEpollState): SelectEpollState {
    return stateForStep(step, current);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // A demo re-created with a saved call shows it finished, without replaying it.
    this.shownCall = this.state.last;
    this.progress = 1;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stop();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (this.state.last !== this.shownCall) {
      this.shownCall = this.state.last;
      this.stop();
      const call = this.shownCall;
      if (call && call.ok && this.active && !prefersReducedMotion()) {
        this.progress = 0;
        this.animStart = 0;
        this.raf = requestAnimationFrame(this.tick);
      } else {
        this.progress = 1;
      }
    }
    if (changed.has('active') && !this.active) {
      this.stop();
      this.progress = 1;
    }
  }

  private stop(): void {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
  }

  private tick = (now: number): void => {
    const call = this.shownCall;
    if (!call || !this.active) {
      this.raf = 0;
      this.progress = 1;
      return;
    }
    if (!this.animStart) this.animStart = now;
    const p = Math.min(1, (now - this.animStart) / animationMs(call));
    this.progress = p;
    this.raf = p < 1 ? requestAnimationFrame(this.tick) : 0;
  };

  private onCall(): void {
    this.setState(callWait(this.state));
  }

  override render() {
    const lang = this.locale;
    const t = selectEpollText[lang];
    const s = this.state;
    const n = (v: number) => formatNumber(v, lang);
    const call = preview(s);
    const shown = s.last;
    const frame: Frame | null = shown ? frameAt(shown, this.progress) : null;
    const done = shown !== null && this.progress >= 1;

    return html`
      <section aria-label=${t.demoLabel}>
        <div class="top">
          <fieldset>
            <legend>${t.mechanism}</legend>
            ${MECHANISMS.map(
              (m) => html`<label class="pill">
                <input
                  type="radio"
                  name="mechanism"
                  value=${m}
                  .checked=${s.mechanism === m}
                  @change=${() => this.setState(setMechanism(this.state, m))}
                /><span>${m}</span>
              </label>`,
            )}
          </fieldset>
          <button type="button" class="call" @click=${this.onCall}>${t.callWait}</button>
        </div>
        <div class="sliders">
          <hsw-slider
            label=${t.connections}
            log
            integer
            min=${N_MIN}
            max=${N_MAX}
            .value=${s.n}
            .format=${n}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.setState(setN(this.state, e.detail.value))}
          ></hsw-slider>
          <hsw-slider
            label=${t.ready}
            integer
            min="0"
            max=${s.n}
            .value=${s.k}
            .format=${n}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.setState(setK(this.state, e.detail.value))}
          ></hsw-slider>
        </div>

        <div class="middle">
          <div>${this.renderGrid(lang, frame)}</div>
          <div>${call.ok ? this.renderFigures(lang, call) : this.renderRefused(lang, call)}</div>
        </div>

        <p class="status ${shown && !shown.ok ? 'bad' : ''}">
          <span role="status">${!shown ? t.idle : !shown.ok ? t.resultRefused(n(shown.maxFd)) : done ? t.result(shown.mechanism, n(shown.returned), n(shown.n), n(shown.kernelChecks)) : ''}</span>
          ${frame && shown?.ok && !done ? html`<span class="phase" aria-hidden="true">${this.phaseText(lang, shown, frame)}</span>` : nothing}
        </p>

        <div class="chart-head">
          <fieldset>
            <legend>${t.metric}</legend>
            ${METRICS.map(
              (m) => html`<label class="pill">
                <input type="radio" name="metric" value=${m} .checked=${s.metric === m} @change=${() => this.setState(setMetric(this.state, m))} /><span
                  >${t.metrics[m]}</span
                >
              </label>`,
            )}
          </fieldset>
        </div>
        <hsw-chart
          .locale=${lang}
          .load=${this.near || this.active}
          label=${t.chartLabel(n(s.n), t.metrics[s.metric])}
          .spec=${this.chartSpec(lang)}
        ></hsw-chart>
        <p class="note">${s.k === 0 ? t.chartNoteZero : t.chartNote(n(s.k), n(SELECT_MAX_N))}</p>
      </section>
    `;
  }

  private renderGrid(lang: Lang, frame: Frame | null) {
    const t = selectEpollText[lang];
    const s = this.state;
    const n = (v: number) => formatNumber(v, lang);
    const g = grid(s.n, s.k);
    const shown = s.last;
    const scanning = shown !== null && shown.ok && (shown.mechanism === 'select' || shown.mechanism === 'poll');
    const listing = shown !== null && shown.ok && !scanning;
    let readySeen = 0;
    const cells = g.cells.map((c, i) => {
      let cls = c.ready ? 'ready' : '';
      if (frame && scanning) {
        if (i < frame.drawnChecked) cls = c.ready ? 'found' : 'checked';
        else if (i === frame.drawnChecked && frame.phase === 'scan') cls = 'cursor';
      } else if (frame && listing && c.ready) {
        cls = readySeen < frame.drawnChecked ? 'found' : 'ready';
        readySeen++;
      }
      return html`<div class="cell ${cls}"></div>`;
    });
    const lastFd = g.cells.at(-1)?.fd ?? 3;
    let under: unknown = nothing;
    if (g.more > 0) {
      if (frame && scanning) under = html`<strong>${t.moreScanned(n(frame.moreChecked))}</strong>`;
      else if (frame && listing)
        under = html`${t.moreNotDrawn(n(g.more))}${frame.moreChecked > 0 ? html`; <strong>${t.moreReady(n(frame.moreChecked))}</strong>` : nothing}`;
      else under = t.moreNotDrawn(n(g.more));
    }
    return html`
      <div class="grid" role="img" aria-label=${t.gridLabel(n(lastFd))}>${cells}</div>
      <p class="under" data-figure="more">${under}</p>
      <div class="legend" aria-hidden="true">
        <span><span class="cell"></span>${t.legendIdle}</span>
        <span><span class="cell ready"></span>${t.legendReady}</span>
        <span><span class="cell checked"></span>${t.legendChecked}</span>
        <span><span class="cell found"></span>${t.legendFound}</span>
      </div>
    `;
  }

  private phaseText(lang: Lang, call: WaitCall, frame: Frame): string {
    const t = selectEpollText[lang];
    const listing = call.mechanism === 'epoll' || call.mechanism === 'kqueue';
    return frame.phase === 'scan' && listing ? t.phaseEpollScan : t.phase[frame.phase];
  }

  private renderFigures(lang: Lang, c: WaitCall) {
    const t = selectEpollText[lang];
    const n = (v: number) => formatNumber(v, lang);
    const scan = c.mechanism === 'select' || c.mechanism === 'poll';
    const code =
      c.mechanism === 'select'
        ? `select(${c.countArg}, &readfds, NULL, NULL, &timeout)`
        : c.mechanism === 'poll'
          ? `poll(fds, ${c.countArg}, timeout)`
          : c.mechanism === 'epoll'
            ? 'epoll_wait(ep, events, maxevents, timeout)'
            : 'kevent(kq, NULL, 0, events, nevents, &timeout)';
    const bytesIn = c.mechanism === 'select' ? t.inSelect(n(c.bytesIn), n(c.countArg)) : c.mechanism === 'poll' ? t.inPoll(n(c.bytesIn), n(c.n)) : t.inNothing;
    const checks = scan
      ? c.passes === 2
        ? t.checksTwice(n(c.kernelChecks), n(c.n))
        : c.mechanism === 'select'
          ? t.checksSelect(n(c.n), n(c.bitsWalked))
          : t.checksAll(n(c.n))
      : c.kernelChecks > 0
        ? t.checksReady(n(c.kernelChecks))
        : t.checksNone;
    const bytesOut =
      c.mechanism === 'select'
        ? t.outSelect(n(c.bytesOut))
        : c.mechanism === 'poll'
          ? t.outPoll(n(c.bytesOut), n(c.n))
          : c.mechanism === 'epoll'
            ? t.outEpoll(n(c.bytesOut), n(c.returned))
            : t.outKqueue(n(c.bytesOut), n(c.returned));
    const user = c.mechanism === 'select' ? t.userSelect(n(c.userChecks)) : c.mechanism === 'poll' ? t.userPoll(n(c.userChecks)) : t.userEvents(n(c.userChecks));
    const reg = !c.registration
      ? t.regNone
      : c.mechanism === 'epoll'
        ? t.regEpoll(n(c.registration.calls), n(c.registration.bytesIn))
        : t.regKqueue(n(c.registration.entries), n(c.registration.bytesIn));
    const cls = scan ? 'bad' : 'good';
    return html`
      <table>
        <tbody>
          <tr><th scope="row">${t.rows.call}</th><td><code>${code}</code></td></tr>
          <tr><th scope="row">${t.rows.bytesIn}</th><td class=${cls} data-figure="bytes-in">${bytesIn}</td></tr>
          <tr><th scope="row">${t.rows.checks}</th><td class=${cls} data-figure="checks">${checks}</td></tr>
          <tr><th scope="row">${t.rows.bytesOut}</th><td data-figure="bytes-out">${bytesOut}</td></tr>
          <tr><th scope="row">${t.rows.returned}</th><td data-figure="returned">${n(c.returned)}</td></tr>
          <tr><th scope="row">${t.rows.userChecks}</th><td class=${cls} data-figure="user">${user}</td></tr>
          <tr><th scope="row">${t.rows.registration}</th><td data-figure="registration">${reg}</td></tr>
        </tbody>
      </table>
    `;
  }

  private renderRefused(lang: Lang, c: WaitCall) {
    const t = selectEpollText[lang];
    const n = (v: number) => formatNumber(v, lang);
    return html`
      <div class="refused" data-figure="refused">
        <h3>${t.refusedTitle(n(c.maxFd))}</h3>
        <p>${t.refusedWhy(n(SELECT_MAX_N))}</p>
        <p>${t.refusedC}</p>
        <code>${SELECT_ERRORS.fortify}</code>
        <p>${t.refusedPython}</p>
        <code>${SELECT_ERRORS.python}</code>
        <p>${t.refusedKernel}</p>
      </div>
    `;
  }

  private chartSpec(lang: Lang): ChartSpec {
    const t = selectEpollText[lang];
    const s = this.state;
    const metric: Metric = s.metric;
    const fmt = (v: number) => formatNumber(v, lang);
    // Only powers of ten on the axes: 1-2-5 labels crowd each other at this width.
    const pow10 = (v: number) => (Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9 ? fmt(v) : '');
    const lines: ChartSeries[] = MECHANISMS.map((m) => ({
      label: m,
      color: SERIES_STYLE[m].color,
      dashed: SERIES_STYLE[m].dashed,
      points: series(m, metric, s.k).map((p) => ({ x: p.n, y: p.y })),
    }));
    const now = MECHANISMS.map((m) => waitCall(m, s.n, s.k))
      .filter((c) => c.ok && metricOf(c, metric) > 0)
      .map((c) => ({ x: s.n, y: metricOf(c, metric) }));
    return {
      x: { title: t.chartX, log: true, min: N_MIN, max: 1.3 * N_MAX, format: pow10 },
      y: { title: metric === 'checks' ? t.chartYChecks : t.chartYBytes, log: true, min: 1, format: pow10 },
      series: [...lines, { label: t.seriesNow, marker: true, color: '--hsw-fg', points: now }],
    };
  }
}

customElements.define('hsw-select-epoll', SelectEpollDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-select-epoll': SelectEpollDemo;
  }
}
