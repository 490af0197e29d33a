import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { calloutStyles, checkStyles, chipStyles, demoHostStyles, narrowQuery } from '../ui/demo-styles.ts';

/**
 * How a future wakes a task: the frame chain and the loop's containers on the left, what happens and the CPython
 * lines at work on the right. Nothing under 0.75em (15 px).
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  chipStyles,
  checkStyles,
  css`
    .cols {
      display: grid;
      grid-template-columns: minmax(0, 1.12fr) minmax(0, 1fr);
      gap: 0.6em 1em;
      align-items: start;
    }
    .row {
      display: flex;
      flex-wrap: wrap;
      gap: 0.35em 0.9em;
      align-items: center;
    }
    .status {
      margin: 0.35em 0;
      min-height: 3.9em;
      line-height: 1.3;
    }
    .where {
      font-size: var(--hsw-fs-note);
      color: var(--hsw-accent-text);
      font-variant-numeric: tabular-nums;
      margin: 0.2em 0;
    }
    h3 {
      font-size: var(--hsw-fs-note);
      margin: 0.35em 0 0.15em;
      font-weight: 700;
    }
    ol.frames {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: 0.2em;
      font-size: var(--hsw-fs-note);
    }
    ol.frames li {
      display: flex;
      flex-wrap: wrap;
      justify-content: space-between;
      gap: 0.1em 0.6em;
      border: 2px solid var(--hsw-border);
      border-radius: 0.4em;
      padding: 0.15em 0.5em;
      background: var(--hsw-panel);
    }
    ol.frames li:nth-child(2) {
      margin-left: 1em;
    }
    ol.frames li:nth-child(3) {
      margin-left: 2em;
    }
    ol.frames code {
      font-family: var(--hsw-mono);
    }
    ol.frames .state {
      font-weight: 700;
    }
    ol.frames li.frozen {
      border-style: dashed;
      border-color: var(--hsw-accent);
    }
    ol.frames li.frozen .state {
      color: var(--hsw-accent-text);
    }
    ol.frames li.resumed .state,
    ol.frames li.returned .state {
      color: var(--hsw-good-text);
    }
    dl.loop {
      display: grid;
      grid-template-columns: auto minmax(0, 1fr);
      gap: 0.15em 0.6em;
      margin: 0;
      font-size: var(--hsw-fs-note);
      align-items: baseline;
    }
    dl.loop dt {
      font-family: var(--hsw-mono);
      font-weight: 700;
    }
    dl.loop dd {
      margin: 0;
    }
    .chip.wake {
      border-color: var(--hsw-accent);
      font-weight: 700;
    }
    .muted {
      color: var(--hsw-muted);
    }
    .code-caption {
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      margin: 0.3em 0 0.15em;
    }
    .callout {
      font-size: var(--hsw-fs-note);
      margin: 0.4em 0 0;
      padding: 0.25em 0.6em;
    }
    /* presenting: the loop picture is the slide, one caption under it */
    .presented hsw-loop-picture {
      height: 21em;
    }
    .presented .status.caption {
      font-size: 1em;
      min-height: 0;
      margin: 0.3em 0 0.2em;
    }
    @container ${narrowQuery} {
      /* the loop picture takes its narrow layout (ring on top, regions under it) and the height that needs */
      .presented hsw-loop-picture {
        height: auto;
      }
      .cols {
        grid-template-columns: minmax(0, 1fr);
      }
    }
  `,
];
