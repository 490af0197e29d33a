import { css, html, svg, nothing } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { NarrowController } from '../ui/narrow.ts';
import { controlStyles } from '../ui/theme.ts';
import '../ui/labelled-slider.ts';
import '../ui/chart-panel.ts';
import type { ChartSpec } from '../ui/chart-panel.ts';
import { formatNumber, type Lang } from '../../lib/i18n.ts';
import { ioUringText } from './io-uring-text.ts';
import {
  BATCH_MAX,
  BATCH_MIN,
  DISK_MAX_US,
  DISK_MIN_US,
  FILE_MODES,
  SQ_CHOICES,
  backRings,
  batchCounts,
  canComplete,
  canQueue,
  canReap,
  canSubmit,
  clampBatch,
  clampDisk,
  complete,
  cqPending,
  cqSlot,
  fileRead,
  initialState,
  liveCq,
  liveSq,
  queue,
  reap,
  resetRings,
  series,
  sqPending,
  sqSlot,
  submit,
  type FileMode,
  type IoUringState,
  type Rings,
  type RingsState,
  type View,
} from './io-uring-model.ts';

/** Ring drawing geometry: wide (slides) and narrow (phones, drawn larger relative to the width). */
const WIDE = { w: 760, h: 210, sq: { cx: 150, r: 78, cell: 30 }, cq: { cx: 610, r: 84, cell: 26 }, box: { x: 290, w: 170 } };
const NARROW = { w: 500, h: 210, sq: { cx: 92, r: 72, cell: 30 }, cq: { cx: 400, r: 84, cell: 26 }, box: { x: 180, w: 128 } };

