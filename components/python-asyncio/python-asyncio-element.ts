import { html, nothing, svg, type SVGTemplateResult } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { NARROW_PX } from '../ui/breakpoints.ts';
import { NarrowController } from '../ui/narrow.ts';
import '../ui/code-panel.ts';
import '../ui/details.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { pythonAsyncioText } from './python-asyncio-text.ts';
import { styles } from './python-asyncio-styles.ts';
import * as model from './python-asyncio-model.ts';
import {
  VARIANTS,
  abridgedLog,
  setDebug,
  setVariant,
  viewOf,
  type BarKind,
  type Lane,
  type PythonAsyncioState,
} from './python-asyncio-model.ts';

/**
 * The timeline's text: `--hsw-fs-small` of the host (the SVG is drawn 1:1 in CSS pixels): 0.75em of 20 px, 0.9em of
 * 23 px while presenting (demo-styles.ts).
 */
const FONT_PX = 15;
const PRESENTED_FONT_PX = 20.7;
/** One scale for every variant, so that their durations compare: 0–900 ms. */
const AXIS_MS = 900;

const BAR_FILL: Record<BarKind, string> = {
  select: 'var(--hsw-panel)',
  block: 'var(--hsw-bad)',
  cpu: 'var(--hsw-series-4)',
  gil: 'var(--hsw-warn)',
};

/** Python asyncio: pick the call a handler makes; the loop's thread, the pool's workers and a heartbeat show what it costs. */
export class PythonAsyncioDemo extends DemoElement<PythonAsyncioState> {
  static override properties = {
    ...DemoElement.properties,
  };

  static override styles = styles;

  /** Narrow or not, and the demo's width: the timeline's viewBox follows it, so its text stays 15 px wide or narrow. */
  private readonly width = new NarrowController(this, NARROW_PX, { fallback: 780, redrawAfter: 4 });

  constructor() {
    super(model);
  }

