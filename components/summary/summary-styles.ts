import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { calloutStyles, demoHostStyles, narrowQuery, srOnlyStyles } from '../ui/demo-styles.ts';

/** The score card beside the chapter links; each quiz a row with its result. Nothing under 0.75em. */
export const styles = [
  srOnlyStyles,
  controlStyles,
  demoHostStyles,
  calloutStyles,
  css`
    section {
      display: grid;
      grid-template-columns: minmax(0, 1.4fr) minmax(0, 1fr);
      gap: 1em;
      align-items: start;
    }
    h3 {
      margin: 0 0 0.3em;
      font-size: 1em;
      color: var(--hsw-muted);
      font-weight: 600;
    }
    .score-card,
    .chapters {
      border: 1px solid var(--hsw-border);
      border-radius: 0.5em;
      background: var(--hsw-panel);
      padding: 0.5em 0.8em 0.6em;
    }
    .score {
      margin: 0 0 0.3em;
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      gap: 0.2em 0.7em;
    }
    .title {
      color: var(--hsw-muted);
      font-weight: 600;
    }
    .big {
      font-size: 1.6em;
      font-weight: 700;
      font-variant-numeric: tabular-nums;
    }
    .note {
      color: var(--hsw-muted);
      font-size: var(--hsw-fs-note);
    }
    .message {
      font-size: var(--hsw-fs-note);
      margin: 0.3em 0;
    }
    ul.quizzes,
    .chapters ol {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    /* a quiz's link, its chapter, its result at the end of the line; what does not fit wraps to a line of its own
       (a long title on a phone), never over its neighbour */
    ul.quizzes li {
      display: flex;
      flex-wrap: wrap;
      gap: 0 0.6em;
      align-items: baseline;
      padding: 0.2em 0;
      border-top: 1px solid var(--hsw-border);
      font-size: var(--hsw-fs-note);
    }
    .chapter {
      color: var(--hsw-muted);
      /* 0.9 of the row's 0.85em: 15.3 px, above the floor. */
      font-size: 0.9em;
    }
    .result {
      white-space: nowrap;
      font-weight: 600;
      margin-left: auto;
    }
    li.right .result {
      color: var(--hsw-good-text);
    }
    li.wrong .result {
      color: var(--hsw-bad-text);
    }
    li.unanswered .result {
      color: var(--hsw-muted);
    }
    /* In a workshop, on the projector, the room's results and the top ten keep the self-paced size: at the
       presented one their ten rows would not fit the slide (workshop.spec.ts). */
    :host([presenting]) section:has(.room) {
      font-size: 20px;
      --hsw-fs-small: 0.75em;
      --hsw-fs-note: 0.85em;
    }
    /* in a workshop: the room's results, the top nicknames */
    .room .name {
      font-weight: 600;
    }
    /* Three columns with the top nicknames: every row stays in the slide's upper part at 1280×720, clear of the
       workshop's bar (bottom left) and reveal's arrows (bottom right). */
    section.with-top {
      grid-template-columns: minmax(0, 1.45fr) minmax(0, 1fr) auto;
    }
    /* a quiz's title and chapter flow as one label (wrapping under each other when narrow), its result beside */
    .room ul.quizzes li {
      flex-wrap: nowrap;
    }
    .room ul.quizzes .label {
      flex: 1 1 0;
      min-width: 0;
    }
    ol.top {
      margin: 0;
      padding-left: 1.4em;
      font-size: var(--hsw-fs-note);
    }
    ol.top .nick {
      font-weight: 600;
      overflow-wrap: anywhere;
    }
    ol.top .result {
      font-weight: 400;
    }
    a {
      color: var(--hsw-accent-text);
      border-radius: 0.2em;
    }
    a:focus-visible {
      outline: 3px solid var(--hsw-focus);
      outline-offset: 1px;
    }
    .chapters li {
      padding: 0.15em 0;
      font-size: var(--hsw-fs-note);
    }
    .chapters a {
      color: var(--hsw-fg);
      text-decoration: none;
      font-weight: 600;
    }
    .chapters a:hover {
      text-decoration: underline;
    }
    .num {
      color: var(--hsw-accent-text);
      margin-right: 0.4em;
    }
    /* The picture: each chapter's question, an arrow, its answer; one row a chapter. */
    ol.answers {
      list-style: none;
      margin: 0 0 1em;
      padding: 0;
      display: grid;
      gap: 0.4em;
    }
    ol.answers li {
      display: grid;
      grid-template-columns: minmax(0, 1fr) 1.5em minmax(0, 1fr);
      gap: 0.5em;
      align-items: center;
      padding: 0.4em 0.8em;
      border: 1px solid var(--hsw-border);
      border-left: 0.3em solid var(--hsw-accent);
      border-radius: 0.5em;
      background: var(--hsw-panel);
    }
    ol.answers .q {
      color: var(--hsw-fg);
      text-decoration: none;
    }
    ol.answers .q:hover {
      text-decoration: underline;
    }
    ol.answers .arrow::before {
      content: '→';
      color: var(--hsw-muted);
    }
    ol.answers .a {
      font-weight: 700;
      color: var(--hsw-accent-text);
    }
    /* Presented to a hall: the picture alone, its rows sharing the stage's height, the answers large. */
    :host([presenting]) {
      height: 100%;
    }
    :host([presenting]) ol.answers.alone {
      height: 100%;
      margin: 0;
      grid-auto-rows: minmax(min-content, 1fr);
      gap: 0.5em;
    }
    :host([presenting]) ol.answers li {
      padding: 0.3em 1em;
    }
    :host([presenting]) ol.answers .q {
      font-size: 1.1em;
    }
    :host([presenting]) ol.answers :is(.a, .arrow) {
      font-size: 1.3em;
    }
    @container ${narrowQuery} {
      section,
      section.with-top {
        grid-template-columns: minmax(0, 1fr);
      }
      ol.answers li {
        grid-template-columns: minmax(0, 1fr);
        gap: 0.1em;
      }
      ol.answers .arrow {
        display: none;
      }
    }
  `,
];
