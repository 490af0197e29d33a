/**
 * The Pyodide files "Your code" loads (components/shared/py-record/py-files.ts) are the installed package's: their
 * names, sizes and gzipped sizes, the package's version and the CPython inside it. An upgrade of `pyodide` fails
 * here until py-files.ts says what the progress bar and the label ("Loading Python 3.14, 4.8 MB") count.
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
import { trimStdlib } from '../../scripts/stdlib-trim.ts';

const dir = join(__dirname, '..', '..', 'node_modules', 'pyodide');

describe('py-files', () => {
  it('names the installed package and the CPython inside it', () => {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
    expect(pkg.version).toBe(PYODIDE_VERSION);
    const lock = JSON.parse(readFileSync(join(dir, 'pyodide-lock.json'), 'utf8')) as { info: { python: string } };
    expect(lock.info.python).toBe(PYTHON_VERSION);
    expect(PYTHON_VERSION.startsWith('3.14.')).toBe(true);
  });

  // the trimmed standard library is made from the package's (scripts/stdlib-trim.ts; its list: py-stdlib-real.test.ts)
  const bytesOf = (name: string): Uint8Array =>
    name === STDLIB_TRIMMED_NAME
      ? trimStdlib(readFileSync(join(dir, STDLIB_FULL.name)))
      : readFileSync(join(dir, name));

  it.each([...PYODIDE_FILES, STDLIB_FULL].map((f) => [f.name, f] as const))(
    '%s: its size and its size gzipped',
    (name, f) => {
      const bytes = bytesOf(name);
      if (name !== STDLIB_TRIMMED_NAME) expect(statSync(join(dir, name)).size).toBe(f.bytes);
      expect(bytes.length).toBe(f.bytes);
      expect(gzipSync(bytes, { level: 6 }).length).toBe(f.gzip);
    },
  );

  it('the label rounds the gzipped whole to 4.8 MB; the bar counts 11.8 MB unpacked (the whole library: 6.4, 13.5)', () => {
    expect((PYODIDE_GZIP_BYTES / 1e6).toFixed(1)).toBe('4.8');
    expect((PYODIDE_BYTES / 1e6).toFixed(1)).toBe('11.8');
    const whole = (n: number, f: { bytes: number; gzip: number }) => n - f.bytes + STDLIB_FULL.bytes;
    const trimmed = PYODIDE_FILES.find((f) => f.name === STDLIB_TRIMMED_NAME)!;
    expect((whole(PYODIDE_BYTES, trimmed) / 1e6).toFixed(1)).toBe('13.5');
    expect(((PYODIDE_GZIP_BYTES - trimmed.gzip + STDLIB_FULL.gzip) / 1e6).toFixed(1)).toBe('6.4');
  });
});
