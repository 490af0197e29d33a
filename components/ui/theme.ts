import { css } from 'lit';

/**
 * Shared look of demo controls. Colours come from the deck's CSS custom properties (assets/theme.css), which
 * inherit into shadow roots, so one switch of `data-theme` re-colours every demo. Buttons and lists are 0.9em of
 * their demo (18 px in the 20 px host of demo-styles.ts), above the type scale's floor of 0.75em.
 */
export const controlStyles = css`
  :host {
    color: var(--hsw-fg);
    font-family: var(--hsw-font);
  }
  button,
  select {
    font: inherit;
    font-size: 0.9em;
    color: var(--hsw-fg);
    background: var(--hsw-control-bg);
    border: 1px solid var(--hsw-border);
    border-radius: 0.35em;
    padding: 0.3em 0.75em;
    min-height: 2em;
    cursor: pointer;
  }
  button:hover:not(:disabled),
  select:hover {
    border-color: var(--hsw-accent);
  }
  button:disabled {
    opacity: 0.45;
    cursor: default;
  }
  button[aria-pressed='true'] {
    background: var(--hsw-accent);
    color: var(--hsw-on-accent);
    border-color: var(--hsw-accent);
  }
  :focus-visible {
    outline: 3px solid var(--hsw-focus);
    outline-offset: 2px;
  }
  .figure {
    font-variant-numeric: tabular-nums;
  }
`;
