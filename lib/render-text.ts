import { html, nothing, type TemplateResult } from 'lit';
import type { Block, CodeLang } from './text.ts';

/**
 * `<hsw-code>`, as the code blocks below render it. components/ui/code-panel.ts defines the element, which lib may
 * not import; the shell loads it when a slide has one (`<pre><code>` shows the code until then). Its class
 * implements this interface, and the tag map names the interface, so the type checker and lit-analyzer know the tag
 * here without an import.
 */
export interface HswCodeElement extends HTMLElement {
  code: string;
  /** The code's language (not `lang`, which is the HTML attribute for human languages). */
  language: CodeLang;
  /** Lines (1-based) marked as the one running now. */
  current: readonly number[];
  label: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'hsw-code': HswCodeElement;
  }
}

/**
 * Inline markup of slide text: `code` and **strong**. Everything else stays text: Lit escapes it, and nothing
 * is ever parsed as HTML.
 */
export function inline(text: string): (string | TemplateResult)[] {
  const out: (string | TemplateResult)[] = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(html`<code>${m[1]}</code>`);
    else out.push(html`<strong>${m[2]}</strong>`);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** How the shell shows a slide's disclosures (`{ details }` blocks). */
export interface BlockOptions {
  /** Open (the self-paced view, print) or closed (presenting). Default open. */
  open?: boolean;
  /** The disclosure's label when the block names none. */
  detailsLabel?: string;
}

export function block(b: Block, options: BlockOptions = {}): TemplateResult | typeof nothing {
  if ('details' in b)
    return html`<details class="more" ?open=${options.open ?? true}>
      <summary>${inline(b.summary ?? options.detailsLabel ?? 'More')}</summary>
      ${b.details.map((d) => block(d, options))}
    </details>`;
  if ('p' in b) return html`<p>${inline(b.p)}</p>`;
  if ('ul' in b) return html`<ul>${b.ul.map((li) => html`<li>${inline(li)}</li>`)}</ul>`;
  if ('code' in b)
    return html`<figure class="code-block">
      <hsw-code language=${b.lang} .code=${b.code} label=${b.caption ?? b.lang}><pre><code>${b.code}</code></pre></hsw-code>
      ${b.caption ? html`<figcaption>${b.caption}</figcaption>` : nothing}
    </figure>`;
  return nothing;
}

export function blocks(list: readonly Block[], options: BlockOptions = {}): TemplateResult {
  return html`${list.map((b) => block(b, options))}`;
}
