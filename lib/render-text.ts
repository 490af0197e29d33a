import { html, nothing, type TemplateResult } from 'lit';
import type { Block } from './text.ts';

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

export function block(b: Block): TemplateResult | typeof nothing {
  if ('p' in b) return html`<p>${inline(b.p)}</p>`;
  if ('ul' in b) return html`<ul>${b.ul.map((li) => html`<li>${inline(li)}</li>`)}</ul>`;
  if ('code' in b)
    return html`<figure class="code-block">
      <hsw-code language=${b.lang} .code=${b.code} label=${b.caption ?? b.lang}><pre><code>${b.code}</code></pre></hsw-code>
      ${b.caption ? html`<figcaption>${b.caption}</figcaption>` : nothing}
    </figure>`;
  return nothing;
}

export function blocks(list: readonly Block[]): TemplateResult {
  return html`${list.map(block)}`;
}
