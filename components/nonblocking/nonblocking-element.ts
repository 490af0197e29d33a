import { html, svg, nothing, type PropertyValues } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { NarrowController } from '../ui/narrow.ts';
import { Player } from '../ui/player.ts';
import '../ui/labelled-slider.ts';
import '../ui/step-controls.ts';
import '../ui/details.ts';
import { formatNumber, type Lang } from '../../lib/i18n.ts';
import * as model from './nonblocking-model.ts';
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
  pause,
  paramsOf,
  play,
  reset,
  setArrival,
  setStrategy,
  step,
  view,
  type PlayState,
  type SocketId,
  type TraceEvent,
} from './nonblocking-model.ts';
import { styles } from './nonblocking-styles.ts';
import { nonblockingText } from './nonblocking-text.ts';

/** A whole run takes about this long on screen. */
const RUN_SECONDS = 5;

/** The longest frame a run advances by, ms: a tab that was in the background does not leap to the end. */
const MAX_FRAME_MS = 100;

// Timeline geometry (SVG user units). The drawing's width is about the demo's own in CSS pixels, wide or narrow
// (a phone), so one user unit renders as about one pixel and its text (nonblocking-styles.ts) keeps its size.
const WIDE_W = 760;
const NARROW_W = 500;
const LABEL_W = 96;
const TOP = 4;
const AXIS_H = 24;
const LANES = 4;

/** The lanes' height and the gap between them: presented, four times as tall, the timeline is the stage's picture. */
const LANE_GEOMETRY = { browse: { laneH: 24, gap: 4 }, present: { laneH: 62, gap: 12 } } as const;

function callName(e: TraceEvent): string {
  return e.call === 'read' ? `read(${e.socket ?? ''})` : 'epoll_wait';
}

/** One thread, three sockets: blocking reads, busy polling, a multiplexer. */
export class NonblockingDemo extends DemoElement<PlayState> {
  static override styles = styles;

  private readonly width = new NarrowController(this);

  /** "Run": advances the model's clock while the model says it plays and the slide is shown. */
  private readonly player = new Player(this, {
    tick: (elapsedMs) => {
      // A whole run lasts RUN_SECONDS on screen, whatever the arrivals: µs of model time per second.
      const rate = commonScale(this.state.arrivals) / RUN_SECONDS;
      this.setState(advance(this.state, (Math.min(MAX_FRAME_MS, elapsedMs) / 1000) * rate));
      return this.state.playing;
    },
    jumpToEnd: () => this.setState(finish(this.state)),
  });

  constructor() {
    super(model);
  }

  /** The host is narrow (a phone): layout only, not demo state. */
  private get narrow(): boolean {
    return this.width.narrow;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // Leaving the slide pauses the run.
    if (changed.has('active') && !this.active && this.state.playing) this.setState(pause(this.state));
  }

  protected override updated(): void {
    // The model says whether the run plays (Run, or a speaker step); the Player plays it while the slide is shown.
    if (this.state.playing && this.active && !this.player.playing) this.player.start();
    else if (!this.state.playing && this.player.playing) this.player.stop();
  }

  private onPlay(): void {
    this.setState(this.state.playing ? pause(this.state) : play(this.state));
  }

