import { css } from 'lit';
import { narrowQuery } from '../ui/demo-styles.ts';
import { quizStyles } from '../shared/quiz/quiz-styles.ts';

/**
 * The shared quiz's look, plus the simulator panel that takes the choices' place after the answer: the versions to
 * run, two by two, then the program beside how the run ended; one column when narrow.
 */
export const styles = [
  ...quizStyles,
  css`
    .sim {
      margin-top: 0.5em;
      font-size: 0.85em;
    }
    .sim p {
      margin: 0.25em 0;
      line-height: 1.35;
    }
    .variants {
      display: grid;
      grid-template-columns: repeat(2, minmax(0, 1fr));
      gap: 0.35em;
      margin: 0.4em 0 0.6em;
    }
    /* controlStyles' buttons are 0.9em: in this 0.85em panel, 17 × 0.9 = 15.3 px */
    .variants button {
      text-align: left;
    }
    .result {
      display: grid;
      grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr);
      gap: 0.5em 0.9em;
      align-items: start;
    }
    pre {
      margin: 0;
      padding: 0.5em 0.7em;
      background: var(--hsw-code-bg);
      color: var(--hsw-code-fg);
      border: 1px solid var(--hsw-border);
      border-radius: 0.4em;
      font-family: var(--hsw-mono);
      /* 0.9 × 17 = 15.3 px */
      font-size: 0.9em;
      line-height: 1.35;
      overflow: auto;
    }
    pre code {
      background: none;
      padding: 0;
      font-size: 1em;
    }
    .end {
      font-weight: 600;
    }
    .end.bad {
      color: var(--hsw-bad-text);
    }
    .end.good {
      color: var(--hsw-good-text);
    }
    /* presenting: 0.9em of the 23 px host, and nothing smaller inside (20 px on the projector) */
    :host([presenting]) .sim {
      font-size: 0.9em;
    }
    :host([presenting]) .sim pre,
    :host([presenting]) .variants button {
      font-size: 1em;
    }
    @container ${narrowQuery} {
      .variants,
      .result {
        grid-template-columns: minmax(0, 1fr);
      }
      /* presented on a phone, one column too (the presented two columns outweighed the shared quiz's narrow rule:
         the choices were 120 px wide, "переполнение" ran out of its card), each choice as tall as its words */
      :host([presenting]) .quiz {
        grid-template-columns: minmax(0, 1fr);
        grid-template-areas: 'question' 'answers' 'panel';
        grid-template-rows: none;
        height: auto;
      }
      :host([presenting]) .answers,
      :host([presenting]) ol,
      :host([presenting]) ol button {
        height: auto;
      }
    }
  `,
];
