import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { calloutStyles, chipStyles, demoHostStyles, narrowQuery, topBarStyles } from '../ui/demo-styles.ts';

/**
 * The event loop demo: the listing across the demo's width at 0.75em (15 px), the loop's queues in a row under
 * it, then what the last step did and the controls. Nothing under 0.75em.
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  topBarStyles,
  chipStyles,
  css`
    /* Presented, the loop picture is the slide: it takes the stage's height above the caption and one disclosure. */
    .presented hsw-loop-picture {
      height: 20.5em;
    }
    .clock {
      margin: 0;
      font-variant-numeric: tabular-nums;
      font-weight: 600;
      color: var(--hsw-accent-text);
    }
    hsw-code {
      font-size: var(--hsw-fs-small);
      margin-top: 0.35em;
    }
    h3 {
      font-size: var(--hsw-fs-small);
      margin: 0 0 0.15em;
      color: var(--hsw-muted);
      font-weight: 600;
      line-height: 1.2;
    }
    .panels {
      display: grid;
      grid-template-columns: minmax(0, 1.8fr) minmax(0, 1fr) minmax(0, 1fr);
      gap: 0.3em 0.9em;
      margin-top: 0.35em;
      font-size: var(--hsw-fs-note);
    }
    .panels.four {
      grid-template-columns: minmax(0, 1.8fr) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr);
    }
    .panels h3 {
      /* 15 px inside the 0.85em panels */
      font-size: 0.9em;
    }
    .heap {
      display: flex;
      flex-direction: column;
      gap: 0.15em;
    }
    .level {
      display: flex;
      flex-wrap: wrap;
      justify-content: center;
      gap: 0.25em;
    }
    /* a timer in the heap is a chip (chipStyles, class="chip node"); the one due first stands out */
    .node.top {
      border-color: var(--hsw-accent);
      font-weight: 700;
    }
    .empty {
      color: var(--hsw-muted);
      margin: 0;
    }
    ul.sockets {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    ul.sockets li {
      display: flex;
      gap: 0.5em;
    }
    ul.sockets b {
      font-family: var(--hsw-mono);
      width: 1em;
    }
    .ready {
      color: var(--hsw-good-text);
      font-weight: 600;
    }
    .coming {
      color: var(--hsw-accent-text);
    }
    .idle {
      color: var(--hsw-muted);
    }
    ol.queue,
    ol.output,
    ol.phases {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-wrap: wrap;
      gap: 0.25em;
    }
    ol.phases li {
      font-size: var(--hsw-fs-small);
      padding: 0.05em 0.45em;
      border-radius: 1em;
      border: 1px solid var(--hsw-border);
    }
    ol.phases li[aria-current='step'] {
      background: var(--hsw-actor-loop);
      color: var(--hsw-actor-loop-text);
      border-color: var(--hsw-actor-loop);
      font-weight: 700;
    }
    .status.callout {
      margin: 0.4em 0;
      padding: 0.25em 0.6em;
      font-size: var(--hsw-fs-note);
      min-height: 2.6em;
    }
    .status .asleep {
      display: block;
      color: var(--hsw-bad-text);
    }
    .controls {
      display: flex;
      flex-wrap: wrap;
      gap: 0.35em 0.8em;
      align-items: end;
      /* the step counter of hsw-step-controls is 0.8 of this: 15.2 px */
      font-size: 0.95em;
    }
    .controls hsw-slider {
      width: 10em;
    }
    .field {
      display: flex;
      gap: 0.3em;
      align-items: center;
    }
    .phase-row {
      display: flex;
      flex-wrap: wrap;
      gap: 0.2em 0.6em;
      align-items: center;
      margin-top: 0.3em;
    }
    .phase-row h3 {
      margin: 0;
    }
    .outline {
      margin-top: 0.35em;
      display: flex;
      gap: 0.5em;
      align-items: baseline;
      font-size: var(--hsw-fs-note);
    }
    .outline h3 {
      margin: 0;
      font-size: 0.9em;
    }
    @container ${narrowQuery} {
      /* the loop picture takes its narrow layout (ring on top, regions under it) and the height that needs */
      .presented hsw-loop-picture {
        height: auto;
      }
      /* Phones: the status and the buttons first, then the code and the queues (the slide scrolls). */
      section {
        display: flex;
        flex-direction: column;
      }
      .top {
        order: 0;
      }
      .status {
        order: 1;
      }
      .controls {
        order: 2;
      }
      .phase-row {
        order: 3;
      }
      hsw-code {
        order: 4;
      }
      .panels,
      .panels.four {
        order: 5;
        grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
      }
      .outline {
        order: 6;
      }
    }
  `,
];
