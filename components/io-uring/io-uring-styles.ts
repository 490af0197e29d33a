import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { calloutStyles, demoHostStyles, narrowQuery, srOnlyStyles } from '../ui/demo-styles.ts';

/**
 * io_uring. Type scale: nothing under 0.75em (15 px). Browsing, the rings' SVG is drawn at most 1:1 in CSS pixels
 * (its width is capped at its viewBox width), so its 15 px labels stay 15 px on the slide; presented, it is scaled
 * up to the demo's width (see `.stage-rings`).
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  srOnlyStyles,
  css`
    .top {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4em 1em;
      align-items: end;
    }
    .tabs {
      display: flex;
      gap: 0.4em;
      flex-wrap: wrap;
    }
    .tabs button {
      font-size: 0.8em;
      padding: 0.3em 0.6em;
    }
    /* Presented: every control's words at 0.9em of the 23 px host (20 px on the projector). */
    :host([presenting]) .tabs button,
    :host([presenting]) .field label,
    :host([presenting]) .field select,
    :host([presenting]) .ring-buttons button {
      font-size: 0.9em;
    }
    .top hsw-slider {
      flex: 1 1 8em;
    }
    .field {
      flex: 0 0 12.5em;
    }
    .field label {
      display: block;
      font-size: 0.85em;
    }
    .field select {
      width: 100%;
      margin-top: 0.2em;
      font-size: 0.85em;
    }
    .mid {
      display: grid;
      grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr);
      gap: 0.8em;
      align-items: start;
      margin-top: 0.4em;
    }
    .cards {
      display: grid;
      gap: 0.25em;
    }
    .card {
      background: var(--hsw-panel);
      border-left: 4px solid var(--hsw-border);
      padding: 0.05em 0.5em 0.1em;
      font-size: var(--hsw-fs-small);
      line-height: 1.2;
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
    .card .head {
      display: flex;
      flex-wrap: wrap;
      justify-content: space-between;
      align-items: baseline;
      gap: 0 0.6em;
    }
    .card .name {
      color: var(--hsw-muted);
    }
    .card .count {
      font-size: 1.25em;
      font-weight: 700;
      font-variant-numeric: tabular-nums;
    }
    .whys {
      display: grid;
      gap: 0.1em;
      font-size: var(--hsw-fs-small);
      line-height: 1.15;
    }
    .why {
      color: var(--hsw-muted);
      border-left: 4px solid var(--hsw-border);
      padding-left: 0.5em;
    }
    .why.epoll {
      border-left-color: var(--hsw-series-1);
    }
    .why.uring {
      border-left-color: var(--hsw-series-4);
    }
    .why.sqpoll {
      border-left-color: var(--hsw-series-2);
    }
    .why .over {
      color: var(--hsw-warn-text);
    }
    hsw-chart {
      --hsw-chart-height: 170px;
    }
    /* Presented (one state, no clicker step): the counts large, the chart beside them, the rings below (on the stage). */
    :host([presenting]) hsw-chart {
      --hsw-chart-height: 230px;
    }
    :host([presenting]) .cards {
      gap: 0.45em;
    }
    :host([presenting]) .card {
      font-size: 1em;
      padding: 0.35em 0.6em;
    }
    .rings {
      margin-top: 0.1em;
      display: grid;
      grid-template-columns: minmax(0, 562px) minmax(8.5em, 1fr);
      gap: 0.3em 0.8em;
      align-items: start;
    }
    svg {
      display: block;
      width: 100%;
      height: auto;
    }
    svg.wide {
      max-width: 562px;
    }
    svg text {
      font-family: var(--hsw-font);
      font-size: var(--hsw-fs-small);
    }
    /*
     * Presented, the rings are on the stage (the speaker explains them): the drawing (its labels 15 units, as
     * drawn for) fills the demo's width, about 1.38 times its viewBox at 1280×720, so every label is over 20 px.
     */
    .stage-rings {
      margin-top: 0.3em;
    }
    :host([presenting]) svg.wide {
      max-width: none;
    }
    :host([presenting]) svg text {
      font-size: 15px;
    }
    :host([presenting]) .rings {
      grid-template-columns: minmax(0, 1fr);
    }
    :host([presenting]) .mid {
      grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr);
    }
    .ring-name {
      fill: var(--hsw-fg);
      font-weight: 600;
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
    /* A completion carries the bytes read: I/O data, in its colour across the deck. */
    .slot.cqe {
      fill: var(--hsw-actor-io);
    }
    svg .slot-text {
      fill: var(--hsw-on-accent);
      font-weight: 700;
    }
    svg .slot-text.cqe {
      fill: var(--hsw-actor-io-text);
    }
    .slot-no,
    .slot-gap {
      fill: var(--hsw-muted);
    }
    .slot-gap {
      font-weight: 700;
    }
    .ptr {
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
      stroke: var(--hsw-actor-kernel);
      stroke-width: 2;
      stroke-dasharray: 5 4;
    }
    svg .kernel-text {
      fill: var(--hsw-fg);
      font-family: var(--hsw-mono);
    }
    .kernel-title {
      fill: var(--hsw-muted);
    }
    .ring-buttons {
      display: flex;
      flex-direction: column;
      gap: 0.25em;
    }
    .ring-buttons .pair {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25em;
    }
    .ring-buttons .pair button {
      flex: 1 1 auto;
    }
    .ring-buttons button {
      font-size: 0.8em;
      padding: 0.2em 0.55em;
      min-height: 0;
      text-align: left;
      line-height: 1.25;
    }
    /* Its words end left of reveal's navigation arrows, which sit over the slide's bottom right corner. */
    .status.callout {
      font-size: var(--hsw-fs-small);
      margin: 0.3em 0 0;
      padding: 0.2em 5.5em 0.2em 0.6em;
      min-height: 2.5em;
    }
    .counts {
      display: inline-block;
      margin-left: 0.4em;
      color: var(--hsw-muted);
      font-variant-numeric: tabular-nums;
    }
    .file {
      display: grid;
      gap: 0.5em;
      margin-top: 0.4em;
    }
    .modes {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4em;
    }
    dl {
      display: grid;
      grid-template-columns: auto 1fr;
      gap: 0.2em 0.8em;
      margin: 0;
      font-size: 0.9em;
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
      font-size: 0.9em;
    }
    ol li {
      margin: 0.15em 0;
    }
    @container ${narrowQuery} {
      .mid,
      :host([presenting]) .mid {
        grid-template-columns: minmax(0, 1fr);
      }
      hsw-chart {
        --hsw-chart-height: 150px;
      }
      /* presented on a phone: a chart as tall as the projector's left no room for the rings below it */
      :host([presenting]) hsw-chart {
        --hsw-chart-height: 200px;
      }
      .rings {
        grid-template-columns: minmax(0, 1fr);
      }
      .stage-rings {
        margin-top: 0;
      }
      :host([presenting]) .cards {
        gap: 0.25em;
      }
      :host([presenting]) .card {
        padding: 0.1em 0.6em;
      }
      .status.callout {
        padding-right: 0.6em;
      }
      .ring-buttons {
        flex-direction: row;
        flex-wrap: wrap;
      }
    }
  `,
];
