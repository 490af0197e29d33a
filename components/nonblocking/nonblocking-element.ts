import { css, html, svg, nothing, type PropertyValues } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { NarrowController } from '../ui/narrow.ts';
import { controlStyles } from '../ui/theme.ts';
import '../ui/labelled-slider.ts';
import '../ui/step-controls.ts';
import { formatNumber, type Lang } from '../../lib/i18n.ts';
import { prefersReducedMotion } from '../../lib/motion.ts';
import { nonblockingText } from './nonblocking-text.ts';
import {
  ARRIVAL_MAX,
  ARRIVAL_MIN,
  SOCKETS,
  STRATEGIES,
  advance,
  back,
  commonScale,
  compare,
  finish,
  initialPlay,
  pause,
  play,
  reset,
  setArrival,
  setStrategy,
  stateForStep,
  step,
  view,
  type PlayState,
  type SocketId,
  type Strategy,
  type TraceEvent,
} from './nonblocking-model.ts';

/** A whole run takes about this long on screen. */
const RUN_SECONDS = 5;

// Timeline geometry (SVG user units). Narrow hosts (phones) get a narrower drawing, so its text stays legible.
const WIDE_W = 760;
const NARROW_W = 500;
const LABEL_W = 92;
const LANE_H = 30;
const LANE_GAP = 6;
const TOP = 4;
const AXIS_H = 22;
const LANES = 4;
const H = TOP + LANES * (LANE_H + LANE_GAP) + AXIS_H;

function callName(e: TraceEvent): string {
  return e.call === 'read' ? `read(${e.socket ?? ''})` : 'epoll_wait';
}

/** One thread, three sockets: blocking reads, busy polling, a multiplexer. */
export class NonblockingDemo extends DemoElement<PlayState> {
  private readonly width = new NarrowController(this, 560);

  /** The host is narrow (a phone): layout only, not demo state. */
  private get narrow(): boolean {
    return this.width.narrow;
  }

  static override styles = [
    controlStyles,
    css`
      :host {
        display: block;
        container-type: inline-size;
        font-size: 19px;
      }
      .strategies {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4em;
        align-items: center;
      }
      .strategies .label {
        font-size: 0.85em;
        color: var(--hsw-muted);
        margin-right: 0.2em;
      }
      .hint {
        margin: 0.25em 0 0.35em;
        font-size: 0.78em;
        color: var(--hsw-muted);
        min-height: 1.3em;
      }
      code,
      .mono {
        font-family: var(--hsw-mono);
      }
      .sliders {
        display: grid;
        grid-template-columns: repeat(3, minmax(0, 1fr));
        gap: 0.3em 1em;
      }
      svg {
        display: block;
        width: 100%;
        height: auto;
        margin-top: 0.3em;
      }
      .lane-label {
        fill: var(--hsw-fg);
        font-size: 14px;
        font-family: var(--hsw-font);
      }
      .lane-bg {
        fill: var(--hsw-panel);
      }
      .axis {
        fill: var(--hsw-muted);
        font-size: 12px;
        font-family: var(--hsw-font);
      }
      .tick {
        stroke: var(--hsw-grid);
      }
      .sleep {
        fill: none;
        stroke: var(--hsw-muted);
        stroke-dasharray: 4 3;
      }
      .sleep-fill {
        fill: var(--hsw-grid);
      }
      .run-data {
        fill: var(--hsw-good);
      }
      .run-eagain {
        fill: var(--hsw-bad);
      }
      .run-ready {
        fill: var(--hsw-accent);
      }
      .call-label {
        font-size: 12px;
        font-family: var(--hsw-mono);
        fill: var(--hsw-fg);
      }
      .waiting {
        fill: var(--hsw-warn);
        opacity: 0.85;
      }
      .arrival {
        fill: var(--hsw-warn);
      }
      .served {
        fill: var(--hsw-good);
      }
      .cursor {
        stroke: var(--hsw-focus);
        stroke-width: 2;
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: 0.2em 0.9em;
        font-size: 0.68em;
        color: var(--hsw-muted);
        margin: 0.1em 0 0.2em;
      }
      .sw {
        display: inline-block;
        width: 0.9em;
        height: 0.7em;
        margin-right: 0.3em;
        vertical-align: baseline;
        border-radius: 2px;
      }
      .sw.sleep {
        border: 1px dashed var(--hsw-muted);
        background: var(--hsw-grid);
      }
      .sw.data {
        background: var(--hsw-good);
      }
      .sw.eagain {
        background: var(--hsw-bad);
      }
      .sw.wait {
        background: var(--hsw-accent);
      }
      .sw.ready {
        background: var(--hsw-warn);
      }
      .controls-row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4em 1em;
        align-items: center;
        justify-content: space-between;
      }
      .now {
        margin: 0.3em 0;
        font-size: 0.8em;
        min-height: 2.6em;
      }
      .lower {
        display: block;
      }
      dl {
        margin: 0 0 0.3em;
        font-size: 0.75em;
        display: flex;
        flex-wrap: wrap;
        gap: 0.1em 0.45em;
        align-items: baseline;
      }
      dt {
        color: var(--hsw-muted);
      }
      dt::after {
        content: ':';
      }
      dd {
        margin: 0 0.9em 0 0;
        font-weight: 600;
        font-variant-numeric: tabular-nums;
        white-space: nowrap;
      }
      table {
        border-collapse: collapse;
        width: 100%;
        font-size: 0.72em;
        font-variant-numeric: tabular-nums;
      }
      caption {
        text-align: left;
        color: var(--hsw-muted);
        font-size: 0.95em;
        padding-bottom: 0.2em;
      }
      th,
      td {
        text-align: right;
        padding: 0.12em 0.35em;
        border-bottom: 1px solid var(--hsw-border);
      }
      th:first-child {
        text-align: left;
      }
      thead th {
        color: var(--hsw-muted);
        font-weight: 600;
      }
      tr.current {
        background: var(--hsw-panel);
      }
      tr.current th {
        color: var(--hsw-accent-text);
      }
      .footnote {
        font-size: 0.62em;
        color: var(--hsw-muted);
        margin: 0.3em 0 0;
      }
      @container (max-width: 620px) {
        :host {
          font-size: 17px;
        }
        .sliders {
          gap: 0.1em 0.6em;
        }
        .sliders hsw-slider {
          font-size: 0.85em;
        }
        .legend,
        .footnote,
        .strategies .label {
          display: none;
        }
        .strategies button {
          font-size: 0.74em;
          padding: 0.25em 0.5em;
        }
        table {
          font-size: 0.64em;
        }
        .now {
          min-height: 0;
        }
      }
    `,
  ];

