import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { calloutStyles, demoHostStyles, legendStyles, narrowQuery, srOnlyStyles } from '../ui/demo-styles.ts';

/**
 * The runtime and view buttons on top; the call graph (buttons over an SVG of its edges) left, the code right;
 * blue for plain, red for async (seed 004's colors). Nothing under the hall's floor (0.75em). Presented, the
 * graph left and what happened right, the code (and the fix, and three of the bridges) in closed disclosures.
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  srOnlyStyles,
  legendStyles,
  css`
    :host {
      /* an async function is a coroutine: the deck's task colour (assets/theme.css, data-actor="task"); a plain one
         is no actor, a neutral frame */
      --fc-sync: var(--hsw-muted);
      --fc-async: var(--hsw-actor-task);
    }
    .top {
      display: flex;
      flex-wrap: wrap;
      justify-content: space-between;
      gap: 0.3em 1em;
      margin-bottom: 0.4em;
    }
    .group {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3em;
      align-items: center;
    }
    .label {
      font-size: var(--hsw-fs-note);
      margin-right: 0.2em;
    }
    .main {
      display: grid;
      grid-template-columns: minmax(0, 0.9fr) minmax(0, 1.1fr);
      gap: 0.8em;
      align-items: start;
    }
    .graph {
      position: relative;
      height: 15em;
      margin: 0 0.4em;
    }
    .graph svg {
      position: absolute;
      inset: 0;
      width: 100%;
      height: 100%;
      overflow: visible;
    }
    .edge {
      stroke: var(--hsw-border);
      stroke-width: 2;
    }
    .edge.callback {
      stroke-dasharray: 5 4;
    }
    .edge.hot {
      stroke: var(--fc-async);
      stroke-width: 3;
    }
    .via {
      position: absolute;
      transform: translate(-50%, -50%);
      font-family: var(--hsw-mono);
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      background: var(--hsw-bg);
      padding: 0 0.2em;
      white-space: nowrap;
    }
    button.node {
      position: absolute;
      transform: translate(-50%, -50%);
      font-family: var(--hsw-mono);
      font-size: 0.8em;
      white-space: nowrap;
      padding: 0.2em 0.5em;
      min-height: 1.9em;
      border: 2px solid var(--fc-sync);
      background: var(--hsw-control-bg);
      color: var(--hsw-fg);
      transition: background-color 0.25s;
    }
    button.node[aria-pressed='true'] {
      color: var(--hsw-fg);
      background: var(--hsw-control-bg);
      border-color: var(--fc-sync);
    }
    button.node.async,
    button.node.async[aria-pressed='true'] {
      border-color: var(--fc-async);
      background: color-mix(in srgb, var(--fc-async) 22%, var(--hsw-control-bg));
    }
    button.node.async[aria-pressed='true'] {
      box-shadow: 0 0 0 3px color-mix(in srgb, var(--fc-async) 45%, transparent);
    }
    button.node.broken {
      border-style: dashed;
      border-color: var(--fc-async);
    }
    button.node.blocks,
    button.node.blocks[aria-pressed='true'] {
      border-color: var(--hsw-good);
    }
    .kw {
      color: var(--hsw-bad-text);
      font-weight: 700;
      margin-right: 0.35em;
    }
    .stuck-mark {
      margin-left: 0.35em;
      color: var(--hsw-warn-text);
    }
    .io {
      margin-left: 0.35em;
      color: var(--hsw-good-text);
      font-size: 0.95em;
    }
    /* The deck's legend (legendStyles), spaced as this demo's column between the graph and the status: a little
       wider apart, as far below as above. Its swatches are framed like the graph's nodes, the frame outside the
       0.9em box (content-box), so that the colour inside stays as large as a plain swatch's. */
    .legend {
      gap: 0.2em 1em;
      margin: 0.3em 0;
    }
    .swatch {
      box-sizing: content-box;
      border: 2px solid var(--fc-sync);
    }
    .swatch.async {
      border-color: var(--fc-async);
      background: color-mix(in srgb, var(--fc-async) 30%, transparent);
    }
    .swatch.broken {
      border-color: var(--fc-async);
      border-style: dashed;
    }
    .status.callout {
      margin: 0.2em 0;
      font-size: var(--hsw-fs-note);
      min-height: 2.7em;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3em;
    }
    hsw-code {
      font-size: var(--hsw-fs-small);
    }
    pre.plain,
    pre.err {
      margin: 0;
      padding: 0.5em 0.9em;
      background: var(--hsw-code-bg);
      color: var(--hsw-code-fg);
      border: 1px solid var(--hsw-border);
      border-radius: 0.4em;
      font-family: var(--hsw-mono);
      font-size: var(--hsw-fs-small);
      line-height: 1.45;
      overflow-x: auto;
      white-space: pre;
    }
    pre.err {
      white-space: pre-wrap;
      color: var(--hsw-bad-text);
    }
    .note {
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      margin: 0.2em 0 0;
    }
    .why {
      font-size: var(--hsw-fs-note);
      margin: 0;
    }
    .why p {
      margin: 0.3em 0;
    }
    code {
      font-family: var(--hsw-mono);
    }
    .bridges {
      display: grid;
      grid-template-columns: repeat(2, minmax(0, 1fr));
      gap: 0.6em;
    }
    .card {
      margin: 0;
      font-size: 0.95em;
    }
    .card h3 {
      margin: 0 0 0.3em;
      font-size: 1em;
    }
    .card p,
    .card ul {
      margin: 0.2em 0;
    }
    .card ul {
      padding-left: 1.1em;
    }
    /* Presented: the graph wider and taller, its names at the body's size, its labels just under; no "Runtime:" label. */
    :host([presenting]) .main {
      grid-template-columns: minmax(0, 1.3fr) minmax(0, 0.7fr);
    }
    :host([presenting]) .graph {
      height: 20em;
    }
    :host([presenting]) button.node {
      font-size: 1em;
    }
    :host([presenting]) .via {
      font-size: 0.95em;
    }
    :host([presenting]) .status {
      font-size: 1.1em;
    }
    /* the callback whose why is open: ringed in the warning's colour */
    button.node.focused {
      outline: 3px solid var(--hsw-warn);
      outline-offset: 3px;
    }
    :host([presenting]) .why {
      font-size: 1.05em;
    }
    :host([presenting]) .label {
      display: none;
    }
    :host([presenting]) .right {
      display: grid;
      gap: 0.4em;
    }
    /* The reason's panel is at the hall's floor (0.9em): its error, its "The fix" at that size, not a step under; the
       clicker closes it, so its Close button stays in the self-paced view. */
    :host([presenting]) .why pre.err,
    :host([presenting]) .io {
      font-size: 1em;
    }
    :host([presenting]) .why hsw-details {
      --hsw-fs-note: 1em;
    }
    :host([presenting]) .why > button {
      display: none;
    }
    .bridges.presented {
      grid-template-columns: minmax(0, 1fr);
    }
    /* Printed, the graph and the listing within the handout's page (at the screen's sizes the listing ran past it
       and the page printed without either) */
    :host([print]) .graph {
      height: 13em;
    }
    :host([print]) .right hsw-code {
      font-size: 0.6em;
    }
    @container ${narrowQuery} {
      .main,
      .bridges {
        grid-template-columns: minmax(0, 1fr);
      }
      .graph {
        height: 19em;
        margin: 0 0.2em;
      }
      button.node {
        font-size: var(--hsw-fs-small);
      }
      /* presented on a phone: one column too, the graph's names at the phone's size (the presented 1em would run
         the wide graph off both edges) */
      :host([presenting]) .main {
        grid-template-columns: minmax(0, 1fr);
      }
      :host([presenting]) .graph {
        height: 17em;
        margin: 0 1.6em;
      }
      :host([presenting]) button.node,
      :host([presenting]) .via {
        font-size: 0.7em;
      }
    }
  `,
];
