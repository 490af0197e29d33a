import { html, nothing, svg, type PropertyValues } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import '../ui/labelled-slider.ts';
import '../ui/chart-panel.ts';
import '../ui/details.ts';
import '../shared/loop-picture/loop-picture-element.ts';
import type { ChartArea, ChartSeries, ChartSpec } from '../ui/chart-panel.ts';
import { styleProps } from '../ui/style-props.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { prefersReducedMotion } from '../../lib/motion.ts';
import { Player } from '../ui/player.ts';
import { heavyTaskText } from './heavy-task-text.ts';
import * as model from './heavy-task-model.ts';
import { styles } from './heavy-task-styles.ts';
import { sceneOf } from './heavy-task-scene.ts';
import {
  LIMITS,
  MODES,
  advance,
  axisMs,
  compareModes,
  finished,
  reset,
  toEnd,
  update,
  visibleRequests,
  type HeavyParams,
  type HeavyState,
  type Mode,
  type SimResult,
} from './heavy-task-model.ts';

/** A replay of the whole run lasts about this long, ms of real time. */
const REPLAY_MS = 4000;

const COLORS: Record<Mode, string> = {
  inline: '--hsw-series-1',
  chunked: '--hsw-series-2',
  worker: '--hsw-series-3',
};

/** A server with 200 requests/s and one heavy task: inline, chunked or in a worker. */
export class HeavyTaskDemo extends DemoElement<HeavyState> {
  /** Replay: the run animated over REPLAY_MS while the slide is shown. */
  private readonly player = new Player(this, {
    tick: (elapsed) => {
      this.setState(advance(this.state, (elapsed / REPLAY_MS) * this.state.horizonMs));
      return !finished(this.state);
    },
    jumpToEnd: () => this.setState(toEnd(this.state)),
  });

  private get playing(): boolean {
    return this.player.playing;
  }
  private cache: { params: HeavyParams; runs: Record<Mode, SimResult> } | undefined;

  /**
   * Where the chart's plot lies (its `chart-area` event) and how wide the lanes' names are: the lanes are drawn over
   * the plot's own x range, so that a moment on a thread stands above the same moment on the chart's time axis.
   */
  private plot: ChartArea | undefined;
  private namesWidth = 0;

  static override styles = styles;

  constructor() {
    super(model);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Leaving the slide mid-replay shows the run whole (the player stops itself when the slide is not shown).
    if (changed.has('active') && !this.active && this.playing) this.setState(toEnd(this.state));
    super.willUpdate(changed);
  }

  private runs(): Record<Mode, SimResult> {
    const p = this.state.params;
    if (!this.cache || this.cache.params !== p) this.cache = { params: p, runs: compareModes(p) };
    return this.cache.runs;
  }

  private stop(): void {
    this.player.stop();
  }

  private change(patch: Partial<HeavyParams>): void {
    this.stop();
    this.setState(update(this.state, patch));
  }

  private togglePlay(): void {
    if (this.playing) {
      this.stop();
      return;
    }
    if (prefersReducedMotion()) {
      this.setState(toEnd(this.state));
      return;
    }
    this.setState(reset(this.state));
    this.player.start();
  }

