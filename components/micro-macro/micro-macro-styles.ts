import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { calloutStyles, demoHostStyles, narrowQuery, srOnlyStyles } from '../ui/demo-styles.ts';

/**
 * The micro-macro demo's look. Wide: the code (or the editor) on the left, the guess or the queues on the right;
 * narrow (the one breakpoint): one column. Sizes are in em of the 20 px host and never under 0.75em (15 px); a
 * rule inside an em-sized box says what it comes to.
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
      gap: 0.3em 1em;
      align-items: center;
      margin-bottom: 0.4em;
    }
    .top label {
      font-size: 0.85em;
      margin-right: 0.3em;
    }
    /* a list as wide as its longest example shrinks to the demo's width (a phone) */
    .top > span {
      min-width: 0;
      max-width: 100%;
    }
    .main {
      display: grid;
      grid-template-columns: minmax(0, 0.9fr) minmax(0, 1.1fr);
      gap: 0.5em 0.9em;
      align-items: start;
    }
    /* 15.6 px: the longest example line (53 characters) fits the left column at 1280×720; a longer one (your
       code) wraps, long words too, so that it is read whole */
    hsw-code {
      font-size: 0.78em;
      --hsw-code-ws: pre-wrap;
      overflow-wrap: anywhere;
    }
    textarea {
      width: 100%;
      box-sizing: border-box;
      min-height: 10em;
      font-family: var(--hsw-mono);
      font-size: 0.8em;
      line-height: 1.4;
      color: var(--hsw-code-fg);
      background: var(--hsw-code-bg);
      border: 1px solid var(--hsw-border);
      border-radius: 0.4em;
      padding: 0.5em;
      resize: vertical;
    }
    .editor label {
      display: block;
      font-size: 0.85em;
      margin-bottom: 0.2em;
    }
    .row {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4em;
      align-items: center;
      margin-top: 0.3em;
    }
    .help {
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      margin: 0.2em 0 0.3em;
      line-height: 1.35;
    }
    .error {
      margin-top: 0.4em;
      font-size: 0.8em;
    }
    .error strong {
      display: block;
      color: var(--hsw-bad-text);
    }
    h3 {
      font-size: 0.85em;
      margin: 0 0 0.2em;
      color: var(--hsw-heading);
    }
    ol.guess {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    ol.guess li {
      display: flex;
      gap: 0.3em;
      align-items: center;
      margin-bottom: 0.15em;
    }
    ol.guess .n {
      width: 1.4em;
      text-align: right;
      color: var(--hsw-muted);
      font-size: 0.8em;
    }
    ol.guess button {
      min-height: 1.8em;
      padding-block: 0.15em;
    }
    ol.guess button.line {
      flex: 1;
      text-align: left;
      font-family: var(--hsw-mono);
      min-width: 0;
    }
    ol.guess button.arrow {
      padding-inline: 0.5em;
    }
    ol.guess li.right button.line {
      border-color: var(--hsw-good);
    }
    ol.guess li.wrong button.line {
      border-color: var(--hsw-bad);
    }
    .mark {
      margin-left: 0.2em;
    }
    .mark.right {
      color: var(--hsw-good-text);
    }
    .mark.wrong {
      color: var(--hsw-bad-text);
    }
    ol.checked {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-wrap: wrap;
      gap: 0.25em;
    }
    ol.checked li {
      font-size: 0.8em;
      padding: 0.05em 0.45em;
      border: 1px solid var(--hsw-border);
      border-radius: 0.3em;
      background: var(--hsw-panel);
    }
    ol.checked li.right {
      border-color: var(--hsw-good);
    }
    ol.checked li.wrong {
      border-color: var(--hsw-bad);
    }
    ol.checked code {
      font-family: var(--hsw-mono);
    }
    .score {
      font-weight: 600;
      margin: 0;
      font-size: 0.85em;
    }
    .note {
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      margin: 0.3em 0;
      line-height: 1.35;
    }
    .event {
      font-size: 0.85em;
      min-height: 2.6em;
      margin: 0.3em 0;
      line-height: 1.3;
    }
    /* inside the 0.85em event line: 17 × 0.9 = 15.3 px */
    .phase {
      font-size: 0.9em;
      color: var(--hsw-muted);
    }
    .queues {
      display: grid;
      grid-template-columns: repeat(3, minmax(0, 1fr));
      gap: 0.3em;
    }
    .panel {
      border: 1px solid var(--hsw-border);
      border-radius: 0.35em;
      background: var(--hsw-panel);
      padding: 0.2em 0.35em;
      min-height: 2.6em;
      min-width: 0;
      font-size: var(--hsw-fs-small);
      line-height: 1.3;
    }
    .panel h3.ph {
      margin: 0 0 0.15em;
      font-size: 1em;
      color: var(--hsw-muted);
      font-weight: 600;
    }
    .panel ul {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    .panel li {
      font-family: var(--hsw-mono);
      padding: 0.05em 0.25em;
      margin-bottom: 0.15em;
      border-radius: 0.25em;
      background: var(--hsw-bg);
      border-left: 3px solid var(--hsw-actor-timer);
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    /* each entry in its actor's colour (assets/theme.css): the stack's frames the thread's, a timer's, a microtask's
       (nextTick's too), setImmediate's a task's, an I/O callback's */
    .panel.stack li {
      border-left-color: var(--hsw-actor-thread);
    }
    .panel.micro li,
    .panel.ticks li {
      border-left-color: var(--hsw-actor-microtask);
    }
    .panel.imm li {
      border-left-color: var(--hsw-actor-task);
    }
    .panel.io li {
      border-left-color: var(--hsw-actor-io);
    }
    .panel .kind {
      color: var(--hsw-muted);
    }
    /* "… and 52 more": the entries a panel does not list */
    .panel li.more {
      background: none;
      border-left-color: transparent;
      color: var(--hsw-muted);
      font-family: inherit;
    }
    .panel .empty {
      color: var(--hsw-muted);
      font-style: italic;
    }
    .panel.output {
      margin-top: 0.4em;
    }
    .score-row {
      margin: 0 0 0.3em;
    }
    .output ol {
      margin: 0;
      padding: 0;
      list-style: none;
      display: flex;
      flex-wrap: wrap;
      gap: 0.25em;
    }
    /* inside the 0.75em panel: 15 × 1.07 = 16 px */
    .output li {
      font-size: 1.07em;
      padding: 0 0.4em;
      /* a logged Error's stack frame keeps its line and indentation */
      white-space: pre-wrap;
      border: 1px solid var(--hsw-border);
    }
    .output li.err {
      color: var(--hsw-bad-text);
    }
    .end {
      margin: 0.35em 0 0;
      padding: 0.3em 0.6em;
      font-size: 0.8em;
      line-height: 1.35;
    }
    /* Presented (the 23 px host): every caption at 0.9em, 20 px or more on the projector; the code and the queues at
       1em (22 px), the panels tall enough to fill the stage, each queue a row of chips. */
    :host([presenting]) :is(.top label, h3:not(.ph), ol.guess .n, .event, ol.checked li, .score, .end, .error, textarea, .editor label) {
      font-size: 0.9em;
    }
    :host([presenting]) :is(hsw-code, .panel) {
      font-size: 1em;
    }
    :host([presenting]) .panel {
      min-height: 6em;
      padding: 0.3em 0.5em;
    }
    :host([presenting]) .panel:not(.stack) ul {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4em;
    }
    :host([presenting]) ol.guess button {
      min-height: 2.6em;
      font-size: 1.1em;
    }
    :host([presenting]) .panel li {
      padding: 0.2em 0.4em;
    }
    /* Presented: the clicker steps; what a step did is said aloud (the slide's notes), not written */
    :host([presenting]) :is(.row:has(hsw-step-controls), .event, .kind, .left .note) {
      display: none;
    }
    :host([presenting]) .main {
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    }
    /* one queue a row: its entries readable whole */
    :host([presenting]) .queues {
      grid-template-columns: minmax(0, 1fr);
    }
    /* Presented, the loop picture is the slide (right, the stage's height); the listing, then the guess (step 0) or
       what was printed, beside it. The guess's lines sit three a row, so that the listing keeps its 22 px. */
    :host([presenting]) .main.with-picture {
      grid-template-columns: minmax(0, 0.93fr) minmax(0, 1fr);
      gap: 0.5em 0.6em;
    }
    :host([presenting]) .with-picture :is(hsw-loop-picture, .picture-slot) {
      display: block;
      height: 22em;
    }
    :host([presenting]) .with-picture ol.guess {
      display: grid;
      grid-template-columns: repeat(3, minmax(0, 1fr));
      gap: 0.2em 0.4em;
    }
    :host([presenting]) .with-picture ol.guess li {
      margin: 0;
      gap: 0.15em;
    }
    :host([presenting]) .with-picture :is(ol.guess .n, .panel.output .ph) {
      display: none;
    }
    :host([presenting]) .with-picture ol.guess button {
      min-height: 2.1em;
      font-size: 1em;
    }
    :host([presenting]) .with-picture ol.guess button.arrow {
      padding-inline: 0.25em;
    }
    :host([presenting]) .with-picture .panel.output {
      min-height: 0;
      margin-top: 0.4em;
    }
    @container ${narrowQuery} {
      .main,
      :host([presenting]) .main,
      :host([presenting]) .main.with-picture {
        grid-template-columns: minmax(0, 1fr);
      }
      :host([presenting]) .with-picture :is(hsw-loop-picture, .picture-slot) {
        height: auto;
      }
      .queues {
        grid-template-columns: repeat(2, minmax(0, 1fr));
      }
    }
  `,
];
