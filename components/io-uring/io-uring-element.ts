import { html, svg, nothing, type TemplateResult } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { NarrowController } from '../ui/narrow.ts';
import '../ui/labelled-slider.ts';
import '../ui/chart-panel.ts';
import '../ui/details.ts';
import type { ChartSpec } from '../ui/chart-panel.ts';
import { formatNumber, type Lang } from '../../lib/i18n.ts';
import { ioUringText } from './io-uring-text.ts';
import { styles } from './io-uring-styles.ts';
import * as model from './io-uring-model.ts';
import {
  BATCH_MAX,
  BATCH_MIN,
  DISK_MAX_US,
  DISK_MIN_US,
  FILE_MODES,
  DRAWN_CQ_MAX,
  DRAWN_SQ_MAX,
  SQ_CHOICES,
  back,
  batchCounts,
  canBack,
  canComplete,
  canQueue,
  canReap,
  canSubmit,
  clampBatch,
  clampDisk,
  complete,
  cqPending,
  cqSlot,
  currentRings,
  drawnIndex,
  drawnSlots,
  fileRead,
  liveCq,
  liveSq,
  queue,
  reap,
  resetRings,
  series,
  setSqEntries,
  sqPending,
  sqSlot,
  submit,
  type FileMode,
  type IoUringState,
  type Rings,
  type RingsState,
  type View,
} from './io-uring-model.ts';

/**
 * The rings' text, in the SVG's units: 0.75em of the 20 px host. Browsing, the SVG is drawn at most 1:1, so this is
 * its size on the slide; presented, the SVG fills the demo's width (≈ 1.38×, so over 20 px).
 */
const FONT_PX = 15;

/**
 * Ring drawing geometry, in CSS pixels: wide (beside the ring buttons) and narrow (a phone, the whole width).
 * Cells are wide enough for a two-digit id at 15 px (the id, without its "#", on the slot's colour).
 */
const WIDE = {
  w: 562,
  h: 214,
  cy: 118,
  sq: { cx: 96, r: 62, cell: 30 },
  cq: { cx: 466, r: 80, cell: 28 },
  box: { x: 196, w: 164 },
};
const NARROW = {
  w: 500,
  h: 214,
  cy: 118,
  sq: { cx: 80, r: 62, cell: 30 },
  cq: { cx: 404, r: 80, cell: 28 },
  box: { x: 168, w: 136 },
};

/** Readiness vs completion: syscalls per batch, the SQ and CQ rings, and the regular-file case. */
export class IoUringDemo extends DemoElement<IoUringState> {
  static override styles = styles;

  private readonly width = new NarrowController(this);

  constructor() {
    super(model);
  }

  /** The host is narrow (a phone): layout only, not demo state. */
  private get narrow(): boolean {
    return this.width.narrow;
  }

  private patch(p: Partial<IoUringState>): void {
    this.setState({ ...this.state, ...p });
  }

  private rings(f: (r: RingsState) => RingsState): void {
    this.patch({ rings: f(this.state.rings) });
  }

  override render() {
    const lang = this.lang;
    const t = ioUringText[lang];
    const s = this.state;
    const tab = (v: View, label: string) =>
      html`<button type="button" aria-pressed=${s.view === v ? 'true' : 'false'} @click=${() => this.patch({ view: v })}>${label}</button>`;
    const tabs = html`<div class="tabs" role="group" aria-label=${t.viewGroup}>${tab('sockets', t.viewSockets)} ${tab('file', t.viewFile)}</div>`;
    return html`
      <section aria-label=${t.demoLabel}>
        ${s.view === 'sockets' ? this.sockets(lang, tabs) : html`${tabs}${this.file(lang)}`}
      </section>
    `;
  }

