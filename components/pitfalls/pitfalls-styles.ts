import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { calloutStyles, demoHostStyles, narrowQuery } from '../ui/demo-styles.ts';
import { timelineStyles } from '../shared/timeline/timeline-styles.ts';

/**
 * The pitfalls demo. Type scale: nothing under 0.75em (15 px); the chart's SVG is drawn 1:1 in CSS pixels (its
 * viewBox follows the demo's width), so its 15 px labels are 15 px on the slide. The setup (the controls) and the
 * code with its figures are disclosures: open in the self-paced view, closed while presenting, when the chart, the
 * verdict and the warning come first.
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  timelineStyles,
  css`
    /* the section's gap already stands between the figures and the chart */
    svg.timeline {
      margin-top: 0;
    }
    section {
      display: flex;
      flex-direction: column;
      gap: 0.3em;
    }
    p {
      margin: 0;
    }
    :host([presenting]) hsw-details {
      order: 2;
    }
    .world,
    .defaults {
      font-size: var(--hsw-fs-note);
      color: var(--hsw-muted);
    }
    .controls {
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
      gap: 0.25em 1.2em;
      align-items: end;
    }
    .code {
      display: flex;
      flex-direction: column;
      gap: 0.3em;
      min-width: 0;
    }
    .lang {
      display: flex;
      align-items: center;
      gap: 0.5em;
      font-size: var(--hsw-fs-note);
    }
    .lang select {
      font-size: 1em;
      min-width: 0;
    }
    .check {
      display: flex;
      gap: 0.4em;
      align-items: center;
      font-size: var(--hsw-fs-note);
      line-height: 1.2;
      cursor: pointer;
    }
    .check input {
      width: 1.1em;
      height: 1.1em;
      accent-color: var(--hsw-accent);
    }
    .main {
      display: grid;
      grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr);
      gap: 0.6em;
      align-items: start;
    }
    .tiles {
      display: grid;
      grid-template-columns: repeat(2, minmax(0, 1fr));
      gap: 0.35em;
    }
    .tiles .defaults {
      grid-column: 1 / -1;
    }
    .tile {
      display: flex;
      flex-direction: column;
      padding: 0.2em 0.5em;
      border-left: 4px solid var(--hsw-border);
      background: var(--hsw-panel);
      border-radius: 0.2em;
    }
    .tile.good {
      border-left-color: var(--hsw-good);
    }
    .tile.bad {
      border-left-color: var(--hsw-bad);
    }
    .tile-label {
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
    }
    .tile-value {
      font-size: 1.2em;
      font-weight: 700;
      font-variant-numeric: tabular-nums;
    }
    .tile.bad .tile-value {
      color: var(--hsw-bad-text);
    }
    .tile.good .tile-value {
      color: var(--hsw-good-text);
    }
    /* The sockets open: the kernel's, in its colour across the deck. */
    .sockets {
      fill: var(--hsw-actor-kernel);
      fill-opacity: 0.35;
      stroke: var(--hsw-actor-kernel);
      stroke-width: 2;
    }
    line.api {
      stroke: var(--hsw-good);
      stroke-width: 2;
      stroke-dasharray: 6 4;
    }
    line.fd {
      stroke: var(--hsw-warn);
      stroke-width: 2;
      stroke-dasharray: 2 4;
    }
    line.limit {
      stroke: var(--hsw-focus);
      stroke-width: 1.5;
    }
    .line-label.api {
      fill: var(--hsw-good-text);
    }
    .line-label.fd {
      fill: var(--hsw-fg);
    }
    .line-label.bad {
      fill: var(--hsw-bad-text);
    }
    .verdict {
      font-weight: 600;
    }
    /* presented, a bold headline of up to three lines: set solid (1.0, inherited) its lines touched; the self-paced
       view keeps its height, which the slide's body needs to stay clear of the arrows (chrome.spec.ts) */
    :host([presenting]) .verdict {
      line-height: 1.25;
    }
    .callout.warn {
      font-size: var(--hsw-fs-note);
      margin: 0;
      padding: 0.2em 0.6em;
    }
    @container ${narrowQuery} {
      .controls,
      .main {
        grid-template-columns: minmax(0, 1fr);
      }
    }
  `,
];
