import { LitElement, css, html } from 'lit';
import type { Chart as ChartType, ChartConfiguration } from 'chart.js';
import { uiText } from './ui-text.ts';
import { DASH, LEGEND_LINE_PX, legendEntries } from './chart-legend.ts';
import type { Lang } from '../../lib/i18n.ts';

/**
 * The type scale's smallest step (demo-styles.ts `--hsw-fs-small`: 0.75em, 0.9em while presenting), for the labels
 * drawn on the canvas, when the host does not say it in em.
 */
const SMALL_EM = 0.75;

/** The smallest step as the host inherits it (`--hsw-fs-small`, e.g. `0.9em`), or SMALL_EM. */
function smallEm(style: CSSStyleDeclaration): number {
  const m = /^\s*([\d.]+)em\s*$/.exec(style.getPropertyValue('--hsw-fs-small'));
  const v = m ? Number(m[1]) : NaN;
  return v > 0 && v <= 1 ? v : SMALL_EM;
}

export interface ChartPoint {
  x: number;
  y: number;
}

export interface ChartSeries {
  label: string;
  points: readonly ChartPoint[];
  /** A CSS custom property holding the colour, e.g. `--hsw-series-1`. */
  color: string;
  dashed?: boolean;
  /** Draw as large points only (the "you are here" marker), not as a line. */
  marker?: boolean;
}

export interface ChartAxis {
  title: string;
  log?: boolean;
  min?: number;
  max?: number;
  format?: (value: number) => string;
  /** Explicit tick values (e.g. powers of 1024 for bytes); otherwise chart.js chooses. */
  ticks?: readonly number[];
  /**
   * The y axis's least width in CSS px (its labels and title take at least this much): a demo that lines something up
   * with the plot (heavy-task's thread lanes) gives its own left column's width.
   */
  minWidth?: number;
}

/** Where the plot lies in the chart's box, CSS px from its left edge: the detail of the `chart-area` event. */
export interface ChartArea {
  left: number;
  right: number;
  /** The chart's whole width. */
  width: number;
}

export interface ChartSpec {
  x: ChartAxis;
  y: ChartAxis;
  series: readonly ChartSeries[];
}

/**
 * A chart.js line chart that loads chart.js only once `load` is true (the deck sets it when the slide is
 * near). Its box has a fixed height (`--hsw-chart-height`), so a chart inside a scaled slide cannot grow without
 * bound. `label` is the chart's accessible description; the figures a person reads are beside it, in text.
 */
export class ChartPanel extends LitElement {
  static override properties = {
    spec: { attribute: false },
    load: { type: Boolean },
    label: {},
    lang: {},
  };

  declare spec: ChartSpec | undefined;
  declare load: boolean;
  declare label: string;
  declare lang: Lang;

  private chart: ChartType | undefined;
  private loading = false;
  private themeObserver: MutationObserver | undefined;

  static override styles = css`
    /* A 1 ms transition of the colour it inherits: the theme's colours changing, whatever changed them (the deck's
       switch, <hsw-slide>'s theme attribute, the system's scheme), start one, and its transitionrun redraws the
       chart in them. */
    :host {
      transition: color 1ms;
      display: block;
      position: relative;
      height: var(--hsw-chart-height, 240px);
    }
    canvas {
      position: absolute;
      inset: 0;
    }
    .loading {
      position: absolute;
      inset: 0;
      display: grid;
      place-items: center;
      color: var(--hsw-muted);
      font-size: var(--hsw-fs-small, 0.75em);
    }
  `;

  constructor() {
    super();
    this.addEventListener('transitionrun', () => this.refresh());
    this.spec = undefined;
    this.load = false;
    this.label = '';
    this.lang = 'en';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.themeObserver = new MutationObserver(() => this.refresh());
    this.themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.themeObserver?.disconnect();
    this.chart?.destroy();
    this.chart = undefined;
  }

  override render() {
    return html`<canvas role="img" aria-label=${this.label}></canvas>${this.chart ? '' : html`<div class="loading">${uiText[this.lang]?.chartLoading ?? ''}</div>`}`;
  }

  protected override updated(): void {
    if (this.load && !this.chart && !this.loading) void this.create();
    else this.refresh();
  }

  private color(name: string): string {
    return getComputedStyle(this).getPropertyValue(name).trim() || '#888';
  }

  /**
   * The font of every label chart.js draws: ticks, axis titles, legend, tooltip. They are pixels on the canvas, out
   * of reach of CSS (and of the type-scale test, which measures text nodes), and chart.js's own default is 12 px: so
   * the size is set here, explicitly, from the host's computed font size at the type scale's smallest step (0.75em:
   * 15 px in a 20 px demo host; presented, 0.9em of 23 px: over 20 px on the projector), in the deck's font.
   */
  private font(): { size: number; family: string } {
    const style = getComputedStyle(this);
    const hostPx = parseFloat(style.fontSize) || 20;
    return { size: Math.round(hostPx * smallEm(style) * 10) / 10, family: style.fontFamily };
  }