  override render() {
    const lang = this.lang;
    const t = nonblockingText[lang];
    const s = this.state;
    const v = view(s);
    const open = this.detailsOpen;
    const n = (x: number, d = 0) => formatNumber(x, lang, d);
    const time = n(v.time, Number.isInteger(v.time) ? 0 : 1);
    const rows = compare(paramsOf(s));
    const columns = this.narrow ? t.columnsNarrow : t.columns;
    const waiting = SOCKETS.filter((k) => v.sockets[k] === 'data');
    const last = v.done > 0 ? v.events[v.done - 1] : undefined;
    const resultText = (e: TraceEvent) =>
      e.result.kind === 'data'
        ? t.resultData
        : e.result.kind === 'EAGAIN'
          ? t.resultEagain
          : t.resultReady(e.result.sockets.join(', '));

    let now: string;
    if (v.time === 0 && !s.playing) now = t.nowStart;
    // The run's CPU share is said with its end: the notes read it out (the busy loop's 100 %), so the hall sees it.
    else if (v.thread === 'done') now = t.doneNote(n(v.total), t.percent(n((100 * v.busySoFar) / v.time)));
    else if (v.current)
      now =
        v.thread === 'sleeping' ? t.nowSleeping(callName(v.current), time) : t.nowRunning(callName(v.current), time);
    else now = t.nowBetween(time);
    // Presented, a run drawn whole says only that it is done: the timeline shows each call (and the hall's word budget).
    const lastText =
      last && !(this.presenting && v.thread === 'done')
        ? t.lastCall(callName(last), resultText(last), n(last.end))
        : '';
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
        <hsw-details lang=${lang} .open=${open} label=${t.arrivalsLabel}>
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
        </hsw-details>
        ${this.timeline(lang, v)}
        <hsw-details lang=${lang} .open=${open} label=${t.legendLabel}>
        <p class="hint">${t.strategyHint[s.strategy]}</p>
        <div class="legend" aria-hidden="true">
          <span><span class="swatch sleep"></span>${t.legendSleep}</span>
          <span><span class="swatch data"></span>${t.legendData}</span>
          <span><span class="swatch eagain"></span>${t.legendEagain}</span>
          <span><span class="swatch wait" data-actor="kernel"></span>${t.legendWait}</span>
          <span><span class="swatch ready" data-actor="io"></span>${t.legendReady}</span>
        </div>
        </hsw-details>
        <div class="controls-row">
          <hsw-step-controls
            .lang=${lang}
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
        <hsw-details lang=${lang} .open=${open} label=${t.figuresLabel}>
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
          <table class="data">
            <caption>${t.tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">${columns.strategy}</th>
                <th scope="col">${columns.syscalls}</th>
                <th scope="col">${columns.eagain}</th>
                <th scope="col">${columns.busy}</th>
                <th scope="col">${columns.longest}</th>
                <th scope="col">${columns.done}</th>
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
        </hsw-details>
      </section>
    `;
  }

  private timeline(lang: Lang, v: ReturnType<typeof view>) {
    const t = nonblockingText[lang];
    const s = this.state;
    const scale = Math.max(1, commonScale(s.arrivals));
    const W = this.narrow ? NARROW_W : WIDE_W;
    const { laneH: LANE_H, gap: LANE_GAP } = LANE_GEOMETRY[this.presenting && !this.narrow ? 'present' : 'browse'];
    const H = TOP + LANES * (LANE_H + LANE_GAP) + AXIS_H;
    /** An arrival's triangle and a served socket's dot: their half-width (the plot leaves room for a dot at its end). */
    const mark = LANE_H > 30 ? 10 : 6;
    const plotW = W - LABEL_W - Math.max(8, mark + 2);
    const x = (us: number) => LABEL_W + (Math.min(us, scale) / scale) * plotW;
    const laneY = (i: number) => TOP + i * (LANE_H + LANE_GAP);
    const tickStep = scale <= 20 ? 1 : scale <= 50 ? 5 : 10;
    const labelEvery = scale <= 20 ? 5 : tickStep;
    const ticks: number[] = [];
    for (let u = 0; u <= scale + 1e-9; u += tickStep) ticks.push(u);
    const time = v.time;
    const lanes = [t.thread, ...SOCKETS.map((k) => t.socket(k))];
    const sockIndex = (k: SocketId) => 1 + SOCKETS.indexOf(k);
    const strategyName = t.strategies[s.strategy];

    const calls = v.events
      .filter((e) => e.start < time || (time >= v.total && v.total > 0))
      .map((e) => {
        const y = laneY(0) + 3;
        const h = LANE_H - 6;
        const sleepEnd = Math.min(e.wake, time);
        const runEnd = Math.min(e.end, time);
        const cls = e.result.kind === 'data' ? 'run-data' : e.result.kind === 'EAGAIN' ? 'run-eagain' : 'run-ready';
        const boxW = x(Math.min(e.end, time)) - x(e.start);
        const label =
          e.call === 'read'
            ? boxW > 70
              ? callName(e)
              : boxW > 13
                ? (e.socket ?? '')
                : ''
            : boxW > 96
              ? 'epoll_wait'
              : '';
        return svg`
          ${
            sleepEnd > e.start
              ? svg`<rect class="sleep-fill" x=${x(e.start)} y=${y} width=${x(sleepEnd) - x(e.start)} height=${h}></rect>
            <rect class="sleep" x=${x(e.start) + 0.5} y=${y + 0.5} width=${Math.max(0, x(sleepEnd) - x(e.start) - 1)} height=${h - 1}></rect>`
              : nothing
          }
          ${runEnd > e.wake ? svg`<rect class=${cls} data-actor=${cls === 'run-ready' ? 'kernel' : nothing} x=${x(e.wake) + 0.5} y=${y} width=${Math.max(0.5, x(runEnd) - x(e.wake) - 1)} height=${h}></rect>` : nothing}
          ${label ? svg`<text class="call-label" x=${x(e.start) + boxW / 2} y=${y + h / 2 + 5} text-anchor="middle">${label}</text>` : nothing}
        `;
      });

    const sockets = SOCKETS.map((k) => {
      const i = sockIndex(k);
      const y = laneY(i);
      const arr = s.arrivals[k];
      const served = v.servedSoFar[k];
      const waitEnd = served ?? time;
      return svg`
        ${waitEnd > arr ? svg`<rect class="waiting" data-actor="io" x=${x(arr)} y=${y + LANE_H / 3} width=${x(waitEnd) - x(arr)} height=${LANE_H / 3}></rect>` : nothing}
        <path class="arrival" data-actor="io" d="M ${x(arr) - mark} ${y + 2} L ${x(arr) + mark} ${y + 2} L ${x(arr)} ${y + 2 + 1.5 * mark} Z"></path>
        ${served !== undefined ? svg`<circle class="served" cx=${x(served)} cy=${y + LANE_H / 2} r=${mark}></circle>` : nothing}
      `;
    });

    return html`<svg viewBox="0 0 ${W} ${H}" role="img" aria-label=${t.timelineLabel(strategyName, formatNumber(v.total, lang))}>
      ${lanes.map(
        (name, i) => svg`<rect class="lane-bg" x=${LABEL_W} y=${laneY(i)} width=${plotW} height=${LANE_H}></rect>
          <text class="lane-label" x="0" y=${laneY(i) + LANE_H / 2 + 5}>${name}</text>`,
      )}
      ${ticks.map(
        (u) => svg`<line class="tick" x1=${x(u)} x2=${x(u)} y1=${TOP} y2=${laneY(LANES) - LANE_GAP + 4}></line>
          ${u % labelEvery === 0 ? svg`<text class="axis" x=${x(u)} y=${H - 4} text-anchor=${u === 0 ? 'start' : u + tickStep > scale ? 'end' : 'middle'}>${formatNumber(u, lang)}</text>` : nothing}`,
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
