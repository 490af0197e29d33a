import { html, nothing, svg, type SVGTemplateResult } from 'lit';
import { styleProps } from '../ui/style-props.ts';
import { DemoElement } from '../ui/demo-element.ts';
import { NARROW_PX } from '../ui/breakpoints.ts';
import { NarrowController } from '../ui/narrow.ts';
import '../ui/labelled-slider.ts';
import '../ui/step-controls.ts';
import '../ui/details.ts';
import '../shared/loop-picture/loop-picture-element.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { niceTicks } from '../../lib/ticks.ts';
import { axisRoom, fits, laneLabel, span, timeAxis, timeline, timelineSvg } from '../shared/timeline/timeline.ts';
import { libuvPoolText } from './libuv-pool-text.ts';
import { styles } from './libuv-pool-styles.ts';
import { presetOf, sceneOf } from './libuv-pool-scene.ts';
import * as model from './libuv-pool-model.ts';
import {
  LIMITS,
  axesFor,
  currentIndex,
  eventTimes,
  reset,
  kindStats,
  setParam,
  setSlowIoCap,
  simulatePool,
  snapshotAt,
  threadLanes,
  back,
  forward,
  type NumericParam,
  type PoolSchedule,
  type PoolState,
  type WorkKind,
} from './libuv-pool-model.ts';

const KIND_COLOR: Record<WorkKind, string> = {
  dns: 'var(--hsw-series-3)',
  file: 'var(--hsw-series-2)',
  pbkdf2: 'var(--hsw-series-4)',
};

/** libuv's thread pool: sliders for the pool and the work, a timeline of threads and queue, a file read's wait. */
export class LibuvPoolDemo extends DemoElement<PoolState> {
  static override styles = styles;

  /** Narrow or not, and the demo's width: the timeline's viewBox follows it, so its text stays 15 px wide or narrow. */
  private readonly width = new NarrowController(this, NARROW_PX, { fallback: 1200, redrawAfter: 4 });

  constructor() {
    super(model);
  }

  private set(key: NumericParam) {
    return (e: CustomEvent<{ value: number }>) => this.setState(setParam(this.state, key, e.detail.value));
  }