  private raf = 0;
  private lastTs = 0;

  protected override initialState(): PlayState {
    return initialPlay();
  }

  protected override stateForStep(step: number): PlayState {
    return stateForStep(step);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stop();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // Leaving the slide pauses the run.
    if (changed.has('active') && !this.active && this.state.playing) this.setState(pause(this.state));
  }

  protected override updated(): void {
    this.syncAnimation();
  }

  private stop(): void {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
  }

  private syncAnimation(): void {
    const want = this.state.playing && this.active;
    if (want && !this.raf) {
      if (prefersReducedMotion()) {
        this.setState(finish(this.state));
        return;
      }
      this.lastTs = 0;
      this.raf = requestAnimationFrame(this.tick);
    } else if (!want && this.raf) {
      this.stop();
    }
  }

  private tick = (ts: number): void => {
    this.raf = 0;
    if (!this.state.playing || !this.active) return;
    const dt = this.lastTs ? Math.min(100, ts - this.lastTs) : 0;
    this.lastTs = ts;
    const rate = commonScale(this.state.arrivals) / RUN_SECONDS;
    this.setState(advance(this.state, (dt / 1000) * rate));
    if (this.state.playing) this.raf = requestAnimationFrame(this.tick);
  };

  private onPlay(): void {
    if (this.state.playing) this.setState(pause(this.state));
    else if (prefersReducedMotion()) this.setState(finish(this.state));
    else this.setState(play(this.state));
  }

