import { css, unsafeCSS } from 'lit';
import themeCss from '../assets/theme.css?inline';
import embedHeadCss from '../assets/embed-head.css?inline';
import { themeForShadowRoot } from './shadow-theme.ts';

/**
 * The theme comes after the element's own rules: its `.root` block then also sets `color-scheme` over `all: initial`
 * (native controls drawn in the theme's scheme), and its colours are the only ones inside, whatever the page sets.
 */
export const styles = [
  css`
    :host {
      display: block;
      min-width: 0;
    }
    :host([hidden]) {
      display: none;
    }
    /* Nothing the page sets on the element reaches inside but --hsw-font (shadow-theme.ts): not its colours. */
    .root {
      all: initial;
      display: block;
      box-sizing: border-box;
      color: var(--hsw-fg);
      background: var(--hsw-bg);
      font-family: var(--hsw-font);
      font-size: 18px;
      line-height: 1.4;
      padding: 12px clamp(6px, 2vw, 16px) 16px;
      border-radius: 6px;
      text-align: start;
    }
    .title {
      font-size: 20px;
      font-weight: 700;
      color: var(--hsw-heading);
    }
    a:focus-visible {
      outline: 3px solid var(--hsw-focus);
      outline-offset: 2px;
    }
    .message {
      margin: 0;
      padding: 0.5em 0.7em;
      border-left: 4px solid var(--hsw-warn);
      background: var(--hsw-panel);
    }
    code {
      font-family: var(--hsw-mono);
    }
    .loading {
      color: var(--hsw-muted);
      margin: 0;
    }
  `,
  // the head (title, link to the deck) as the embed page has it
  unsafeCSS(embedHeadCss),
  unsafeCSS(themeForShadowRoot(themeCss)),
];
