import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { calloutStyles, demoHostStyles, narrowQuery, pillStyles } from '../ui/demo-styles.ts';

/** The observe demo. Type scale: the terminal and every label at 0.75em (15 px) or more. */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  pillStyles,
  css`
    section {
      display: flex;
      flex-direction: column;
      gap: 0.35em;
    }
    p {
      margin: 0;
    }
    .modes {
      display: flex;
      gap: 0.4em;
      align-items: center;
      flex-wrap: wrap;
    }
    .recorded {
      font-size: var(--hsw-fs-small);
      color: var(--hsw-muted);
      margin-left: 0.6em;
    }
    .layout {
      display: grid;
      grid-template-columns: minmax(15em, 1fr) minmax(0, 3.4fr);
      gap: 0.8em;
      align-items: start;
    }
    fieldset {
      border: 0;
      margin: 0 0 0.4em;
      padding: 0;
      display: flex;
      flex-wrap: wrap;
      gap: 0.3em;
      font-size: var(--hsw-fs-note);
    }
    legend {
      font-weight: 600;
      margin-bottom: 0.25em;
      padding: 0;
    }
    .choices.process .pill {
      flex: 1 1 100%;
    }
    .choices.process .pill span,
    .choices.command .pill span {
      width: 100%;
      padding: 0.15em 0.5em;
    }
    .choices.command .pill {
      flex: 1 1 100%;
    }
    .choices.command .pill span {
      font-family: var(--hsw-mono);
      font-size: 0.9em;
    }
    .answers {
      font-size: 1em;
    }
    .answers button {
      flex: 1 1 100%;
      text-align: left;
    }
    .answers button.right {
      border-color: var(--hsw-good);
      border-width: 3px;
    }
    .answers button.wrong {
      border-color: var(--hsw-bad);
      border-width: 3px;
    }
    .answers button:disabled {
      opacity: 1;
    }
    .game-nav {
      display: flex;
      gap: 0.4em;
      flex-wrap: wrap;
      margin-top: 0.3em;
    }
    .round,
    .score {
      font-size: var(--hsw-fs-note);
      font-weight: 600;
    }
    .program,
    .hint {
      font-size: var(--hsw-fs-note);
      color: var(--hsw-muted);
    }
    .program {
      font-family: var(--hsw-mono);
      font-size: var(--hsw-fs-small);
    }
    .out {
      display: flex;
      flex-direction: column;
      gap: 0.3em;
      min-width: 0;
    }
    .term {
      margin: 0;
      padding: 0.5em 0.7em;
      background: var(--hsw-code-bg);
      color: var(--hsw-code-fg);
      border: 1px solid var(--hsw-border);
      border-radius: 0.4em;
      font-family: var(--hsw-mono);
      font-size: var(--hsw-fs-small);
      line-height: 1.4;
      white-space: pre;
      overflow-x: auto;
      tab-size: 8;
      min-height: 6em;
    }
    /* Presented: the telling lines at 1.3em (30 px), in a terminal of one height at every step, so that the picture
       keeps its frame; what they say in a line under it. */
    .presented > .term {
      font-size: 1.3em;
      line-height: 1.4;
      min-height: calc(6 * 1.4em);
    }
    .presented hsw-details .term {
      font-size: var(--hsw-fs-small);
    }
    .presented > .verdict {
      font-size: 1.3em;
      font-weight: 600;
      padding: 0.35em 0.7em;
    }
    .game.presented {
      display: flex;
      flex-direction: column;
      gap: 0.4em;
    }
    .game.presented > .term {
      min-height: calc(4 * 1.4em);
    }
    .game.presented .answers {
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
      gap: 0.35em 0.6em;
      margin: 0;
    }
    .game.presented .answers legend {
      grid-column: 1 / -1;
      float: left;
      font-size: 1.1em;
    }
    .game.presented .answers button {
      font-size: 1.15em;
      padding: 0.45em 0.7em;
    }
    .game.presented .verdict-line,
    .game.presented [data-figure='verdict'] .callout {
      font-size: 1.1em;
    }
    .game-row {
      display: flex;
      align-items: center;
      gap: 1em;
    }
    .game-row .game-nav {
      margin: 0;
    }
    .term .cmd {
      color: var(--hsw-code-title);
      font-weight: 600;
    }
    .term .telling {
      background: var(--hsw-code-current);
      box-shadow: -0.3em 0 0 var(--hsw-accent);
    }
    .term .trim {
      color: var(--hsw-code-comment);
      font-style: italic;
    }
    .growth {
      font-size: var(--hsw-fs-note);
      font-weight: 600;
    }
    .meaning,
    .callout {
      font-size: var(--hsw-fs-note);
      margin: 0;
    }
    @container ${narrowQuery} {
      .layout {
        grid-template-columns: minmax(0, 1fr);
      }
      .choices.command .pill {
        flex: 1 1 45%;
      }
    }
  `,
];