  override render() {
    const lang = this.locale;
    const t = nonblockingText[lang];
    const s = this.state;
    const v = view(s);
    const n = (x: number, d = 0) => formatNumber(x, lang, d);
    const time = n(v.time, Number.isInteger(v.time) ? 0 : 1);
    const rows = compare({ arrivals: s.arrivals, syscallCost: 1 });
    const waiting = SOCKETS.filter((k) => v.sockets[k] === 'data');
    const last = v.done > 0 ? v.events[v.done - 1] : undefined;
    const resultText = (e: TraceEvent) =>
      e.result.kind === 'data' ? t.resultData : e.result.kind === 'EAGAIN' ? t.resultEagain : t.resultReady(e.result.sockets.join(', '));

    let now: string;
    if (v.time === 0 && !s.playing) now = t.nowStart;
    else if (v.thread === 'done') now = t.doneNote(n(v.total));
    else if (v.current) now = v.thread === 'sleeping' ? t.nowSleeping(callName(v.current), time) : t.nowRunning(callName(v.current), time);
    else now = t.nowBetween(time);
    const lastText = last ? t.lastCall(callName(last), resultText(last), n(last.end)) : '';
    const waitText = waiting.length && v.thread !== 'done' ? t.waitingNote(waiting.join(', ')) : '';

    return html`
      <section aria-label=${t.demoLabel}>
        <div class="strategies" role="group" aria-label=${t.strategyGroup}>
          <span class="label" aria-hidden="true">${t.strategyGroup}:</span>
          ${STRATEGIES.map(
            (st) =>
              html`<button type="button" aria-pressed=${s.strategy === st ? 'true' : 'false'} @click=${() => this.setState(setStrategy(s, st))}>
                ${t.strategies[st]}
              </button>`,
          )}
        </div>
        <p class="hint">${t.strategyHint[s.strategy]}</p>
        <div class="sliders">
          ${SOCKETS.map(
            (k) =>
              html`<hsw-slider
                label=${t.arrival(k)}
                integer
                min=${ARRIVAL_MIN}
                max=${ARRIVAL_MAX}
                step="1"
                .value=${s.arrivals[k]}
                .format=${(x: number) => t.us(n(x))}
                @value-changed=${(e: CustomEvent<{ value: number }>) => this.setState(setArrival(this.state, k, e.detail.value))}
              ></hsw-slider>`,
          )}
        </div>
        ${this.timeline(lang, v)}
        <div class="legend" aria-hidden="true">
          <span><span class="sw sleep"></span>${t.legendSleep}</span>
          <span><span class="sw data"></span>${t.legendData}</span>
          <span><span class="sw eagain"></span>${t.legendEagain}</span>
          <span><span class="sw wait"></span>${t.legendWait}</span>
          <span><span class="sw ready"></span>${t.legendReady}</span>
        </div>
        <div class="controls-row">
          <hsw-step-controls
            .locale=${lang}
            .at=${v.done}
            .total=${v.events.length}
            .playing=${s.playing}
            @step-forward=${() => this.setState(step(this.state))}
            @step-back=${() => this.setState(back(this.state))}
            @reset-requested=${() => this.setState(reset(this.state))}
            @play-toggled=${() => this.onPlay()}
          ></hsw-step-controls>
        </div>
        <p class="now" role="status" aria-live=${s.playing ? 'off' : 'polite'}>${now} ${lastText} ${waitText}</p>
        <div class="lower">
          <dl aria-label=${t.figuresCaption}>
            <dt>${t.served}</dt>
            <dd data-figure="served">
              ${SOCKETS.map((k) => {
                const at = v.servedSoFar[k];
                return at === undefined ? t.notYet(k) : t.servedAt(k, n(at));
              }).join(' · ')}
            </dd>
            <dt>${t.syscalls}</dt>
            <dd data-figure="syscalls">${n(v.syscallsSoFar)}</dd>
            <dt>${t.eagain}</dt>
            <dd data-figure="eagain">${n(v.eagainSoFar)}</dd>
            <dt>${t.cpuBusy}</dt>
            <dd data-figure="busy">${v.time > 0 ? t.percent(n((100 * v.busySoFar) / v.time)) : '—'}</dd>
          </dl>
          <table>
            <caption>${t.tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">${t.columns.strategy}</th>
                <th scope="col">${t.columns.syscalls}</th>
                <th scope="col">${t.columns.eagain}</th>
                <th scope="col">${t.columns.busy}</th>
                <th scope="col">${t.columns.longest}</th>
                <th scope="col">${t.columns.done}</th>
              </tr>
            </thead>
            <tbody>
              ${rows.map(
                (r) => html`<tr class=${r.strategy === s.strategy ? 'current' : ''} data-strategy=${r.strategy}>
                  <th scope="row">${t.strategies[r.strategy]}</th>
                  <td>${n(r.figures.syscalls)}</td>
                  <td>${n(r.figures.eagain)}</td>
                  <td>${t.percent(n(100 * r.figures.busyShare))}</td>
                  <td>${t.longestWait(n(r.figures.longestWait), r.figures.longestWaitSocket)}</td>
                  <td>${t.us(n(r.figures.total))}</td>
                </tr>`,
              )}
            </tbody>
          </table>
        </div>
        <p class="footnote">${t.footnote}</p>
      </section>
    `;
  }

