import { css } from 'lit';
import { demoHostStyles, narrowQuery } from '../ui/demo-styles.ts';

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
    p.question {
      margin: 0 0 0.3em;
      font-weight: 600;
    }
    /* Presented: one row a chapter, the rows sharing the stage's height down to the arrows' band; the chapter's name
       on the left, its question large beside it, in the chapter's accent. */
    :host([presenting]) {
      height: 100%;
      box-sizing: border-box;
      padding-bottom: 72px;
    }
    :host([presenting]) nav {
      height: 100%;
    }
    :host([presenting]) ol {
      height: 100%;
      grid-template-columns: minmax(0, 1fr);
      grid-auto-rows: minmax(min-content, 1fr);
      gap: 0.45em;
    }
    :host([presenting]) li.chapter {
      display: grid;
      grid-template-columns: 12em minmax(0, 1fr);
      gap: 0.2em 1em;
      align-items: center;
      padding: 0.3em 1em;
      border-left: 0.3em solid var(--hsw-accent);
    }
    :host([presenting]) a.head {
      margin-bottom: 0.1em;
      white-space: nowrap;
    }
    :host([presenting]) p.question {
      margin: 0;
      font-size: 1.45em;
      line-height: 1.2;
    }
    /* a phone: the chapter's name above its question */
    @container ${narrowQuery} {
      :host([presenting]) li.chapter {
        grid-template-columns: minmax(0, 1fr);
      }
      :host([presenting]) p.question {
        font-size: 1.15em;
      }
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
