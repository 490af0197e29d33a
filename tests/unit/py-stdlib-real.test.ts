/**
 * "Your code" loads Python's standard library in part (components/shared/py-record/py-stdlib.ts, made at build by
 * scripts/stdlib-trim.ts), checked against the installed Pyodide, in Node:
 * - the list of files shipped is what Python reads now (boot, the recorder, the modules a program is expected to
 *   import), and the sizes are the trimmed zip's: an upgrade of `pyodide` fails here until the list is made again;
 * - the zip shipped holds bytecode only (Python unmarshals at start, it compiles no source: most of its start was
 *   that), the same bytes each time;
 * - with only the trimmed zip, the recorder runs programs that import each of those modules, and nothing asks for
 *   the rest;
 * - a program importing a module left out gets a traceback that says so, the worker's finder notes it, and once the
 *   whole zip is on sys.path (as py-worker.ts puts it) the same program runs.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  STDLIB_FINDER,
  STDLIB_FULL_TOP,
  STDLIB_SHIPPED,
  STDLIB_TRIMMED_BYTES,
  STDLIB_TRIMMED_GZIP,
  STDLIB_WANTED,
} from '../../components/shared/py-record/py-stdlib.ts';
import type { PyRecording } from '../../components/shared/py-record/py-protocol.ts';
import { unzipSync } from 'fflate';
import {
  FULL_STDLIB,
  compileStdlib,
  filesPythonReads,
  shippedStdlib,
  topLevelNames,
  trimStdlib,
} from '../../scripts/stdlib-trim.ts';

const RECORDER = join(__dirname, '..', '..', 'components', 'shared', 'py-record', 'asyncio_recorder.py');
const tmp = mkdtempSync(join(tmpdir(), 'hsw-stdlib-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the standard library in part', () => {
  it(
    'ships the files Python reads, at the sizes py-stdlib.ts says (else: npx tsx scripts/stdlib-trim.ts --write)',
    {
      timeout: 600_000,
    },
    async () => {
      const full = readFileSync(FULL_STDLIB);
      expect(await filesPythonReads()).toEqual(STDLIB_SHIPPED);
      expect(topLevelNames(full)).toEqual(STDLIB_FULL_TOP);
      const shipped = await shippedStdlib(full);
      expect([shipped.length, gzipSync(shipped, { level: 6 }).length]).toEqual([
        STDLIB_TRIMMED_BYTES,
        STDLIB_TRIMMED_GZIP,
      ]);
      // the same bytes each time (made again, not from the cache), the sources a third of the whole at most
      const trimmed = trimStdlib(full);
      expect(trimStdlib(full)).toEqual(trimmed);
      expect(await compileStdlib(trimmed)).toEqual(shipped);
      expect(trimmed.length).toBeLessThan(full.length / 2.5);
      expect(shipped.length).toBeLessThan(full.length * 0.7);
      // bytecode only: each file listed as its .pyc, no source
      const names = Object.keys(unzipSync(shipped)).sort();
      expect(names.filter((n) => n.endsWith('.py'))).toEqual([]);
      expect(names).toEqual(STDLIB_SHIPPED.map((f) => (f.endsWith('.py') ? `${f}c` : f)).sort());
    },
  );

  it(
    'runs every expected import on the part alone; a module left out says so, then runs once the rest is there',
    {
      timeout: 120_000,
    },
    async () => {
      const zip = join(tmp, 'part.zip');
      writeFileSync(zip, await shippedStdlib(readFileSync(FULL_STDLIB)));
      const { loadPyodide } = await import('pyodide');
      const py = await loadPyodide({ stdLibURL: zip, stdout: () => {}, stderr: () => {} });
      py.runPython(
        `import sys, types\nrecorder = types.ModuleType('asyncio_recorder')\n` +
          `exec(compile(${JSON.stringify(readFileSync(RECORDER, 'utf8'))}, 'asyncio_recorder.py', 'exec'), recorder.__dict__)\n` +
          `sys.modules['asyncio_recorder'] = recorder\nTOP = ${JSON.stringify(STDLIB_FULL_TOP.join(' '))}\n${STDLIB_FINDER}`,
      );
      const record = (source: string): PyRecording =>
        JSON.parse(
          py.runPython(
            `import json, asyncio_recorder\njson.dumps(asyncio_recorder.record(${JSON.stringify(source)}))`,
          ) as string,
        ) as PyRecording;
      // as the worker holds it: the function taken, its global name deleted
      const wantedFn = py.runPython('_stdlib_wanted') as (whole?: string) => boolean;
      py.runPython('del _stdlib_wanted');
      const wanted = (whole?: string) => (whole ? wantedFn(whole) : wantedFn());

      // (threads: the recorder decides what a program may do with them; here only that their modules are shipped)
      const threads = (m: string) => m === 'threading' || m.startsWith('concurrent');
      const imports = STDLIB_WANTED.filter((m) => !m.startsWith('encodings.') && !threads(m)).map((m) => `import ${m}`);
      const codecs = STDLIB_WANTED.filter((m) => m.startsWith('encodings.')).map(
        (m) => `'é'.encode(${JSON.stringify(m.slice('encodings.'.length))}, 'replace')`,
      );
      const everyday =
        `${imports.join('\n')}\n${codecs.join('\n')}\n` +
        `async def main():\n    print(json.dumps({'n': statistics.mean([1, 2, 3])}), dataclasses.is_dataclass(1))\n` +
        `    await asyncio.sleep(0.1)\nasyncio.run(main())\n`;
      const ok = record(everyday);
      expect([ok.end, ok.stdout, wanted()], ok.message ?? undefined).toEqual(['done', '{"n": 2} False\n', false]);
      // every module read from the part was bytecode: none compiled from source at start (CPython's frozen
      // modules, os, site…, are in the interpreter itself: their origin is 'frozen')
      const fromPart = py.runPython(
        "zip = next(p for p in sys.path if p.endswith('.zip')) + '/'\n" +
          "origin = lambda m: getattr(getattr(m, '__spec__', None), 'origin', None) or ''\n" +
          'files = [origin(m) for m in list(sys.modules.values()) if origin(m).startswith(zip)]\n' +
          "' '.join(sorted({f.rpartition('.')[2] for f in files})) + ' ' + str(len(files))",
      ) as string;
      expect(fromPart).toMatch(/^pyc \d{3}$/);

      const leftOut =
        'import asyncio, difflib\nasync def main():\n    print(difflib.get_close_matches("appel", ["apple", "pear"]))\nasyncio.run(main())\n';
      expect(STDLIB_SHIPPED.some((f) => f.startsWith('difflib'))).toBe(false);
      const before = record(leftOut);
      expect(before.end).toBe('exception');
      expect(before.traceback).toContain("No module named 'difflib' here yet");
      expect(wanted()).toBe(true);
      const codec = 'š';
      const missed = record(`print(${JSON.stringify(codec)}.encode('cp1250'))\n`);
      expect([missed.end, wanted()]).toEqual(['exception', true]);
      // as the worker does once it has the whole zip (py-worker.ts, loadFullStdlib)
      const whole = '/lib/whole.zip';
      (py.FS as { writeFile(path: string, data: Uint8Array): void }).writeFile(whole, readFileSync(FULL_STDLIB));
      wanted(whole);
      const after = record(leftOut);
      expect([after.end, after.stdout, wanted()], after.message ?? undefined).toEqual(['done', "['apple']\n", false]);
      // a module of a package shipped in part, and a codec looked up (and missed) before the rest was there
      const more = record(`import json.tool\nprint(${JSON.stringify(codec)}.encode('cp1250'))\n`);
      expect([more.end, more.stdout], more.message ?? undefined).toEqual(['done', "b'\\x9a'\n"]);
    },
  );
});
