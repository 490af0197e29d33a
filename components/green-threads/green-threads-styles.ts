import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import {
  calloutStyles,
  demoHostStyles,
  narrowQuery,
  pillRowStyles,
  srOnlyStyles,
  topBarStyles,
} from '../ui/demo-styles.ts';

/**
 * The green-threads demo: controls on top, the OS threads (lanes) and the queues on the left, what the runtime did
 * and the memory on the right, the step buttons and sliders below. Type scale: nothing under 0.75em (15 px).
 * Presented, the action, the measured figures, the memory, the step buttons and the sliders are closed disclosures.
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  pillRowStyles,
  srOnlyStyles,
  topBarStyles,
  css`
    section {
      display: flex;
      flex-direction: column;
      gap: 0.3em;
    }
    p {
      margin: 0;
    }
    fieldset {
      font-size: var(--hsw-fs-note);
    }
    fieldset[hidden] {
      display: none;
    }
    legend {
      float: left;
      margin-right: 0.4em;
      color: var(--hsw-muted);
    }
    .panels {
      display: flex;
      gap: 0.3em;
    }
    .main {
      display: grid;
      grid-template-columns: minmax(0, 1.05fr) minmax(0, 1fr);
      gap: 0.4em 1em;
      align-items: start;
    }
    /* One set of columns for every lane (subgrid): the name column as wide as the longest name ("планировщик 1"),
       so that no name is cut or covered by its lane's chip. */
    .lanes {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      grid-template-columns: max-content 3.4em minmax(0, 1fr);
      gap: 0.15em 0.5em;
      font-size: var(--hsw-fs-note);
    }
    .lane {
      display: grid;
      grid-column: 1 / -1;
      grid-template-columns: subgrid;
      gap: 0.5em;
      align-items: center;
      padding: 0.1em 0.4em;
      border-radius: 0.3em;
      background: var(--hsw-panel);
      /* an OS thread in the deck's thread colour (assets/theme.css), whatever it does: its status says that */
      border-left: 4px solid var(--hsw-actor-thread);
      line-height: 1.25;
    }
    .lane.idle {
      color: var(--hsw-muted);
    }
    .lane.extra .lane-name {
      font-style: italic;
    }
    .lane-name {
      font-variant-numeric: tabular-nums;
      white-space: nowrap;
    }
    .lane-status {
      color: var(--hsw-muted);
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .lane.kernel .lane-status,
    .lane.pinned .lane-status {
      color: var(--hsw-bad-text);
    }
    .chip {
      display: inline-block;
      min-width: 2.4em;
      padding: 0 0.3em;
      border-radius: 0.3em;
      background: var(--hsw-control-bg);
      /* a task (goroutine, virtual thread, process) in the deck's task colour; the one followed filled with it */
      border: 2px solid var(--hsw-actor-task);
      text-align: center;
      font-variant-numeric: tabular-nums;
    }
    .chip.first {
      background: var(--hsw-actor-task);
      color: var(--hsw-actor-task-text);
      font-weight: 600;
    }
    .pool {
      margin-top: 0.3em;
      font-size: var(--hsw-fs-note);
      display: grid;
      gap: 0.1em;
    }
    .pool-label {
      color: var(--hsw-muted);
    }
    .chips {
      display: flex;
      flex-wrap: wrap;
      gap: 0.2em;
      min-height: 1.4em;
    }
    .more,
    .empty {
      color: var(--hsw-muted);
      align-self: center;
    }
    .side {
      display: grid;
      gap: 0.3em;
    }
    .side .callout {
      margin: 0;
      font-size: var(--hsw-fs-note);
    }
    .when {
      display: flex;
      justify-content: space-between;
      gap: 1em;
      color: var(--hsw-muted);
      font-variant-numeric: tabular-nums;
    }
    .when strong {
      color: var(--hsw-fg);
    }
    .note,
    .measured,
    .memory {
      font-size: var(--hsw-fs-note);
      line-height: 1.3;
    }
    .note {
      color: var(--hsw-muted);
    }
    .measured {
      border-left: 3px solid var(--hsw-good);
      padding-left: 0.5em;
    }
    .memory {
      display: grid;
      gap: 0.1em;
    }
    .memory .note {
      font-size: 1em;
    }
    .tag {
      color: var(--hsw-good-text);
      white-space: nowrap;
    }
    code {
      font-family: var(--hsw-mono);
      font-size: 0.95em;
    }
    .sliders {
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
      gap: 0.2em 1em;
    }
    .step-row {
      display: flex;
      gap: 1em;
      align-items: center;
    }
    .quiz h3 {
      margin: 0.2em 0 0.3em;
      font-size: 1em;
      line-height: 1.3;
    }
    .choices {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
      gap: 0.3em;
    }
    .choices button {
      width: 100%;
      text-align: left;
    }
    .choices button.right {
      border-color: var(--hsw-good);
      outline: 2px solid var(--hsw-good);
    }
    .choices button.wrong {
      border-color: var(--hsw-bad);
    }
    /* workshop mode: the question's tab says when voting is open */
    .vote-open {
      color: var(--hsw-accent-text);
      font-weight: 700;
    }
    button[aria-pressed='true'] .vote-open {
      color: inherit;
    }
    /* workshop mode, after the reveal: the room's votes per choice */
    .tally {
      display: flex;
      align-items: center;
      gap: 0.5em;
      margin-top: 0.2em;
    }
    .tally .bar {
      display: block;
      height: 0.6em;
      min-width: 0.2em;
      max-width: 65%;
      background: var(--hsw-accent);
      border-radius: 0.2em;
    }
    .tally .count {
      font-weight: 600;
      white-space: nowrap;
    }
    .num {
      display: inline-block;
      min-width: 1.3em;
      font-weight: 700;
      color: var(--hsw-accent-text);
    }
    button[aria-pressed='true'] .num {
      color: inherit;
    }
    .quiz-row {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3em 0.8em;
      align-items: center;
      margin-top: 0.3em;
    }
    .quiz-status {
      font-size: var(--hsw-fs-note);
      color: var(--hsw-muted);
    }
    .quiz-status.right {
      color: var(--hsw-good-text);
      font-weight: 600;
    }
    .quiz-status.wrong {
      color: var(--hsw-bad-text);
      font-weight: 600;
    }
    .quiz .callout {
      font-size: var(--hsw-fs-note);
    }
    .quiz .callout p + p {
      margin-top: 0.3em;
    }
    .figures-body {
      display: grid;
      gap: 0.3em;
    }
    /* Presented: the lanes (a running one says so by its colour and task), the queues (an empty parked queue is not
       drawn) and what the runtime did; the rest behind the two closed disclosures. */
    :host([presenting]) .lanes,
    :host([presenting]) .pool {
      font-size: 1.15em;
    }
    :host([presenting]) .side .callout {
      font-size: 1.2em;
    }
    :host([presenting]) .main {
      grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr);
    }
    :host([presenting]) .lanes {
      grid-template-columns: max-content 3.2em minmax(0, 1fr);
      gap: 0.3em 0.5em;
    }
    :host([presenting]) .lane {
      padding: 0.5em 0.6em;
      border-left-width: 6px;
    }
    :host([presenting]) .chip {
      padding: 0.1em 0.3em;
    }
    :host([presenting]) .pool {
      margin-top: 0.6em;
      gap: 0.3em;
    }
    /* presented, a lane's status is read whole ("закреплён: заблокирован в ядре"), on a second line if need be */
    :host([presenting]) .lane-status {
      white-space: normal;
    }
    @container ${narrowQuery} {
      .main,
      .sliders,
      .choices {
        grid-template-columns: minmax(0, 1fr);
      }
      /* presented on a phone: one column too (the presented two would cut the status and squeeze a lane's words
         to a letter a line) */
      :host([presenting]) .main {
        grid-template-columns: minmax(0, 1fr);
      }
    }
  `,
];
