/**
 * Python's standard library, trimmed for "Your code" (components/shared/py-record/py-stdlib.ts): Pyodide ships it as
 * one zip of 614 files (2.5 MB, already deflated, so no server can shrink it); the recorder's worker loads the part
 * that Pyodide itself, the recorder and the modules of STDLIB_WANTED import, and the whole zip only when a program
 * imports a module outside that part.
 *
 * - `trimStdlib(full)`: the trimmed zip, made at build (scripts/pyodide-files.ts), the same bytes every time.
 * - `npx tsx scripts/stdlib-trim.ts --write`: works out STDLIB_SHIPPED again with the installed Pyodide (in Node: it
 *   boots, loads the recorder, imports every module of STDLIB_WANTED and lists the files of the zip Python read)
 *   and writes it, with the trimmed zip's size, into py-stdlib.ts. tests/unit/py-stdlib.test.ts says when to.
 */
import { readFileSync, writeFileSync } from 'node:fs';
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
  const trimmed = trimStdlib(full, files);
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
  console.log(`${files.length} files listed; the trimmed zip is ${trimmed.length} bytes`);
}

if (process.argv[1] === import.meta.filename && process.argv.includes('--write')) await write();
