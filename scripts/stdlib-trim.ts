/**
 * Python's standard library, trimmed for "Your code" (components/shared/py-record/py-stdlib.ts): Pyodide ships it as
 * one zip of 614 files (2.5 MB, already deflated, so no server can shrink it); the recorder's worker loads the part
 * that Pyodide itself, the recorder and the modules of STDLIB_WANTED import, and the whole zip only when a program
 * imports a module outside that part.
 *
 * - `trimStdlib(full)`: the trimmed zip of sources, the same bytes every time.
 * - `shippedStdlib(full)`: that zip compiled (`compileStdlib`: bytecode, no source), what the build ships
 *   (scripts/pyodide-files.ts); made once per content and kept in node_modules/.cache/hsw-stdlib.
 * - `npx tsx scripts/stdlib-trim.ts --write`: works out STDLIB_SHIPPED again with the installed Pyodide (in Node: it
 *   boots, loads the recorder, imports every module of STDLIB_WANTED and lists the files of the zip Python read)
 *   and writes it, with the trimmed zip's size, into py-stdlib.ts. tests/unit/py-stdlib.test.ts says when to.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { STDLIB_ALWAYS, STDLIB_SHIPPED, STDLIB_WANTED } from '../components/shared/py-record/py-stdlib.ts';

const ROOT = join(import.meta.dirname, '..');
export const FULL_STDLIB = join(ROOT, 'node_modules', 'pyodide', 'python_stdlib.zip');
const DATA = join(ROOT, 'components', 'shared', 'py-record', 'py-stdlib.ts');
/** A fixed time for every entry: the same input makes the same bytes. */
const MTIME = new Date('2000-01-01T00:00:00Z');

/** Is this path of the zip shipped? The listed files, and every file under a folder of STDLIB_ALWAYS. */
function shipped(name: string, listed: ReadonlySet<string>): boolean {
  return listed.has(name) || STDLIB_ALWAYS.some((dir) => name.startsWith(`${dir}/`));
}

/** The trimmed standard library: the shipped files of `full`, deflated (level 9), in name order, at a fixed time. */
export function trimStdlib(full: Uint8Array, files: readonly string[] = STDLIB_SHIPPED): Uint8Array {
  const listed = new Set(files);
  const kept = unzipSync(full, { filter: (f) => !f.name.endsWith('/') && shipped(f.name, listed) });
  const out: Zippable = {};
  for (const name of Object.keys(kept).sort()) out[name] = kept[name]!;
  return zipSync(out, { level: 9, mtime: MTIME });
}

/** Where Pyodide puts the standard library's zip in Python's file system (so in its modules' `__file__`). */
const ZIP_PATH = '/lib/python314.zip';

/**
 * `zip` with each module compiled to its bytecode (`name.pyc` in place of `name.py`, unchecked-hash pycs of the
 * CPython inside the installed Pyodide, run in Node): Python then unmarshals at start instead of compiling source,
 * which was most of its start (docs/performance.md). The same bytes every time.
 */
export async function compileStdlib(zip: Uint8Array): Promise<Uint8Array> {
  const { loadPyodide } = await import('pyodide');
  const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
  const fs = py.FS as { writeFile(path: string, data: Uint8Array): void; readFile(path: string): Uint8Array };
  const files = unzipSync(zip);
  const out: Zippable = {};
  for (const name of Object.keys(files).sort()) {
    if (!name.endsWith('.py')) {
      out[name] = files[name]!;
      continue;
    }
    fs.writeFile('/tmp/source.py', files[name]!);
    // (JSON's strings are Python's too)
    py.runPython(
      'import py_compile\n' +
        `py_compile.compile('/tmp/source.py', cfile='/tmp/compiled.pyc', dfile=${JSON.stringify(`${ZIP_PATH}/${name}`)},\n` +
        '    doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)',
    );
    out[`${name}c`] = fs.readFile('/tmp/compiled.pyc');
  }
  return zipSync(out, { level: 9, mtime: MTIME });
}

const CACHE = join(ROOT, 'node_modules', '.cache', 'hsw-stdlib');

