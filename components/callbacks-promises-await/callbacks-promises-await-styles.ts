import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { calloutStyles, demoHostStyles, narrowQuery, srOnlyStyles } from '../ui/demo-styles.ts';

/**
 * The code on the left at the hall's floor size (0.75em, 15 px: its longest line is what sets the column), the
 * clock, call stack, continuations, microtasks and result beside it; the narration and the step buttons below.
 * Presented: the loop picture, the step's line or two of code under it, the step's caption; the rest in a closed
 * disclosure.
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
      align-items: center;
    }
    .styles {
      display: flex;
      gap: 0.3em;
    }
    .field {
      display: flex;
      gap: 0.35em;
      align-items: center;
      font-size: var(--hsw-fs-note);
    }
    .field select {
      font-size: 1em;
    }
    .main {
      display: grid;
      /* the code as wide as its longest line, if there is room beside the queues; else it scrolls inside its panel */
      grid-template-columns: minmax(0, max-content) minmax(12em, 1fr);
      gap: 0.6em;
      margin-top: 0.4em;
      align-items: start;
    }
    hsw-code {
      font-size: var(--hsw-fs-small);
    }
    .code-col {
      display: flex;
      flex-direction: column;
      gap: 0.25em;
    }
    .operation,
    .tradeoff {
      /* does not widen the code column: it wraps to the code's width */
      width: 0;
      min-width: 100%;
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      margin: 0;
      line-height: 1.3;
    }
    .side {
      font-size: var(--hsw-fs-small);
      line-height: 1.25;
    }
    h3 {
      font-size: 1em;
      margin: 0 0 0.1em;
      color: var(--hsw-muted);
      font-weight: 600;
      text-transform: none;
      letter-spacing: 0;
    }
    .panel {
      margin-bottom: 0.35em;
    }
    .clock {
      margin: 0 0 0.25em;
      font-weight: 600;
      color: var(--hsw-accent-text);
      font-variant-numeric: tabular-nums;
      font-size: calc(var(--hsw-fs-note) / 0.75);
    }
    ol,
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    .stack {
      display: flex;
      flex-direction: column-reverse;
      gap: 0.15em;
    }
    .frame,
    .cont,
    .chip {
      font-family: var(--hsw-mono);
      padding: 0.05em 0.4em;
      border: 1px solid var(--hsw-border);
      border-radius: 0.35em;
      background: var(--hsw-panel);
    }
    .cont {
      font-family: var(--hsw-font);
      border-left: 4px solid var(--hsw-accent);
      margin-bottom: 0.15em;
    }
    .queue {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25em;
    }
    .empty {
      color: var(--hsw-muted);
      margin: 0;
    }
    .result {
      margin: 0;
      font-weight: 600;
    }
    .result.value,
    .result.handled {
      color: var(--hsw-good-text);
    }
    .result.uncaught {
      color: var(--hsw-bad-text);
    }
    .status.callout {
      margin: 0.4em 0;
      padding: 0.25em 0.6em;
      font-size: var(--hsw-fs-note);
      min-height: 2.7em;
    }
    /*
     * Presented: the loop picture is the slide; under it the step's line or two of code (1em of the 23 px host, 22.3 px
     * on the stage), the caption, and the closed disclosure.
     */
    .presented {
      display: flex;
      flex-direction: column;
      gap: 0.3em;
    }
    .presented hsw-loop-picture {
      height: 19em;
      /* the ring's column wide enough for its labels beside a circle that holds the clock, when the waiting region
         takes the height (step 2: four promises) */
      --lp-columns: minmax(0, 0.8fr) minmax(0, 2.5fr) minmax(0, 1fr);
    }
    .presented hsw-code {
      font-size: 1em;
      --hsw-code-line-height: 1.4;
    }
    .presented .status.callout {
      min-height: 0;
      font-size: 1em;
      margin: 0;
    }
    .state {
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(12em, 1fr));
      gap: 0 1em;
      font-size: var(--hsw-fs-small);
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
      .styles {
        flex-wrap: wrap;
      }
      .field {
        flex: 1 1 auto;
        min-width: 0;
      }
      .field select {
        flex: 1 1 auto;
        min-width: 0;
        max-width: 100%;
      }
      .status.callout {
        order: 1;
      }
      section > hsw-step-controls {
        order: 2;
      }
      .main {
        order: 3;
        grid-template-columns: minmax(0, 1fr);
      }
      hsw-code {
        overflow-x: auto;
      }
      /* presented on a phone: the picture, the code, the caption, then the disclosure, in that order */
      .presented .status.callout {
        order: 0;
      }
    }
  `,
];
