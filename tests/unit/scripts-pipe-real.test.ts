/**
 * The scripts' output read through a pipe by another process, whole: process.exit() right after a write to a full
 * pipe cut it (at 64 or 128 KB: `npm run asyncio -- record p.py --json | jq` read half a recording). Each command
 * here writes far more than a pipe holds; the reader (`node -e`, as the issue's) parses or counts all of it.
 * scripts/exit.ts waits for the output before it exits; the pyodide engine's child does the same for its line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findPython } from './python-tool.ts';

const ROOT = join(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const python = findPython('scripts-pipe-real', { atLeast: [3, 11], skipped: 'the python3 engine is not piped' });

const tmp = mkdtempSync(join(tmpdir(), 'scripts-pipe-real-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A program that prints 900 lines of 1,000 characters, one a turn: a recording of about 2 MB of JSON. */
const BIG_PY =
  "import asyncio\n\nasync def main():\n    for i in range(900):\n        print('x' * 1000)\n        await asyncio.sleep(0)\n\nasyncio.run(main())\n";
/** The reader: all of standard input, parsed as JSON (or counted in lines), its size and the last turn's number. */
const JSON_READER = `const s = require('fs').readFileSync(0, 'utf8'); const r = JSON.parse(s); console.log(JSON.stringify({ bytes: Buffer.byteLength(s), turns: r.turns.length }))`;
const LINE_READER = `const s = require('fs').readFileSync(0, 'utf8'); console.log(JSON.stringify({ bytes: Buffer.byteLength(s), lines: s.split('\\n').length - 1 }))`;

function piped(command: string[], reader: string): { bytes: number; turns?: number; lines?: number } {
  const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
  const r = spawnSync(
    'sh',
    ['-c', `${command.map(quote).join(' ')} | ${quote(process.execPath)} -e ${quote(reader)}`],
    {
      encoding: 'utf8',
      timeout: 180_000,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  expect(r.status, r.stderr.slice(-2_000)).toBe(0);
  return JSON.parse(r.stdout) as { bytes: number; turns?: number; lines?: number };
}

describe('a script writes all of its output to a pipe before it exits', () => {
  const file = join(tmp, 'big.py');
  writeFileSync(file, BIG_PY);
  const record = (engine: string) => [
    TSX,
    join(ROOT, 'scripts', 'asyncio.ts'),
    'record',
    file,
    '--json',
    '--engine',
    engine,
  ];

  it.skipIf(python.exe === null)(`asyncio record --json, python3: a recording over 1 MB parses${python.skip}`, () => {
    const got = piped(record('python3'), JSON_READER);
    expect([got.bytes > 1_000_000, got.turns! > 900]).toEqual([true, true]);
  });

  it(
    'asyncio record --json, pyodide: a recording over 1 MB parses (its child exits once its line is out)',
    { timeout: 240_000 },
    () => {
      const got = piped(record('pyodide'), JSON_READER);
      expect([got.bytes > 1_000_000, got.turns! > 900]).toEqual([true, true]);
    },
  );

  it('predict: 3,000 lines of 100 characters, every one', () => {
    const js = join(tmp, 'big.js');
    writeFileSync(js, 'for (let i = 0; i < 3000; i++) console.log("y".repeat(100));\n');
    const got = piped([TSX, join(ROOT, 'scripts', 'predict.ts'), '--runtime', 'node', js], LINE_READER);
    expect(got).toEqual({ bytes: 303_000, lines: 3_000 });
  });
});