  private sockets(lang: Lang, tabs: TemplateResult) {
    const t = ioUringText[lang];
    const s = this.state;
    const n = (v: number) => formatNumber(v, lang);
    const c = batchCounts(s.batch, s.sqEntries);
    // SQPOLL is an aside to the talk: presented, its card is one click away, with how each is counted
    const sqpoll = html`<div class="card sqpoll" data-mode="sqpoll">
            <div class="head"><span class="name">${t.sqpollTitle}</span><span class="count">${t.syscalls(c.sqpoll, n(c.sqpoll))}</span></div>
          </div>`;
    return html`
      <div class="top">
        ${tabs}
        <hsw-slider
          label=${t.batch}
          integer
          min=${BATCH_MIN}
          max=${BATCH_MAX}
          step="1"
          .value=${s.batch}
          .format=${(v: number) => n(v)}
          @value-changed=${(e: CustomEvent<{ value: number }>) => this.patch({ batch: clampBatch(e.detail.value) })}
        ></hsw-slider>
        ${this.onStage ? nothing : this.sqField(lang)}
      </div>
      <div class="mid">
        <div class="cards">
          <div class="card epoll" data-mode="epoll">
            <div class="head"><span class="name">${t.epollTitle}</span><span class="count">${t.syscalls(c.epoll, n(c.epoll))}</span></div>
          </div>
          <div class="card uring" data-mode="io_uring">
            <div class="head"><span class="name">${t.uringTitle}</span><span class="count">${t.syscalls(c.ioUring, n(c.ioUring))}</span></div>
          </div>
          ${this.onStage ? nothing : sqpoll}
          <hsw-details lang=${lang} .open=${this.detailsOpen} label=${t.howCounted}>
            ${this.onStage ? sqpoll : nothing}
            <div class="whys">
              <div class="why epoll" data-why="epoll">${t.epollWhy(n(c.batch))}</div>
              <div class="why uring" data-why="io_uring">
                ${t.uringWhy(n(c.sqes), n(c.sqEntries), n(c.ioUring))}${c.fits ? nothing : html` <span class="prose over">${t.uringOver(n(c.sqEntries))}</span>`}
              </div>
              <div class="why uring" data-figure="uring-round">${t.uringRound(n(c.batch))}</div>
              <div class="why sqpoll" data-why="sqpoll">${t.sqpollWhy}</div>
            </div>
          </hsw-details>
        </div>
        <hsw-chart .lang=${lang} .load=${this.near || this.active} label=${t.chartLabel(n(s.batch))} .spec=${this.chartSpec(lang)}></hsw-chart>
      </div>
      ${this.ringsView(lang)}
    `;
  }

  /**
   * Presented (not printed): the rings' drawing is on the stage, scaled up, since the speaker explains them; the
   * ring size, the step buttons and the status are one click away. Browsing and in print, all of it is in the
   * (open) disclosure.
   */
  private get onStage(): boolean {
    return this.presenting && !this.print;
  }

  private sqField(lang: Lang) {
    const t = ioUringText[lang];
    const s = this.state;
    const n = (v: number) => formatNumber(v, lang);
    return html`<div class="field">
      <label for="sq">${t.sqSize}</label>
      <select id="sq" @change=${(e: Event) => this.setState(setSqEntries(this.state, Number((e.target as HTMLSelectElement).value)))}>
        ${SQ_CHOICES.map((q) => html`<option value=${q} ?selected=${s.sqEntries === q}>${t.entries(q, n(q))}</option>`)}
      </select>
    </div>`;
  }

  private chartSpec(lang: Lang): ChartSpec {
    const t = ioUringText[lang];
    const s = this.state;
    const ser = series(BATCH_MAX, s.sqEntries);
    const pts = (ys: number[]) => ys.map((y, i) => ({ x: i + 1, y }));
    const c = batchCounts(s.batch, s.sqEntries);
    return {
      x: { title: t.chartX, min: 1, max: BATCH_MAX, format: (v) => formatNumber(v, lang) },
      y: { title: t.chartY, min: 0, format: (v) => formatNumber(v, lang) },
      series: [
        { label: t.seriesEpoll, points: pts(ser.epoll), color: '--hsw-series-1' },
        { label: t.seriesUring, points: pts(ser.io_uring), color: '--hsw-series-4' },
        { label: t.seriesSqpoll, points: pts(ser.sqpoll), color: '--hsw-series-2', dashed: true },
        {
          label: t.seriesNow,
          marker: true,
          color: '--hsw-series-3',
          points: [
            { x: s.batch, y: c.epoll },
            { x: s.batch, y: c.ioUring },
          ],
        },
      ],
    };
  }

