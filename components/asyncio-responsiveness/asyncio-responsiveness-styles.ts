import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import {
  calloutStyles,
  dataTableStyles,
  demoHostStyles,
  narrowQuery,
  pillGroupStyles,
  pillStyles,
  srOnlyStyles,
} from '../ui/demo-styles.ts';
import { timelineStyles } from '../shared/timeline/timeline-styles.ts';

/**
 * The worker pills and the debug switch; four sliders; the count and median; the timeline of turns, ticks and
 * warnings; the selected gap's turns as a table; the warnings. Nothing under `--hsw-fs-small` (0.75em). Presented,
 * the controls and the table are disclosures below the timeline.
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  dataTableStyles,
  pillStyles,
  pillGroupStyles,
  srOnlyStyles,
  timelineStyles,
  css`
    .top {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3em 0.8em;
      align-items: center;
    }
    .pill span {
      padding: 0.15em 0.5em;
    }
    .debug {
      display: inline-flex;
      gap: 0.35em;
      align-items: center;
      font-size: var(--hsw-fs-note);
    }
    .sliders {
      display: grid;
      grid-template-columns: repeat(3, minmax(0, 1fr));
      gap: 0.2em 0.8em;
      margin-top: 0.2em;
    }
    .debugrow {
      display: grid;
      grid-template-columns: auto minmax(0, 16em);
      gap: 0.2em 1em;
      align-items: end;
      margin-top: 0.3em;
    }
    table.data code.hb {
      color: var(--hsw-accent-text);
      font-weight: 700;
    }
    table.data .ntodo {
      color: var(--hsw-muted);
      white-space: nowrap;
    }
    table.data thead th {
      font-weight: 600;
    }
    table.data td {
      overflow-wrap: anywhere;
    }
    .gapline {
      margin: 0.2em 0 0;
      font-size: var(--hsw-fs-note);
    }
    hsw-details {
      margin-top: 0.3em;
    }
    .summary {
      margin: 0.3em 0 0;
      font-weight: 700;
    }
    .summary .asked {
      font-weight: 400;
      color: var(--hsw-muted);
      font-size: var(--hsw-fs-note);
    }
    svg.timeline .sleep {
      fill: var(--hsw-panel);
      stroke: var(--hsw-border);
    }
    /* The loop's turns in the loop's colour, the heartbeat's ticks in a task's (the deck's actors, --hsw-actor-*). */
    svg.timeline .turn {
      fill: var(--hsw-actor-loop);
      stroke: var(--hsw-bg);
      stroke-width: 1.5;
    }
    svg .gap {
      fill: transparent;
      cursor: pointer;
    }
    svg .gap:hover {
      fill: var(--hsw-panel);
    }
    svg .gap.selected {
      fill: var(--hsw-accent);
      fill-opacity: 0.25;
    }
    svg .turn.selected {
      stroke: var(--hsw-fg);
      stroke-width: 2;
    }
    svg.timeline .tick {
      fill: var(--hsw-actor-task);
    }
    .swatch.work {
      background: var(--hsw-actor-loop);
    }
    .swatch.sleep {
      background: var(--hsw-panel);
      border: 1px solid var(--hsw-border);
      height: 0.5em;
      vertical-align: 0.05em;
    }
    .swatch.tick {
      background: var(--hsw-actor-task);
      width: 0.25em;
    }
    .swatch.gap {
      background: color-mix(in srgb, var(--hsw-accent) 25%, transparent);
      border: 1px solid var(--hsw-accent);
    }
    .gapbar {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3em 0.5em;
      align-items: center;
      font-size: var(--hsw-fs-note);
      margin-top: 0.2em;
    }
    .gapbar button {
      font-size: var(--hsw-fs-note);
    }
    table.data {
      font-size: var(--hsw-fs-small);
      margin-top: 0.2em;
    }
    table.data td,
    table.data th {
      text-align: left;
      vertical-align: top;
    }
    table.data code,
    .warnings code {
      font-family: var(--hsw-mono);
    }
    .note {
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      margin: 0.15em 0 0;
    }
    .warnings {
      list-style: none;
      margin: 0.25em 0 0;
      padding: 0.3em 0.5em;
      background: var(--hsw-code-bg);
      color: var(--hsw-code-fg);
      border: 1px solid var(--hsw-border);
      border-radius: 0.3em;
      font-size: var(--hsw-fs-small);
      line-height: 1.3;
      overflow-wrap: anywhere;
    }
    .warnings li.w {
      border-left: 4px solid var(--hsw-warn);
      padding-left: 0.4em;
      font-family: var(--hsw-mono);
    }
    .warnings .count {
      font-weight: 700;
      margin-right: 0.4em;
    }
    @container ${narrowQuery} {
      .sliders,
      .debugrow {
        grid-template-columns: minmax(0, 1fr);
      }
    }
  `,
];
