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

/** The backpressure demo: the queue's kind, three sliders, memory over time with the producer's waits under it. */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  pillRowStyles,
  dataTableStyles,
  srOnlyStyles,
  css`
    section {
      display: flex;
      flex-direction: column;
      gap: 0.4em;
    }
    p {
      margin: 0;
    }
    .modes .pill span {
      font-family: var(--hsw-mono);
      font-size: var(--hsw-fs-note);
    }
    .sliders {
      display: grid;
      grid-template-columns: repeat(3, minmax(0, 1fr));
      gap: 0.2em 1.2em;
    }
    .chart {
      margin: 0;
      display: flex;
      flex-direction: column;
      gap: 0.1em;
    }
    svg {
      display: block;
      width: 100%;
      height: 9em;
      border-left: 2px solid var(--hsw-muted);
      border-bottom: 2px solid var(--hsw-muted);
      box-sizing: border-box;
    }
    .area {
      fill: color-mix(in srgb, var(--hsw-accent) 25%, transparent);
      stroke: none;
    }
    .line {
      fill: none;
      stroke: var(--hsw-accent);
      stroke-width: 3;
      vector-effect: non-scaling-stroke;
    }
    .limit {
      stroke: var(--hsw-warn);
      stroke-width: 2;
      stroke-dasharray: 8 6;
      vector-effect: non-scaling-stroke;
    }
    .wait {
      fill: var(--hsw-bad);
    }
    .axis-max {
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
    }
    figcaption {
      display: flex;
      justify-content: space-between;
      gap: 1em;
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
    }
    .axis-end {
      white-space: nowrap;
    }
    .keys {
      display: flex;
      flex-wrap: wrap;
      gap: 0.2em 1em;
    }
    .key {
      display: inline-flex;
      align-items: center;
      gap: 0.4em;
    }
    .swatch {
      display: inline-block;
      width: 1.2em;
      height: 0.6em;
      background: var(--hsw-bad);
    }
    .swatch.dashed {
      height: 0;
      background: none;
      border-top: 3px dashed var(--hsw-warn);
    }
    .verdict {
      margin: 0;
      font-size: 1.05em;
    }
    .verdict.grows {
      border-left-color: var(--hsw-bad);
    }
    .verdict.capped {
      border-left-color: var(--hsw-warn);
    }
    .verdict.keepsUp {
      border-left-color: var(--hsw-good);
    }
    table.data {
      width: auto;
      min-width: 16em;
    }
    .note {
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
    }
    @container ${narrowQuery} {
      .sliders {
        grid-template-columns: minmax(0, 1fr);
      }
    }
  `,
];
