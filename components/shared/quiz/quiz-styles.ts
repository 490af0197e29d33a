import { css } from 'lit';
import { controlStyles } from '../../ui/theme.ts';
import { calloutStyles, demoHostStyles, narrowQuery } from '../../ui/demo-styles.ts';

/**
 * The quiz's look. Wide: the question (lead, code, the question itself) on the left, the choices on the right (or,
 * behind its tab, the quiz's extra panel in their place), and after the answer the explanation across the whole
 * width below. Narrow: one column.
 * Nothing is smaller than 0.75em of the 20 px host (15 px); a rule nested in an em-sized box says so beside it.
 */
export const quizStyles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  css`
    .quiz {
      display: grid;
      grid-template-columns: minmax(0, 0.8fr) minmax(0, 1.2fr);
      grid-template-areas:
        'question answers'
        'panel panel';
      gap: 0.4em 1.2em;
      align-items: start;
    }
    .question {
      grid-area: question;
    }
    .answers {
      grid-area: answers;
    }
    .panel {
      grid-area: panel;
      min-width: 0;
    }
    /* presenting: the code at 20 px needs half the width (the FastAPI handler's longest line is 40 characters) */
    :host([presenting]) .quiz {
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
      grid-template-areas:
        'question answers'
        'panel answers';
      grid-template-rows: auto 1fr;
    }
    @container ${narrowQuery} {
      .quiz,
      :host([presenting]) .quiz {
        grid-template-columns: minmax(0, 1fr);
        grid-template-areas: 'question' 'answers' 'panel';
        grid-template-rows: none;
      }
    }
    .lead {
      margin: 0 0 0.5em;
      font-size: 1.1em;
      line-height: 1.35;
    }
    hsw-code {
      font-size: 0.85em;
    }
    :host([presenting]) hsw-code {
      font-size: 0.9em;
    }
    /* presenting: the question and its choices, and room to read them from the back */
    :host([presenting]) .ask {
      font-size: 1.2em;
    }
    :host([presenting]) ol button {
      font-size: 1.1em;
    }
    /* Presented, the choices share the stage's height: the answers' column runs to the bottom, one tall row each. */
    :host([presenting]) {
      height: 100%;
    }
    :host([presenting]) .quiz {
      height: 100%;
    }
    :host([presenting]) .answers {
      height: 100%;
      display: flex;
      flex-direction: column;
    }
    /* (a choice of three lines, the reveal's mark under it, grows its row and pushes the status down) */
    :host([presenting]) .answers > [role='group'] {
      flex: 1 0 auto;
    }
    :host([presenting]) ol {
      height: 100%;
      grid-auto-rows: auto;
      align-content: stretch;
      gap: 0.5em;
    }
    :host([presenting]) ol button {
      height: 100%;
      align-content: center;
    }
    .ask {
      margin: 0.5em 0 0.6em;
      font-size: 1.1em;
      font-weight: 600;
      line-height: 1.35;
      color: var(--hsw-heading);
    }
    .presenter-switch {
      display: inline-flex;
      gap: 0.4em;
      align-items: center;
      cursor: pointer;
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
    }
    .presenter-switch input {
      width: 1.1em;
      height: 1.1em;
      margin: 0;
    }
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: 0.35em;
    }
    ol button {
      position: relative;
      width: 100%;
      text-align: left;
      display: grid;
      grid-template-columns: auto minmax(0, 1fr) auto;
      gap: 0.2em 0.6em;
      align-items: start;
      padding: 0.4em 0.7em;
      font-size: var(--hsw-fs-note);
      line-height: 1.3;
    }
    ol button[aria-disabled='true'] {
      cursor: default;
    }
    .num {
      font-weight: 700;
      color: var(--hsw-accent-text);
      min-width: 1.2em;
    }
    button.right {
      border: 2px solid var(--hsw-good);
    }
    button.wrong {
      border: 2px solid var(--hsw-bad);
    }
    ol button[aria-pressed='true'] {
      background: var(--hsw-panel);
      color: var(--hsw-fg);
    }
    ol button[aria-pressed='true']:not(.right):not(.wrong) {
      border: 2px solid var(--hsw-accent);
    }
    /* inside a 0.85em button: 0.9em of it is 15.3 px; presenting, as large as the choice (20.7 px) */
    .mark {
      grid-column: 2;
      font-size: 0.9em;
      font-weight: 600;
    }
    :host([presenting]) .mark {
      font-size: 1em;
    }
    .mark.right {
      color: var(--hsw-good-text);
      border: none;
    }
    .mark.wrong {
      color: var(--hsw-bad-text);
      border: none;
    }
    .mark.vote {
      color: var(--hsw-accent-text);
    }
    /* workshop mode, after the reveal: the room's votes per choice, as a bar and a count */
    .tally {
      display: contents;
    }
    /* the bar along the choice's bottom edge: no height of its own */
    .tally .bar {
      position: absolute;
      left: 0;
      bottom: 0;
      height: 0.3em;
      min-width: 0.3em;
      background: var(--hsw-accent);
      border-radius: 0 0.2em 0.2em 0;
    }
    .tally .count {
      grid-column: 3;
      grid-row: 1 / span 2;
      align-self: center;
      font-weight: 700;
      white-space: nowrap;
    }
    /* presented, the histogram of the room's votes reads from the back: a thicker bar under each choice */
    :host([presenting]) .tally .bar {
      height: 0.5em;
    }
    .status.in {
      color: var(--hsw-accent-text);
    }
    .status-row {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: 0.3em 0.8em;
      margin: 0.5em 0 0;
    }
    .status {
      margin: 0;
      font-weight: 600;
      font-size: var(--hsw-fs-note);
      line-height: 1.3;
      min-height: 1.3em;
      flex: 1 1 14em;
    }
    .status.right {
      color: var(--hsw-good-text);
    }
    .status.wrong {
      color: var(--hsw-bad-text);
    }
    .status.hidden {
      color: var(--hsw-muted);
      font-weight: 400;
    }
    /* The voting step: the choices lit as vote targets (an inset ring and a filled number: no change of size) and the
       status a banner, faded in over 300 ms (at once under reduced motion). */
    ol button,
    .num,
    .status {
      transition:
        box-shadow 300ms ease,
        background-color 300ms ease,
        color 300ms ease;
    }
    @media (prefers-reduced-motion: reduce) {
      ol button,
      .num,
      .status {
        transition: none;
      }
    }
    .quiz.voting ol button {
      box-shadow: inset 0 0 0 3px var(--hsw-accent);
    }
    .quiz.voting .num {
      background: var(--hsw-accent);
      color: var(--hsw-on-accent);
      border-radius: 0.3em;
      text-align: center;
    }
    .status.voting {
      background: var(--hsw-accent);
      color: var(--hsw-on-accent);
      font-weight: 700;
      border-radius: 0.3em;
      padding: 0 0.4em;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4em;
    }
    /* controlStyles' buttons are 0.9em: 0.85em of that is 15.3 px (presenting, 1em of it: 20.7 px) */
    .actions button {
      font-size: 0.85em;
    }
    :host([presenting]) .actions button {
      font-size: 1em;
    }
    .explanation {
      margin: 0.2em 0 0;
      font-size: var(--hsw-fs-note);
    }
    .explanation h3 {
      margin: 0.2em 0;
      font-size: 1em;
    }
    .explanation p {
      margin: 0.3em 0;
    }
    /* The presented reveal: the explanation's short paragraph in the question's place, as large as the question was */
    :host([presenting]) .explanation.short {
      margin: 0.6em 0 0;
      font-size: 1.2em;
      line-height: 1.35;
    }
    .explanation.short p {
      margin: 0;
    }
    /* Presented, the explanation is at the hall's floor (0.9em): its "More" and its code stay there, not a step under. */
    :host([presenting]) .explanation hsw-details {
      --hsw-fs-note: 1em;
    }
    :host([presenting]) .explanation code {
      font-size: 1em;
    }
    code {
      font-family: var(--hsw-mono);
      font-size: 0.92em;
      background: var(--hsw-code-bg);
      color: var(--hsw-code-fg);
      padding: 0 0.2em;
      border-radius: 0.2em;
    }
    .keys {
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      margin: 0.4em 0 0;
      line-height: 1.35;
    }
  `,
];
