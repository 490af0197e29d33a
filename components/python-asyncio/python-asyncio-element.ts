import { html, nothing, svg, type SVGTemplateResult } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { NARROW_PX } from '../ui/breakpoints.ts';
import { NarrowController } from '../ui/narrow.ts';
import '../ui/code-panel.ts';
import '../ui/details.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { axisRoom, fits, laneLabel, span, timeAxis, timeline, timelineSvg } from '../shared/timeline/timeline.ts';
import { pythonAsyncioText } from './python-asyncio-text.ts';
import { styles } from './python-asyncio-styles.ts';
import * as model from './python-asyncio-model.ts';
import {
  VARIANTS,
  abridgedLog,
  presentedExcerpt,
  setDebug,
  setVariant,
  viewOf,
  type BarKind,
  type Lane,
  type PythonAsyncioState,
} from './python-asyncio-model.ts';

/** One scale for every variant, so that their durations compare: 0–900 ms. */
const AXIS_MS = 900;

/**
 * Presented, the lanes share this many pixels (the axis under them): the drawing is the same height at every step,
 * four lanes or five (the pool's), and with the listing's room held for its longest excerpt it reaches down the stage.
 */
const PRESENTED_LANES_PX = 234;

/**
 * A thread occupied by a call, blocking (`time.sleep`, `requests.get`) or computing, is the thread's colour; a thread
 * waiting for the GIL its outline (svg.timeline .gil); the loop asleep in select() a grey panel. One colour per actor
 * (../shared/STAGE.md): the bars that draw a thread say so, `data-actor="thread"`.
 */
const BAR_FILL: Record<BarKind, string> = {
  select: 'var(--hsw-panel)',
  block: 'var(--hsw-actor-thread)',
  cpu: 'var(--hsw-actor-thread)',
  gil: 'none',
};

/** The legend's swatches that draw an actor, in its colour. */
const SWATCH_ACTOR: Partial<Record<string, string>> = {
  block: 'thread',
  cpu: 'thread',
  gil: 'thread',
  waiting: 'task',
  tick: 'task',
};

/** Python asyncio: pick the call a handler makes; the loop's thread, the pool's workers and a heartbeat show what it costs. */
export class PythonAsyncioDemo extends DemoElement<PythonAsyncioState> {
  static override styles = styles;

  /** Narrow or not, and the demo's width: the timeline's viewBox follows it, so its text stays 15 px wide or narrow. */
  private readonly width = new NarrowController(this, NARROW_PX, { fallback: 780, redrawAfter: 4 });

  constructor() {
    super(model);
  }

