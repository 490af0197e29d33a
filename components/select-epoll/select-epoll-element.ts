import { html, nothing, type PropertyValues } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { Player } from '../ui/player.ts';
import '../ui/labelled-slider.ts';
import '../ui/chart-panel.ts';
import '../ui/details.ts';
import type { ChartSeries, ChartSpec } from '../ui/chart-panel.ts';
import { formatNumber, type Lang } from '../../lib/i18n.ts';
import * as model from './select-epoll-model.ts';
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
  metricOf,
  preview,
  series,
  setK,
  setMechanism,
  setMetric,
  setN,
  waitCall,
  type Frame,
  type Mechanism,
  type Metric,
  type SelectEpollState,
  type WaitCall,
} from './select-epoll-model.ts';
import { styles } from './select-epoll-styles.ts';
import { selectEpollText } from './select-epoll-text.ts';

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

  static override styles = styles;

  /** Progress of the call's animation, 0 … 1 (view state, not kept in the store). */
  declare progress: number;

  /** The call the grid shows (the animation follows a change of `state.last`). */
  private shownCall: WaitCall | null = null;

  /** Plays the call the grid shows, from progress 0 to 1 in `animationMs(call)`. */
  private readonly player = new Player(this, {
    tick: (elapsedMs) => {
      const call = this.shownCall;
      this.progress = call ? Math.min(1, this.progress + elapsedMs / Math.max(1, animationMs(call))) : 1;
      return this.progress < 1;
    },
    jumpToEnd: () => {
      this.progress = 1;
    },
  });

  constructor() {
    super(model);
    this.progress = 1;
  }

  /** Non-zero while the call's animation waits for a frame, 0 when none does (the Player's; read by a browser test). */
  get raf(): number {
    return this.player.playing ? 1 : 0;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // A demo re-created with a saved call shows it finished, without replaying it.
    this.shownCall = this.state.last;
    this.progress = 1;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (this.state.last !== this.shownCall) {
      this.shownCall = this.state.last;
      this.player.stop();
      this.progress = 1;
      if (this.shownCall?.ok && this.active) {
        // Under prefers-reduced-motion the Player jumps to the end (progress 1) instead.
        this.progress = 0;
        this.player.start();
      }
    }
    if (changed.has('active') && !this.active) {
      this.player.stop();
      this.progress = 1;
    }
  }

  private onCall(): void {
    this.setState(callWait(this.state));
  }

  override render() {
    const lang = this.lang;
    const t = selectEpollText[lang];
    const s = this.state;
    const n = (v: number) => formatNumber(v, lang);
    const call = preview(s);
    const shown = s.last;
    const frame: Frame | null = shown ? frameAt(shown, this.progress) : null;
    const done = shown !== null && this.progress >= 1;
    const open = this.detailsOpen;
    const statusText = !shown
      ? t.idle
      : !shown.ok
        ? t.resultRefused(n(shown.maxFd))
        : !done
          ? ''
          : this.presenting
            ? t.resultPresented(n(shown.returned), n(shown.kernelChecks))
            : t.result(shown.mechanism, n(shown.returned), n(shown.n), n(shown.kernelChecks));
    // while the call runs, what it is doing (presented: beside the grid, under the readout)
    const phase = frame && shown?.ok && !done ? this.phaseText(lang, shown, frame) : null;
    const note = html`<p class="note">${s.k === 0 ? t.chartNoteZero : t.chartNote(n(s.k), n(SELECT_MAX_N))}</p>`;

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
          ${
            // presented, each clicker step makes the call: the button is the self-paced view's
            this.presenting
              ? nothing
              : html`<button type="button" class="call" @click=${this.onCall}>${t.callWait}</button>`
          }
        </div>
        <div class="sliders">
          <hsw-slider
            label=${this.presenting ? t.connectionsShort : t.connections}
            log
            integer
            min=${N_MIN}
            max=${N_MAX}
            .value=${s.n}
            .format=${n}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.setState(setN(this.state, e.detail.value))}
          ></hsw-slider>
          ${
            // presented, K stays 10 and the readout says it
            this.presenting
              ? nothing
              : html`<hsw-slider
            label=${t.ready}
            integer
            min="0"
            max=${s.n}
            .value=${s.k}
            .format=${n}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.setState(setK(this.state, e.detail.value))}
          ></hsw-slider>`
          }
        </div>

        ${
          this.presenting
            ? html`<div class="middle">
                <div>${this.renderGrid(lang, frame)}</div>
                <div class="readout-side">
                  ${shown ? this.renderReadout(lang, shown) : nothing}
                  ${
                    shown && !shown.ok
                      ? nothing
                      : html`<p class="phase" aria-hidden="true">${phase ?? (shown ? '' : t.idle)}</p>`
                  }
                  <p class="sr-only" role="status">${statusText}</p>
                  <hsw-details lang=${lang} .open=${open} label=${t.presentedMore}
                    >${this.renderLegend(lang)}
                    ${call.ok ? this.renderFigures(lang, call) : this.renderRefused(lang, call)}</hsw-details
                  >
                </div>
              </div>`
            : html`<div class="middle">
                <div>${this.renderGrid(lang, frame)}</div>
                <hsw-details lang=${lang} .open=${open} label=${call.ok ? t.figuresLabel : t.refusedLabel}
                  >${call.ok ? this.renderFigures(lang, call) : this.renderRefused(lang, call)}</hsw-details
                >
              </div>`
        }

        ${
          this.presenting
            ? nothing
            : html`<p class="callout status ${shown && !shown.ok ? 'bad' : ''}">
                <span role="status">${statusText}</span>
                ${phase === null ? nothing : html`<span class="phase" aria-hidden="true">${phase}</span>`}
              </p>`
        }

        <div class="lower">
          <hsw-chart
            .lang=${lang}
            .load=${this.near || this.active}
            label=${t.chartLabel(n(s.n), t.metrics[s.metric])}
            .spec=${this.chartSpec(lang)}
          ></hsw-chart>
          <div class="chart-side">
            ${this.presenting ? html`<hsw-details lang=${lang} .open=${open} label=${t.noteLabel}>${this.renderMetric(lang)} ${note}</hsw-details>` : html`${this.renderMetric(lang)} ${note}`}
          </div>
        </div>
      </section>
    `;
  }

  private renderMetric(lang: Lang) {
    const t = selectEpollText[lang];
    const s = this.state;
    return html`<fieldset class="metric">
              <legend>${t.metric}</legend>
              ${METRICS.map(
                (m) => html`<label class="pill">
                  <input type="radio" name="metric" value=${m} .checked=${s.metric === m} @change=${() => this.setState(setMetric(this.state, m))} /><span
                    >${t.metrics[m]}</span
                  >
                </label>`,
              )}
            </fieldset>`;
  }

  /** Presented, beside the grid: the call's three counts, large; or select's refusal with the two real errors. */
  private renderReadout(lang: Lang, c: WaitCall) {
    const t = selectEpollText[lang];
    const n = (v: number) => formatNumber(v, lang);
    if (!c.ok)
      return html`<div class="readout refused-now" data-figure="readout">
        <p class="refused-title">${t.refusedShort(n(c.maxFd))}</p>
        <code>${SELECT_ERRORS.python}</code>
        <code>${SELECT_ERRORS.fortify}</code>
      </div>`;
    const cls = c.mechanism === 'select' || c.mechanism === 'poll' ? 'bad' : 'good';
    return html`<dl class="readout" data-figure="readout">
      <div><dt>${t.readout.ready}</dt><dd>${n(c.returned)}</dd></div>
      <div class=${cls}><dt>${t.readout.kernel}</dt><dd>${n(c.kernelChecks)}</dd></div>
      <div class=${cls}><dt>${t.readout.user}</dt><dd>${n(c.userChecks)}</dd></div>
    </dl>`;
  }

  private renderLegend(lang: Lang) {
    const t = selectEpollText[lang];
    return html`<div class="legend" aria-hidden="true">
      <span><span class="cell" data-actor="kernel"></span>${t.legendIdle}</span>
      <span><span class="cell ready" data-actor="kernel"></span>${t.legendReady}</span>
      <span><span class="cell checked" data-actor="kernel"></span>${t.legendChecked}</span>
      <span><span class="cell found" data-actor="io"></span>${t.legendFound}</span>
    </div>`;
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
      // a descriptor is the kernel's; one whose data the call has found, I/O data
      return html`<div class="cell ${cls}" data-actor=${cls === 'found' ? 'io' : 'kernel'}></div>`;
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
      ${
        // presented, the legend shares the disclosure beside the grid
        this.presenting
          ? nothing
          : html`<hsw-details lang=${lang} .open=${this.detailsOpen} label=${t.legendLabel}
              >${this.renderLegend(lang)}</hsw-details
            >`
      }
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
    const bytesIn =
      c.mechanism === 'select'
        ? t.inSelect(n(c.bytesIn), n(c.countArg))
        : c.mechanism === 'poll'
          ? t.inPoll(n(c.bytesIn), n(c.n))
          : t.inNothing;
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
    const user =
      c.mechanism === 'select'
        ? t.userSelect(n(c.userChecks))
        : c.mechanism === 'poll'
          ? t.userPoll(n(c.userChecks))
          : t.userEvents(n(c.userChecks));
    const reg = !c.registration
      ? t.regNone
      : c.mechanism === 'epoll'
        ? t.regEpoll(n(c.registration.calls), n(c.registration.bytesIn))
        : t.regKqueue(n(c.registration.entries), n(c.registration.bytesIn));
    const cls = scan ? 'bad' : 'good';
    return html`
      <table class="call-figures">
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
      <div class="callout bad refused" data-figure="refused">
        <h3>${t.refusedTitle(n(c.maxFd))}</h3>
        <p>${t.refusedWhy(n(SELECT_MAX_N))}</p>
        <dl>
          <dt>${t.refusedC}</dt>
          <dd><code>${SELECT_ERRORS.fortify}</code></dd>
          <dt>${t.refusedPython}</dt>
          <dd><code>${SELECT_ERRORS.python}</code></dd>
        </dl>
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
      y: {
        title: this.presenting ? t.chartYShort[metric] : metric === 'checks' ? t.chartYChecks : t.chartYBytes,
        log: true,
        min: 1,
        format: pow10,
      },
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
