/** Reads the simulator's corpus (tests/snippets/*.js) and the header comments that qualify each snippet. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Runtime } from '../../components/shared/js-sim/index.ts';

export interface CorpusSnippet {
  name: string;
  source: string;
  /** `// runtime: node` or `// runtime: browser` restricts a snippet; otherwise both */
  runtimes: readonly Runtime[];
  /** `// expect: timing` (the order depends on timing) or `// expect: starvation` (never finishes) */
  expect: 'output' | 'timing' | 'starvation';
}

export const SNIPPET_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'snippets');

export function loadCorpus(dir = SNIPPET_DIR): CorpusSnippet[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort()
    .map((name) => {
      const source = readFileSync(join(dir, name), 'utf8');
      const runtime = /^\/\/ runtime: (node|browser)\s*$/m.exec(source)?.[1] as Runtime | undefined;
      const ex = /^\/\/ expect: (timing|starvation)\s*$/m.exec(source)?.[1] as 'timing' | 'starvation' | undefined;
      return { name, source, runtimes: runtime ? [runtime] : ['node', 'browser'], expect: ex ?? 'output' };
    });
}
