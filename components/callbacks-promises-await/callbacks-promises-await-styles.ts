import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { calloutStyles, demoHostStyles, narrowQuery, srOnlyStyles } from '../ui/demo-styles.ts';

/**
 * The code on the left at the hall's floor size (0.75em, 15 px: its longest line is what sets the column), the
 * clock, call stack, continuations, microtasks and result beside it; the narration and the step buttons below.
 * Presented: the listing folded to the step's few lines (1em of the 23 px host: 22.3 px on the stage, its longest line
 * as wide as the column), where the continuations wait or the error's way under it, the step's caption; the rest in a
 * closed disclosure.
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
    /* Presented: the folded listing, where the continuations wait (or the error's way) under it, then the caption. */
    :host([presenting]) .main {
      grid-template-columns: minmax(0, 1fr);
      gap: 0.5em;
      margin-top: 0;
    }
    :host([presenting]) hsw-code {
      font-size: 1em;
      --hsw-code-line-height: 1.5;
    }
    :host([presenting]) .side {
      font-size: 1em;
    }
    :host([presenting]) .side:empty {
      display: none;
    }
    :host([presenting]) .panel {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      gap: 0.3em 0.5em;
      margin: 0;
    }
    :host([presenting]) .panel h3 {
      margin: 0;
    }
    :host([presenting]) .panel ul,
    :host([presenting]) .panel ol {
      display: contents;
    }
    :host([presenting]) .waits .cont {
      margin: 0;
      padding: 0.1em 0.45em;
      /* a continuation is a task's (STAGE.md: one colour per actor) */
      border-left-color: var(--hsw-actor-task);
      animation: arrive 350ms ease-out;
    }
    .path .stop {
      padding: 0.1em 0.45em;
      border: 1px solid var(--hsw-border);
      border-left: 4px solid var(--hsw-bad);
      border-radius: 0.35em;
      background: var(--hsw-panel);
      animation: arrive 350ms ease-out both;
    }
    .path .stop:nth-of-type(2) {
      animation-delay: 100ms;
    }
    .path .stop:nth-of-type(3) {
      animation-delay: 200ms;
    }
    .path .stop:nth-of-type(4) {
      animation-delay: 300ms;
    }
    /* an arrow from one stop to the next, in the gap before it */
    .path .stop + .stop {
      position: relative;
      margin-left: 1.3em;
    }
    .path .stop + .stop::before {
      content: '→';
      position: absolute;
      left: -1.45em;
      color: var(--hsw-muted);
    }
    :host([presenting]) .status.callout {
      min-height: 0;
      font-size: 1em;
      margin: 0.5em 0 0.3em;
      animation: arrive 350ms ease-out;
    }
    @keyframes arrive {
      from {
        opacity: 0;
        transform: translateX(0.6em);
      }
    }
    @media (prefers-reduced-motion: reduce) {
      :host([presenting]) .waits .cont,
      .path .stop,
      :host([presenting]) .status.callout {
        animation: none;
      }
    }
    .state {
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(12em, 1fr));
      gap: 0 1em;
      font-size: var(--hsw-fs-small);
    }
    @container ${narrowQuery} {
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
    }
  `,
];