/** Readiness vs completion: syscalls per batch, the SQ and CQ rings, and the regular-file case. */
export class IoUringDemo extends DemoElement<IoUringState> {
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
      .tabs {
        display: flex;
        gap: 0.4em;
        flex-wrap: wrap;
        margin-bottom: 0.3em;
      }
      .tabs button {
        font-size: 0.8em;
      }
      .top {
        display: grid;
        grid-template-columns: minmax(0, 1.6fr) minmax(0, 1fr);
        gap: 0.3em 1em;
        align-items: end;
      }
      .field label {
        display: block;
        font-size: 0.85em;
      }
      .field select {
        width: 100%;
        margin-top: 0.2em;
      }
      .mid {
        display: grid;
        grid-template-columns: minmax(0, 1fr) minmax(0, 1.3fr);
        gap: 0.8em;
        align-items: start;
        margin-top: 0.3em;
      }
      .cards {
        display: grid;
        gap: 0.3em;
      }
      .card {
        background: var(--hsw-panel);
        border-left: 4px solid var(--hsw-border);
        padding: 0.2em 0.5em;
        font-size: 0.72em;
      }
      .card.epoll {
        border-left-color: var(--hsw-series-1);
      }
      .card.uring {
        border-left-color: var(--hsw-series-4);
      }
      .card.sqpoll {
        border-left-color: var(--hsw-series-2);
      }
      .card .name {
        color: var(--hsw-muted);
      }
      .card .count {
        font-size: 1.35em;
        font-weight: 700;
        font-variant-numeric: tabular-nums;
      }
      .card .why {
        color: var(--hsw-muted);
        font-family: var(--hsw-mono);
        font-size: 0.9em;
      }
      .card .over {
        color: var(--hsw-warn);
      }
      hsw-chart {
        --hsw-chart-height: 165px;
      }
      h3 {
        font-size: 0.75em;
        margin: 0.5em 0 0.1em;
        color: var(--hsw-muted);
        font-weight: 600;
      }
      svg {
        display: block;
        width: 100%;
        height: auto;
        max-height: 172px;
      }
      .ring-name {
        fill: var(--hsw-fg);
        font-size: 15px;
        font-weight: 600;
        font-family: var(--hsw-font);
      }
      .slot {
        fill: var(--hsw-panel);
        stroke: var(--hsw-border);
      }
      .slot.read {
        fill: var(--hsw-series-4);
      }
      .slot.write {
        fill: var(--hsw-series-3);
      }
      .slot.cqe {
        fill: var(--hsw-series-2);
      }
      .slot-text {
        font-size: 11px;
        font-family: var(--hsw-mono);
        fill: var(--hsw-on-accent);
        font-weight: 700;
      }
      .slot-no {
        font-size: 9px;
        fill: var(--hsw-muted);
        font-family: var(--hsw-mono);
      }
      .ptr {
        font-size: 12px;
        font-family: var(--hsw-mono);
        font-weight: 700;
      }
      .ptr.head {
        fill: var(--hsw-accent-text);
      }
      .ptr.tail {
        fill: var(--hsw-warn);
      }
      .ptr-line.head {
        stroke: var(--hsw-accent-text);
        stroke-width: 2;
      }
      .ptr-line.tail {
        stroke: var(--hsw-warn);
        stroke-width: 2;
      }
      .kernel-box {
        fill: none;
        stroke: var(--hsw-muted);
        stroke-dasharray: 5 4;
      }
      .kernel-text {
        fill: var(--hsw-fg);
        font-size: 13px;
        font-family: var(--hsw-mono);
      }
      .kernel-title {
        fill: var(--hsw-muted);
        font-size: 13px;
        font-family: var(--hsw-font);
      }
      .ring-buttons {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3em;
      }
      .ring-buttons button {
        font-size: 0.72em;
        padding: 0.25em 0.55em;
      }
      .status {
        font-size: 0.72em;
        margin: 0.25em 0 0;
        min-height: 2.6em;
      }
      .counts {
        color: var(--hsw-muted);
        font-variant-numeric: tabular-nums;
      }
      .file {
        display: grid;
        gap: 0.5em;
      }
      .modes {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4em;
      }
      .modes .label {
        font-size: 0.85em;
        color: var(--hsw-muted);
        align-self: center;
      }
      dl {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 0.2em 0.8em;
        margin: 0;
        font-size: 0.85em;
      }
      dt {
        color: var(--hsw-muted);
      }
      dd {
        margin: 0;
        font-weight: 600;
      }
      dd.bad {
        color: var(--hsw-bad-text);
      }
      dd.good {
        color: var(--hsw-good-text);
      }
      ol {
        margin: 0;
        padding-left: 1.3em;
        font-size: 0.8em;
      }
      ol li {
        margin: 0.15em 0;
      }
      @container (max-width: 620px) {
        :host {
          font-size: 17px;
        }
        .mid {
          grid-template-columns: minmax(0, 1fr);
        }
        .top {
          grid-template-columns: minmax(0, 1fr) minmax(0, 0.8fr);
        }
        .top .field label,
        .top hsw-slider {
          font-size: 0.85em;
        }
        hsw-chart {
          --hsw-chart-height: 130px;
        }
        h3 {
          display: none;
        }
        .ring-buttons button {
          font-size: 0.7em;
          padding: 0.2em 0.45em;
        }
        .status {
          font-size: 0.68em;
        }
        .cards {
          grid-template-columns: repeat(3, minmax(0, 1fr));
        }
        .card .why {
          display: none;
        }
      }
    `,
  ];

  protected override initialState(): IoUringState {
    return initialState();
  }

  private patch(p: Partial<IoUringState>): void {
    this.setState({ ...this.state, ...p });
  }

  private rings(f: (r: RingsState) => RingsState): void {
    this.patch({ rings: f(this.state.rings) });
  }

  override render() {
    const lang = this.locale;
    const t = ioUringText[lang];
    const s = this.state;
    const tab = (v: View, label: string) =>
      html`<button type="button" aria-pressed=${s.view === v ? 'true' : 'false'} @click=${() => this.patch({ view: v })}>${label}</button>`;
    return html`
      <section aria-label=${t.demoLabel}>
        <div class="tabs" role="group" aria-label=${t.viewGroup}>${tab('sockets', t.viewSockets)} ${tab('file', t.viewFile)}</div>
        ${s.view === 'sockets' ? this.sockets(lang) : this.file(lang)}
      </section>
    `;
  }

  private sockets(lang: Lang) {
    const t = ioUringText[lang];
    const s = this.state;
    const n = (v: number) => formatNumber(v, lang);
    const c = batchCounts(s.batch, s.sqEntries);
    return html`
      <div class="top">
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
        <div class="field">
          <label for="sq">${t.sqSize}</label>
          <select id="sq" @change=${(e: Event) => this.patch({ sqEntries: Number((e.target as HTMLSelectElement).value) })}>
            ${SQ_CHOICES.map((q) => html`<option value=${q} ?selected=${s.sqEntries === q}>${t.entries(q, n(q))}</option>`)}
          </select>
        </div>
      </div>
      <div class="mid">
        <div class="cards">
          <div class="card epoll" data-mode="epoll">
            <div class="name">${t.epollTitle}</div>
            <div class="count">${t.syscalls(c.epoll, n(c.epoll))}</div>
            <div class="why">${t.epollWhy(n(c.batch))}</div>
          </div>
          <div class="card uring" data-mode="io_uring">
            <div class="name">${t.uringTitle}</div>
            <div class="count">${t.syscalls(c.ioUring, n(c.ioUring))}</div>
            <div class="why">${t.uringWhy(n(c.sqes), n(c.sqEntries), n(c.ioUring))}</div>
            ${c.fits ? nothing : html`<div class="why over">${t.uringOver(n(c.sqEntries))}</div>`}
          </div>
          <div class="card sqpoll" data-mode="sqpoll">
            <div class="name">${t.sqpollTitle}</div>
            <div class="count">${t.syscalls(c.sqpoll, n(c.sqpoll))}</div>
            <div class="why">${t.sqpollWhy}</div>
          </div>
        </div>
        <hsw-chart .locale=${lang} .load=${this.near || this.active} label=${t.chartLabel(n(s.batch))} .spec=${this.chartSpec(lang)}></hsw-chart>
      </div>
      ${this.ringsView(lang)}
    `;
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
    const r = rs.rings;
    const n = (v: number) => formatNumber(v, lang);
    const last = r.last;
    let status: string = t.lastNone;
    if (last?.kind === 'queued') status = t.lastQueued(n(last.sqe.id), t.op[last.sqe.op], n(last.slot));
    else if (last?.kind === 'submitted') status = t.lastSubmitted(last.count, n(last.count));
    else if (last?.kind === 'completed') status = t.lastCompleted(n(last.cqe.id), n(last.slot));
    else if (last?.kind === 'reaped') status = t.lastReaped(n(last.cqe.id), n(last.cqe.res));
    const warn = !canQueue(r) ? t.sqFull : r.inFlight.length > 0 && !canComplete(r) ? t.cqFull : '';
    return html`
      <h3>${t.ringsTitle}</h3>
      ${this.ringsSvg(lang, r)}
      <div class="ring-buttons">
        <button type="button" aria-label=${t.queueLabel} ?disabled=${!canQueue(r)} @click=${() => this.rings(queue)}>${t.queue}</button>
        <button type="button" aria-label=${t.submitLabel} ?disabled=${!canSubmit(r)} @click=${() => this.rings(submit)}>${t.submit}</button>
        <button type="button" aria-label=${t.completeLabel} ?disabled=${!canComplete(r)} @click=${() => this.rings(complete)}>${t.complete}</button>
        <button type="button" aria-label=${t.reapLabel} ?disabled=${!canReap(r)} @click=${() => this.rings(reap)}>${t.reap}</button>
        <button type="button" aria-label=${t.backLabel} ?disabled=${rs.history.length === 0} @click=${() => this.rings(backRings)}>◀ ${t.back}</button>
        <button type="button" aria-label=${t.resetLabel} ?disabled=${rs.history.length === 0} @click=${() => this.rings(resetRings)}>${t.reset}</button>
      </div>
      <p class="status" role="status">
        ${status} ${warn}<br /><span class="counts" data-figure="ring-counts">${t.ringCounts(n(r.syscalls), n(r.reaped.length))}</span>
      </p>
    `;
  }

  private ringsSvg(lang: Lang, r: Rings) {
    const t = ioUringText[lang];
    const n = (v: number) => formatNumber(v, lang);
    const ring = (cx: number, cy: number, radius: number, entries: number, cell: number, kind: 'sq' | 'cq') => {
      const live = new Map<number, string>();
      const cls = new Map<number, string>();
      if (kind === 'sq')
        for (const e of liveSq(r)) {
          live.set(e.slot, `#${e.sqe.id}`);
          cls.set(e.slot, e.sqe.op);
        }
      else
        for (const e of liveCq(r)) {
          live.set(e.slot, `#${e.cqe.id}`);
          cls.set(e.slot, 'cqe');
        }
      const head = kind === 'sq' ? sqSlot(r, r.sqHead) : cqSlot(r, r.cqHead);
      const tail = kind === 'sq' ? sqSlot(r, r.sqTail) : cqSlot(r, r.cqTail);
      const pos = (slot: number, rad: number) => {
        const a = (slot / entries) * 2 * Math.PI - Math.PI / 2;
        return { x: cx + rad * Math.cos(a), y: cy + rad * Math.sin(a) };
      };
      const pointer = (slot: number, which: 'head' | 'tail', offset: number) => {
        const inner = pos(slot, radius - cell / 2 - 2);
        const outer = pos(slot, radius - cell / 2 - 22 - offset);
        const label = pos(slot, radius - cell / 2 - 30 - offset);
        return svg`<line class="ptr-line ${which}" x1=${outer.x} y1=${outer.y} x2=${inner.x} y2=${inner.y}></line>
          <text class="ptr ${which}" x=${label.x} y=${label.y + 4} text-anchor="middle">${which === 'head' ? t.head : t.tail}</text>`;
      };
      return svg`
        ${Array.from({ length: entries }, (_, i) => {
          const p = pos(i, radius);
          const text = live.get(i);
          return svg`<rect class="slot ${cls.get(i) ?? ''}" x=${p.x - cell / 2} y=${p.y - cell / 2} width=${cell} height=${cell} rx="4"></rect>
            ${text ? svg`<text class="slot-text" x=${p.x} y=${p.y + 4} text-anchor="middle">${text}</text>` : nothing}
            ${!text ? svg`<text class="slot-no" x=${p.x} y=${p.y + 3} text-anchor="middle">${i}</text>` : nothing}`;
        })}
        ${pointer(head, 'head', head === tail ? 18 : 0)} ${pointer(tail, 'tail', 0)}
      `;
    };
    const flight = r.inFlight.map((e) => `#${e.id} ${t.op[e.op]}`);
    const g = this.narrow ? NARROW : WIDE;
    const mid = g.box.x + g.box.w / 2;
    return html`<svg viewBox="0 0 ${g.w} ${g.h}" role="img" aria-label=${t.ringsLabel(n(sqPending(r)), n(cqPending(r)), n(r.inFlight.length))}>
      <text class="ring-name" x=${g.sq.cx} y="16" text-anchor="middle">${t.sqName}</text>
      ${ring(g.sq.cx, 115, g.sq.r, r.sqEntries, g.sq.cell, 'sq')}
      <rect class="kernel-box" x=${g.box.x} y="40" width=${g.box.w} height="150" rx="8"></rect>
      <text class="kernel-title" x=${mid} y="60" text-anchor="middle">${t.inFlight}</text>
      ${flight.slice(0, 7).map((f, i) => svg`<text class="kernel-text" x=${mid} y=${82 + i * 16} text-anchor="middle">${f}</text>`)}
      ${flight.length > 7 ? svg`<text class="kernel-text" x=${mid} y="196" text-anchor="middle">+${n(flight.length - 7)}</text>` : nothing}
      <text class="ring-name" x=${g.cq.cx} y="16" text-anchor="middle">${t.cqName}</text>
      ${ring(g.cq.cx, 115, g.cq.r, r.cqEntries, g.cq.cell, 'cq')}
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
        <ol>
          ${t.fileSteps[s.fileMode].map((line) => html`<li>${line}</li>`)}
        </ol>
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
