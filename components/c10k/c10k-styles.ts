import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { calloutStyles, dataTableStyles, demoHostStyles, narrowQuery } from '../ui/demo-styles.ts';

/**
 * The c10k demo's look: the main controls in three columns, the first wider (four with a custom stack, so that the demo keeps its
 * height), the other inputs and the figures table in disclosures, the ceiling callout, then the chart beside the
 * list of ceilings. On the type scale of demo-styles.ts: nothing under `--hsw-fs-small` (0.75em). Presented, the
 * disclosures are closed and the chart takes the width.
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  dataTableStyles,
  css`
    .controls {
      display: grid;
      /* the connections slider first and wider: its label and "1,000,000" side by side, no word broken */
      grid-template-columns: minmax(0, 1.35fr) repeat(2, minmax(0, 1fr));
      gap: 0.5em 1em;
      align-items: end;
    }
    .controls.custom {
      grid-template-columns: minmax(0, 1.25fr) repeat(3, minmax(0, 1fr));
    }
    hsw-details {
      margin-top: 0.15em;
    }
    .field label {
      display: block;
      font-size: var(--hsw-fs-note);
    }
    .field select {
      width: 100%;
      margin-top: 0.2em;
    }
    table.data {
      font-size: var(--hsw-fs-small);
    }
    td.threads {
      color: var(--hsw-bad-text);
      font-weight: 600;
    }
    td.loop {
      color: var(--hsw-good-text);
      font-weight: 600;
    }
    .callout {
      margin: 0.5em 0 0.3em;
      font-size: var(--hsw-fs-note);
    }
    .lower {
      display: grid;
      grid-template-columns: minmax(0, 1.4fr) minmax(0, 1fr);
      gap: 0.8em;
      align-items: start;
    }
    ul.limits {
      list-style: none;
      margin: 0;
      padding: 0;
      font-size: var(--hsw-fs-small);
    }
    ul.limits li {
      padding: 0.1em 0;
      line-height: 1.2;
      color: var(--hsw-muted);
    }
    ul.limits li.hit {
      color: var(--hsw-bad-text);
      font-weight: 600;
    }
    ul.limits code {
      font-family: var(--hsw-mono);
      color: var(--hsw-fg);
    }
    hsw-chart {
      --hsw-chart-height: 220px;
    }
    :host([presenting]) .lower {
      grid-template-columns: minmax(0, 1fr);
    }
    /* presented, the chart takes the stage's height down to above the progress bar (it was 300 px, 90 px empty below) */
    :host([presenting]) hsw-chart {
      --hsw-chart-height: 355px;
    }
    @container ${narrowQuery} {
      .controls {
        /* two columns where a label fits beside its value, one on the narrowest phones (320 px) */
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 11em), 1fr));
      }
      .lower {
        grid-template-columns: minmax(0, 1fr);
      }
    }
  `,
];
