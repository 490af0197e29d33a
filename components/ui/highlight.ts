import hljs from 'highlight.js/lib/core';
import javascript from 'highlight.js/lib/languages/javascript';
import typescript from 'highlight.js/lib/languages/typescript';
import python from 'highlight.js/lib/languages/python';
import c from 'highlight.js/lib/languages/c';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import bash from 'highlight.js/lib/languages/bash';
import type { CodeLang } from '../../lib/text.ts';

// highlight.js core with only the languages this deck shows (the full bundle is over 300 KB gzipped).
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('python', python);
hljs.registerLanguage('c', c);
hljs.registerLanguage('go', go);
hljs.registerLanguage('java', java);
hljs.registerLanguage('bash', bash);

/**
 * Highlights code and returns one HTML string per source line, each with its spans balanced, so a line can be
 * marked as current. highlight.js escapes the code: the result holds no markup from the source.
 */
export function highlightLines(code: string, lang: CodeLang): string[] {
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
