import { html, nothing, svg } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { NARROW_PX } from '../ui/breakpoints.ts';
import { NarrowController } from '../ui/narrow.ts';
import '../ui/labelled-slider.ts';
import '../ui/code-panel.ts';
import '../ui/details.ts';
import { formatNumber, type Lang } from '../../lib/i18n.ts';
import { niceTicks } from '../../lib/ticks.ts';
import { timeline, timelineSvg } from '../shared/timeline/timeline.ts';
import { pitfallsText } from './pitfalls-text.ts';
import { inline } from '../../lib/render-text.ts';
import { styles } from './pitfalls-styles.ts';
import { clientCode } from './pitfalls-code.ts';
import * as model from './pitfalls-model.ts';
import {
  CODE_LANGS,
  FD_SOFT_LIMIT,
  RAISES_FD_LIMIT,
  hitsFdLimit,
  LIMIT_STOPS,
  TIMEOUT_STOPS,
  WORLD,
  axisSpan,
  limitOf,
  runOf,
  setHung,
  setLang,
  setLimitIndex,
  setTimeoutIndex,
  setTimeoutOn,
  speakerSpan,
  timeoutOf,
  type CodeLang,
  type PitfallsState,
  type Run,
} from './pitfalls-model.ts';

/** The y axis is logarithmic up to the number of calls. */
const Y_TICKS = [1, 10, 100, 1000, 10_000] as const;

/** A duration as a person reads it: "200 ms", "20.2 s". */
function duration(ms: number, lang: Lang): string {
  const t = pitfallsText[lang];
  if (ms < 1000) return t.ms(formatNumber(ms, lang));
  return t.s(formatNumber(ms / 1000, lang, ms < 10_000 ? 2 : 1));
}

/** A time axis's tick: in seconds throughout once any tick is (“0 s · 10 s · 20 s”, not “0 ms · 10 s”). */
function tickLabel(ms: number, ticks: readonly number[], lang: Lang): string {
  if (!ticks.some((v) => v >= 1000)) return duration(ms, lang);
  return pitfallsText[lang].s(formatNumber(ms / 1000, lang, 1));
}

/** 10,000 calls at once: your limit, a hung socket, a timeout; sockets in use, rejected calls, total time. */
export class PitfallsDemo extends DemoElement<PitfallsState> {
  static override styles = styles;

  /** Layout width of the chart: its viewBox follows it, so its text stays 15 px wide or narrow. */
  private readonly width = new NarrowController(this, NARROW_PX, { fallback: 780, redrawAfter: 4 });

  /** The speaker steps' time axis (model.speakerSpan: four runs of 10,000 calls), worked out once. */
  private fixedSpan: number | undefined;

  constructor() {
    super(model);
  }

