import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import {
  calloutStyles,
  dataTableStyles,
  demoHostStyles,
  narrowQuery,
  pillRowStyles,
  srOnlyStyles,
} from '../ui/demo-styles.ts';

/**
 * All the cores: the strategies and the blocking handler on top, one lane per core below, each request a block as
 * long as it ran (the same time scale for every strategy, so that switching compares them), what happened under
 * it. The cores slider and the table of connections are a disclosure (closed while presenting).
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  pillRowStyles,
  srOnlyStyles,
  dataTableStyles,
  css`
    section {
      display: flex;
      flex-direction: column;
      gap: 0.4em;
    }
    p {
      margin: 0;
    }
    .top {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4em 1.2em;
      align-items: center;
    }
    .check {
      display: inline-flex;
      gap: 0.4em;
      align-items: center;
      cursor: pointer;
    }
    .check input {
      width: 1.1em;
      height: 1.1em;
      accent-color: var(--hsw-bad);
    }
    .lanes {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: 0.25em;
    }
    .lane {
      display: grid;
      grid-template-columns: 4.6em minmax(0, 1fr);
      gap: 0.5em;
      align-items: center;
    }
    .lane-name {
      font-variant-numeric: tabular-nums;
      white-space: nowrap;
      color: var(--hsw-muted);
    }
    .track {
      position: relative;
      height: 1.25em;
      background: var(--hsw-panel);
      border-radius: 0.3em;
      overflow: hidden;
    }
    .slot {
      position: absolute;
      top: 0.1em;
      bottom: 0.1em;
      display: flex;
      align-items: center;
      justify-content: center;
      overflow: hidden;
      background: color-mix(in srgb, var(--hsw-accent) 30%, var(--hsw-control-bg));
      border: 1px solid var(--hsw-accent);
      border-radius: 0.25em;
      font-size: var(--hsw-fs-small);
      font-variant-numeric: tabular-nums;
      box-sizing: border-box;
    }
    .slot.blocks {
      background: color-mix(in srgb, var(--hsw-bad) 35%, var(--hsw-control-bg));
      border-color: var(--hsw-bad);
    }
    .slot.behind {
      border-color: var(--hsw-warn);
      border-style: dashed;
    }
    .idle {
      position: absolute;
      left: 0.5em;
      top: 50%;
      transform: translateY(-50%);
      color: var(--hsw-muted);
      font-size: var(--hsw-fs-small);
    }
    .axis {
      display: grid;
      grid-template-columns: 4.6em minmax(0, 1fr);
      gap: 0.5em;
      color: var(--hsw-muted);
      font-size: var(--hsw-fs-small);
    }
    .axis span:last-child {
      text-align: right;
    }
    .callout {
      margin: 0;
    }
    .callout p + p {
      margin-top: 0.2em;
    }
    .figures {
      display: grid;
      grid-template-columns: minmax(0, 12em) minmax(0, 1fr);
      gap: 0.2em 1.2em;
      align-items: center;
    }
    .figures > p {
      font-size: var(--hsw-fs-note);
    }
    .figures .scroll {
      grid-column: 1 / -1;
    }
    /* Presented: the lanes share the stage's height (whatever the number of cores), the caption and its disclosure
       under them, at the bottom. */
    :host([presenting]) {
      height: 100%;
    }
    :host([presenting]) section {
      height: 100%;
    }
    :host([presenting]) .lanes {
      flex: 1 1 auto;
      grid-auto-rows: minmax(1em, 1fr);
      gap: 0.5em;
    }
    :host([presenting]) .track {
      height: auto;
      align-self: stretch;
    }
    :host([presenting]) .slot {
      top: 0.25em;
      bottom: 0.25em;
      border-width: 2px;
    }
    .callout p.last {
      display: inline;
    }
    .muted {
      color: var(--hsw-muted);
    }
    .scroll {
      max-width: 100%;
      overflow-x: auto;
    }
    table.data {
      width: auto;
      font-size: var(--hsw-fs-small);
      font-variant-numeric: tabular-nums;
      white-space: nowrap;
    }
    code {
      font-family: var(--hsw-mono);
    }
    @container ${narrowQuery} {
      .figures {
        grid-template-columns: minmax(0, 1fr);
      }
      .lane,
      .axis {
        grid-template-columns: 3.6em minmax(0, 1fr);
      }
      /* Presented on a phone the stage's height does not reach the slide: lanes of their own height, not 1em. */
      :host([presenting]) .lanes {
        grid-auto-rows: minmax(2.5em, 1fr);
      }
      /* A 10 ms block is a few pixels wide here: the numbers are in the table and the blocks' names. */
      .slot .n {
        display: none;
      }
    }
  `,
];
