import { LitElement, html } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { grammarLoaded, highlightLines, loadGrammar } from './highlight.ts';
import { styles } from './code-panel-styles.ts';
import type { HswCodeElement } from '../../lib/render-text.ts';
import type { CodeLang } from '../../lib/text.ts';

/**
 * A highlighted code listing (`language` = javascript, typescript, python, c, go, java or bash). `current` marks lines (1-based) as the one running now; `dim` fades the rest.
 * The code is escaped by highlight.js before it is shown; a language's grammar loads with its first listing.
 */
export class CodePanel extends LitElement implements HswCodeElement {
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

  static override styles = styles;

  constructor() {
    super();
    this.code = '';
    this.language = 'javascript';
    this.current = [];
    this.label = '';
  }

  /** The language's grammar while it loads: the listing shows plain until then, and `updateComplete` waits for it. */
  private grammar: Promise<void> | null = null;

  override willUpdate(): void {
    if (grammarLoaded(this.language)) return;
    const grammar = loadGrammar(this.language).then(
      () => this.requestUpdate(),
      (error: unknown) => console.warn(`no ${this.language} highlighting`, error),
    );
    this.grammar = grammar;
    void grammar.finally(() => {
      if (this.grammar === grammar) this.grammar = null;
    });
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    while (this.grammar) {
      await this.grammar;
      done = await super.getUpdateComplete();
    }
    return done;
  }

  /** The listing last highlighted (code, language, grammar in): a step changes `current`, not the code. */
  private highlighted: { key: string; lines: readonly string[] } | undefined;

  /** highlight.js runs once per listing (and once more when its grammar arrives), not on every step. */
  private lines(): readonly string[] {
    const key = `${this.language}\u0000${grammarLoaded(this.language)}\u0000${this.code}`;
    if (this.highlighted?.key !== key) this.highlighted = { key, lines: highlightLines(this.code, this.language) };
    return this.highlighted.lines;
  }

  override render() {
    const lines = this.lines();
    const current = new Set(this.current);
    return html`<pre aria-label=${this.label || this.language} tabindex="0"><code>${lines.map(
      (line, i) =>
        html`<span class="line ${current.has(i + 1) ? 'current' : ''}" aria-current=${current.has(i + 1) ? 'step' : 'false'}>${unsafeHTML(line || ' ')}</span>`,
    )}</code></pre>`;
  }
}

// The tag map's entry for 'hsw-code' is lib/render-text.ts's (HswCodeElement, which this class implements).
customElements.define('hsw-code', CodePanel);