  override render() {
    const lang = this.lang;
    const t = pythonAsyncioText[lang];
    const s = this.state;
    const v = viewOf(s);
    const n = (x: number, d = 0) => formatNumber(x, lang, d);
    const blocked = v.longestBlockMs > 0;
    const tone = blocked || s.variant === 'no_await' ? 'bad' : s.variant === 'thread_cpu' ? 'warn' : 'good';
    const logEmpty = s.debug ? t.logEmpty : `${t.logEmpty} ${t.logEmptyDebug}`;
    const presenting = this.presenting;
    const variants = html`<fieldset>
      <legend class="sr-only">${t.variant}</legend>
      ${VARIANTS.map(
        (x) => html`<label class="pill">
          <input
            type="radio"
            name="variant"
            value=${x}
            .checked=${s.variant === x}
            @change=${() => this.setState(setVariant(this.state, x))}
          /><span>${t.variants[x]}</span>
        </label>`,
      )}
    </fieldset>`;
    const debug = html`<label class="debug">
      <input
        type="checkbox"
        .checked=${s.debug}
        @change=${(e: Event) => this.setState(setDebug(this.state, (e.target as HTMLInputElement).checked))}
      />
      <span>${t.debug}</span>
    </label>`;
    const code = html`<hsw-code
      language="python"
      .code=${v.excerpt}
      .current=${[v.callLine]}
      label=${t.codeLabel(t.variants[s.variant])}
    ></hsw-code>`;
    const timeline = this.timeline(
      v,
      t.timelineLabel(t.variants[s.variant], v.ticks.length, v.missed.length, n(v.end)),
    );
    // The legend names the colours on the timeline: while presenting only those the current variant draws.
    // Presented, not the lanes' own marks (the requests waiting, the ticks) nor the blocked bars, which carry their
    // call's name and the figures' "loop blocked" in the same red.
    const drawn = new Set<string>(v.lanes.flatMap((l) => l.bars.map((b) => b.kind)));
    drawn.delete('block');
    if (v.missed.length > 0) drawn.add('missed');
    const legend = html`<div class="legend" aria-hidden="true">
      ${(['select', 'block', 'cpu', 'gil', 'waiting', 'tick', 'missed'] as const)
        .filter((k) => !presenting || drawn.has(k))
        .map(
          (k) =>
            html`<span><span class="swatch ${k}" data-actor=${SWATCH_ACTOR[k] ?? nothing}></span>${t.legend[k]}</span>`,
        )}
    </div>`;
    const log = html`<ul class="log" aria-label=${t.logLane}>
      ${
        v.log.length === 0
          ? html`<li class="empty">${logEmpty}</li>`
          : presenting
            ? abridgedLog(v.log.map((l) => l.message)).map(
                (l) =>
                  html`<li class="warn">${l.count > 1 ? html`<span class="count">×${n(l.count)}</span>` : nothing}${l.message}</li>`,
              )
            : v.log.map((l) => html`<li class="warn">${l.message}</li>`)
      }
    </ul>`;
    if (presenting) {
      // Presented: the lines the variant changes (its call highlighted), the heartbeat's figures, the timeline with
      // the legend of what it draws, and the log when it has lines; the variants, debug mode and the whole program
      // one click away (components/ui/details.ts). What the step means is said aloud (the slide's notes).
      const few = presentedExcerpt(v);
      return html`
        <section aria-label=${t.demoLabel}>
          <div class="few-room">
            <hsw-code
              class="few"
              language="python"
              .code=${few.code}
              .current=${[few.current]}
              label=${t.codeLabel(t.variants[s.variant])}
            ></hsw-code>
          </div>
          <p class="line ${v.missed.length > 0 || blocked ? 'bad' : 'good'}" data-figure="ticks">
            ${t.ticks(n(v.ticks.length), n(v.missed.length))}${
              // the median only when it tells something: no tick missed, the loop never blocked
              v.medianMs !== null && v.missed.length === 0 && !blocked
                ? html` · ${t.median(n(v.medianMs, 1))}`
                : nothing
            }${blocked ? html` · ${t.blocked(n(v.longestBlockMs))}` : nothing}
          </p>
          ${timeline} ${legend} ${v.log.length > 0 ? log : nothing}
          <hsw-details lang=${lang} .open=${this.detailsOpen} label=${t.programDetails}>
            ${variants} ${debug} ${code}
            <p class="verdict callout ${tone}" role="status">${t.verdict[s.variant]}</p>
          </hsw-details>
        </section>
      `;
    }
    return html`
      <section aria-label=${t.demoLabel}>
        ${variants}
        <div class="middle">
          ${code}
          <div class="figures">
            ${debug}
            <p class="big">${t.figures}</p>
            <p data-figure="ticks" class=${v.missed.length > 0 ? 'bad' : 'good'}>
              ${t.ticks(n(v.ticks.length), n(v.missed.length))}
            </p>
            ${v.medianMs !== null ? html`<p data-figure="median">${t.median(n(v.medianMs, 1))}</p>` : nothing}
            ${blocked ? html`<p data-figure="blocked" class="bad">${t.blocked(n(v.longestBlockMs))}</p>` : nothing}
            <p class="verdict callout ${tone}" role="status">${t.verdict[s.variant]}</p>
            ${legend}
          </div>
        </div>
        ${timeline} ${log}
      </section>
    `;
  }

  private laneName(l: Lane, count: number): string {
    const t = pythonAsyncioText[this.lang].lanes;
    return l.kind === 'loop' ? t.loop : l.kind === 'thread' ? t.threads(count) : t.processes(count);
  }

