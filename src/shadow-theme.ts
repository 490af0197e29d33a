/**
 * Pure, for tests: the deck's theme (assets/theme.css) for a shadow root. Its custom properties move from `:root` to
 * the host, the dark theme by default, the light one with `theme="light"` (or with no valid `theme` when the system
 * prefers light), so a page can still set any `--hsw-*` on the element itself; rules for the deck's own pages
 * (`html`, `body`, the embed page's classes) match nothing inside a shadow root and are left out.
 */
export function themeForShadowRoot(source: string): string {
  const blocks = [...source.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({
    selector: (m[1] ?? '').replace(/\/\*[\s\S]*?\*\//g, '').trim(),
    body: m[2] ?? '',
  }));
  const out: string[] = [];
  for (const { selector, body } of blocks) {
    // As written, or as the build minifies it (`:root[data-theme=light]`).
    const parts = selector.split(',').map((s) => s.trim().replace(/["'\s]/g, ''));
    if (!parts.every((p) => p.startsWith(':root'))) continue;
    if (parts.length === 1 && parts[0] === ':root[data-theme=light]') {
      out.push(`:host([theme='light']) {${body}}`);
      out.push(`@media (prefers-color-scheme: light) { :host(:not([theme='dark'])) {${body}} }`);
    } else {
      out.push(`:host {${body}}`);
    }
  }
  return out.join('\n');
}