  override render() {
    const lang = this.lang;
    const t = libuvPoolText[lang];
    const s = this.state;
    const p = s.params;
    const n = (v: number, d = 0) => formatNumber(v, lang, d);
    const ms = (v: number) => t.ms(n(v, v < 10 ? 1 : 0));
    const schedule = simulatePool(p);
    const times = eventTimes(schedule);
    const cursor = currentIndex(s);
    const at = times[cursor] ?? 0;
    const snap = snapshotAt(schedule, at);
    const files = kindStats(schedule, 'file');
    const firstFile = schedule.tasks.find((x) => x.kind === 'file');
    const waitingAt0 = schedule.queue[0]?.length ?? 0;
    const present = this.presenting && !this.detailsOpen;

    const slider = (
      key: NumericParam,
      label: string,
      min: number,
      max: number,
      log: boolean,
      fmt: (v: number) => string,
    ) =>
      html`<hsw-slider
        label=${label}
        ?log=${log}
        integer
        min=${min}
        max=${max}
        .value=${p[key]}
        .format=${fmt}
        @value-changed=${this.set(key)}
      ></hsw-slider>`;

    const controls = html`<div class="controls">
          <div>
            <hsw-slider
              label=${t.poolSize}
              integer
              min="0"
              max=${Math.log2(LIMITS.poolSize.max)}
              .value=${Math.round(Math.log2(p.poolSize))}
              .format=${(e: number) => n(2 ** e)}
              @value-changed=${(e: CustomEvent<{ value: number }>) => this.setState(setParam(this.state, 'poolSize', 2 ** e.detail.value))}
            ></hsw-slider>
          </div>
          <label class="cap">
            <input type="checkbox" .checked=${p.slowIoCap} @change=${(e: Event) => this.setState(setSlowIoCap(this.state, (e.target as HTMLInputElement).checked))} />
            ${t.slowIoCap}
          </label>
          ${slider('dnsCount', t.dnsCount, 0, LIMITS.count.max, false, (v) => n(v))}
          ${slider('dnsMs', t.dnsMs, LIMITS.dnsMs.min, LIMITS.dnsMs.max, true, ms)}
          ${slider('fileCount', t.fileCount, 0, LIMITS.count.max, false, (v) => n(v))}
          ${slider('fileMs', t.fileMs, LIMITS.fileMs.min, LIMITS.fileMs.max, true, ms)}
          ${slider('pbkdf2Count', t.pbkdf2Count, 0, LIMITS.count.max, false, (v) => n(v))}
          ${slider('pbkdf2Ms', t.pbkdf2Ms, LIMITS.pbkdf2Ms.min, LIMITS.pbkdf2Ms.max, true, ms)}
        </div>`;
    const fileWait = firstFile
      ? html`<p data-figure="file-wait">${t.fileWait(ms(files.firstWait), ms(files.service))}</p>`
      : html`<p>${t.noFiles}</p>`;
    const stepper = html`<div class="stepper">
          <hsw-step-controls
            .lang=${lang}
            .at=${cursor}
            .total=${times.length - 1}
            .playable=${false}
            @step-forward=${() => this.setState(forward(this.state))}
            @step-back=${() => this.setState(back(this.state))}
            @reset-requested=${() => this.setState(reset(this.state))}
          ></hsw-step-controls>
          <p class="status" role="status">${t.cursor(ms(at), n(snap.threads.filter((x) => x !== null).length), n(snap.queued.length))}</p>
        </div>`;
    const figures = html`<div class="figures">
          <div>
            <p class="strong">${t.fileWaitTitle}</p>
            ${
              firstFile
                ? html`${present ? nothing : fileWait}
                  ${this.waitBar(files.firstWait, files.service, t.waitBar, t.serviceBar)}
                  <p data-figure="file-worst">${t.fileWorst(ms(files.maxWait), ms(files.lastEnd))}</p>`
                : present
                  ? nothing
                  : fileWait
            }
          </div>
          <div>
            <p data-figure="dns-limit">${t.dnsLimit(n(schedule.dnsThreadLimit), n(schedule.threads))}</p>
            <p data-figure="makespan">${t.makespan(ms(schedule.makespan))}</p>
            ${
              schedule.threads > schedule.threadsUsed
                ? html`<p>${t.idleThreads(n(schedule.threads - schedule.threadsUsed))}</p>`
                : nothing
            }
          </div>
        </div>`;
    // Presenting, the step's one idea: which libuv, how many threads (what the clicker's steps change; the checkbox and
    // the slider say it in the self-paced view).
    const era = html`<p class="era" data-figure="era">
      ${p.slowIoCap ? t.eraToday : t.eraBefore} · ${t.poolOf(n(schedule.threads))}
    </p>`;
    const chart = this.gantt(schedule, at, t.chartLabel(n(schedule.threads), ms(schedule.makespan), n(waitingAt0)));

    // Presenting: the loop picture with the pool's threads is the slide, and one sentence says what the step shows;
    // the era, the timeline, the first read's wait, the sliders, the stepper and the other figures behind a closed
    // disclosure (the notes say what they show).
    if (present) {
      const preset = presetOf(p);
      return html`<section aria-label=${t.demoLabel} class="presented">
        <hsw-loop-picture lang=${lang} .scene=${sceneOf(schedule, at, lang)}></hsw-loop-picture>
        <p class="caption callout" role="status">
          ${preset ? t.captions[preset] : t.cursor(ms(at), n(snap.threads.filter((x) => x !== null).length), n(snap.queued.length))}
        </p>
        <hsw-details lang=${lang} .open=${false} label=${t.presentedMore}>
          ${era}
          <div class="key">${this.legend()}</div>
          ${chart}
          <p class="presented-figure" data-figure="file-wait">
            ${firstFile ? t.presentedFileWait(ms(files.firstWait)) : t.noFiles}
          </p>
          ${controls} ${stepper} ${figures}
        </hsw-details>
      </section>`;
    }

    return html`
      <section aria-label=${t.demoLabel}>
        ${controls}
        <div class="key">
          <p class="order">${t.order}</p>
          ${this.legend()}
        </div>
        ${chart} ${stepper} ${figures}
      </section>
    `;
  }

  private legend() {
    const t = libuvPoolText[this.lang];
    return html`<div class="legend" aria-hidden="true">
      ${(['dns', 'file', 'pbkdf2'] as const).map(
        (k) =>
          html`<span><span class="swatch" style=${styleProps({ background: KIND_COLOR[k] })}></span>${t.kindsLong[k]}</span>`,
      )}
    </div>`;
  }

  private waitBar(wait: number, service: number, waitLabel: string, serviceLabel: string) {
    const total = Math.max(wait + service, 1e-9);
    const wq = (wait / total) * 100;
    return html`<div class="wait-row" aria-hidden="true">
      <div class="waitbar">
        <div class="q" style=${styleProps({ width: `${wq}%` })}></div>
        <div class="s" style=${styleProps({ width: `${100 - wq}%` })}></div>
      </div>
      <div class="wait-legend">
        <span class="swatch swatch-wait"></span>${waitLabel}
        <span class="swatch swatch-service"></span>${serviceLabel}
      </div>
    </div>`;
  }

