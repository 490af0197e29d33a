import { LitElement, css, html } from 'lit';
import { uiText } from './ui-text.ts';
import type { Lang } from '../../lib/i18n.ts';

/**
 * A demo's secondary content (a table of figures, a listing, a legend) behind a disclosure: a native
 * `<details>` whose `open` the demo sets from `this.detailsOpen` (components/ui/demo-element.ts): open in the
 * self-paced view and in print, closed while presenting, so that the hall reads the slide's one idea. A person
 * may still open or close it; it stays so until presenting starts or stops.
 *
 *   <hsw-details lang=${this.lang} .open=${this.detailsOpen} label=${t.figures}>…</hsw-details>
 *
 * The content is slotted: it keeps the demo's own styles; the label is `::part(summary)`.
 */
export class HswDetails extends LitElement {
  static override properties = {
    lang: {},
    open: { type: Boolean, reflect: true },
    label: {},
  };

  declare lang: Lang;
  declare open: boolean;
  declare label: string;

  static override styles = css`
    :host {
      display: block;
    }
    summary {
      cursor: pointer;
      color: var(--hsw-muted);
      font-size: var(--hsw-fs-note, 0.85em);
      width: fit-content;
    }
    summary:focus-visible {
      outline: 3px solid var(--hsw-focus);
      outline-offset: 2px;
    }
    details[open] > summary {
      margin-bottom: 0.3em;
    }
  `;

  constructor() {
    super();
    this.lang = 'en';
    this.open = true;
    this.label = '';
  }

  override render() {
    const t = uiText[this.lang] ?? uiText.en;
    return html`<details ?open=${this.open} @toggle=${this.onToggle}>
      <summary part="summary">${this.label || t.more}</summary>
      <slot></slot>
    </details>`;
  }

  private onToggle(e: Event): void {
    this.open = (e.currentTarget as HTMLDetailsElement).open;
  }
}

customElements.define('hsw-details', HswDetails);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-details': HswDetails;
  }
}