  private ringsView(lang: Lang) {
    const t = ioUringText[lang];
    const rs = this.state.rings;
    const r = currentRings(rs);
    const n = (v: number) => formatNumber(v, lang);
    const last = r.last;
    let status: string = t.lastNone;
    if (last?.kind === 'queued')
      status = `${t.lastQueued(n(last.sqe.id), t.op[last.sqe.op], n(last.slot))}${last.sqe.op === 'write' ? ` ${t.queuedWrite}` : ''}`;
    else if (last?.kind === 'submitted') status = t.lastSubmitted(last.count, n(last.count));
    else if (last?.kind === 'completed') status = t.lastCompleted(n(last.cqe.id), n(last.slot));
    else if (last?.kind === 'reaped') status = t.lastReaped(n(last.cqe.id), n(last.cqe.res));
    const warn = !canQueue(r) ? t.sqFull : r.inFlight.length > 0 && !canComplete(r) ? t.cqFull : '';
    const stage = this.onStage;
    return html`
      ${stage ? html`<div class="stage-rings">${this.ringsSvg(lang, r)}</div>` : nothing}
      <hsw-details lang=${lang} .open=${this.detailsOpen} label=${t.ringsDetails}>
      <h3 class="sr-only">${t.ringsTitle(n(r.sqEntries), n(r.cqEntries))}</h3>
      ${stage ? this.sqField(lang) : nothing}
      <div class="rings">
      ${stage ? nothing : this.ringsSvg(lang, r)}
      <div class="ring-buttons">
        <button type="button" aria-label=${t.queueLabel} ?disabled=${!canQueue(r)} @click=${() => this.rings(queue)}>${t.queue}</button>
        <button type="button" aria-label=${t.submitLabel} ?disabled=${!canSubmit(r)} @click=${() => this.rings(submit)}>${t.submit}</button>
        <button type="button" aria-label=${t.completeLabel} ?disabled=${!canComplete(r)} @click=${() => this.rings(complete)}>${t.complete}</button>
        <button type="button" aria-label=${t.reapLabel} ?disabled=${!canReap(r)} @click=${() => this.rings(reap)}>${t.reap}</button>
        <div class="pair">
          <button type="button" aria-label=${t.backLabel} ?disabled=${!canBack(rs)} @click=${() => this.rings(back)}>◀ ${t.back}</button>
          <button type="button" aria-label=${t.resetLabel} ?disabled=${!canBack(rs)} @click=${() => this.rings(resetRings)}>${t.reset}</button>
        </div>
      </div>
      </div>
      <p class="status callout" role="status">
        ${status} ${warn} <span class="counts" data-figure="ring-counts">${t.ringCounts(n(r.syscalls), n(r.reaped.length))}</span>
      </p>
      </hsw-details>
    `;
  }

