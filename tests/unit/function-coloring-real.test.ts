// The function-coloring slide checked against real CPython and Node (tests/probes/function_coloring.py).
//
// For every one of the 512 sets of chosen functions, the slide's Python listing (the model's, with its rewrites)
// runs under python3 and prints exactly what the all-sync program prints, with no error and no warning; the
// "naive" listing (only `async` and `await` added) fails the way the slide says: the sorted key's TypeError and
// the never-awaited RuntimeWarning, or map's silent list of coroutines. The escape hatches the slide quotes are
// run too. Nothing here depends on timing but one bounded wait (the loop's own thread waiting 0.3 s for itself).
import { describe, expect, it } from 'vitest';
import { findPython } from './python-tool.ts';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  FUNCTIONS,
  asyncLevels,
  initialState,
  maxLevel,
  viewOf,
  type FnId,
} from '../../components/function-coloring/function-coloring-model.ts';
import { pythonListing } from '../../components/function-coloring/function-coloring-listings.ts';
import { MESSAGES, functionColoringText } from '../../components/function-coloring/function-coloring-text.ts';

const PROBE = fileURLToPath(new URL('../probes/function_coloring.py', import.meta.url));
const python = findPython('function-coloring-real', {
  needs: 'asyncio',
  atLeast: [3, 9],
  candidates: [process.env['PYTHON'] ?? 'python3'],
  skipped: 'the listings were not run',
});
const PYTHON = python.exe ?? 'python3';
const HAS_PYTHON = python.exe !== null;

const C = functionColoringText.en.comments;
const subsets = Array.from({ length: 1 << FUNCTIONS.length }, (_, m) => FUNCTIONS.filter((_, i) => m & (1 << i)));
const listing = (chosen: readonly FnId[], naive: boolean) => {
  const all = new Set(asyncLevels(chosen).keys());
  return pythonListing((f) => all.has(f), C, { naive })
    .map((l) => l.text)
    .join('\n');
};

interface Run {
  stdout: string;
  error: string | null;
  warnings: string[];
}
interface ProbeResult {
  version: string;
  programs: Record<string, Run>;
  hatches: {
    runInLoop: string | null;
    toThreadLoopRan: boolean;
    threadsafeFromThread: number;
    threadsafeFromLoop: string;
  };
}

/** The listings the slide shows mid-climb: levels 0 … max − 1 of each choice. */
const midClimb = subsets.flatMap((s) =>
  Array.from({ length: Math.max(0, maxLevel(s)) }, (_, k) => ({
    id: `mid${k}:${s.join(',')}`,
    compileOnly: true,
    code: viewOf({ ...initialState(), chosen: s, shown: k }, C)
      .listing.map((l) => l.text)
      .join('\n'),
  })),
);

function probe(): ProbeResult {
  const programs = [
    ...subsets.flatMap((s) => [
      { id: `ok:${s.join(',')}`, code: listing(s, false) },
      { id: `naive:${s.join(',')}`, code: listing(s, true) },
    ]),
    ...midClimb,
  ];
  const r = spawnSync(PYTHON, [PROBE], { input: JSON.stringify({ programs }), encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`probe failed: ${r.stderr || String(r.error)}`);
  return JSON.parse(r.stdout) as ProbeResult;
}

describe.skipIf(!HAS_PYTHON)(
  HAS_PYTHON ? 'function coloring under real CPython' : `function coloring under real CPython${python.skip}`,
  () => {
    const result = HAS_PYTHON ? probe() : undefined;
    const SYNC_OUTPUT = "60 ['2: 10', '3: 20', '1: 30']\n";

    it('the all-sync program prints the total and the ids sorted by price', () => {
      expect(result!.programs['ok:']).toEqual({ stdout: SYNC_OUTPUT, error: null, warnings: [] });
    });

    it('for all 512 choices the slide’s listing runs and prints the same, with no warning', () => {
      const bad = subsets
        .map((s) => [s.join(','), result!.programs[`ok:${s.join(',')}`]!] as const)
        .filter(([, run]) => run.stdout !== SYNC_OUTPUT || run.error !== null || run.warnings.length > 0);
      expect(bad).toEqual([]);
    });

    it('naive: an async sorted key raises the TypeError the slide quotes, with the never-awaited warning', () => {
      let checked = 0;
      for (const s of subsets) {
        const all = asyncLevels(s);
        const run = result!.programs[`naive:${s.join(',')}`]!;
        if (all.has('by_price')) {
          expect(run.error, s.join(',')).toBe(MESSAGES.sortedKey);
          expect(run.warnings).toContain(MESSAGES.neverAwaited('by_price'));
          checked++;
        } else if (all.has('to_line')) {
          // map does not fail: it quietly returns coroutine objects, and each is collected unawaited.
          expect(run.error, s.join(',')).toBeNull();
          expect(run.stdout).toMatch(/^60 \[<coroutine object to_line at 0x[0-9a-f]+>, /);
          expect(run.warnings).toContain(MESSAGES.neverAwaited('to_line'));
          expect(MESSAGES.mapList('to_line').startsWith('[<coroutine object to_line at 0x')).toBe(true);
          checked++;
        } else {
          expect(run).toEqual({ stdout: SYNC_OUTPUT, error: null, warnings: [] });
        }
      }
      expect(checked).toBeGreaterThan(100);
    });

    it('every listing shown mid-climb compiles as Python (a plain caller keeps its bare call and gets a coroutine)', () => {
      expect(midClimb.length).toBe(819);
      const syntax = midClimb.filter((p) => result!.programs[p.id]!.error?.startsWith('SyntaxError'));
      expect(syntax.map((p) => p.id)).toEqual([]);
    });

    it('asyncio.run() inside a running loop raises the error the slide quotes', () => {
      expect(result!.hatches.runInLoop).toBe(MESSAGES.runInLoop);
    });

    it('asyncio.to_thread keeps the loop running while the blocking call waits', () => {
      expect(result!.hatches.toThreadLoopRan).toBe(true);
    });

    it('run_coroutine_threadsafe: from another thread it returns the result; from the loop’s own thread it waits in vain', () => {
      expect(result!.hatches.threadsafeFromThread).toBe(42);
      expect(result!.hatches.threadsafeFromLoop).toBe('TimeoutError');
    });
  },
);

describe('function coloring under real Node', () => {
  it('[3, 1, 2].sort(async (a, b) => a - b) does not sort: it prints what the slide quotes', () => {
    const r = spawnSync(process.execPath, ['-e', 'console.log([3, 1, 2].sort(async (a, b) => a - b))'], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(MESSAGES.jsSort);
    // And a plain comparator does sort: the async one is what breaks it.
    const plain = spawnSync(process.execPath, ['-e', 'console.log([3, 1, 2].sort((a, b) => a - b))'], {
      encoding: 'utf8',
    });
    expect(plain.stdout.trim()).toBe('[ 1, 2, 3 ]');
  });
});
