/**
 * Every CPython line the asyncio chapter quotes is in the installed CPython's Lib/asyncio: the asyncio-loop slide
 * (components/asyncio-loop/asyncio-loop-code.ts) and the await-future slide (components/await-future/
 * await-future-code.ts). At the stated line for the version the slides name (3.11.7, pyenv's python3 here); for
 * another patch version (Debian's /usr/bin/python3 3.11.2, whose tasks.py has some of these lines 10 higher) the
 * block must still be there, and the test prints the line it is really at. Skipped (visibly) only when no python3
 * is installed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as loopCode from '../../components/asyncio-loop/asyncio-loop-code.ts';
import * as futureCode from '../../components/await-future/await-future-code.ts';

type Segment = loopCode.Segment | futureCode.Segment;

/** A python's version and its asyncio directory, or null when it is not installed. */
function pythonAt(exe: string): { version: string; dir: string } | null {
  const r = spawnSync(
    exe,
    ['-c', 'import asyncio, os, platform; print(platform.python_version()); print(os.path.dirname(asyncio.__file__))'],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) return null;
  const [version, dir] = r.stdout.trim().split('\n');
  return { version: version!, dir: dir! };
}

/** Where a segment's block starts in a file (1-based), or null. */
function findBlock(text: string, s: Segment): number | null {
  const lines = text.split('\n');
  const matchAt = (i: number) => s.lines.every((l, j) => lines[i + j] === l);
  if (matchAt(s.from - 1)) return s.from;
  for (let i = 0; i + s.lines.length <= lines.length; i++) if (matchAt(i)) return i + 1;
  return null;
}

const pythons = [
  { exe: 'python3', py: pythonAt('python3') },
  { exe: '/usr/bin/python3', py: pythonAt('/usr/bin/python3') },
];

const slides: { name: string; version: string; segments: () => readonly Segment[] }[] = [
  { name: 'asyncio-loop', version: loopCode.QUOTED_VERSION, segments: loopCode.allSegments },
  { name: 'await-future', version: futureCode.QUOTED_VERSION, segments: futureCode.allSegments },
];

for (const slide of slides) {
  describe(`the CPython lines the ${slide.name} slide quotes`, () => {
    for (const { exe, py } of pythons) {
      const title = py ? `${exe} (${py.version})` : `${exe} — SKIPPED: not installed`;
      it.skipIf(!py)(
        `are in ${title}'s Lib/asyncio${py && py.version !== slide.version ? ` (the slide quotes ${slide.version}: actual lines printed)` : ', at the stated lines'}`,
        () => {
          const moved: string[] = [];
          const segments = slide.segments();
          expect(segments.length).toBeGreaterThan(0);
          for (const s of segments) {
            const text = readFileSync(join(py!.dir, s.file), 'utf8');
            const found = findBlock(text, s);
            expect(found, `${s.file}:${s.from} ${JSON.stringify(s.lines)}`).not.toBeNull();
            if (py!.version === slide.version) expect(found, `${s.file}:${s.from}`).toBe(s.from);
            if (found !== s.from) moved.push(`${s.file}:${s.from} is at ${found} in ${py!.version}`);
          }
          console.info(
            `${slide.name}, ${exe} ${py!.version}: ${segments.length} quoted blocks found${moved.length ? `; moved: ${moved.join('; ')}` : ', all at the stated lines'}`,
          );
        },
      );
    }
  });
}