/** The zip the build ships: `full` trimmed and compiled (cached by the trimmed zip's content). */
export async function shippedStdlib(full: Uint8Array, files: readonly string[] = STDLIB_SHIPPED): Promise<Uint8Array> {
  const trimmed = trimStdlib(full, files);
  const file = join(CACHE, `${createHash('sha256').update(trimmed).digest('hex')}.zip`);
  try {
    return new Uint8Array(readFileSync(file));
  } catch {
    // not made yet
  }
  const compiled = await compileStdlib(trimmed);
  try {
    mkdirSync(CACHE, { recursive: true });
    // (written whole, then named: a build beside this one reads a whole copy or none)
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, compiled);
    renameSync(partial, file);
  } catch {
    // a cache that cannot be written: made again next time
  }
  return compiled;
}

/** The top-level modules and packages in a standard library zip (`asyncio`, `json`, `random`…), sorted. */
export function topLevelNames(zip: Uint8Array): string[] {
  const names = new Set<string>();
  unzipSync(zip, {
    filter: (f) => {
      const [first, rest] = [f.name.split('/')[0]!, f.name.includes('/')];
      if (rest || first.endsWith('.py')) names.add(first.replace(/\.py$/, ''));
      return false;
    },
  });
  return [...names].sort();
}

/** The files of the zip that Python reads when it boots, runs the recorder and imports STDLIB_WANTED (Pyodide in Node). */
export async function filesPythonReads(): Promise<string[]> {
  const { loadPyodide } = await import('pyodide');
  const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
  const recorder = readFileSync(join(ROOT, 'components', 'shared', 'py-record', 'asyncio_recorder.py'), 'utf8');
  const files = py.runPython(
    [
      // (JSON's strings are Python's too)
      `RECORDER = ${JSON.stringify(recorder)}`,
      `WANTED = ${JSON.stringify(STDLIB_WANTED.join(' '))}`,
      'import sys, types, importlib',
      "recorder = types.ModuleType('asyncio_recorder')",
      "exec(compile(RECORDER, 'asyncio_recorder.py', 'exec'), recorder.__dict__)",
      "sys.modules['asyncio_recorder'] = recorder",
      "recorder.record('import asyncio\\nasync def main():\\n    await asyncio.sleep(0.1)\\nasyncio.run(main())\\n')",
      'for name in WANTED.split():',
      '    importlib.import_module(name)',
      "zip = sys.path[[p.endswith('.zip') for p in sys.path].index(True)] + '/'",
      "files = sorted({m.__file__[len(zip):] for m in list(sys.modules.values()) if (getattr(m, '__file__', None) or '').startswith(zip)})",
      "'\\n'.join(files)",
    ].join('\n'),
  ) as string;
  return files.split('\n').filter(Boolean);
}

async function write(): Promise<void> {
  const files = await filesPythonReads();
  const full = readFileSync(FULL_STDLIB);
  const trimmed = await shippedStdlib(full, files);
  const top = topLevelNames(full);
  const text = readFileSync(DATA, 'utf8');
  const start = text.indexOf('export const STDLIB_SHIPPED');
  const end = text.indexOf('// end of generated', start);
  const generated =
    `export const STDLIB_SHIPPED: readonly string[] = [\n${files.map((f) => `  '${f}',`).join('\n')}\n];\n` +
    `/** The trimmed zip's size in bytes, and gzipped at level 6 (generated with the list). */\n` +
    `export const STDLIB_TRIMMED_BYTES = ${trimmed.length};\n` +
    `export const STDLIB_TRIMMED_GZIP = ${gzipSync(trimmed, { level: 6 }).length};\n` +
    `/** The top-level modules and packages of the whole standard library (generated). */\n` +
    `export const STDLIB_FULL_TOP: readonly string[] = ${JSON.stringify(top).replaceAll('"', "'").replaceAll(',', ', ')};\n`;
  writeFileSync(DATA, text.slice(0, start) + generated + text.slice(end));
  console.log(`${files.length} files listed; the trimmed zip, compiled, is ${trimmed.length} bytes`);
}

if (process.argv[1] === import.meta.filename && process.argv.includes('--write')) await write();
