import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { dataTableStyles, demoHostStyles, legendStyles, narrowQuery } from '../ui/demo-styles.ts';

/**
 * The nonblocking demo's look: the strategy buttons, the arrival sliders, the timeline (SVG), the step controls
 * and the figures. On the type scale of demo-styles.ts: nothing under `--hsw-fs-small` (0.75em, 15 px), the SVG's
 * text included (the drawing renders at about one user unit per pixel, see the element).
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  dataTableStyles,
  legendStyles,
  css`
    .strategies {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4em;
      align-items: center;
    }
    /* presented, the buttons say it (the group keeps its name) */
    :host([presenting]) .strategies .label {
      display: none;
    }
    .strategies .label {
      font-size: var(--hsw-fs-note);
      color: var(--hsw-muted);
      margin-right: 0.2em;
    }
    .hint {
      margin: 0 0 0.2em;
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      min-height: 1.3em;
    }
    code,
    .mono {
      font-family: var(--hsw-mono);
    }
    hsw-details {
      margin-top: 0.1em;
    }
    .sliders {
      display: grid;
      grid-template-columns: repeat(3, minmax(0, 1fr));
      gap: 0.3em 1em;
    }

    /* The timeline. */
    svg {
      display: block;
      width: 100%;
      height: auto;
      margin-top: 0.3em;
    }
    .lane-label {
      fill: var(--hsw-fg);
      font-size: var(--hsw-fs-small);
      font-family: var(--hsw-font);
    }
    .lane-bg {
      fill: var(--hsw-panel);
    }
    .axis {
      fill: var(--hsw-muted);
      font-size: var(--hsw-fs-small);
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
    /* epoll_wait is the kernel's; bytes arriving and waiting in a socket are I/O data (the deck's actors). */
    .run-ready {
      fill: var(--hsw-actor-kernel);
    }
    .call-label {
      font-size: var(--hsw-fs-small);
      font-family: var(--hsw-mono);
      fill: var(--hsw-fg);
    }
    .waiting {
      fill: var(--hsw-actor-io);
      opacity: 0.85;
    }
    .arrival {
      fill: var(--hsw-actor-io);
    }
    .served {
      fill: var(--hsw-good);
    }
    .cursor {
      stroke: var(--hsw-focus);
      stroke-width: 2;
    }

    /* The timeline's legend (legendStyles): swatches of the colours above. In its disclosure, close to the summary
       and to the figures under it, its lines close together; its swatches are bars, lower than a square, standing on
       the baseline with the timeline's small corners, the sleep's dashed frame outside the bar (content-box). */
    .legend {
      gap: 0.1em 0.9em;
      margin: 0.1em 0 0.3em;
    }
    .swatch {
      height: 0.7em;
      vertical-align: baseline;
      border-radius: 2px;
    }
    .swatch.sleep {
      box-sizing: content-box;
      border: 1px dashed var(--hsw-muted);
      background: var(--hsw-grid);
    }
    .swatch.data {
      background: var(--hsw-good);
    }
    .swatch.eagain {
      background: var(--hsw-bad);
    }
    .swatch.wait {
      background: var(--hsw-actor-kernel);
    }
    .swatch.ready {
      background: var(--hsw-actor-io);
    }

    .controls-row {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4em 1em;
      align-items: center;
      justify-content: space-between;
    }
    .now {
      margin: 0.2em 0;
      font-size: var(--hsw-fs-note);
      /* Two lines kept for it: mid-run its longer lines wrap (in Russian), and the table below must not move down
         into the arrows' room as they come and go. */
      line-height: 1.3;
      min-height: 2.6em;
    }

    /* The figures so far, and the three strategies side by side. */
    dl {
      margin: 0 0 0.3em;
      font-size: var(--hsw-fs-small);
      display: flex;
      flex-wrap: wrap;
      gap: 0.1em 0.3em;
      align-items: baseline;
    }
    dt {
      color: var(--hsw-muted);
    }
    dt::after {
      content: ':';
    }
    dd {
      margin: 0 0.5em 0 0;
      font-weight: 600;
      font-variant-numeric: tabular-nums;
      white-space: nowrap;
    }
    table.data {
      font-size: var(--hsw-fs-small);
      /* As wide as its columns, not the demo: its last rows end left of the deck's arrows, bottom right. */
      width: auto;
      max-width: 100%;
    }
    table.data caption {
      text-align: left;
      color: var(--hsw-muted);
    }
    table.data tr.current {
      background: var(--hsw-panel);
    }
    table.data tr.current th {
      color: var(--hsw-accent-text);
    }
    .footnote {
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      margin: 0.1em 0 0;
      line-height: 1.3;
    }

    @container ${narrowQuery} {
      .sliders {
        grid-template-columns: minmax(0, 1fr);
        gap: 0.1em;
      }
      .strategies .label {
        display: none;
      }
      .now {
        min-height: 0;
      }
      table.data th,
      table.data td {
        padding: 0.15em 0.25em;
      }
    }
  `,
];
