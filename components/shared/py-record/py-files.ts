/**
 * The Pyodide files "Your code" loads (npm package `pyodide`), their sizes and where the build puts them. The
 * build copies these from node_modules/pyodide into `pyodide/` beside the pages, the standard library trimmed
 * (scripts/pyodide-files.ts, scripts/stdlib-trim.ts); only the recorder's worker (py-worker.ts) loads them, on the
 * first Run, and STDLIB_FULL only when a program needs it. tests/unit/py-files.test.ts checks the sizes against the
 * installed package, so an upgrade of the package updates this file too.
 */

import { STDLIB_TRIMMED_BYTES, STDLIB_TRIMMED_GZIP, STDLIB_TRIMMED_NAME } from './py-stdlib.ts';

/** The npm package's version (CPython inside: PYTHON_VERSION). */
export const PYODIDE_VERSION = '314.0.8';
/** CPython's version inside that Pyodide (pyodide-lock.json's `info.python`). */
export const PYTHON_VERSION = '3.14.2';

/** The folder of the build that holds them, relative to the pages. */
export const PYODIDE_DIR = 'pyodide';

/** Each file with its size in bytes and its size gzipped (level 6): what a server that compresses sends (zlib, as Node and most servers). */
export const PYODIDE_FILES = [
  { name: 'pyodide.mjs', bytes: 17_758, gzip: 7_121 },
  { name: 'pyodide.asm.mjs', bytes: 1_250_259, gzip: 261_261 },
  { name: 'pyodide.asm.wasm', bytes: 9_597_892, gzip: 3_600_730 },
  { name: STDLIB_TRIMMED_NAME, bytes: STDLIB_TRIMMED_BYTES, gzip: STDLIB_TRIMMED_GZIP },
  { name: 'pyodide-lock.json', bytes: 119_077, gzip: 25_716 },
] as const;

/**
 * The whole standard library (Pyodide's own zip), loaded only when a program imports a module outside the part in
 * PYODIDE_FILES (py-stdlib.ts).
 */
export const STDLIB_FULL = { name: 'python_stdlib.zip', bytes: 2_545_550, gzip: 2_503_749 } as const;

/** All of them, unpacked: what the progress bar counts. */
export const PYODIDE_BYTES = PYODIDE_FILES.reduce((sum, f) => sum + f.bytes, 0);
/** All of them, gzipped: what the download costs from a server that compresses ("Loading Python 3.14, 6.4 MB"). */
export const PYODIDE_GZIP_BYTES = PYODIDE_FILES.reduce((sum, f) => sum + f.gzip, 0);