  private timeline(lang: Lang, v: ReturnType<typeof view>) {
    const t = nonblockingText[lang];
    const s = this.state;
    const scale = Math.max(1, commonScale(s.arrivals));
    const W = this.narrow ? NARROW_W : WIDE_W;
    const plotW = W - LABEL_W - 8;
    const x = (us: number) => LABEL_W + (Math.min(us, scale) / scale) * plotW;
    const laneY = (i: number) => TOP + i * (LANE_H + LANE_GAP);
    const tickStep = scale <= 20 ? 1 : scale <= 50 ? 5 : 10;
    const labelEvery = scale <= 20 ? 5 : tickStep;
    const ticks: number[] = [];
    for (let u = 0; u <= scale + 1e-9; u += tickStep) ticks.push(u);
    const time = v.time;
    const lanes = [t.thread, ...SOCKETS.map((k) => t.socket(k))];
    const sockIndex = (k: SocketId) => 1 + SOCKETS.indexOf(k);
    const strategyName = t.strategies[s.strategy as Strategy];

    const calls = v.events
      .filter((e) => e.start < time || (time >= v.total && v.total > 0))
      .map((e) => {
        const y = laneY(0) + 3;
        const h = LANE_H - 6;
        const sleepEnd = Math.min(e.wake, time);
        const runEnd = Math.min(e.end, time);
        const cls = e.result.kind === 'data' ? 'run-data' : e.result.kind === 'EAGAIN' ? 'run-eagain' : 'run-ready';
        const boxW = x(Math.min(e.end, time)) - x(e.start);
        const label = e.call === 'read' ? (boxW > 58 ? callName(e) : boxW > 11 ? (e.socket ?? '') : '') : boxW > 88 ? 'epoll_wait' : '';
        return svg`
          ${sleepEnd > e.start ? svg`<rect class="sleep-fill" x=${x(e.start)} y=${y} width=${x(sleepEnd) - x(e.start)} height=${h}></rect>
            <rect class="sleep" x=${x(e.start) + 0.5} y=${y + 0.5} width=${Math.max(0, x(sleepEnd) - x(e.start) - 1)} height=${h - 1}></rect>` : nothing}
          ${runEnd > e.wake ? svg`<rect class=${cls} x=${x(e.wake) + 0.5} y=${y} width=${Math.max(0.5, x(runEnd) - x(e.wake) - 1)} height=${h}></rect>` : nothing}
          ${label ? svg`<text class="call-label" x=${x(e.start) + boxW / 2} y=${y + h / 2 + 4} text-anchor="middle">${label}</text>` : nothing}
        `;
      });

    const sockets = SOCKETS.map((k) => {
      const i = sockIndex(k);
      const y = laneY(i);
      const arr = s.arrivals[k];
      const served = v.servedSoFar[k];
      const waitEnd = served ?? time;
      return svg`
        ${waitEnd > arr ? svg`<rect class="waiting" x=${x(arr)} y=${y + 9} width=${x(waitEnd) - x(arr)} height=${LANE_H - 18}></rect>` : nothing}
        <path class="arrival" d="M ${x(arr) - 6} ${y + 2} L ${x(arr) + 6} ${y + 2} L ${x(arr)} ${y + 11} Z"></path>
        ${served !== undefined ? svg`<circle class="served" cx=${x(served)} cy=${y + LANE_H / 2} r="6"></circle>` : nothing}
      `;
    });

    return html`<svg viewBox="0 0 ${W} ${H}" role="img" aria-label=${t.timelineLabel(strategyName, formatNumber(v.total, lang))}>
      ${lanes.map(
        (name, i) => svg`<rect class="lane-bg" x=${LABEL_W} y=${laneY(i)} width=${plotW} height=${LANE_H}></rect>
          <text class="lane-label" x="0" y=${laneY(i) + LANE_H / 2 + 5}>${name}</text>`,
      )}
      ${ticks.map(
        (u) => svg`<line class="tick" x1=${x(u)} x2=${x(u)} y1=${TOP} y2=${laneY(LANES) - LANE_GAP + 4}></line>
          ${u % labelEvery === 0 ? svg`<text class="axis" x=${x(u)} y=${H - 4} text-anchor=${u === 0 ? 'start' : 'middle'}>${formatNumber(u, lang)}</text>` : nothing}`,
      )}
      <text class="axis" x=${LABEL_W - 8} y=${H - 4} text-anchor="end">${t.axisUnit}</text>
      ${calls} ${sockets}
      <line class="cursor" x1=${x(time)} x2=${x(time)} y1=${TOP - 2} y2=${laneY(LANES) - LANE_GAP + 2}></line>
    </svg>`;
  }
}

customElements.define('hsw-nonblocking', NonblockingDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-nonblocking': NonblockingDemo;
  }
}