  private ringsSvg(lang: Lang, r: Rings) {
    const t = ioUringText[lang];
    const n = (v: number) => formatNumber(v, lang);
    /** From a text's centre to its baseline. */
    const baseline = FONT_PX * 0.35;
    const ring = (cx: number, cy: number, radius: number, entries: number, cell: number, kind: 'sq' | 'cq') => {
      const headCounter = kind === 'sq' ? r.sqHead : r.cqHead;
      const pending = kind === 'sq' ? sqPending(r) : cqPending(r);
      const drawn = drawnSlots(entries, headCounter, pending, kind === 'sq' ? DRAWN_SQ_MAX : DRAWN_CQ_MAX);
      const live = new Map<number, string>();
      const cls = new Map<number, string>();
      if (kind === 'sq')
        for (const e of liveSq(r)) {
          live.set(e.slot, String(e.sqe.id));
          cls.set(e.slot, e.sqe.op);
        }
      else
        for (const e of liveCq(r)) {
          live.set(e.slot, String(e.cqe.id));
          cls.set(e.slot, 'cqe');
        }
      const head = kind === 'sq' ? sqSlot(r, r.sqHead) : cqSlot(r, r.cqHead);
      const tail = kind === 'sq' ? sqSlot(r, r.sqTail) : cqSlot(r, r.cqTail);
      /** Drawn position `i` of `drawn.length` around the ring, from the top, clockwise. */
      const pos = (i: number, rad: number) => {
        const a = (i / drawn.length) * 2 * Math.PI - Math.PI / 2;
        return { x: cx + rad * Math.cos(a), y: cy + rad * Math.sin(a) };
      };
      const pointer = (slot: number, which: 'head' | 'tail', offset: number) => {
        const at = drawnIndex(drawn, slot);
        const inner = pos(at, radius - cell / 2 - 2);
        const outer = pos(at, radius - cell / 2 - 20 - offset);
        const label = pos(at, radius - cell / 2 - 30 - offset);
        return svg`<line class="ptr-line ${which}" x1=${outer.x} y1=${outer.y} x2=${inner.x} y2=${inner.y}></line>
          <text class="ptr ${which}" x=${label.x} y=${label.y + baseline} text-anchor="middle">${which === 'head' ? t.head : t.tail}</text>`;
      };
      return svg`
        ${drawn.map((d, i) => {
          const p = pos(i, radius);
          if (d.kind === 'gap')
            return svg`<text class="slot-gap" data-hidden=${d.hidden} x=${p.x} y=${p.y + baseline} text-anchor="middle">…<title>${t.hiddenSlots(d.hidden, n(d.hidden))}</title></text>`;
          const text = live.get(d.slot);
          // presented, an empty slot is a box without its number: the hall reads the ring, its head and tail
          const label = text ?? (this.onStage ? '' : String(d.slot));
          return svg`<rect class="slot ${cls.get(d.slot) ?? ''}" data-actor=${cls.get(d.slot) === 'cqe' ? 'io' : nothing} x=${p.x - cell / 2} y=${p.y - cell / 2} width=${cell} height=${cell} rx="4"></rect>
            ${label ? svg`<text class=${text ? `slot-text ${cls.get(d.slot) ?? ''}` : 'slot-no'} x=${p.x} y=${p.y + baseline} text-anchor="middle">${label}</text>` : nothing}`;
        })}
        ${pointer(head, 'head', head === tail ? 18 : 0)} ${pointer(tail, 'tail', 0)}
      `;
    };
    const flight = r.inFlight.map((e) => `#${e.id} ${t.op[e.op]}`);
    const g = this.narrow ? NARROW : WIDE;
    const mid = g.box.x + g.box.w / 2;
    // the kernel box spans the SQ ring's height; six operations fit in it, then "+n"
    const boxTop = g.cy - g.sq.r - g.sq.cell / 2;
    const boxH = 2 * (g.sq.r + g.sq.cell / 2);
    const shown = 6;
    const lineY = (i: number) => boxTop + 24 + (i + 1) * (FONT_PX + 4);
    return html`<svg class=${this.narrow ? 'narrow' : 'wide'} viewBox="0 0 ${g.w} ${g.h}" role="img" aria-label=${t.ringsLabel(n(sqPending(r)), n(cqPending(r)), n(r.inFlight.length))}>
      <text class="ring-name" x=${g.sq.cx} y=${FONT_PX + 1} text-anchor="middle">${t.sqName(n(r.sqEntries))}</text>
      ${ring(g.sq.cx, g.cy, g.sq.r, r.sqEntries, g.sq.cell, 'sq')}
      <rect class="kernel-box" data-actor="kernel" x=${g.box.x} y=${boxTop} width=${g.box.w} height=${boxH} rx="8"></rect>
      <text class="kernel-title" x=${mid} y=${boxTop + 22} text-anchor="middle">${t.inFlight}</text>
      ${flight.slice(0, shown).map((f, i) => svg`<text class="kernel-text" x=${mid} y=${lineY(i)} text-anchor="middle">${f}</text>`)}
      ${flight.length > shown ? svg`<text class="kernel-text" x=${mid} y=${lineY(shown)} text-anchor="middle">+${n(flight.length - shown)}</text>` : nothing}
      <text class="ring-name" x=${g.cq.cx} y=${FONT_PX + 1} text-anchor="middle">${t.cqName(n(r.cqEntries))}</text>
      ${ring(g.cq.cx, g.cy, g.cq.r, r.cqEntries, g.cq.cell, 'cq')}
    </svg>`;
  }

  private file(lang: Lang) {
    const t = ioUringText[lang];
    const s = this.state;
    const n = (v: number) => formatNumber(v, lang);
    const f = fileRead(s.fileMode, s.diskLatency);
    return html`
      <div class="file">
        <div class="modes" role="group" aria-label=${t.fileGroup}>
          ${FILE_MODES.map(
            (m: FileMode) =>
              html`<button type="button" aria-pressed=${s.fileMode === m ? 'true' : 'false'} @click=${() => this.patch({ fileMode: m })}>
                ${t.fileModes[m]}
              </button>`,
          )}
        </div>
        <hsw-slider
          label=${t.disk}
          log
          integer
          min=${Math.max(1, DISK_MIN_US)}
          max=${DISK_MAX_US}
          .value=${Math.max(1, s.diskLatency)}
          .format=${(v: number) => t.us(n(v))}
          @value-changed=${(e: CustomEvent<{ value: number }>) => this.patch({ diskLatency: clampDisk(e.detail.value) })}
        ></hsw-slider>
        <dl>
          <dt>${t.loopBlocked}</dt>
          <dd class=${f.loopBlocked > 0 ? 'bad' : 'good'} data-figure="loop-blocked">${t.us(n(f.loopBlocked))}</dd>
          <dt>${t.whoWaits}</dt>
          <dd data-figure="waiter">${t.waiter[f.waiter]}</dd>
        </dl>
        <hsw-details lang=${lang} .open=${this.detailsOpen} label=${t.fileStepsLabel}>
          <ol>
            ${t.fileSteps[s.fileMode].map((line) => html`<li>${line}</li>`)}
          </ol>
        </hsw-details>
      </div>
    `;
  }
}

customElements.define('hsw-io-uring', IoUringDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-io-uring': IoUringDemo;
  }
}