  private gantt(s: PoolSchedule, at: number, label: string) {
    const t = libuvPoolText[this.lang];
    const n = (v: number) => formatNumber(v, this.lang);
    const narrow = this.width.narrow;
    // Up to four threads get a lane each, tall enough for a label in each bar. More: consecutive threads that did the
    // same work share a lane ("threads 11–14"), so what every thread did is drawn; past six lanes, the rest are counted.
    const single = threadLanes(s, false);
    const all = single.length <= 4 ? single : threadLanes(s, true);
    const roomy = all.length <= 4;
    const lanes = all.slice(0, roomy ? 4 : 6);
    const extra = all.slice(lanes.length).reduce((k, lane) => k + lane.threads.length, 0);
    const laneText = (threads: readonly number[]) => {
      const first = (threads[0] ?? 0) + 1;
      const last = (threads[threads.length - 1] ?? 0) + 1;
      return first === last ? t.threadLane(first) : t.threadLanes(first, last);
    };
    // the label column holds the longest lane label (about 0.6 em a character at the unscaled 15 px); at least a
    // two-digit range's, so that it, and the time axis right of it, stays put on every step of the slide (16 threads)
    const longest = Math.max(t.threadLanes(10, 16).length, ...lanes.map((lane) => laneText(lane.threads).length));
    // The same time and queue scales on every step of the slide (model.axesFor): a click never rescales them.
    const axes = axesFor(s);
    const tl = timeline({
      width: this.width.width,
      labels: Math.max(narrow ? 70 : 84, Math.ceil(longest * 9 + 12)),
      right: 8,
      span: axes.span,
      presenting: this.presenting,
    });
    const { x, mid, font: FONT } = tl;
    // Presenting, the timeline is the slide: taller lanes.
    const laneH = this.presenting ? (roomy ? 34 : 26) : roomy ? 20 : 17;
    const gap = roomy ? 3 : 2;
    const queueH = this.presenting ? 44 : 30;
    const top = 4;
    const threadsBottom = top + lanes.length * (laneH + gap);
    const extraH = extra > 0 ? FONT + 5 : 0;
    const queueTop = threadsBottom + extraH + 6;
    const axisY = queueTop + queueH + 4;
    const marks = niceTicks(tl.span, narrow ? 4 : 6);
    const maxQ = axes.queue;

    const bars: SVGTemplateResult[] = [];
    lanes.forEach((lane, li) => {
      const y = top + li * (laneH + gap);
      bars.push(laneLabel(tl, y, laneH, laneText(lane.threads)));
      for (const work of lane.work) {
        const [lo, hi] = work.indexes;
        const text = `${t.kinds[work.kind]} ${lo === hi ? n(lo) : `${n(lo)}–${n(hi)}`}`;
        // half a pixel of the background between two tasks back to back on a thread
        const w = x(work.end) - x(work.start) - 0.5;
        bars.push(
          span(tl, {
            from: work.start,
            to: work.end - (0.5 * tl.span) / (tl.W - tl.left - tl.right),
            y,
            h: laneH,
            rx: 2,
            fill: KIND_COLOR[work.kind],
            title: `${text}: ${n(work.start)}–${n(work.end)} ms`,
          }),
        );
        if (roomy && fits(tl, w, text))
          bars.push(svg`<text class="bar-label" x=${x(work.start) + 4} y=${mid(y, laneH)}>${text}</text>`);
      }
    });
    // queue length as a step area
    const qy = (len: number) => queueTop + queueH - (queueH * len) / maxQ;
    let d = `M ${x(0)} ${qy(0)}`;
    s.queue.forEach((q, i) => {
      const next = s.queue[i + 1]?.t ?? s.makespan;
      d += ` L ${x(q.t)} ${qy(q.length)} L ${x(next)} ${qy(q.length)}`;
    });
    d += ` L ${x(s.makespan)} ${qy(0)} Z`;

    return timelineSvg(
      tl,
      axisY + axisRoom(tl),
      label,
      svg`${timeAxis(tl, { marks, top, axisY, unit: t.axisUnit, format: n })}
      ${bars}
      ${extra > 0 ? svg`<text class="lane-label" x=${tl.left} y=${threadsBottom + FONT}>${t.moreThreads(extra, n(extra))}</text>` : nothing}
      ${laneLabel(tl, queueTop + queueH / 2, queueH / 2, t.queueLane)}
      <path d=${d} fill="var(--hsw-bad)" fill-opacity="0.45" stroke="var(--hsw-bad)"></path>
      <text class="axis" data-figure="queue-max" x=${tl.left - 6} y=${queueTop + FONT * 0.8} text-anchor="end">${n(maxQ)}</text>
      <line class="cursor" x1=${x(at)} x2=${x(at)} y1=${top} y2=${axisY}></line>`,
    );
  }
}

customElements.define('hsw-libuv-pool', LibuvPoolDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-libuv-pool': LibuvPoolDemo;
  }
}
