/**
 * No template writes a `style` attribute: the deck's Content Security Policy (scripts/csp.ts) has no 'unsafe-inline'
 * for styles, so the browser refuses it (and the fixture fails on the console error it prints, but only on a page a
 * browser test happens to show). Inline styles go through `styleProps()` (components/ui/style-props.ts), which sets
 * them through the CSSOM. Embed snippets are text for other pages, not templates: `style="border:0"` in a string
 * that is copied, never rendered, is allowed where it is written as such.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** A `style="…"` or `style=${…}` in a template that is not `styleProps(…)`. */
const inlineStyle = /\bstyle=(?:"[^"]*"|\$\{(?!\s*styleProps\())/g;
/** The embed snippets the deck's dialog offers for copying (src/plugins/deck-chrome.ts): text, not markup it renders. */
const SNIPPET_FILES = new Set(['src/plugins/deck-chrome.ts']);

describe('templates set no style attribute (the policy refuses it)', () => {
  it('in components/ and src/', () => {
    const found: string[] = [];
    for (const file of [...sources(join(root, 'components')), ...sources(join(root, 'src'))]) {
      const rel = relative(root, file);
      if (SNIPPET_FILES.has(rel)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.trim();
          if (code.startsWith('*') || code.startsWith('//')) return;
          if (inlineStyle.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
          inlineStyle.lastIndex = 0;
        });
    }
    expect(found).toEqual([]);
  });
});
