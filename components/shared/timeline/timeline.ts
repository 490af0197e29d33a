import { html, nothing, svg, type SVGTemplateResult, type TemplateResult } from 'lit';

/**
 * The time axis the chapter's timelines share (python-asyncio, asyncio-responsiveness, tasks-gather and
 * libuv-pool draw lanes with it; pitfalls takes its geometry for an area over time): lanes named on the left, spans over a time axis from 0, the axis's marks and unit under them. A demo works out its
 * lanes from its model and draws them with these pieces; the geometry and the look are written once, here and in
 * `timeline-styles.ts`. Drawn 1:1 in CSS pixels (the viewBox follows the demo's width), so the text stays the size of
 * `--hsw-fs-small`: 15 px of the 20 px host, 0.9em of the 23 px host while presenting (demo-styles.ts).
 */
export const TIMELINE_FONT_PX = 15;
const PRESENTED_FONT_PX = 20.7;

export interface TimelineOptions {
  /** The box's measured width in CSS pixels. */
  readonly width: number;
  /** The narrowest and widest the drawing is laid out (the box scales it beyond). */
  readonly minWidth?: number;
  readonly maxWidth?: number;
  /** Room for the lanes' names, at the 15 px text (grows with the presented text). */
  readonly labels: number;
  /** Room right of the axis's end, at the 15 px text. */
  readonly right?: number;
  /** The axis runs from 0 to this; a time beyond it is drawn at its end. */
  readonly span: number;
  readonly presenting: boolean;
}

/** A laid-out timeline: its width, where the axis starts and ends, and time to x. */
export interface Timeline {
  readonly W: number;
  readonly left: number;
  readonly right: number;
  /** The text's size in pixels. */
  readonly font: number;
  readonly span: number;
  x(ms: number): number;
  /** The baseline that centres a line of text in a row from `y`, `h` high. */
  mid(y: number, h: number): number;
}

export function timeline(o: TimelineOptions): Timeline {
  const font = o.presenting ? PRESENTED_FONT_PX : TIMELINE_FONT_PX;
  const scale = font / TIMELINE_FONT_PX;
  const W = Math.max(o.minWidth ?? 320, Math.min(o.maxWidth ?? 1600, o.width));
  const left = Math.round(o.labels * scale);
  const right = Math.round((o.right ?? 10) * scale);
  const span = Math.max(o.span, 1e-9);
  return {
    W,
    left,
    right,
    font,
    span,
    x: (ms) => left + ((W - left - right) * Math.min(Math.max(ms, 0), span)) / span,
    mid: (y, h) => y + h / 2 + font * 0.35,
  };
}

/** A lane's name, right-aligned before the axis's start. */
export function laneLabel(t: Timeline, y: number, h: number, text: string): SVGTemplateResult {
  return svg`<text class="lane-label" x=${t.left - 6} y=${t.mid(y, h)} text-anchor="end">${text}</text>`;
}

/** Whether `text` fits inside a span `w` pixels wide (a label is drawn on a span only where it fits). */
export function fits(t: Timeline, w: number, text: string): boolean {
  return w > text.length * t.font * 0.6 + 8;
}

export interface Span {
  readonly from: number;
  readonly to: number;
  readonly y: number;
  readonly h: number;
  /** A class of `timeline-styles.ts` or the demo's styles (`waiting` draws it hollow). */
  readonly cls?: string;
  readonly fill?: string;
  /** What the span covers, shown on hover and read by a screen reader's exploration of the figure. */
  readonly title?: string;
  readonly rx?: number;
  /** The narrowest it is drawn, so that an instant still shows. */
  readonly min?: number;
  /** The actor it draws (`data-actor`: kernel, thread, loop, task, timer, io, microtask), in its deck-wide colour. */
  readonly actor?: string;
}

/** A span of time in a lane: a bar from `from` to `to`. */
export function span(t: Timeline, s: Span): SVGTemplateResult {
  const x0 = t.x(s.from);
  const w = Math.max(s.min ?? 1, t.x(s.to) - x0);
  const title = s.title === undefined ? nothing : svg`<title>${s.title}</title>`;
  return svg`<rect class=${s.cls ?? nothing} data-actor=${s.actor ?? nothing} x=${x0} y=${s.y} width=${w} height=${s.h} rx=${s.rx ?? nothing} fill=${s.fill ?? nothing}>${title}</rect>`;
}

/** How much room the axis's numbers take under `axisY`. */
export function axisRoom(t: Timeline): number {
  return t.font + 6;
}

/**
 * The axis: a grid line from `top` down to `axisY` and a number under it at each mark, the unit before the first.
 * The first number starts at its mark and one near the end ends at it, so none leaves the drawing.
 */
export function timeAxis(
  t: Timeline,
  o: { marks: readonly number[]; top: number; axisY: number; unit: string; format: (ms: number) => string },
): SVGTemplateResult {
  const y = o.axisY + t.font + 2;
  return svg`${o.marks.map(
    (m, i) => svg`<line class="grid" x1=${t.x(m)} x2=${t.x(m)} y1=${o.top} y2=${o.axisY}></line>
      <text class="axis" x=${t.x(m)} y=${y} text-anchor=${i === 0 ? 'start' : t.x(m) > t.W - t.right - 40 ? 'end' : 'middle'}>${o.format(m)}</text>`,
  )}
    <text class="lane-label axis-unit" x=${t.left - 6} y=${y} text-anchor="end">${o.unit}</text>`;
}

/** The drawing: `height` pixels high, a figure named by `label` for a screen reader. */
export function timelineSvg(t: Timeline, height: number, label: string, parts: unknown): TemplateResult {
  return html`<svg class="timeline" viewBox="0 0 ${t.W} ${height}" role="img" aria-label=${label}>${parts}</svg>`;
}
