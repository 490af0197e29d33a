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

/**
 * The one thing the corpus tests compare loosely in a logged Error: its stack frames. A real stack names the
 * runtime's own frames and files (Node's module loader, Playwright's injected script); the simulator prints one frame,
 * the snippet's own. So every run of consecutive `    at …` lines (in Node one output line each, in a browser lines of
 * one console message; with Node's `... n lines matching cause stack trace ...`) becomes one `at …` line with the
 * same indentation, on both sides (a `{` that ends the last frame line goes with it, on both sides); the first line of an
 * Error (`HttpError: not found`, `NotFound [Error]: nf`) and everything else is compared exactly.
 */
const FRAMES = /(\n([ \t]*)(?:at [^\n]*|\.\.\. \d+ lines? matching cause stack trace \.\.\.))+/g;

export function normalizeStacks(lines: readonly string[]): string[] {
  if (lines.length === 0) return [];
  return lines
    .join('\n')
    .replace(FRAMES, (_m, _last: string, indent: string) => `\n${indent}at …`)
    .split('\n');
}
