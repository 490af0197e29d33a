import { LitElement, css, html } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { highlightLines } from './highlight.ts';
import type { CodeLang } from '../../lib/text.ts';

/**
 * A highlighted code listing (`language` = javascript, typescript, python, c, go, java or bash). `current` marks lines (1-based) as the one running now; `dim` fades the rest.
 * The code is escaped by highlight.js before it is shown.
 */
export class CodePanel extends LitElement {
  static override properties = {
    code: {},
    language: {},
    current: { attribute: false },
    label: {},
  };

  declare code: string;
  /** The code's language (not `lang`, which is the HTML attribute for human languages). */
  declare language: CodeLang;
  declare current: readonly number[];
  declare label: string;

  static override styles = css`
    :host {
      display: block;
      font-size: 0.6em;
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
      line-height: 1.45;
      tab-size: 2;
    }
    .line {
      display: block;
      padding: 0 0.9em;
      white-space: pre;
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

  constructor() {
    super();
    this.code = '';
    this.language = 'javascript';
    this.current = [];
    this.label = '';
  }

  override render() {
    const lines = highlightLines(this.code.replace(/\n$/, ''), this.language);
    const current = new Set(this.current);
    return html`<pre aria-label=${this.label || this.language} tabindex="0"><code>${lines.map(
      (line, i) => html`<span class="line ${current.has(i + 1) ? 'current' : ''}" aria-current=${current.has(i + 1) ? 'step' : 'false'}>${unsafeHTML(line || ' ')}</span>`,
    )}</code></pre>`;
  }
}

customElements.define('hsw-code', CodePanel);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-code': CodePanel;
  }
}