  override render() {
    const lang = this.lang;
    const t = pitfallsText[lang];
    const s = this.state;
    const n = (v: number) => formatNumber(v, lang);
    const run = runOf(s);
    const limit = limitOf(s);
    const timeout = s.timeoutOn ? timeoutOf(s) : null;
    const listing = clientCode(s.lang, limit, timeout);
    const total = Number.isFinite(run.totalMs) ? duration(run.totalMs, lang) : t.never;
    const verdict = this.verdict(run, limit, total);

    const tile = (key: string, label: string, value: string, tone: '' | 'good' | 'bad' = '') =>
      html`<div class="tile ${tone}" data-figure=${key}>
        <span class="tile-label">${label}</span><span class="tile-value">${value}</span>
      </div>`;

    return html`
      <section aria-label=${t.demoLabel}>
        <hsw-details class="setup" lang=${lang} .open=${this.detailsOpen} label=${t.setupDetails}>
          <p class="world">${t.world(n(WORLD.calls), n(WORLD.apiLimit), t.ms(n(WORLD.latencyMs)))}</p>
          <div class="controls">
            <hsw-slider
              label=${t.limit}
              integer
              min="0"
              max=${LIMIT_STOPS.length - 1}
              .value=${s.limitIndex}
              .format=${(i: number) => {
                const v = LIMIT_STOPS[i];
                return v === null || v === undefined ? t.noLimit : n(v);
              }}
              @value-changed=${(e: CustomEvent<{ value: number }>) => this.setState(setLimitIndex(this.state, e.detail.value))}
            ></hsw-slider>
            <hsw-slider
              label=${t.timeout}
              integer
              min="0"
              max=${TIMEOUT_STOPS.length - 1}
              .value=${s.timeoutIndex}
              .format=${(i: number) => duration(TIMEOUT_STOPS[i] ?? 0, lang)}
              ?disabled=${!s.timeoutOn}
              @value-changed=${(e: CustomEvent<{ value: number }>) => this.setState(setTimeoutIndex(this.state, e.detail.value))}
            ></hsw-slider>
            <label class="check">
              <input type="checkbox" .checked=${s.hung} @change=${(e: Event) => this.setState(setHung(this.state, (e.target as HTMLInputElement).checked))} />
              ${t.hung}
            </label>
            <label class="check">
              <input
                type="checkbox"
                .checked=${s.timeoutOn}
                @change=${(e: Event) => this.setState(setTimeoutOn(this.state, (e.target as HTMLInputElement).checked))}
              />
              ${t.timeoutOn}
            </label>
          </div>
        </hsw-details>
        <hsw-details class="listing" lang=${lang} .open=${this.detailsOpen} label=${t.codeDetails}>
          <div class="main">
            <div class="code">
              <label class="lang"
                ><span>${t.codeLang}</span>
                <select @change=${(e: Event) => this.setState(setLang(this.state, (e.target as HTMLSelectElement).value as CodeLang))}>
                  ${CODE_LANGS.map((l) => html`<option value=${l} ?selected=${l === s.lang}>${t.langs[l]}</option>`)}
                </select></label
              >
              <hsw-code .code=${listing.code} language=${s.lang} .current=${listing.marked} label=${t.codeLabel(t.langs[s.lang])}></hsw-code>
            </div>
            <div class="tiles">
              ${tile('peak', t.peak, n(run.peakSockets), hitsFdLimit(s.lang, run.peakSockets) ? 'bad' : '')}
              ${tile('ok', t.ok, n(run.ok), run.ok === WORLD.calls ? 'good' : '')}
              ${tile('rejected', t.rejected, n(run.rejected), run.rejected > 0 ? 'bad' : 'good')}
              ${tile('timed-out', t.timedOut, n(run.timedOut), run.timedOut > 0 ? 'bad' : '')}
              ${tile('stuck', t.stuck, n(run.stuck + run.neverStarted), run.stuck + run.neverStarted > 0 ? 'bad' : '')}
              ${tile('total', t.total, total, Number.isFinite(run.totalMs) ? '' : 'bad')}
              ${s.lang === 'python' ? html`<p class="defaults" data-figure="python-defaults">${inline(t.pythonDefaults)}</p>` : nothing}
            </div>
          </div>
        </hsw-details>
        ${this.chart(run, limit, total)}
        <p class="verdict" role="status" data-figure="verdict">${verdict}</p>
        ${run.peakSockets > FD_SOFT_LIMIT ? this.fdCallout(run.peakSockets) : nothing}
      </section>
    `;
  }

  /** Past the usual soft limit of open files: EMFILE in Python; Node and Go raised their limit to the hard one. */
  private fdCallout(sockets: number) {
    const t = pitfallsText[this.lang];
    const n = formatNumber(sockets, this.lang);
    const lang = this.state.lang;
    if (hitsFdLimit(lang, sockets))
      return html`<p class="callout warn" data-figure="fd" data-fd="emfile">${this.presenting ? t.fdShort(n) : t.fdWarning(n)}</p>`;
    const runtime = t.runtimes[lang];
    return html`<p class="callout" data-figure="fd" data-fd="raised">
      ${this.presenting ? t.fdRaisedShort(n, runtime) : t.fdRaised(n, runtime)}
    </p>`;
  }

