/**
 * A build of the deck with twice today's slides' text, to prove that the first load does not grow with the text:
 * a copy of the project (node_modules linked, not copied) where every slide has a twin, `<id>-copy`, with a copy of
 * its manifest entry (`slides/<id>-copy.ts`) and of its real words (`slides/text/<id>-copy.ts`), listed after the
 * others in `slides/index.ts`. Used by tests/e2e/budgets.spec.ts.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const SKIP = new Set(['node_modules', '.git', 'dist', 'test-results', 'playwright-report', 'screenshots']);

export interface DoubledBuild {
  /** The built site. */
  dist: string;
  /** How many slides were added (one per slide of today's deck). */
  added: number;
}

/** Copies the project at `root`, doubles its slides and builds it; returns where. Takes a few seconds. */
export function buildWithDoubledText(root: string): DoubledBuild {
  const copy = mkdtempSync(join(tmpdir(), 'hsw-double-text-'));
  cpSync(root, copy, {
    recursive: true,
    filter: (src) => !SKIP.has(relative(root, src).split('/')[0] ?? ''),
  });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  const slidesDir = join(copy, 'slides');
  const ids = readdirSync(join(slidesDir, 'text'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.replace(/\.ts$/, ''));
  const imports: string[] = [];
  const names: string[] = [];
  for (const id of ids) {
    const entry = readFileSync(join(slidesDir, `${id}.ts`), 'utf8');
    const name = /export const (\w+): SlideDef/.exec(entry)?.[1];
    if (!name) throw new Error(`slides/${id}.ts: no exported SlideDef`);
    const twin = entry
      .replace(`export const ${name}:`, `export const ${name}Copy:`)
      .replace(`id: '${id}',`, `id: '${id}-copy',`);
    if (twin === entry) throw new Error(`slides/${id}.ts: could not rename`);
    writeFileSync(join(slidesDir, `${id}-copy.ts`), twin);
    writeFileSync(join(slidesDir, 'text', `${id}-copy.ts`), readFileSync(join(slidesDir, 'text', `${id}.ts`), 'utf8'));
    imports.push(`import { ${name}Copy } from './${id}-copy.ts';`);
    names.push(`${name}Copy`);
  }
  const indexFile = join(slidesDir, 'index.ts');
  const index = readFileSync(indexFile, 'utf8');
  const list = /(export const slides: readonly SlideDef\[\] = \[[^\]]*)\n\];/.exec(index);
  if (!list?.[1]) throw new Error('slides/index.ts: no slides list');
  writeFileSync(
    indexFile,
    `${imports.join('\n')}\n${index.replace(list[0], `${list[1]}\n  ${names.join(',\n  ')},\n];`)}`,
  );
  const dist = join(copy, 'dist');
  execFileSync(
    join(root, 'node_modules/.bin/vite'),
    ['build', '--emptyOutDir', '--outDir', dist, '--logLevel', 'error'],
    { cwd: copy, stdio: 'pipe' },
  );
  return { dist, added: ids.length };
}
