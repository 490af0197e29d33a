/**
 * The Pyodide files "Your code" loads (components/shared/py-record/py-files.ts) are the installed package's: their
 * names, sizes and gzipped sizes, the package's version and the CPython inside it. An upgrade of `pyodide` fails
 * here until py-files.ts says what the progress bar and the label ("Loading Python 3.14, 6.4 MB") count.
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
} from '../../components/shared/py-record/py-files.ts';

const dir = join(__dirname, '..', '..', 'node_modules', 'pyodide');

describe('py-files', () => {
  it('names the installed package and the CPython inside it', () => {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
    expect(pkg.version).toBe(PYODIDE_VERSION);
    const lock = JSON.parse(readFileSync(join(dir, 'pyodide-lock.json'), 'utf8')) as { info: { python: string } };
    expect(lock.info.python).toBe(PYTHON_VERSION);
    expect(PYTHON_VERSION.startsWith('3.14.')).toBe(true);
  });

  it.each(PYODIDE_FILES.map((f) => [f.name, f] as const))('%s: its size and its size gzipped', (name, f) => {
    expect(statSync(join(dir, name)).size).toBe(f.bytes);
    expect(gzipSync(readFileSync(join(dir, name)), { level: 6 }).length).toBe(f.gzip);
  });

  it('the label rounds the gzipped whole to 6.4 MB; the bar counts 13.5 MB unpacked', () => {
    expect((PYODIDE_GZIP_BYTES / 1e6).toFixed(1)).toBe('6.4');
    expect((PYODIDE_BYTES / 1e6).toFixed(1)).toBe('13.5');
  });
});
