import { css } from 'lit';
import { narrowQuery } from '../ui/demo-styles.ts';
import { quizStyles } from '../shared/quiz/quiz-styles.ts';

/**
 * The shared quiz's look, plus the panel that takes the choices' place after the answer: two sliders, then one
 * row per handler kind (its name, a bar to the last answer cut into its rounds, the figure). One column when narrow.
 */
export const styles = [
  ...quizStyles,
  css`
    .kinds-panel {
      margin-top: 0.4em;
      font-size: 0.9em;
    }
    .kinds-panel p {
      margin: 0.2em 0;
      line-height: 1.35;
    }
    .sliders {
      display: grid;
      grid-template-columns: repeat(2, minmax(0, 1fr));
      gap: 0.2em 1em;
      margin: 0.3em 0 0.4em;
    }
    .rows {
      display: grid;
      gap: 0.7em;
      margin-top: 0.2em;
    }
    .row-head {
      display: flex;
      flex-wrap: wrap;
      gap: 0 0.6em;
      align-items: baseline;
      justify-content: space-between;
    }
    .name {
      font-size: 1.05em;
    }
    .row code {
      font-family: var(--hsw-mono);
      background: var(--hsw-code-bg);
      color: var(--hsw-code-fg);
      padding: 0 0.25em;
      border-radius: 0.2em;
    }
    .value {
      font-weight: 700;
      font-variant-numeric: tabular-nums;
      white-space: nowrap;
    }
    .row.bad .value {
      color: var(--hsw-bad-text);
    }
    .row.good .value {
      color: var(--hsw-good-text);
    }
    .how {
      color: var(--hsw-muted);
      /* in this 0.9em panel: 0.85 × 18 = 15.3 px */
      font-size: 0.85em;
    }
    .bar {
      display: flex;
      height: 1.2em;
      margin-top: 0.2em;
      background: var(--hsw-panel);
      border-radius: 0.2em;
      overflow: hidden;
    }
    .bar span {
      display: block;
      height: 100%;
      background: var(--hsw-series-2);
      box-shadow: inset -1px 0 0 var(--hsw-bg);
    }
    .row.bad .bar span {
      background: var(--hsw-bad);
    }
    .note {
      color: var(--hsw-muted);
      font-size: 0.85em;
    }
    @container ${narrowQuery} {
      .sliders {
        grid-template-columns: minmax(0, 1fr);
      }
    }
    /* presenting: the panel's 0.9em of the 23 px host, and nothing smaller inside (20 px on the projector) */
    :host([presenting]) .how,
    :host([presenting]) .note {
      font-size: 1em;
    }
  `,
];
