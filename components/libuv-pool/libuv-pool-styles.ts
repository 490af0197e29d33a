import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { calloutStyles, demoHostStyles, narrowQuery } from '../ui/demo-styles.ts';
import { timelineStyles } from '../shared/timeline/timeline-styles.ts';

/**
 * The pool demo. Type scale: nothing under 0.75em (15 px); the timeline's SVG is drawn 1:1 in CSS pixels (its
 * viewBox follows the demo's width), so its 15 px labels are 15 px on the slide. The timeline's and its legend's look
 * are the chapter's (timelineStyles); only what this drawing adds (the cursor, the queue) is here.
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  timelineStyles,
  css`
    /* Presented, the loop picture with the pool's threads is the slide: the stage's height above the caption. */
    .presented hsw-loop-picture {
      height: 19em;
    }
    .caption {
      margin: 0.3em 0;
    }
    .controls {
      display: grid;
      grid-template-columns: repeat(4, minmax(0, 1fr));
      gap: 0.2em 0.9em;
      align-items: end;
      /* the sliders' labels are 0.85 of this: 15.3 px */
      font-size: 0.9em;
    }
    .cap {
      display: flex;
      gap: 0.4em;
      align-items: center;
      align-self: center;
      font-size: 0.85em;
      line-height: 1.25;
      cursor: pointer;
    }
    .key {
      display: flex;
      flex-wrap: wrap;
      gap: 0.1em 1.2em;
      align-items: baseline;
      justify-content: space-between;
      font-size: var(--hsw-fs-small);
      margin: 0.3em 0 0.15em;
    }
    /* the step's one idea, above the timeline */
    .era {
      margin: 0.35em 0 0;
      font-weight: 600;
      color: var(--hsw-heading);
    }
    .presented-figure {
      margin: 0.3em 0;
      font-weight: 600;
    }
    .order,
    .status {
      color: var(--hsw-muted);
      margin: 0;
    }
    /* the chapter's legend (timelineStyles), inside the key, which sizes it with the order line */
    .legend {
      gap: 0.1em 1em;
      font-size: 1em;
      margin-top: 0;
    }
    .cursor {
      stroke: var(--hsw-focus);
      stroke-width: 2;
    }
    .swatch-wait {
      background: var(--hsw-bad);
    }
    .swatch-service {
      background: var(--hsw-series-2);
      margin-left: 0.8em;
    }
    .stepper {
      display: flex;
      flex-wrap: wrap;
      gap: 0.2em 1em;
      align-items: center;
      margin-top: 0.25em;
    }
    .stepper .status {
      font-size: var(--hsw-fs-note);
    }
    .figures {
      display: grid;
      grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr);
      gap: 0.2em 1.2em;
      font-size: var(--hsw-fs-note);
      margin-top: 0.3em;
    }
    .figures p {
      margin: 0.1em 0;
    }
    .waitbar {
      display: flex;
      height: 0.8em;
      border-radius: 0.2em;
      overflow: hidden;
      background: var(--hsw-panel);
      margin: 0.2em 0;
    }
    .waitbar .q {
      background: var(--hsw-bad);
    }
    .waitbar .s {
      background: var(--hsw-series-2);
    }
    .wait-row {
      display: flex;
      gap: 0.8em;
      align-items: center;
    }
    .wait-row .waitbar {
      flex: 1;
    }
    .wait-legend {
      /* inside .figures (0.85em): 15.3 px */
      font-size: 0.9em;
      color: var(--hsw-muted);
      white-space: nowrap;
    }
    .strong {
      font-weight: 600;
    }
    .bad {
      color: var(--hsw-bad-text);
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
      .figures {
        grid-template-columns: minmax(0, 1fr);
      }
      .wait-row {
        flex-wrap: wrap;
      }
    }
  `,
];
