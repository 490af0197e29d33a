import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { demoHostStyles, narrowQuery, pillGroupStyles, pillStyles, srOnlyStyles } from '../ui/demo-styles.ts';
import { timelineStyles } from '../shared/timeline/timeline-styles.ts';

/**
 * tasks-gather: the strategies and the switch on top; below, the Python on the left and, on the right, the three
 * latency sliders, the timeline and what the caller got; the code and the sliders are disclosures. Presented, the
 * handler's lines and what it got on top, the timeline under them, the controls in a disclosure. One column when narrow. Type scale: nothing under
 * 0.75em (15 px); the timeline's SVG is drawn 1:1 in CSS pixels (its viewBox follows its box's width).
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  pillStyles,
  pillGroupStyles,
  srOnlyStyles,
  timelineStyles,
  css`
    .top {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3em 1em;
      align-items: center;
    }
    .pill span {
      font-family: var(--hsw-mono);
    }
    .fail {
      display: inline-flex;
      gap: 0.4em;
      align-items: center;
      font-size: var(--hsw-fs-note);
      font-weight: 600;
      cursor: pointer;
    }
    .fail input {
      width: 1.1em;
      height: 1.1em;
      margin: 0;
      accent-color: var(--hsw-bad);
    }
    .main {
      display: grid;
      grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr);
      gap: 0.6em 1em;
      margin-top: 0.5em;
      align-items: start;
    }
    hsw-code {
      font-size: 0.85em;
    }
    .sliders {
      display: grid;
      grid-template-columns: repeat(3, minmax(0, 1fr));
      gap: 0.2em 0.8em;
    }
    .chart {
      margin-top: 0.3em;
    }
    svg.timeline .note {
      font-style: italic;
    }
    .wait-label {
      fill: var(--hsw-fg);
    }
    /* The calls are tasks, the handler awaiting them a coroutine: the deck's task colour (assets/theme.css), text on
       it in its ink; a cancelled or unattended call faint, outlined. */
    svg.timeline .bar-label {
      fill: var(--hsw-actor-task-text);
    }
    svg.timeline .waiting {
      stroke: var(--hsw-actor-task);
    }
    svg.timeline rect.cancelled {
      fill-opacity: 0.45;
      stroke: var(--hsw-actor-task);
    }
    .unattended {
      fill: var(--hsw-actor-task);
      fill-opacity: 0.3;
      stroke: var(--hsw-actor-task);
      stroke-dasharray: 4 3;
    }
    .end-mark {
      font-weight: 700;
    }
    .end-mark.result {
      fill: var(--hsw-good-text);
    }
    .end-mark.exception,
    .end-mark.cancelled {
      fill: var(--hsw-bad-text);
    }
    line.failure {
      stroke: var(--hsw-bad);
      stroke-width: 2;
      stroke-dasharray: 6 3;
    }
    line.resume {
      stroke: var(--hsw-focus);
      stroke-width: 2;
    }
    .marker-label.failure {
      fill: var(--hsw-bad-text);
      font-weight: 600;
    }
    .marker-label.resume {
      fill: var(--hsw-fg);
      font-weight: 600;
    }
    .figures {
      font-size: 0.9em;
      line-height: 1.35;
    }
    .figures p {
      margin: 0.25em 0;
    }
    .figures code {
      font-family: var(--hsw-mono);
      background: var(--hsw-code-bg);
      color: var(--hsw-code-fg);
      padding: 0 0.25em;
      border-radius: 0.2em;
      overflow-wrap: anywhere;
    }
    .figures code.bad {
      color: var(--hsw-bad-text);
    }
    .right {
      display: flex;
      flex-direction: column;
    }
    /* Presented: the handler (at the code's 23 px) beside when it resumed and what it got, the timeline below across
       the stage; the strategies, the switch and the latencies in a closed disclosure under what it got. */
    /* as tall as the longest handler (six lines, 222 px), so that the timeline stands still from step to step */
    .head {
      display: grid;
      grid-template-columns: auto minmax(0, 1fr);
      gap: 0.4em 1em;
      align-items: start;
      min-height: 10.1em;
    }
    hsw-code.few {
      font-size: 1em;
    }
    .head .figures {
      font-size: 1em;
    }
    .head .figures p {
      margin: 0 0 0.4em;
    }
    @container ${narrowQuery} {
      .main {
        grid-template-columns: minmax(0, 1fr);
      }
      .sliders {
        grid-template-columns: minmax(0, 1fr);
      }
      /* presented on a phone: the handler above what it got (side by side, what it got was one letter wide) */
      .head {
        grid-template-columns: minmax(0, 1fr);
        min-height: 0;
      }
      hsw-code.few {
        font-size: 0.8em;
      }
    }
  `,
];