  override render() {
    const lang = this.locale;
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
    const drawn = new Set<string>([...v.lanes.flatMap((l) => l.bars.map((b) => b.kind)), 'waiting']);
    if (v.ticks.length > 0) drawn.add('tick');
    if (v.missed.length > 0) drawn.add('missed');
    const legend = html`<div class="legend" aria-hidden="true">
      ${(['select', 'block', 'cpu', 'gil', 'waiting', 'tick', 'missed'] as const)
        .filter((k) => !presenting || drawn.has(k))
        .map((k) => html`<span><span class="swatch ${k}"></span>${t.legend[k]}</span>`)}
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
    if (presenting)
      // Presented: the call, the heartbeat's figures, the verdict and the timeline; the variants, debug mode and the
      // program one click away (components/ui/details.ts); the log only when it has lines.
      return html`
        <section aria-label=${t.demoLabel}>
          <p class="now">${t.variant} <code>${t.variants[s.variant]}</code></p>
          <p class="line ${v.missed.length > 0 || blocked ? 'bad' : 'good'}" data-figure="ticks">
            ${t.ticks(n(v.ticks.length), n(v.missed.length))}${
              // the median only when it tells something: no tick missed, the loop never blocked
              v.medianMs !== null && v.missed.length === 0 && !blocked
                ? html` · ${t.median(n(v.medianMs, 1))}`
                : nothing
            }${blocked ? html` · ${t.blocked(n(v.longestBlockMs))}` : nothing}
          </p>
          <p class="verdict callout ${tone}" role="status">${t.verdictShort[s.variant]}</p>
          ${timeline} ${legend} ${v.log.length > 0 ? log : nothing}
          <hsw-details locale=${lang} .open=${this.detailsOpen} label=${t.programDetails}>
            ${variants} ${debug} ${code}
          </hsw-details>
        </section>
      `;
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
    const t = pythonAsyncioText[this.locale].lanes;
    return l.kind === 'loop' ? t.loop : l.kind === 'thread' ? t.threads(count) : t.processes(count);
  }

  private timeline(v: ReturnType<typeof viewOf>, label: string) {
    const t = pythonAsyncioText[this.locale];
    const n = (x: number) => formatNumber(x, this.locale);
    const narrow = this.width.narrow;
    const FONT = this.presenting ? PRESENTED_FONT_PX : FONT_PX;
    const W = Math.max(320, Math.min(1600, this.width.width));
    const left = Math.round((narrow ? 92 : 112) * (FONT / FONT_PX));
    const right = 10;
    const laneH = this.presenting ? 30 : 22;
    const gap = 4;
    const x = (ms: number) => left + ((W - left - right) * Math.min(ms, AXIS_MS)) / AXIS_MS;
    const mid = (y: number, h: number) => y + h / 2 + FONT * 0.35;
    const rows: SVGTemplateResult[] = [];
    let y = 2;
    /** One lane row: the lanes given share it, each a sub-row of its height (the pool's workers side by side). */
    const laneRow = (group: readonly Lane[]) => {
      const first = group[0]!;
      rows.push(
        svg`<text class="lane-label" x=${left - 6} y=${mid(y, laneH)} text-anchor="end">${this.laneName(first, group.length)}</text>`,
      );
      rows.push(
        svg`<rect x=${left} y=${y} width=${W - left - right} height=${laneH} fill="none" stroke="var(--hsw-border)"></rect>`,
      );
      const h = group.length > 1 ? laneH + 6 : laneH;
      const subH = h / group.length;
      const labels: SVGTemplateResult[] = [];
      group.forEach((lane, i) => {
        const sy = y + i * subH;
        for (const b of lane.bars) {
          const x0 = x(b.start);
          const w = Math.max(1, x(b.end) - x0);
          const inset = b.kind === 'select' ? 6 : group.length > 1 ? 1 : 0;
          rows.push(
            svg`<rect x=${x0} y=${sy + inset} width=${w} height=${subH - 2 * inset} fill=${BAR_FILL[b.kind]} stroke=${b.kind === 'select' ? 'var(--hsw-border)' : 'none'}><title>${b.call}: ${n(b.start)}–${n(b.end)} ms</title></rect>`,
          );
          if (i === 0 && b.kind !== 'select' && b.kind !== 'gil' && w > b.call.length * FONT * 0.6 + 8)
            labels.push(svg`<text class="bar-label" x=${x0 + 4} y=${mid(y, h)}>${b.call}</text>`);
        }
      });
      rows.push(...labels);
      y += h + gap;
    };
    laneRow([v.lanes[0]!]);
    // The requests: two thin rows in one lane, waiting (outlined) or running on the loop's thread (solid).
    const rqY = y;
    rows.push(
      svg`<text class="lane-label" x=${left - 6} y=${mid(rqY, laneH)} text-anchor="end">${t.requestsLane}</text>`,
    );
    const rowH = (laneH - 2) / v.requests.length;
    v.requests.forEach((rq, i) => {
      const ry = rqY + 1 + i * rowH;
      const x0 = x(rq.arrive);
      rows.push(
        svg`<rect class="waiting" x=${x0} y=${ry + 1} width=${Math.max(2, x(rq.end) - x0)} height=${rowH - 2}><title>${t.request(rq.n, n(rq.arrive), n(rq.end))}</title></rect>`,
      );
      for (const run of rq.running)
        rows.push(
          svg`<rect x=${x(run.start)} y=${ry + 1} width=${Math.max(1, x(run.end) - x(run.start))} height=${rowH - 2} fill=${BAR_FILL.block}></rect>`,
        );
    });
    y += laneH + gap;
    for (const kind of ['thread', 'process'] as const) {
      const group = v.lanes.filter((l) => l.kind === kind);
      if (group.length > 0) laneRow(group);
    }
    // The heartbeat: a mark per tick, a hollow one per tick it asked for and never got.
    const hbY = y;
    rows.push(
      svg`<text class="lane-label" x=${left - 6} y=${mid(hbY, laneH)} text-anchor="end">${t.heartbeatLane}</text>`,
    );
    for (const tk of v.ticks)
      rows.push(
        svg`<rect x=${x(tk) - 2} y=${hbY + 2} width="4" height=${laneH - 4} fill="var(--hsw-good)"><title>${t.legend.tick} ${n(tk)} ms</title></rect>`,
      );
    for (const m of v.missed)
      rows.push(
        svg`<circle cx=${x(m)} cy=${hbY + laneH / 2} r="6" fill="none" stroke="var(--hsw-bad)" stroke-width="2" stroke-dasharray="3 2"><title>${t.legend.missed} ${n(m)} ms</title></circle>`,
      );
    y += laneH + gap;
    const logY = y;
    rows.push(svg`<text class="lane-label" x=${left - 6} y=${mid(logY, laneH)} text-anchor="end">${t.logLane}</text>`);
    for (const l of v.log) {
      const cx = x(l.time);
      rows.push(
        svg`<path d="M ${cx} ${logY + 3} L ${cx + 8} ${logY + laneH - 3} L ${cx - 8} ${logY + laneH - 3} Z" fill="var(--hsw-warn)"><title>${l.message}</title></path>`,
      );
    }
    y += laneH + gap;
    const axisY = y;
    // Marks every 150 ms (the figures the variants compare, 300 and 600, among them), every 300 when narrow or presented.
    const ticks = [0, 150, 300, 450, 600, 750, 900].filter((_, i) => !(narrow || this.presenting) || i % 2 === 0);
    const H = axisY + FONT + 4;
    return html`<svg viewBox="0 0 ${W} ${H}" role="img" aria-label=${label}>
      ${ticks.map(
        (tk) => svg`<line class="grid" x1=${x(tk)} x2=${x(tk)} y1="2" y2=${axisY}></line>
          <text class="axis" x=${x(tk)} y=${axisY + FONT} text-anchor=${tk === AXIS_MS ? 'end' : tk === 0 ? 'start' : 'middle'}>${n(tk)}</text>`,
      )}
      <text class="lane-label axis-unit" x=${left - 6} y=${axisY + FONT} text-anchor="end">${t.axisUnit}</text>
      ${rows}
      <line x1=${x(v.end)} x2=${x(v.end)} y1="2" y2=${axisY} stroke="var(--hsw-fg)" stroke-dasharray="4 3"></line>
    </svg>`;
  }
}

customElements.define('hsw-python-asyncio', PythonAsyncioDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-python-asyncio': PythonAsyncioDemo;
  }
}
