/**
 * The Pyodide files "Your code" loads (components/shared/py-record/py-files.ts) are the installed package's: their
 * names, sizes and gzipped sizes, the package's version and the CPython inside it. An upgrade of `pyodide` fails
 * here until py-files.ts says what the progress bar and the label ("Loading Python 3.14, 5.5 MB") count.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  PYODIDE_BYTES,
  PYODIDE_FILES,
  PYODIDE_GZIP_BYTES,
  PYODIDE_VERSION,
  PYTHON_VERSION,
  STDLIB_FULL,
} from '../../components/shared/py-record/py-files.ts';
import { STDLIB_TRIMMED_NAME } from '../../components/shared/py-record/py-stdlib.ts';
import { shippedStdlib } from '../../scripts/stdlib-trim.ts';

const dir = join(__dirname, '..', '..', 'node_modules', 'pyodide');

describe('py-files', () => {
  it('names the installed package and the CPython inside it', () => {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
    expect(pkg.version).toBe(PYODIDE_VERSION);
    const lock = JSON.parse(readFileSync(join(dir, 'pyodide-lock.json'), 'utf8')) as { info: { python: string } };
    expect(lock.info.python).toBe(PYTHON_VERSION);
    expect(PYTHON_VERSION.startsWith('3.14.')).toBe(true);
  });

  // the trimmed standard library is made from the package's, compiled (scripts/stdlib-trim.ts; its list:
  // py-stdlib-real.test.ts)
  const bytesOf = async (name: string): Promise<Uint8Array> =>
    name === STDLIB_TRIMMED_NAME
      ? shippedStdlib(readFileSync(join(dir, STDLIB_FULL.name)))
      : readFileSync(join(dir, name));

  it.each([...PYODIDE_FILES, STDLIB_FULL].map((f) => [f.name, f] as const))(
    '%s: its size and its size gzipped',
    { timeout: 120_000 },
    async (name, f) => {
      const bytes = await bytesOf(name);
      if (name !== STDLIB_TRIMMED_NAME) expect(statSync(join(dir, name)).size).toBe(f.bytes);
      expect(bytes.length).toBe(f.bytes);
      expect(gzipSync(bytes, { level: 6 }).length).toBe(f.gzip);
    },
  );

  it('the label rounds the gzipped whole to 5.5 MB; the bar counts 12.6 MB unpacked (the whole library: 6.4, 13.5)', () => {
    expect((PYODIDE_GZIP_BYTES / 1e6).toFixed(1)).toBe('5.5');
    expect((PYODIDE_BYTES / 1e6).toFixed(1)).toBe('12.6');
    const whole = (n: number, f: { bytes: number; gzip: number }) => n - f.bytes + STDLIB_FULL.bytes;
    const trimmed = PYODIDE_FILES.find((f) => f.name === STDLIB_TRIMMED_NAME)!;
    expect((whole(PYODIDE_BYTES, trimmed) / 1e6).toFixed(1)).toBe('13.5');
    expect(((PYODIDE_GZIP_BYTES - trimmed.gzip + STDLIB_FULL.gzip) / 1e6).toFixed(1)).toBe('6.4');
  });
});
