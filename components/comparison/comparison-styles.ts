import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { demoHostStyles, narrowQuery, srOnlyStyles } from '../ui/demo-styles.ts';

/**
 * The comparison: the workload's controls on top, the table below. The table is 0.75em (15 px, the type scale's
 * floor) so that six columns fit at 1280×720; on a phone each row becomes a card with the column names beside
 * the values. While presenting, the table and the workload's controls are closed disclosures and the models are a
 * list with their fit for the workload the clicker chose (a tick for those that fit, the words for the others) and,
 * under each name, the reason in a few words (#36: the notes speak it).
 */
export const styles = [
  controlStyles,
  demoHostStyles,
  srOnlyStyles,
  css`
    /* Presented, the workload the clicker chose heads the list, at the size of its rows: the step's question. */
    :host([presenting]) hsw-details.workload-box::part(summary) {
      font-size: 1.3em;
      font-weight: 700;
      color: var(--hsw-fg);
    }
    ul.fits {
      list-style: none;
      margin: 0.2em 0;
      padding: 0;
      display: grid;
      gap: 0.3em;
      font-size: 1.15em;
    }
    ul.fits li {
      display: flex;
      justify-content: space-between;
      align-items: center;
      gap: 1em;
      padding: 0.25em 0.5em;
      border-left: 6px solid var(--hsw-border);
    }
    ul.fits li.fit-good {
      background: color-mix(in srgb, var(--hsw-good) 16%, transparent);
      border-left-color: var(--hsw-good);
    }
    ul.fits li.fit-good .badge {
      color: var(--hsw-good-text);
    }
    ul.fits li.fit-care {
      border-left-color: var(--hsw-warn);
    }
    ul.fits li.fit-care .badge {
      color: var(--hsw-warn-text);
    }
    ul.fits li.fit-poor {
      color: var(--hsw-muted);
    }
    ul.fits li.fit-poor .badge {
      color: var(--hsw-bad-text);
    }
    ul.fits .name {
      font-weight: 700;
    }
    /* Why the model fits this workload or not (the deciding reason, short): what the speaker says at the step. */
    ul.fits .why {
      display: block;
      font-size: 0.85em;
      font-weight: 400;
      padding-left: 1.47em;
    }
    /* The actor the model runs a request on, in its colour across the deck. */
    ul.fits .actor {
      display: inline-block;
      width: 0.8em;
      height: 0.8em;
      margin-right: 0.45em;
      border-radius: 0.15em;
    }
    .actor[data-actor='thread'] {
      background: var(--hsw-actor-thread);
    }
    .actor[data-actor='loop'] {
      background: var(--hsw-actor-loop);
    }
    .actor[data-actor='task'] {
      background: var(--hsw-actor-task);
    }
    /* Presented, the five models fill the stage's height: one large row each. */
    :host([presenting]) ul.fits {
      font-size: 1.45em;
      gap: 0.3em;
      margin: 0.2em 0 0.3em;
      line-height: 1.2;
    }
    :host([presenting]) ul.fits li {
      padding: 0.2em 0.6em;
      border-left-width: 10px;
    }
    section {
      display: flex;
      flex-direction: column;
      gap: 0.35em;
    }
    p {
      margin: 0;
    }
    .controls {
      display: grid;
      gap: 0.3em;
    }
    .presets {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3em;
      align-items: center;
    }
    .presets button {
      font-size: var(--hsw-fs-note);
      min-height: 1.8em;
      padding: 0.2em 0.6em;
    }
    .muted {
      color: var(--hsw-muted);
      font-size: var(--hsw-fs-note);
    }
    .workload {
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.5fr);
      gap: 0.2em 1.2em;
      align-items: center;
    }
    .flags {
      display: flex;
      flex-wrap: wrap;
      gap: 0.1em 1em;
      font-size: var(--hsw-fs-note);
    }
    .check {
      display: inline-flex;
      gap: 0.35em;
      align-items: center;
      cursor: pointer;
    }
    .check input {
      width: 1.05em;
      height: 1.05em;
      accent-color: var(--hsw-accent);
    }
    table.models {
      width: 100%;
      border-collapse: collapse;
      font-size: var(--hsw-fs-small);
      line-height: 1.25;
    }
    .models th,
    .models td {
      text-align: left;
      vertical-align: top;
      /* 0.1em: the self-paced slide's body has a "More" line above the demo, and the longest example (the telecom
         system, in Russian) must still end above the arrows (chrome.spec.ts) */
      padding: 0.1em 0.45em;
      border-bottom: 1px solid var(--hsw-border);
    }
    .models thead th {
      color: var(--hsw-muted);
      font-weight: 600;
      white-space: nowrap;
    }
    .models th[scope='row'] {
      width: 17%;
      border-left: 5px solid transparent;
    }
    .models td:nth-child(2) {
      width: 13%;
    }
    .models td:nth-child(3) {
      width: 11%;
    }
    .models td:nth-child(4) {
      width: 5%;
    }
    .models td.fit {
      width: 27%;
    }
    .name {
      display: block;
      font-weight: 700;
    }
    .examples {
      display: block;
      color: var(--hsw-muted);
      font-weight: 400;
    }
    .badge {
      display: block;
      font-weight: 700;
      white-space: nowrap;
    }
    tr.fit-good {
      background: color-mix(in srgb, var(--hsw-good) 16%, transparent);
    }
    tr.fit-good th[scope='row'] {
      border-left-color: var(--hsw-good);
    }
    tr.fit-good .badge {
      color: var(--hsw-good-text);
    }
    tr.fit-care th[scope='row'] {
      border-left-color: var(--hsw-warn);
    }
    tr.fit-care .badge {
      color: var(--hsw-warn-text);
    }
    tr.fit-poor {
      color: var(--hsw-muted);
    }
    tr.fit-poor th[scope='row'] {
      border-left-color: var(--hsw-border);
    }
    tr.fit-poor .badge {
      color: var(--hsw-bad-text);
    }
    .summary {
      font-size: var(--hsw-fs-note);
      color: var(--hsw-muted);
    }
    code {
      font-family: var(--hsw-mono);
    }
    /* Wider than a phone but narrower than the deck's slide (an embed 620–860 px wide): the table's six columns
       no longer fit on one line each, so its headings wrap and a long word breaks rather than push the table past
       the frame. (The width where six columns stop fitting, not a layout breakpoint: the layout changes at
       NARROW_PX, below.) */
    @container (max-width: 860px) {
      .models thead th,
      .badge {
        white-space: normal;
      }
      .models th,
      .models td {
        overflow-wrap: anywhere;
      }
    }
    @container ${narrowQuery} {
      .workload {
        grid-template-columns: minmax(0, 1fr);
      }
      /* presented on a phone: a model's name on its line, its fit under it (side by side they squeeze the fit to a
         word a line) */
      :host([presenting]) ul.fits {
        font-size: 1.15em;
      }
      :host([presenting]) ul.fits li {
        flex-wrap: wrap;
        gap: 0 1em;
      }
      table.models,
      .models tbody,
      .models tr,
      .models th,
      .models td {
        display: block;
        width: auto !important;
      }
      .models thead {
        display: none;
      }
      .models tr {
        margin-bottom: 0.5em;
        border-left: 5px solid var(--hsw-border);
      }
      .models tr.fit-good {
        border-left-color: var(--hsw-good);
      }
      .models tr.fit-care {
        border-left-color: var(--hsw-warn);
      }
      .models th[scope='row'] {
        border-left: 0;
      }
      .models td {
        border-bottom: 0;
        padding: 0.1em 0.45em;
      }
      .models td::before {
        content: attr(data-label) ': ';
        color: var(--hsw-muted);
      }
    }
  `,
];
