import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import {
  calloutStyles,
  demoHostStyles,
  narrowQuery,
  pillGroupStyles,
  pillStyles,
  srOnlyStyles,
} from '../ui/demo-styles.ts';
import { timelineStyles } from '../shared/timeline/timeline-styles.ts';

/**
 * The variant pills and the debug switch on top; the listing beside the heartbeat's figures and the verdict; the
 * timeline of lanes (loop thread, pool threads or processes, heartbeat, log) across the width; the log's lines
 * under it. Nothing under the hall's floor (`--hsw-fs-small`, 0.75em). Presented: the lines the variant changes, one line
 * of figures, the timeline (taller lanes) and the log; the variants, debug mode, the listing and the verdict in a
 * disclosure.
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  pillStyles,
  pillGroupStyles,
  srOnlyStyles,
  timelineStyles,
  css`
    .pill span {
      padding: 0.15em 0.5em;
      font-family: var(--hsw-mono);
    }
    .debug {
      display: flex;
      /* PYTHONASYNCIODEBUG=1 breaks rather than widen a narrow frame */
      overflow-wrap: anywhere;
      gap: 0.35em;
      align-items: baseline;
      font-size: var(--hsw-fs-note);
      margin-bottom: 0.3em;
    }
    .middle {
      display: grid;
      grid-template-columns: minmax(0, 1.45fr) minmax(0, 1fr);
      gap: 0.6em;
      margin-top: 0.35em;
      align-items: start;
    }
    .figures p {
      margin: 0 0 0.2em;
      font-size: var(--hsw-fs-note);
    }
    .figures .big {
      font-size: 1em;
      font-weight: 700;
    }
    .figures .bad {
      color: var(--hsw-bad-text);
    }
    .figures .good {
      color: var(--hsw-good-text);
    }
    .line {
      margin: 0.25em 0 0.2em;
    }
    /* presented: the few lines the variant changes, at the code's 23 px; room held for the longest excerpt (four
       lines: the listing's padding and borders, 1.2em and 2 px), so that the figures and the timeline under it stand
       still from step to step */
    hsw-code.few {
      font-size: 1em;
    }
    .few-room {
      min-height: calc(4 * 1.45em + 1.2em + 2px);
    }
    .line {
      font-weight: 700;
    }
    .line.bad {
      color: var(--hsw-bad-text);
    }
    .line.good {
      color: var(--hsw-good-text);
    }
    hsw-details {
      margin-top: 0.3em;
    }
    .verdict.callout {
      margin: 0.3em 0 0;
      font-size: var(--hsw-fs-note);
      line-height: 1.3;
    }
    svg.timeline rect.select {
      stroke: var(--hsw-border);
    }
    /* a thread waiting for the GIL: the thread's outline; a request waiting: the task's (one colour per actor) */
    svg.timeline rect.gil {
      stroke: var(--hsw-actor-thread);
      stroke-width: 2;
    }
    svg.timeline .waiting[data-actor='task'] {
      stroke: var(--hsw-actor-task);
    }
    svg.timeline .bar-label.on-thread {
      fill: var(--hsw-actor-thread-text);
    }
    .swatch.select {
      background: var(--hsw-panel);
      border: 1px solid var(--hsw-border);
    }
    .swatch.block,
    .swatch.cpu {
      background: var(--hsw-actor-thread);
    }
    .swatch.gil {
      border: 2px solid var(--hsw-actor-thread);
    }
    .swatch.waiting {
      border-color: var(--hsw-actor-task);
    }
    /* The heartbeat's marks as drawn: a thin bar per tick, a dashed ring per tick asked for and never got. */
    .swatch.tick {
      width: 0.25em;
      margin: 0 0.33em;
      background: var(--hsw-actor-task);
    }
    .swatch.missed {
      border: 2px dashed var(--hsw-bad);
      border-radius: 50%;
    }
    .log {
      margin: 0.25em 0 0;
      padding: 0.3em 0.5em;
      list-style: none;
      background: var(--hsw-code-bg);
      color: var(--hsw-code-fg);
      border: 1px solid var(--hsw-border);
      border-radius: 0.3em;
      font-family: var(--hsw-mono);
      font-size: var(--hsw-fs-small);
      line-height: 1.3;
      overflow-wrap: anywhere;
    }
    .log li + li {
      margin-top: 0.2em;
    }
    .log .empty {
      color: var(--hsw-muted);
      font-family: var(--hsw-font);
    }
    .log .count {
      font-weight: 700;
      margin-right: 0.4em;
    }
    .log .warn {
      border-left: 4px solid var(--hsw-warn);
      padding-left: 0.4em;
    }
    @container ${narrowQuery} {
      .middle {
        grid-template-columns: minmax(0, 1fr);
      }
    }
  `,
];
