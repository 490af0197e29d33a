import { css } from 'lit';
import { demoHostStyles } from '../ui/demo-styles.ts';

/** The map's cards: chapter name 1.1em, slide titles and counts no smaller than the type scale's 0.75em. */
export const styles = [
  demoHostStyles,
  css`
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(11em, 1fr));
      gap: 0.6em;
    }
    li.chapter {
      border: 1px solid var(--hsw-border);
      border-radius: 0.5em;
      background: var(--hsw-panel);
      padding: 0.5em 0.7em 0.6em;
    }
    a {
      color: var(--hsw-fg);
      text-decoration: none;
      border-radius: 0.2em;
    }
    a.head {
      display: block;
      font-size: 1.1em;
      font-weight: 700;
      margin-bottom: 0.3em;
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
      font-size: 0.8em;
      line-height: 1.45;
    }
    a.slide {
      color: var(--hsw-muted);
    }
    a.slide:hover {
      color: var(--hsw-fg);
      text-decoration: underline;
    }
    a:focus-visible {
      outline: 3px solid var(--hsw-focus);
      outline-offset: 1px;
    }
    .num {
      color: var(--hsw-accent-text);
      font-weight: 700;
      margin-right: 0.4em;
    }
    /* in a workshop: the participants' address and its QR code, beside the map */
    :host {
      display: flow-root;
    }
    aside.join {
      float: right;
      margin: 0 0 0.6em 0.8em;
      padding: 0.5em 0.7em;
      border: 2px solid var(--hsw-accent);
      border-radius: 0.5em;
      background: var(--hsw-panel);
      text-align: center;
      --hsw-qr-size: 8.5em;
      --hsw-qr-url-size: 0.8em;
    }
    aside.join p {
      margin: 0 0 0.3em;
      font-size: 0.8em;
      font-weight: 600;
      max-width: 12em;
    }
    /* presented: the join card's words at the hall's floor (20 px) */
    :host([presenting]) aside.join {
      --hsw-qr-url-size: 0.9em;
    }
    :host([presenting]) aside.join p {
      font-size: 0.9em;
    }
    :host([presenting]) ul {
      font-size: 0.9em;
    }
    .count {
      color: var(--hsw-muted);
      font-size: var(--hsw-fs-small);
      font-weight: 400;
      margin-left: 0.5em;
      white-space: nowrap;
    }
  `,
];
