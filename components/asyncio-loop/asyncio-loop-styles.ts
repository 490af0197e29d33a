import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import {
  calloutStyles,
  checkStyles,
  chipStyles,
  demoHostStyles,
  narrowQuery,
  topBarStyles,
} from '../ui/demo-styles.ts';

/**
 * Inside the asyncio loop: the mode buttons, then either the drawing of the loop (composition, turn scheme) beside
 * its code, or the recording (program and listing left, the turn right). Nothing under 0.75em (15 px).
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  topBarStyles,
  chipStyles,
  checkStyles,
  css`
    .cols {
      display: grid;
      grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr);
      gap: 0.6em 1em;
      margin-top: 0.45em;
      align-items: start;
    }
    .cols.rec {
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    }
    code,
    .mono {
      font-family: var(--hsw-mono);
    }
    /* The drawing of the loop: boxes and labelled arrows on a grid. */
    .diagram {
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(0, 0.9fr) minmax(0, 1fr);
      grid-template-areas:
        'tasks tasks tasks'
        'soon run later'
        'ready due sched'
        'io timeout timeout'
        'sel sel sel';
      gap: 0.2em 0.4em;
      font-size: var(--hsw-fs-note);
    }
    :host([presenting]) .diagram {
      font-size: 1.05em;
    }
    :host([presenting]) .arrow {
      font-size: 1em;
    }
    /* its column is narrower than "call_later(delay," at 1em: 21 px on the stage keeps it in its column */
    :host([presenting]) .arrow.later {
      font-size: 0.9em;
    }
    dl.notes {
      margin: 0 0 0.4em;
      font-size: var(--hsw-fs-note);
    }
    dl.notes dt {
      font-weight: 700;
    }
    dl.notes dd {
      margin: 0 0 0.2em 0.8em;
      color: var(--hsw-muted);
    }
    .box {
      border: 2px solid var(--hsw-border);
      border-radius: 0.4em;
      padding: 0.2em 0.45em;
      background: var(--hsw-panel);
      line-height: 1.25;
    }
    .box b {
      font-family: var(--hsw-mono);
    }
    .box .note {
      display: block;
      color: var(--hsw-muted);
      font-size: 0.9em;
    }
    .box .decl {
      display: block;
      font-size: 0.9em;
      color: var(--hsw-accent-text);
      overflow-wrap: anywhere;
    }
    .arrow {
      text-align: center;
      font-family: var(--hsw-mono);
      font-size: 0.9em;
      color: var(--hsw-muted);
      border: 2px dashed transparent;
      border-radius: 0.4em;
      padding: 0.05em 0.2em;
      align-self: center;
    }
    .tasks {
      grid-area: tasks;
    }
    .soon {
      grid-area: soon;
    }
    .run {
      grid-area: run;
    }
    .later {
      grid-area: later;
    }
    .ready {
      grid-area: ready;
    }
    .due {
      grid-area: due;
    }
    .sched {
      grid-area: sched;
    }
    .io {
      grid-area: io;
    }
    .timeout {
      grid-area: timeout;
    }
    .sel {
      grid-area: sel;
    }
    .on.box {
      border-color: var(--hsw-accent);
      box-shadow: 0 0 0 2px var(--hsw-accent);
    }
    .on.arrow {
      color: var(--hsw-accent-text);
      border-color: var(--hsw-accent);
      font-weight: 700;
    }
    .caption {
      margin: 0.3em 0 0;
      font-size: var(--hsw-fs-note);
      color: var(--hsw-muted);
    }
    h3 {
      font-size: var(--hsw-fs-note);
      margin: 0.3em 0 0.15em;
      font-weight: 700;
      line-height: 1.25;
    }
    .step-title {
      font-size: 1em;
      margin: 0.3em 0;
      min-height: 2.6em;
      line-height: 1.3;
    }
    .code-caption {
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      margin: 0.2em 0;
    }
    /* The recording. */
    .row {
      display: flex;
      flex-wrap: wrap;
      gap: 0.35em 0.6em;
      align-items: center;
      margin-bottom: 0.3em;
    }
    .row label {
      font-size: var(--hsw-fs-note);
    }
    select {
      max-width: 100%;
    }
    .row hsw-slider {
      width: 9em;
    }
    ol.phases {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-wrap: wrap;
      gap: 0.25em;
      font-size: var(--hsw-fs-small);
    }
    ol.phases li {
      font-family: var(--hsw-mono);
      padding: 0.05em 0.45em;
      border-radius: 1em;
      border: 1px solid var(--hsw-border);
    }
    ol.phases li[aria-current='step'] {
      background: var(--hsw-accent);
      color: var(--hsw-on-accent);
      border-color: var(--hsw-accent);
      font-weight: 700;
    }
    .turn-head {
      display: flex;
      flex-wrap: wrap;
      gap: 0.2em 0.8em;
      align-items: baseline;
      margin: 0.25em 0 0.1em;
    }
    .turn-head strong {
      font-variant-numeric: tabular-nums;
    }
    .turn-head .ph {
      font-family: var(--hsw-mono);
      color: var(--hsw-accent-text);
      font-size: var(--hsw-fs-note);
    }
    .turn-row {
      display: flex;
      flex-wrap: wrap;
      gap: 0.2em 0.8em;
      align-items: center;
      margin: 0.25em 0 0.1em;
    }
    .turn-row .turn-head {
      margin: 0;
    }
    ol.steps {
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
      gap: 0 0.8em;
      list-style: none;
      margin: 0;
      padding: 0;
      font-size: var(--hsw-fs-note);
      line-height: 1.35;
    }
    ol.steps li.six,
    ol.steps li.idle {
      grid-column: 1 / -1;
    }
    ol.steps li.quiet {
      color: var(--hsw-muted);
    }
    ol.steps li.busy {
      font-weight: 600;
    }
    .chips {
      margin-left: 0.3em;
      vertical-align: top;
    }
    .queues {
      display: grid;
      grid-template-columns: auto minmax(0, 1fr);
      gap: 0.1em 0.5em;
      font-size: var(--hsw-fs-note);
      margin-top: 0.25em;
      align-items: baseline;
    }
    .queues dt {
      font-family: var(--hsw-mono);
      color: var(--hsw-muted);
    }
    .queues dd {
      margin: 0;
    }
    .queues .chips {
      margin: 0;
    }
    .muted {
      color: var(--hsw-muted);
    }
    /* "Your code": the editor, its output, the handles of a turn that printed or blocked */
    .editor label[for='yours-code'] {
      display: block;
      font-size: var(--hsw-fs-note);
      margin: 0.3em 0 0.15em;
    }
    textarea {
      width: 100%;
      box-sizing: border-box;
      min-height: 9.5em;
      height: 11em;
      font-family: var(--hsw-mono);
      font-size: 0.75em;
      line-height: 1.35;
      color: var(--hsw-code-fg);
      background: var(--hsw-code-bg);
      border: 1px solid var(--hsw-border);
      border-radius: 0.4em;
      padding: 0.4em;
      resize: vertical;
      /* Python's lines unwrapped, as wrap="off" would (which the HTML spec does not define) */
      white-space: pre;
      overflow-wrap: normal;
      overflow-x: auto;
      tab-size: 4;
    }
    .loading progress {
      width: 100%;
      height: 0.7em;
      margin-top: 0.3em;
    }
    .loading .note {
      margin: 0.1em 0 0;
    }
    pre.out {
      font-family: var(--hsw-mono);
      font-size: 0.75em;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
      max-height: 7.5em;
      overflow: auto;
      margin: 0.2em 0 0;
      padding: 0.25em 0.45em;
      background: var(--hsw-code-bg);
      color: var(--hsw-code-fg);
      border-radius: 0.3em;
    }
    h3.ph {
      font-size: var(--hsw-fs-note);
      margin: 0.4em 0 0;
    }
    ul.handles {
      list-style: none;
      margin: 0.35em 0 0;
      padding: 0;
      font-size: var(--hsw-fs-note);
    }
    ul.handles li + li {
      margin-top: 0.15em;
    }
    ul.handles .bad {
      color: var(--hsw-bad-text);
      font-weight: 600;
    }
    .yours p.note {
      font-size: var(--hsw-fs-note);
      margin: 0.3em 0 0;
    }
    /* a recorded callback's name can be long (gather._done_callback ×50 (Task-2…Task-51)): it breaks, not overflows */
    .yours .chip {
      overflow-wrap: anywhere;
      white-space: normal;
    }
    ul.handles pre.out {
      font-size: 0.9em;
      max-height: 3.2em;
    }
    .callout {
      font-size: var(--hsw-fs-note);
      margin: 0.35em 0 0;
      padding: 0.25em 0.6em;
    }
    /*
     * Presented to a hall: the clicker walks the modes and the turns and the listing names the program, so the modes'
     * buttons, the program's menu, the step buttons, the turns per phase but at the run's last turn (the turn's head says which of how many, and
     * its phase) and "Your code" stay in the self-paced view, and a turn shows what its step 6 ran and what it left
     * (not the _ready it started from, which step 6's chips repeat); a long listing scrolls inside its box (its head is
     * what the steps talk about), the chips are at the hall's floor and wrap inside their column.
     */
    :host([presenting]) .top,
    :host([presenting]) .rec .row.pick,
    :host([presenting]) hsw-step-controls,
    :host([presenting]) .views button.yours[aria-pressed='false'],
    :host([presenting]) .queues.before {
      display: none;
    }
    :host([presenting]) .rec hsw-code {
      /* the few lines that matter (presentedListing), at the hall's code size: 22.3 px on the stage */
      font-size: 1em;
      --hsw-code-line-height: 1.5;
    }
    :host([presenting]) .cols.rec {
      grid-template-columns: minmax(0, 1.1fr) minmax(0, 0.9fr);
    }
    /* the turn beside the program, as large as the listing, its steps one a line */
    :host([presenting]) .cols.rec > div + div {
      font-size: 1.05em;
    }
    :host([presenting]) ol.steps {
      grid-template-columns: minmax(0, 1fr);
    }
    :host([presenting]) .queues {
      grid-template-columns: fit-content(45%) minmax(0, 1fr);
    }
    :host([presenting]) .chip {
      font-size: 1em;
      white-space: normal;
      overflow-wrap: anywhere;
    }
    /*
     * Presented, the slide is the loop picture (asyncio-loop-scene.ts): the recorded turn on the deck's one picture of
     * the loop, the program's few lines beside it at the hall's code size, one caption under it.
     */
    .presented .stage {
      display: grid;
      /* the listing's column: 30 characters of code (PRESENTED_WIDTH) and the panel's padding, at every step */
      grid-template-columns: minmax(0, 1fr) 20em;
      gap: 0.5em;
      align-items: start;
    }
    .presented hsw-loop-picture {
      height: 22.5em;
      /* beside the listing: the stack and _ready wide enough for a recorded callback's name, the ring as it needs */
      --lp-columns: minmax(0, 1.15fr) minmax(0, 1.3fr) minmax(0, 1.7fr);
    }
    .presented .side hsw-code {
      font-size: 1em;
      --hsw-code-line-height: 1.45;
    }
    .presented .side ol.phases {
      margin-top: 0.4em;
      font-size: var(--hsw-fs-small);
    }
    .presented .status.caption {
      font-size: 1em;
      color: var(--hsw-fg);
      min-height: 0;
      margin: 0.3em 0 0.1em;
    }
    @container ${narrowQuery} {
      /* the loop picture takes its narrow layout (ring on top, regions under it) and the height that needs */
      .presented hsw-loop-picture {
        height: auto;
      }
      .cols,
      .cols.rec,
      .presented .stage {
        grid-template-columns: minmax(0, 1fr);
      }
      .arrow {
        /* a long call name (call_later) breaks inside its half of the diagram */
        overflow-wrap: anywhere;
      }
      .diagram {
        grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
        grid-template-areas:
          'tasks tasks'
          'soon later'
          'run run'
          'ready sched'
          'due due'
          'io timeout'
          'sel sel';
      }
    }
  `,
];