  override render() {
    const lang = this.lang;
    const t = heavyTaskText[lang];
    const s = this.state;
    const p = s.params;
    const runs = this.runs();
    const run = runs[p.mode];
    const n = (v: number, d = 0) => formatNumber(v, lang, d);
    const msText = (v: number) => t.ms(n(v, 1));
    // The lanes and the chart share one time axis, the same for every mode (model.axisMs).
    const horizon = axisMs(runs);
    const x = (ms: number) => (ms / horizon) * 1000;
    const waiting = runs.inline.requests.filter(
      (q) => q.arrival > runs.inline.heavy.start && q.arrival < runs.inline.heavy.end,
    ).length;
    const status =
      p.mode === 'inline'
        ? t.status.inline(n(run.heavy.start, 1), n(run.heavy.end, 1), waiting, n(run.stats.max, 1))
        : p.mode === 'chunked'
          ? t.status.chunked(
              run.heavy.pieces,
              n(p.chunkMs),
              n(run.stats.max, 1),
              n(run.heavy.end, 1),
              n(runs.inline.heavy.end, 1),
            )
          : t.status.worker(n(p.serviceMs), n(run.heavy.end, 1));
    const lane = (segments: SimResult['main']) =>
      svg`${segments
        .filter((g) => g.end > g.start && g.start <= s.playheadMs)
        .map(
          (g) =>
            svg`<rect x=${x(g.start)} y="0" width=${Math.max(0.8, x(Math.min(g.end, s.playheadMs)) - x(g.start))} height="20" fill=${g.kind === 'heavy' ? 'var(--hsw-bad)' : 'var(--hsw-series-2)'}></rect>`,
        )}
        <line x1=${x(s.playheadMs)} x2=${x(s.playheadMs)} y1="0" y2="20" stroke="var(--hsw-fg)" stroke-width="3"></line>`;

    const present = this.presenting && !this.detailsOpen;
    const modes = html`<div class="modes" role="group" aria-label=${t.mode}>
          ${present ? nothing : html`<span class="label" aria-hidden="true">${t.mode}:</span>`}
          ${MODES.map(
            (m) =>
              html`<button type="button" aria-pressed=${p.mode === m ? 'true' : 'false'} @click=${() => this.change({ mode: m })}>${t.modes[m]}</button>`,
          )}
          <button type="button" aria-label=${this.playing ? t.pauseLabel : t.replayLabel} @click=${() => this.togglePlay()}>
            ${this.playing ? t.pause : `▶ ${t.replay}`}
          </button>
        </div>`;
    const controls = html`<div class="controls">
          <hsw-slider
            label=${t.chunk}
            integer
            min=${LIMITS.chunkMs.min}
            max=${LIMITS.chunkMs.max}
            step=${LIMITS.chunkMs.step}
            .value=${p.chunkMs}
            .format=${(v: number) => t.ms(n(v))}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.change({ chunkMs: e.detail.value })}
          ></hsw-slider>
          <hsw-slider
            label=${t.start}
            integer
            min=${LIMITS.startMs.min}
            max=${LIMITS.startMs.max}
            step=${LIMITS.startMs.step}
            .value=${p.startMs}
            .format=${(v: number) => t.ms(n(v))}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.change({ startMs: e.detail.value })}
          ></hsw-slider>
          <hsw-slider
            label=${t.jitter}
            integer
            min=${LIMITS.jitterMs.min}
            max=${LIMITS.jitterMs.max}
            step=${LIMITS.jitterMs.step}
            .value=${p.jitterMs}
            .format=${(v: number) => t.ms(n(v))}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.change({ jitterMs: e.detail.value })}
          ></hsw-slider>
        </div>`;
    const legend = html`<span class="legend" aria-hidden="true">
            <span><span class="swatch swatch-request"></span>${t.legend.request}</span>
            <span><span class="swatch swatch-heavy"></span>${t.legend.heavy}</span>
          </span>`;
    const load = html`<div class="load">
          <span>${t.load(Math.round(1000 / p.intervalMs), n(p.serviceMs), n(p.heavyMs))} <span class="clock">${t.clock(n(Math.min(s.playheadMs, horizon)))}</span></span>
          ${legend}
        </div>`;
    const lanesAt: Record<string, string> = this.plot
      ? {
          '--lanes-left': `${Math.max(this.plot.left, this.namesWidth)}px`,
          '--lanes-right': `${Math.max(0, this.plot.width - this.plot.right)}px`,
        }
      : {};
    const lanes = html`<div class="lanes" style=${styleProps(lanesAt)} role="img" aria-label=${t.timelineLabel(t.modes[p.mode], n(run.heavy.start, 1), n(run.heavy.end, 1))}>
          <span class="lane-name">${t.lanes.main}</span>
          <svg viewBox="0 0 1000 20" preserveAspectRatio="none" aria-hidden="true">${lane(run.main)}</svg>
          <span class="lane-name">${t.lanes.worker}</span>
          <svg viewBox="0 0 1000 20" preserveAspectRatio="none" aria-hidden="true">${lane(run.worker)}</svg>
        </div>`;
    const chart = html`<hsw-chart
          .lang=${lang}
          .load=${this.near || this.active}
          label=${t.chartLabel(t.modes[p.mode], n(run.stats.max, 1))}
          .spec=${this.chartSpec(runs)}
          @chart-area=${(e: CustomEvent<ChartArea>) => {
            this.plot = e.detail;
            this.requestUpdate();
          }}
        ></hsw-chart>`;
    const statusLine = html`<p class="status callout ${p.mode === 'inline' ? 'bad' : p.mode === 'worker' ? 'good' : ''}" role="status">${status}</p>`;
    const table = html`<table class="data">
            <caption>${t.table.caption(run.stats.count)}</caption>
            <thead>
              <tr>
                <th scope="col">${t.table.mode}</th>
                <th scope="col">${t.table.p50}</th>
                <th scope="col">${t.table.p99}</th>
                <th scope="col">${t.table.max}</th>
                <th scope="col">${t.table.done}</th>
              </tr>
            </thead>
            <tbody>
              ${MODES.map((m) => {
                const r = runs[m];
                const cls = (v: number) => (v >= 100 ? 'bad' : v <= p.serviceMs + 1e-9 ? 'good' : '');
                return html`<tr class=${m === p.mode ? 'current' : ''} data-mode=${m}>
                  <th scope="row">${t.modeNames[m]}</th>
                  <td class=${cls(r.stats.p50)}>${n(r.stats.p50, 1)}</td>
                  <td class=${cls(r.stats.p99)}>${n(r.stats.p99, 1)}</td>
                  <td class=${cls(r.stats.max)}>${n(r.stats.max, 1)}</td>
                  <td>${msText(r.heavy.end)}</td>
                </tr>`;
              })}
            </tbody>
          </table>`;

    // Presenting: the loop picture is the slide (heavy-task-scene.ts: the heavy work on the call stack, in the check
    // queue between requests, or in the worker thread) and one caption says what the step showed; the modes, the
    // threads, the chart, the sliders and the table are one disclosure away.
    if (present) {
      const caption =
        p.mode === 'inline'
          ? t.caption.inline(n(run.heavy.start, 1), n(run.heavy.end, 1), waiting, n(run.stats.max, 1))
          : p.mode === 'chunked'
            ? t.caption.chunked(run.heavy.pieces, n(run.stats.max, 1), n(run.heavy.end, 1))
            : t.caption.worker(n(run.stats.max, 1));
      return html`<section aria-label=${t.demoLabel} class="presented">
        <hsw-loop-picture lang=${lang} .scene=${sceneOf(p, t.picture)}></hsw-loop-picture>
        <p class="status callout ${p.mode === 'inline' ? 'bad' : p.mode === 'worker' ? 'good' : ''}" role="status">${caption}</p>
        <hsw-details lang=${lang} .open=${false} label=${t.presentedMore}>
          ${modes} ${controls} ${load} ${lanes} ${chart} ${table}
        </hsw-details>
      </section>`;
    }

    return html`
      <section aria-label=${t.demoLabel}>
        ${modes} ${controls} ${load} ${lanes} ${chart}
        <div class="results">${table} ${statusLine}</div>
        <!-- The percentile rule is in the speaker notes and the caption names it; alone in embed.html the demo spells it out. -->
        ${this.mode === 'embed' ? html`<p class="note">${t.percentileNote}</p>` : nothing}
      </section>
    `;
  }