  private verdict(run: Run, limit: number | null, total: string): string {
    const t = pitfallsText[this.lang];
    const n = (v: number) => formatNumber(v, this.lang);
    if (run.neverStarted > 0) return t.verdictNeverStarted(n(run.neverStarted));
    if (run.stuck > 0) return t.verdictStuck(n((limit ?? WORLD.calls) - run.stuck));
    if (run.rejected > 0) return t.verdictRejected(n(run.rejected), n(WORLD.calls), total);
    if (run.params.hung && run.timedOut === 1 && run.params.timeoutMs !== null)
      return t.verdictHungFreed(duration(run.params.timeoutMs, this.lang), total);
    if (run.timedOut > 0) return t.verdictTimeouts(n(run.timedOut), total);
    return t.verdictOk(n(WORLD.calls), total);
  }

  private chart(run: Run, limit: number | null, total: string) {
    const lang = this.lang;
    const t = pitfallsText[lang];
    const n = (v: number) => formatNumber(v, lang);
    const forever = !Number.isFinite(run.totalMs);
    // the sockets on a logarithmic scale up the side, time along the bottom (the chapter's timeline geometry)
    const tl = timeline({
      width: this.width.width,
      minWidth: 300,
      labels: 64,
      // one time axis for every step of the slide (model.axisSpan): a click never rescales it
      span: axisSpan(run, (this.fixedSpan ??= speakerSpan())),
      presenting: this.presenting,
    });
    const { x, W, left, right, span, font: FONT } = tl;
    const top = 8;
    // Presented, the plot takes the stage's height under the slide's title (the verdict ends at about 80 % of it).
    const plotH = this.presenting ? 420 : 96;
    const bottom = top + plotH;
    const H = bottom + FONT + 10;
    const yMax = Math.log10(1 + WORLD.calls);
    const y = (v: number) => bottom - (plotH * Math.log10(1 + Math.max(0, v))) / yMax;
    const ticks = niceTicks(span, W < 520 || this.presenting ? 3 : 6);

    let d = `M ${x(0)} ${y(0)}`;
    let last = 0;
    run.sockets.forEach((p, i) => {
      const nextT = run.sockets[i + 1]?.t ?? (forever ? span : run.lastEndMs);
      d += ` L ${x(p.t)} ${y(p.sockets)} L ${x(nextT)} ${y(p.sockets)}`;
      last = p.sockets;
    });
    const endX = x(forever ? span : run.lastEndMs);
    d += ` L ${endX} ${y(0)} Z`;
    const hline = (v: number, cls: string, label: string) =>
      svg`<line class=${cls} x1=${left} x2=${W - right} y1=${y(v)} y2=${y(v)}></line>
        <text class="line-label ${cls}" x=${W - right - 4} y=${y(v) - 4} text-anchor="end">${label}</text>`;

    return timelineSvg(
      tl,
      H,
      t.chartLabel(n(run.peakSockets), total),
      svg`${Y_TICKS.map(
        (v) => svg`<line class="grid" x1=${left} x2=${W - right} y1=${y(v)} y2=${y(v)}></line>
          <text class="axis" x=${left - 6} y=${y(v) + FONT * 0.35} text-anchor="end">${n(v)}</text>`,
      )}
      ${ticks.map(
        (v) =>
          svg`<text class="axis" x=${x(v)} y=${bottom + FONT + 4} text-anchor=${x(v) > W - right - 40 ? 'end' : 'middle'}>${tickLabel(v, ticks, lang)}</text>`,
      )}
      <path class="sockets" data-actor="kernel" d=${d}></path>
      ${RAISES_FD_LIMIT[this.state.lang] ? nothing : hline(FD_SOFT_LIMIT, 'fd', t.ulimit)}
      ${hline(WORLD.apiLimit, 'api', t.apiLine(n(WORLD.apiLimit)))}
      ${forever && last > 0 ? svg`<text class="line-label bad" x=${W - right - 4} y=${y(last) - 4} text-anchor="end">${t.forever}</text>` : nothing}
      ${limit !== null && limit !== WORLD.apiLimit ? svg`<line class="limit" x1=${left} x2=${W - right} y1=${y(limit)} y2=${y(limit)}></line>` : nothing}`,
    );
  }
}

customElements.define('hsw-pitfalls', PitfallsDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-pitfalls': PitfallsDemo;
  }
}