  private config(): ChartConfiguration<'line'> {
    const spec = this.spec ?? { x: { title: '' }, y: { title: '' }, series: [] };
    const fg = this.color('--hsw-fg');
    const grid = this.color('--hsw-grid');
    const font = this.font();
    const axis = (a: ChartAxis) => ({
      type: a.log ? ('logarithmic' as const) : ('linear' as const),
      min: a.min,
      max: a.max,
      title: { display: a.title !== '', text: a.title, color: fg, font: { ...font, weight: 600 } },
      ticks: {
        color: fg,
        font,
        autoSkip: true,
        maxRotation: 0,
        callback: (value: number | string) => {
          const v = Number(value);
          if (!a.ticks && a.log && !/^[125]$/.test(String(v / Math.pow(10, Math.floor(Math.log10(v)))))) return '';
          return a.format ? a.format(v) : String(v);
        },
      },
      afterFit:
        a.minWidth !== undefined
          ? (scale: { width: number }) => {
              scale.width = Math.max(scale.width, a.minWidth ?? 0);
            }
          : undefined,
      afterBuildTicks: a.ticks
        ? (scale: { ticks: { value: number }[]; min: number; max: number }) => {
            scale.ticks = (a.ticks ?? []).filter((v) => v >= scale.min && v <= scale.max).map((value) => ({ value }));
          }
        : undefined,
      grid: { color: grid },
    });
    const colors = spec.series.map((s) => this.color(s.color));
    // After each layout, where the plot lies (`chart-area`, only when it moved): a demo may line its own drawing up with it.
    const area = {
      id: 'hsw-chart-area',
      afterLayout: (chart: ChartType) => {
        const a: ChartArea = { left: chart.chartArea.left, right: chart.chartArea.right, width: chart.width };
        const key = `${a.left},${a.right},${a.width}`;
        if (key === this.lastArea) return;
        this.lastArea = key;
        this.dispatchEvent(new CustomEvent<ChartArea>('chart-area', { detail: a }));
      },
    };
    return {
      type: 'line',
      plugins: [area],
      data: {
        datasets: spec.series.map((s, i) => ({
          label: s.label,
          data: s.points.map((p) => ({ x: p.x, y: p.y })),
          borderColor: colors[i],
          backgroundColor: colors[i],
          borderDash: s.dashed ? [...DASH] : [],
          borderWidth: 2.5,
          pointRadius: s.marker ? 7 : 0,
          pointHoverRadius: s.marker ? 8 : 3,
          showLine: !s.marker,
        })),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        parsing: false,
        scales: { x: axis(spec.x), y: axis(spec.y) },
        plugins: {
          legend: {
            // each entry a line sample, solid or dashed like its series (a box would fill a dashed one in)
            labels: {
              color: fg,
              font,
              usePointStyle: true,
              pointStyleWidth: LEGEND_LINE_PX,
              generateLabels: (chart) =>
                legendEntries(
                  spec.series,
                  (i) => colors[i] ?? fg,
                  fg,
                  (i) => chart.isDatasetVisible(i),
                ),
            },
          },
          tooltip: { enabled: true, titleFont: { ...font, weight: 600 }, bodyFont: font, footerFont: font },
        },
      },
    };
  }

  private async create(): Promise<void> {
    this.loading = true;
    const { Chart } = await import('./chart-lib.ts');
    this.loading = false;
    const canvas = this.renderRoot.querySelector('canvas');
    if (!canvas || !this.isConnected) return;
    this.chart = new Chart(canvas, this.config());
    this.lastOptionsKey = this.optionsKey();
    this.lastDataKey = this.dataKey();
    this.requestUpdate();
  }

  /**
   * What the options depend on: axes, legend labels, theme (its text colour), language and font. Data alone changes
   * more often.
   */
  private optionsKey(): string {
    const spec = this.spec;
    const axis = (a: ChartAxis | undefined) => [a?.title, a?.log, a?.min, a?.max, a?.ticks?.join(), a?.minWidth];
    return JSON.stringify([
      axis(spec?.x),
      axis(spec?.y),
      spec?.series.map((s) => [s.label, s.color, s.marker, s.dashed]),
      this.color('--hsw-fg'),
      this.lang,
      this.font(),
    ]);
  }

  private lastOptionsKey = '';
  /** The plot's place last told (`chart-area`). */
  private lastArea = '';
  /** The points last drawn: a demo that renders again (a slide change sets its `active`) redraws only if they moved. */
  private lastDataKey = '';

  private dataKey(): string {
    return JSON.stringify(this.spec?.series.map((s) => s.points));
  }

  private refresh(): void {
    if (!this.chart) return;
    const key = this.optionsKey();
    const dataKey = this.dataKey();
    if (key === this.lastOptionsKey && dataKey === this.lastDataKey) return;
    const next = this.config();
    if (key !== this.lastOptionsKey) {
      this.chart.options = next.options ?? {};
      this.lastOptionsKey = key;
    }
    this.lastDataKey = dataKey;
    this.chart.data = next.data;
    this.chart.update('none');
  }
}

customElements.define('hsw-chart', ChartPanel);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-chart': ChartPanel;
  }
}
