import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { calloutStyles, demoHostStyles, narrowQuery, srOnlyStyles } from '../ui/demo-styles.ts';

/**
 * Laid out for a hall: the two listings at 0.825em (16.5 px, 16 px on the projector), the machine folded to the
 * running piece so that it fits whole; three columns: what you write, the state machine, and the call stack over
 * the heap object over the narration. On a phone: one listing at a time, chosen with a toggle.
 * Presented (the 23 px host): the state machine drawn as its states down the left, the stage's height; beside it the
 * piece that runs at 1em (22.3 px on the stage), the stack, the heap object and the step's line; what you write and
 * the controls in a closed disclosure under them.
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  srOnlyStyles,
  css`
    .bar {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3em 0.8em;
      align-items: end;
      margin-bottom: 0.4em;
    }
    .field {
      display: flex;
      flex-direction: column;
      gap: 0.1em;
      font-size: var(--hsw-fs-small);
    }
    .field select {
      font-size: calc(var(--hsw-fs-note) / 0.75);
    }
    .grid {
      /* Three columns when they fit (the deck); where they do not (a narrower embed), the side column, then the
         machine, wrap below. */
      display: flex;
      flex-wrap: wrap;
      gap: 0.4em 0.6em;
      align-items: flex-start;
    }
    .col.async,
    .col.machine {
      flex: none;
    }
    .side {
      flex: 1 1 15em;
      min-width: 15em;
    }
    .col {
      display: flex;
      flex-direction: column;
      gap: 0.3em;
      min-width: 0;
    }
    h3 {
      font-size: var(--hsw-fs-small);
      font-weight: 600;
      color: var(--hsw-muted);
      margin: 0;
      text-transform: none;
      letter-spacing: 0;
      line-height: 1.3;
    }
    .col.async h3 {
      /* does not widen the column: wraps to the listing's width */
      width: 0;
      min-width: 100%;
      box-sizing: border-box;
    }
    hsw-code {
      font-size: 0.825em;
    }
    hsw-code.machine-code {
      /* As wide as the unfolded listing, so the columns stay put while pieces open and fold (the padding and
         borders of the code panel: 0.9em each side, 4 + 2 px). */
      font-family: var(--hsw-mono);
      min-width: calc(var(--hsw-machine-ch) * 1ch + 1.8em + 6px);
    }
    .side {
      display: flex;
      flex-direction: column;
      gap: 0.4em;
      font-size: 0.8em;
    }
    .box {
      background: var(--hsw-panel);
      border: 1px solid var(--hsw-border);
      border-radius: 0.4em;
      padding: 0.3em 0.5em 0.4em;
    }
    .box h3 {
      font-size: 1em;
      margin-bottom: 0.25em;
    }
    ol.stack {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: 0.2em;
    }
    ol.stack li {
      font-family: var(--hsw-mono);
      padding: 0.05em 0.4em;
      border: 1px solid var(--hsw-border);
      border-radius: 0.25em;
      background: var(--hsw-control-bg);
    }
    ol.stack li.top {
      border-color: var(--hsw-accent);
      font-weight: 600;
    }
    .empty {
      color: var(--hsw-good-text);
      font-weight: 600;
      margin: 0;
    }
    table {
      border-collapse: collapse;
      width: 100%;
      font-family: var(--hsw-mono);
    }
    td {
      padding: 0.05em 0.3em;
      border-bottom: 1px solid var(--hsw-border);
      vertical-align: top;
      overflow-wrap: anywhere;
    }
    td.key {
      color: var(--hsw-muted);
      width: 3.6em;
    }
    tr.changed td {
      background: var(--hsw-code-current);
      color: var(--hsw-fg);
      font-weight: 600;
    }
    tr.state td {
      color: var(--hsw-accent-text);
      font-weight: 700;
    }
    /* Released: faded by colour, not opacity, so its text keeps its contrast. */
    .box.released {
      border-style: dashed;
    }
    .box.released td,
    .box.released tr.state td {
      color: var(--hsw-muted);
      background: none;
    }
    .aside {
      font-weight: 400;
    }
    .note {
      color: var(--hsw-muted);
      margin: 0.25em 0 0;
    }
    .waiting {
      font-family: var(--hsw-mono);
      color: var(--hsw-warn-text);
      margin: 0.25em 0 0;
    }
    .status.callout {
      /* in the side column, whose text is 0.8em (16 px) */
      margin: 0;
      padding: 0.25em 0.5em;
      line-height: 1.3;
    }
    .view-toggle {
      display: none;
    }
    /* Presented (the 23 px host): the machine drawn down the left, the stage's height (the call, its states, the
       end; the await each state resumes after on the arrow into it); on the right the piece that runs at 1em (22.3 px
       on the stage), the stack (the thread's), the heap object (the coroutine's) and the step's line. One colour per
       actor: the lit state and the heap object the task's, the stack the thread's, a microtask frame the microtask's,
       the awaited call the I/O's. */
    .stage {
      display: grid;
      grid-template-columns: minmax(0, 0.8fr) minmax(0, 1fr);
      gap: 0 1.2em;
      align-items: start;
    }
    ol.graph {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      /* the same height at every step, whatever the side column holds: down to 93 % of the stage */
      height: 23.6em;
    }
    .graph .node {
      font-family: var(--hsw-mono);
      font-size: 1.15em;
      font-weight: 700;
      text-align: center;
      padding: 0.3em 0.5em;
      border: 2px solid var(--hsw-border);
      border-radius: 0.8em;
      background: var(--hsw-panel);
      color: var(--hsw-fg);
      transition:
        background-color 0.35s,
        border-color 0.35s;
    }
    .graph .node.call,
    .graph .node.done {
      border-radius: 2em;
      font-weight: 600;
    }
    .graph .node.running {
      background: var(--hsw-actor-task);
      border-color: var(--hsw-actor-task);
      color: var(--hsw-actor-task-text);
    }
    .graph .node.resumes {
      border: 3px dashed var(--hsw-actor-task);
    }
    .graph .edge {
      flex: 1 1 0;
      min-height: 2.2em;
      position: relative;
      display: flex;
      align-items: center;
      /* the arrow: a line down a quarter of the way across, a head at its end; the await it carries beside it */
      background: linear-gradient(var(--hsw-muted), var(--hsw-muted)) no-repeat 25% 0 / 2px 100%;
    }
    .graph .edge::after {
      content: '';
      position: absolute;
      left: calc(25% - 0.4em + 1px);
      bottom: 0;
      border: 0.4em solid transparent;
      border-top: 0.55em solid var(--hsw-muted);
      border-bottom: 0;
    }
    .graph .edge .await {
      margin-left: calc(25% + 0.6em);
      font-family: var(--hsw-mono);
      font-size: 0.9em;
      color: var(--hsw-fg);
      padding: 0.1em 0.4em;
      border: 2px solid transparent;
      border-radius: 0.3em;
      white-space: nowrap;
      transition: background-color 0.35s;
    }
    .graph .edge.lit .await {
      background: var(--hsw-actor-task);
      border-color: var(--hsw-actor-task);
      color: var(--hsw-actor-task-text);
    }
    :host([presenting]) .side {
      font-size: 1em;
      gap: 0.45em;
      flex: none;
      min-width: 0;
    }
    .piece-room {
      /* room for the longest piece (five lines: the listing's padding and borders, 1.2em and 2 px), so that the
         stack and the heap object under it stand still from step to step */
      min-height: calc(5 * 1.3em + 1.2em + 2px);
    }
    hsw-code.piece {
      /* 23 px, 22.3 px on the stage: code from the back of the hall */
      font-size: 1em;
      --hsw-code-line-height: 1.3;
    }
    :host([presenting]) .side .box h3 {
      font-size: var(--hsw-fs-small);
    }
    :host([presenting]) .side table {
      font-size: var(--hsw-fs-small);
    }
    :host([presenting]) .stack-box {
      border: 2px solid var(--hsw-actor-thread);
      /* room for three frames */
      min-height: 5.5em;
      box-sizing: border-box;
    }
    :host([presenting]) .heap-box:not(.released) {
      border: 2px solid var(--hsw-actor-task);
    }
    :host([presenting]) ol.stack li.top {
      border: 2px solid var(--hsw-fg);
    }
    :host([presenting]) ol.stack li.job {
      background: var(--hsw-actor-microtask);
      border-color: var(--hsw-actor-microtask);
      color: var(--hsw-actor-microtask-text);
    }
    :host([presenting]) .empty {
      color: var(--hsw-fg);
    }
    :host([presenting]) tr.state td {
      color: var(--hsw-fg);
    }
    :host([presenting]) .waiting {
      display: inline-block;
      background: var(--hsw-actor-io);
      color: var(--hsw-actor-io-text);
      padding: 0 0.4em;
      border-radius: 0.25em;
      margin-top: 0.3em;
    }
    :host([presenting]) .source .col.async {
      margin-top: 0.4em;
    }
    @media (prefers-reduced-motion: reduce) {
      .graph .node,
      .graph .edge .await {
        transition: none;
      }
    }
    @container ${narrowQuery} {
      /* One listing at a time, chosen with the toggle; the stack, heap and narration stay in view. */
      .grid {
        display: flex;
        flex-direction: column;
        /* one line: a wrapping column's line would be as wide as its widest listing, not the demo */
        flex-wrap: nowrap;
        align-items: stretch;
        gap: 0.4em;
      }
      .view-toggle {
        display: flex;
        gap: 0.4em;
        margin-bottom: 0.4em;
      }
      .col:not(.chosen) {
        display: none;
      }
      .field {
        min-width: 0;
        max-width: 100%;
      }
      .col.async,
      .col.machine {
        flex: 1 1 auto;
        min-width: 0;
      }
      .col hsw-code {
        overflow-x: auto;
      }
      .col h3 {
        display: none;
      }
      .side {
        min-width: 0;
        flex-direction: row;
        flex-wrap: wrap;
      }
      .side .status.callout {
        flex: 1 1 100%;
      }
      .side .box {
        flex: 1 1 12em;
      }
      hsw-code {
        font-size: var(--hsw-fs-small);
        overflow-x: auto;
      }
      hsw-code.machine-code {
        min-width: 0;
      }
      /* presented in a narrow frame: the machine above the rest, as tall as its boxes */
      .stage {
        grid-template-columns: minmax(0, 1fr);
        gap: 0.6em;
      }
      ol.graph {
        height: auto;
      }
    }
  `,
];
