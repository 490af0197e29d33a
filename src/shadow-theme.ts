/**
 * Pure, for tests: the deck's theme (assets/theme.css) for `<hsw-slide>`'s shadow root. Its custom properties move
 * from `:root` to the element's own root inside the shadow root (`.root`), the dark theme by default, the light one
 * with `theme="light"` (or with no valid `theme` when the system prefers light). Declared there, they win over any
 * `--hsw-*` the host page sets on the element or its ancestors (a page rule on the element beats `:host`), so the
 * page cannot make the demo's text invisible: only `--hsw-font`, which docs/embedding.md documents, reaches inside (the
 * host's value, captured on `:host` as `--hsw-page-font`). Rules for the deck's own pages (`html`, `body`, the embed
 * page's classes) match nothing inside a shadow root and are left out.
 */
export function themeForShadowRoot(source: string): string {
  const blocks = [...source.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({
    selector: (m[1] ?? '').replace(/\/\*[\s\S]*?\*\//g, '').trim(),
    body: m[2] ?? '',
  }));
  const out: string[] = [];
  const deck: { font?: string } = {};
  /** The deck's font stack, unless the page gives one. */
  const withPageFont = (body: string) =>
    body.replace(/(--hsw-font\s*:\s*)([^;]+)/g, (_m, decl: string, value: string) => {
      deck.font ??= value.trim();
      return `${decl}var(--hsw-page-font)`;
    });
  for (const { selector, body } of blocks) {
    // As written, or as the build minifies it (`:root[data-theme=light]`).
    const parts = selector.split(',').map((s) => s.trim().replace(/["'\s]/g, ''));
    if (!parts.every((p) => p.startsWith(':root'))) continue;
    const own = withPageFont(body);
    if (parts.length === 1 && parts[0] === ':root[data-theme=light]') {
      out.push(`:host([theme='light']) .root {${own}}`);
      out.push(`@media (prefers-color-scheme: light) { :host(:not([theme='dark'])) .root {${own}} }`);
    } else {
      out.push(`.root {${own}}`);
    }
  }
  if (deck.font !== undefined) out.unshift(`:host {--hsw-page-font: var(--hsw-font, ${deck.font})}`);
  return out.join('\n');
}