  private timeline(v: ReturnType<typeof viewOf>, label: string) {
    const t = pythonAsyncioText[this.lang];
    const n = (x: number) => formatNumber(x, this.lang);
    const narrow = this.width.narrow;
    const tl = timeline({
      width: this.width.width,
      // (narrow, room for "поток цикла" whole, 95 px at 15 px: at 92 its first letter was cut off on a phone)
      labels: narrow ? 104 : 112,
      span: AXIS_MS,
      presenting: this.presenting,
    });
    const { x, mid } = tl;
    const gap = 4;
    // The lanes drawn: the loop's thread, the requests, the pool's threads or processes when the variant has them,
    // the heartbeat and the log. Presented, they share PRESENTED_LANES_PX (a lane of several workers 6 px taller).
    const pools = (['thread', 'process'] as const)
      .map((k) => v.lanes.filter((l) => l.kind === k))
      .filter((g) => g.length);
    const rowCount = 4 + pools.length;
    const extra = pools.filter((g) => g.length > 1).length * 6;
    const laneH = this.presenting ? Math.floor((PRESENTED_LANES_PX - 2 - extra) / rowCount) - gap : 22;
    const rows: SVGTemplateResult[] = [];
    let y = 2;
    /** One lane row: the lanes given share it, each a sub-row of its height (the pool's workers side by side). */
    const laneRow = (group: readonly Lane[]) => {
      const first = group[0]!;
      rows.push(laneLabel(tl, y, laneH, this.laneName(first, group.length)));
      rows.push(
        svg`<rect x=${tl.left} y=${y} width=${tl.W - tl.left - tl.right} height=${laneH} fill="none" stroke="var(--hsw-border)"></rect>`,
      );
      const h = group.length > 1 ? laneH + 6 : laneH;
      const subH = h / group.length;
      const labels: SVGTemplateResult[] = [];
      group.forEach((lane, i) => {
        const sy = y + i * subH;
        for (const b of lane.bars) {
          const inset = b.kind === 'select' ? 6 : b.kind === 'gil' ? 2 : group.length > 1 ? 1 : 0;
          rows.push(
            span(tl, {
              from: b.start,
              to: b.end,
              y: sy + inset,
              h: subH - 2 * inset,
              cls: b.kind === 'select' || b.kind === 'gil' ? b.kind : undefined,
              fill: BAR_FILL[b.kind],
              title: `${b.call}: ${n(b.start)}–${n(b.end)} ms`,
              actor: b.kind === 'select' ? undefined : 'thread',
            }),
          );
          if (i === 0 && b.kind !== 'select' && b.kind !== 'gil' && fits(tl, x(b.end) - x(b.start), b.call))
            labels.push(svg`<text class="bar-label on-thread" x=${x(b.start) + 4} y=${mid(y, h)}>${b.call}</text>`);
        }
      });
      rows.push(...labels);
      y += h + gap;
    };
    laneRow([v.lanes[0]!]);
    // The requests: two thin rows in one lane, waiting (outlined) or running on the loop's thread (solid).
    const rqY = y;
    rows.push(laneLabel(tl, rqY, laneH, t.requestsLane));
    const rowH = (laneH - 2) / v.requests.length;
    v.requests.forEach((rq, i) => {
      const ry = rqY + 2 + i * rowH;
      const h = rowH - 2;
      rows.push(
        span(tl, {
          from: rq.arrive,
          to: rq.end,
          y: ry,
          h,
          cls: 'waiting',
          min: 2,
          title: t.request(rq.n, n(rq.arrive), n(rq.end)),
          actor: 'task',
        }),
      );
      for (const run of rq.running)
        rows.push(span(tl, { from: run.start, to: run.end, y: ry, h, fill: BAR_FILL.block, actor: 'thread' }));
    });
    y += laneH + gap;
    for (const group of pools) laneRow(group);
    // The heartbeat: a mark per tick, a hollow one per tick it asked for and never got.
    const hbY = y;
    rows.push(laneLabel(tl, hbY, laneH, t.heartbeatLane));
    for (const tk of v.ticks)
      rows.push(
        svg`<rect data-actor="task" x=${x(tk) - 2} y=${hbY + 2} width="4" height=${laneH - 4} fill="var(--hsw-actor-task)"><title>${t.legend.tick} ${n(tk)} ms</title></rect>`,
      );
    for (const m of v.missed)
      rows.push(
        svg`<circle cx=${x(m)} cy=${hbY + laneH / 2} r="6" fill="none" stroke="var(--hsw-bad)" stroke-width="2" stroke-dasharray="3 2"><title>${t.legend.missed} ${n(m)} ms</title></circle>`,
      );
    y += laneH + gap;
    const logY = y;
    rows.push(laneLabel(tl, logY, laneH, t.logLane));
    for (const l of v.log) {
      const cx = x(l.time);
      rows.push(
        svg`<path d="M ${cx} ${logY + 3} L ${cx + 8} ${logY + laneH - 3} L ${cx - 8} ${logY + laneH - 3} Z" fill="var(--hsw-warn)"><title>${l.message}</title></path>`,
      );
    }
    y += laneH + gap;
    // presented, the axis stands where the lanes' share ends, whatever the rounding of their heights left over
    const axisY = this.presenting ? Math.max(y, PRESENTED_LANES_PX) : y;
    // Marks every 150 ms (the figures the variants compare, 300 and 600, among them), every 300 when narrow or presented.
    const marks = [0, 150, 300, 450, 600, 750, 900].filter((_, i) => !(narrow || this.presenting) || i % 2 === 0);
    return timelineSvg(
      tl,
      axisY + axisRoom(tl),
      label,
      svg`${timeAxis(tl, { marks, top: 2, axisY, unit: t.axisUnit, format: n })}
      ${rows}
      <line x1=${x(v.end)} x2=${x(v.end)} y1="2" y2=${axisY} stroke="var(--hsw-fg)" stroke-dasharray="4 3"></line>`,
    );
  }
}

customElements.define('hsw-python-asyncio', PythonAsyncioDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-python-asyncio': PythonAsyncioDemo;
  }
}
