import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { calloutStyles, dataTableStyles, demoHostStyles, legendStyles, narrowQuery } from '../ui/demo-styles.ts';

/**
 * Mode buttons and sliders on top; the threads' lanes with their legend; the latency chart; the table of p50 /
 * p99 / max beside the status. Nothing under the hall's floor (0.75em).
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  dataTableStyles,
  legendStyles,
  css`
    /* Presented, the loop picture is the slide: the stage's height above the caption and one disclosure. */
    .presented hsw-loop-picture {
      height: 20.5em;
    }
    .controls {
      display: grid;
      grid-template-columns: repeat(3, minmax(0, 1fr));
      gap: 0.3em 1em;
      align-items: end;
    }
    .modes {
      display: flex;
      flex-wrap: wrap;
      gap: 0.35em;
      align-items: center;
      margin-bottom: 0.3em;
    }
    .modes .label {
      font-size: var(--hsw-fs-note);
      margin-right: 0.2em;
    }
    .load {
      display: flex;
      flex-wrap: wrap;
      justify-content: space-between;
      gap: 0 1em;
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      margin: 0.25em 0 0.1em;
    }
    /* The lanes start where the chart's plot starts and end where it ends (--lanes-left, --lanes-right: the element
       sets them from the chart's plot area), so the threads and the chart share one time axis. */
    .lanes {
      display: grid;
      grid-template-columns: var(--lanes-left, auto) minmax(0, 1fr);
      gap: 0.15em 0;
      padding-right: var(--lanes-right, 0);
      align-items: center;
      font-size: var(--hsw-fs-small);
      margin: 0.15em 0 0.2em;
    }
    .lanes svg {
      width: 100%;
      height: 1.1em;
      display: block;
      background: var(--hsw-panel);
      border: 1px solid var(--hsw-border);
      border-radius: 0.2em;
    }
    .lane-name {
      color: var(--hsw-muted);
      white-space: nowrap;
      justify-self: start;
      padding-right: 0.5em;
    }
    /* The deck's legend (legendStyles), inside the load line, which sizes it (a legend's size again would be
       smaller than the floor) and stands it beside the figures: no margin above, centred, a little wider apart. */
    .legend {
      gap: 1em;
      align-items: center;
      font-size: 1em;
      margin-top: 0;
    }
    .swatch-request {
      background: var(--hsw-series-2);
    }
    .swatch-heavy {
      background: var(--hsw-bad);
    }
    .clock {
      font-variant-numeric: tabular-nums;
      font-weight: 600;
      color: var(--hsw-fg);
    }
    hsw-chart {
      --hsw-chart-height: 250px;
    }
    /* presenting: the chart and the threads are the slide (the table waits in its disclosure) */
    :host([presenting]) hsw-chart {
      --hsw-chart-height: 330px;
    }
    :host([presenting]) .lanes svg {
      height: 1.4em;
    }
    .results {
      display: grid;
      grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr);
      gap: 0.6em;
      align-items: start;
      margin-top: 0.2em;
    }
    table.data {
      font-size: var(--hsw-fs-small);
    }
    table.data caption {
      text-align: left;
      color: var(--hsw-muted);
      padding-bottom: 0.15em;
    }
    tr.current th,
    tr.current td {
      background: var(--hsw-panel);
      font-weight: 700;
    }
    td.bad {
      color: var(--hsw-bad-text);
    }
    td.good {
      color: var(--hsw-good-text);
    }
    .status.callout {
      margin: 0;
      font-size: var(--hsw-fs-note);
    }
    .note {
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      margin: 0.2em 0 0;
    }
    @container ${narrowQuery} {
      /* the loop picture takes its narrow layout (ring on top, regions under it) and the height that needs */
      .presented hsw-loop-picture {
        height: auto;
      }
      .controls {
        /* two columns where a label fits beside its value, one on the narrowest phones (320 px) */
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 11em), 1fr));
      }
      hsw-chart {
        --hsw-chart-height: 200px;
      }
      .results {
        grid-template-columns: minmax(0, 1fr);
      }
    }
  `,
];
