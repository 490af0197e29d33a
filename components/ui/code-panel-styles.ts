import { css } from 'lit';

/**
 * The look of `<hsw-code>`: a listing on the code background, the current line marked, highlight.js's classes
 * coloured. Its size is the type scale's smallest step (`--hsw-fs-small`, 0.75em: 15 px in a 20 px demo host),
 * so a listing stays legible from the back of a hall; a demo that wants it bigger sets `font-size` on the tag, and
 * one short of height sets `--hsw-code-line-height` (1.45 by default). Lines scroll sideways; a demo whose listing
 * must show long lines whole sets `--hsw-code-ws: pre-wrap` (with `overflow-wrap` on the tag, which is inherited).
 */
export const styles = css`
  :host {
    display: block;
    font-size: var(--hsw-fs-small, 0.75em);
  }
  pre {
    margin: 0;
    padding: 0.6em 0;
    background: var(--hsw-code-bg);
    color: var(--hsw-code-fg);
    border-radius: 0.4em;
    border: 1px solid var(--hsw-border);
    overflow: auto;
    font-family: var(--hsw-mono);
    line-height: var(--hsw-code-line-height, 1.45);
    tab-size: 2;
  }
  .line {
    display: block;
    padding: 0 0.9em;
    white-space: var(--hsw-code-ws, pre);
    border-left: 4px solid transparent;
  }
  .line.current {
    background: var(--hsw-code-current);
    border-left-color: var(--hsw-accent);
  }
  .hljs-keyword,
  .hljs-built_in,
  .hljs-type,
  .hljs-literal {
    color: var(--hsw-code-keyword);
  }
  .hljs-string,
  .hljs-template-string {
    color: var(--hsw-code-string);
  }
  .hljs-number {
    color: var(--hsw-code-number);
  }
  .hljs-comment {
    color: var(--hsw-code-comment);
    font-style: italic;
  }
  .hljs-title,
  .hljs-title.function_ {
    color: var(--hsw-code-title);
  }
  .hljs-meta,
  .hljs-params,
  .hljs-attr,
  .hljs-property,
  .hljs-variable {
    color: var(--hsw-code-fg);
  }
`;
