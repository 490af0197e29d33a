import hljs from 'highlight.js/lib/core';
import type { LanguageFn } from 'highlight.js';
import type { CodeLang } from '../../lib/text.ts';

/**
 * highlight.js core, with each language's grammar loaded the first time a listing in it is shown (the full bundle is
 * over 300 KB gzipped; the seven this deck shows about 10 KB, Python alone about 1): a demo that shows Python
 * carries no JavaScript, C, Go, Java or bash grammar.
 */
const GRAMMARS: Record<CodeLang, () => Promise<{ default: LanguageFn }>> = {
  javascript: () => import('highlight.js/lib/languages/javascript'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  python: () => import('highlight.js/lib/languages/python'),
  c: () => import('highlight.js/lib/languages/c'),
  go: () => import('highlight.js/lib/languages/go'),
  java: () => import('highlight.js/lib/languages/java'),
  bash: () => import('highlight.js/lib/languages/bash'),
};
const loading = new Map<CodeLang, Promise<void>>();

/** Whether `lang`'s grammar is there: until it is, `highlightLines` gives the lines escaped, not highlighted. */
export function grammarLoaded(lang: CodeLang): boolean {
  return hljs.getLanguage(lang) !== undefined;
}

/** Loads `lang`'s grammar (once; later calls share the first one's promise). */
export function loadGrammar(lang: CodeLang): Promise<void> {
  let p = loading.get(lang);
  if (!p) {
    p = GRAMMARS[lang]().then((m) => hljs.registerLanguage(lang, m.default));
    loading.set(lang, p);
  }
  return p;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/**
 * Highlights code and returns one HTML string per source line, each with its spans balanced, so a line can be
 * marked as current. highlight.js escapes the code (or, before the grammar has loaded, this function): the result
 * holds no markup from the source. A final newline ends the last line; it does not start another.
 */
export function highlightLines(listing: string, lang: CodeLang): readonly string[] {
  const code = listing.endsWith('\n') ? listing.slice(0, -1) : listing;
  if (!grammarLoaded(lang)) return code.split('\n').map((line) => line.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c));
  const key = `${lang}\n${code}`;
  const hit = highlighted.get(key);
  if (hit) return hit;
  const lines = highlight(code, lang);
  if (highlighted.size >= KEPT) highlighted.delete(highlighted.keys().next().value!);
  highlighted.set(key, lines);
  return lines;
}

/**
 * The last listings highlighted, by language and code: a listing shown again (another element, a step back) is not
 * highlighted again, and a demo may highlight the listings its next steps will show in idle time, so that a clicker
 * press finds them ready (components/asyncio-loop).
 */
const highlighted = new Map<string, readonly string[]>();
const KEPT = 64;

function highlight(code: string, lang: CodeLang): readonly string[] {
  const htmlText = hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;
  const lines: string[] = [];
  const open: string[] = [];
  for (const raw of htmlText.split('\n')) {
    const prefix = open.join('');
    const tags = raw.match(/<span[^>]*>|<\/span>/g) ?? [];
    for (const tag of tags) {
      if (tag === '</span>') open.pop();
      else open.push(tag);
    }
    lines.push(prefix + raw + '</span>'.repeat(open.length));
  }
  return lines;
}
