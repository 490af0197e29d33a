import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm run typecheck` is TypeScript 7 (`@typescript/native`). TypeScript 6 is installed too, for the JavaScript API
 * typescript-eslint and lit-analyzer need (the `typescript` alias, whose own dependency `@typescript/old` also has a
 * `tsc`), so which program `node_modules/.bin/tsc` is depends on the order npm links them in: the script names
 * TypeScript 7's compiler by its path instead.
 */
const root = join(import.meta.dirname, '../..');
const TSC7 = 'node_modules/@typescript/native/bin/tsc';

describe('the TypeScript toolchain', () => {
  it('typecheck runs TypeScript 7 by its path, not whichever `tsc` was linked last', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['typecheck']).toBe(`node ${TSC7} --noEmit -p tsconfig.json`);
    expect(execFileSync(process.execPath, [join(root, TSC7), '--version'], { encoding: 'utf8' })).toMatch(
      /Version 7\./,
    );
  });
});
