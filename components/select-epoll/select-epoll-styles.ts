import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import {
  calloutStyles,
  demoHostStyles,
  legendStyles,
  narrowQuery,
  pillGroupStyles,
  pillStyles,
  srOnlyStyles,
} from '../ui/demo-styles.ts';

/**
 * The select-epoll demo's look: the mechanism pills and "Call wait", the two sliders, the descriptor grid beside
 * the figures of the call (or select's refusal), the status, then the chart with its metric pills. On the type
 * scale of demo-styles.ts: nothing under `--hsw-fs-small` (0.75em, 15 px).
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  pillStyles,
  pillGroupStyles,
  legendStyles,
  srOnlyStyles,
  css`
    .top {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4em 0.8em;
      align-items: center;
      justify-content: space-between;
    }
    /* presented, the pills say what they choose (the group keeps its name), so that "Call wait" fits beside them */
    :host([presenting]) .top legend {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    :host([presenting]) hsw-chart {
      --hsw-chart-height: 290px;
    }
    /* Presented: the grid's cells larger, the call's counts beside it, large, and under them what the call is doing
       while it runs (the status line's place goes to the chart). */
    :host([presenting]) .grid {
      grid-template-columns: repeat(25, 13px);
      grid-auto-rows: 13px;
      min-height: calc(12 * 13px + 11 * 2px);
    }
    :host([presenting]) .grid .cell {
      width: 13px;
      height: 13px;
    }
    :host([presenting]) .under {
      max-width: 373px;
      min-height: calc(2lh + 1px);
    }
    :host([presenting]) .lower {
      grid-template-columns: minmax(0, 1fr) auto;
    }
    .readout-side .phase {
      margin: 0;
      min-height: 1.3em;
      font-size: var(--hsw-fs-note);
    }
    .readout-side {
      display: grid;
      gap: 0.3em;
      align-content: start;
    }
    .readout {
      margin: 0;
      display: grid;
      gap: 0.2em;
    }
    .readout > div {
      display: flex;
      align-items: baseline;
      justify-content: space-between;
      gap: 0.5em;
      border-left: 5px solid var(--hsw-border);
      padding: 0 0.4em;
    }
    .readout > div.bad {
      border-left-color: var(--hsw-bad);
    }
    .readout > div.good {
      border-left-color: var(--hsw-good);
    }
    .readout dt {
      color: var(--hsw-muted);
    }
    .readout dd {
      margin: 0;
      font-size: 1.5em;
      font-weight: 700;
      font-variant-numeric: tabular-nums;
    }
    .readout.refused-now {
      gap: 0.3em;
    }
    .refused-title {
      margin: 0;
      color: var(--hsw-bad-text);
      font-weight: 600;
    }
    .refused-now code {
      display: block;
      font-family: var(--hsw-mono);
      font-size: 0.96em;
      background: var(--hsw-code-bg);
      color: var(--hsw-code-fg);
      padding: 0.15em 0.4em;
      border-radius: 0.25em;
      overflow-wrap: anywhere;
    }
    .top .pill span {
      font-family: var(--hsw-mono);
    }
    .call {
      font-weight: 600;
    }
    .sliders {
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
      gap: 0.3em 1.2em;
      margin-top: 0.3em;
    }
    .middle {
      display: grid;
      grid-template-columns: auto minmax(0, 1fr);
      gap: 0.8em;
      margin-top: 0.4em;
      align-items: start;
    }

    /* The descriptors, one square each. */
    /* The grid and the line under it keep the room of the most they ever show (GRID_MAX = 300 cells: 12 rows; up
       to three lines), so that the status and the chart below stand still from one step to the next (issue #36). */
    .grid {
      display: grid;
      grid-template-columns: repeat(25, 10px);
      grid-auto-rows: 10px;
      align-content: start;
      gap: 2px;
      min-height: calc(12 * 10px + 11 * 2px);
    }
    .cell {
      width: 10px;
      height: 10px;
      box-sizing: border-box;
      border-radius: 2px;
      background: var(--hsw-control-bg);
      /* a descriptor, the kernel's (the deck's actor colours, assets/theme.css); data waiting in it is I/O data */
      border: 1px solid var(--hsw-actor-kernel);
      position: relative;
    }
    .cell.ready::after {
      content: '';
      position: absolute;
      inset: 2px;
      border-radius: 50%;
      background: var(--hsw-actor-io);
    }
    .cell.checked {
      background: var(--hsw-muted);
      opacity: 0.55;
    }
    .cell.found {
      background: var(--hsw-actor-io);
      border-color: var(--hsw-actor-io);
    }
    /* where the kernel's scan is */
    .cell.cursor {
      background: var(--hsw-actor-kernel);
    }
    .under {
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      margin: 0.3em 0 0;
      line-height: 1.15;
      min-height: calc(3lh + 1px); /* a pixel over three lines: their rounding never pushes past it */
      font-variant-numeric: tabular-nums;
      max-width: 298px;
    }
    .under strong {
      color: var(--hsw-fg);
    }
    hsw-details {
      margin-top: 0.2em;
    }
    /* The deck's legend (legendStyles), as wide as the grid above it (298 px) and closer together, so that its four
       names keep their two lines under the grid; its keys are the grid's own cells, not swatches. */
    .legend {
      gap: 0.1em 0.8em;
      margin-top: 0.25em;
      max-width: 298px;
    }
    .legend .cell {
      display: inline-block;
      vertical-align: -1px;
      margin-right: 0.3em;
    }
    .phase {
      color: var(--hsw-accent-text);
    }

    /* The figures of one call: a label and a sentence per row. */
    table.call-figures {
      border-collapse: collapse;
      width: 100%;
      font-size: var(--hsw-fs-small);
      font-variant-numeric: tabular-nums;
    }
    table.call-figures th,
    table.call-figures td {
      text-align: left;
      vertical-align: top;
      padding: 0.18em 0.35em;
      border-bottom: 1px solid var(--hsw-border);
    }
    table.call-figures th {
      width: 30%;
      color: var(--hsw-muted);
      font-weight: 600;
    }
    table.call-figures td code,
    .refused code {
      font-family: var(--hsw-mono);
      overflow-wrap: anywhere;
    }
    table.call-figures td.good {
      color: var(--hsw-good-text);
      font-weight: 600;
    }
    table.call-figures td.bad {
      color: var(--hsw-bad-text);
      font-weight: 600;
    }

    /* select past FD_SETSIZE: what really happens. */
    .refused {
      margin: 0;
      font-size: var(--hsw-fs-small);
    }
    .refused h3 {
      margin: 0 0 0.3em;
      font-size: 1.1em;
      color: var(--hsw-bad-text);
    }
    .refused p {
      margin: 0.25em 0;
    }
    .refused dl {
      display: grid;
      grid-template-columns: auto minmax(0, 1fr);
      gap: 0.3em 0.6em;
      margin: 0.3em 0;
      align-items: baseline;
    }
    .refused dd {
      margin: 0;
    }
    .refused code {
      display: block;
      background: var(--hsw-code-bg);
      color: var(--hsw-code-fg);
      padding: 0.15em 0.4em;
      border-radius: 0.25em;
    }
    .status {
      margin: 0.3em 0 0;
      padding: 0.25em 0.6em;
      font-size: var(--hsw-fs-note);
      min-height: 1.3em;
    }

    /* The chart, with its metric and its note beside it. */
    .lower {
      display: grid;
      grid-template-columns: minmax(0, 1fr) 12em;
      gap: 0.3em 0.8em;
      margin-top: 0.4em;
      align-items: start;
    }
    .chart-side fieldset {
      flex-direction: column;
      align-items: flex-start;
    }
    .chart-side legend {
      float: none;
      margin: 0 0 0.2em;
    }
    .chart-side hsw-details {
      margin-top: 0.4em;
    }
    .chart-side hsw-details .note {
      margin: 0;
    }
    .note {
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      margin: 0.5em 0 0;
      line-height: 1.3;
    }
    hsw-chart {
      --hsw-chart-height: 210px;
    }
    @container ${narrowQuery} {
      .middle {
        grid-template-columns: minmax(0, 1fr);
      }
      .sliders {
        grid-template-columns: minmax(0, 1fr);
      }
      .lower {
        grid-template-columns: minmax(0, 1fr);
      }
      .chart-side {
        order: -1;
      }
      .chart-side fieldset {
        flex-direction: row;
        align-items: center;
      }
      hsw-chart {
        --hsw-chart-height: 200px;
      }
    }
  `,
];