  /**
   * The lanes' names' own width (they start at their column's left, so their box is their text's): the chart's y
   * axis takes at least as much, and the lanes then begin where the plot does. Measured when the browser reports
   * their size (a ResizeObserver, after the frame's layout), not after every render: a clicker step that changes
   * the run never forces a layout of the slide in the middle of its own update.
   */
  private readonly namesObserver =
    typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => this.measureNames());
  private observedNames: readonly HTMLElement[] = [];

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const names = [...this.renderRoot.querySelectorAll<HTMLElement>('.lane-name')];
    if (names.length === this.observedNames.length && names.every((e, i) => e === this.observedNames[i])) return;
    this.observedNames = names;
    if (!this.namesObserver) return this.measureNames();
    this.namesObserver.disconnect();
    for (const e of names) this.namesObserver.observe(e);
  }

  private measureNames(): void {
    const w = Math.max(0, ...this.observedNames.map((e) => e.offsetWidth));
    if (w > 0 && Math.abs(w - this.namesWidth) > 0.5) {
      this.namesWidth = w;
      this.requestUpdate();
    }
  }

  private chartSpec(runs: Record<Mode, SimResult>): ChartSpec {
    const lang = this.lang;
    const t = heavyTaskText[lang];
    const s = this.state;
    const p = s.params;
    const top = Math.max(...MODES.map((m) => runs[m].stats.max), 10);
    const yMax = Math.ceil((top * 1.05) / 50) * 50;
    const series: ChartSeries[] = MODES.map((m) => {
      const r = runs[m];
      const shown = m === p.mode ? visibleRequests(r, s.playheadMs) : r.requests;
      return {
        label: t.modeNames[m],
        points: shown.map((q) => ({ x: q.arrival, y: q.latency })),
        color: COLORS[m],
        dashed: m !== p.mode,
      };
    });
    return {
      x: { title: t.chartX, min: 0, max: axisMs(runs), format: (v) => formatNumber(v, lang) },
      y: {
        title: t.chartY,
        min: 0,
        max: yMax,
        format: (v) => formatNumber(v, lang),
        ...(this.namesWidth > 0 ? { minWidth: this.namesWidth } : {}),
      },
      series,
    };
  }
}

customElements.define('hsw-heavy-task', HeavyTaskDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-heavy-task': HeavyTaskDemo;
  }
}
