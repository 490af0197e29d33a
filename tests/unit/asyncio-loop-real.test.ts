/**
 * The asyncio-loop slide's recordings against the real CPython on this machine: every preset and a fast-check
 * spread of programs composed from the slide's menu are written as the very listing the slide shows
 * (`listingOf`), run under python3 by tests/probes/asyncio_loop_probe.py, and compared turn by turn with the
 * model: the number of turns, which run_until_complete of asyncio.run each belongs to, and the callbacks its step
 * 6 ran, by name and in order. Counts and orders only, no durations; a program whose real run disagrees is run
 * again (up to 3 times) before the test fails, since a loaded machine can delay a 10 ms timer. Skipped (visibly)
 * only when python3 is missing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { findPython } from './python-tool.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { run, type Program } from '../../components/shared/asyncio-sim/index.ts';
import {
  MAX_COMPOSED,
  MENU,
  PRESETS,
  composedProgram,
  listingOf,
  presetProgram,
  type MenuItem,
} from '../../components/asyncio-loop/asyncio-loop-programs.ts';
import { SIM_SEED } from './sim-seed.ts';

const PROBE = join(__dirname, '..', 'probes', 'asyncio_loop_probe.py');
const python = findPython('asyncio-loop-real');
const hasPython = python.exe !== null;
const SKIP = python.skip;

interface TurnRecord {
  readonly phase: string;
  readonly ran: readonly string[];
}
interface Real {
  readonly turns: readonly TurnRecord[];
  readonly error: string | null;
}

const tmp = mkdtempSync(join(tmpdir(), 'asyncio-loop-real-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let files = 0;
function fileOf(program: Program): string {
  const file = join(tmp, `p${++files}.py`);
  writeFileSync(file, listingOf(program));
  return file;
}

function probe(paths: readonly string[]): Real[] {
  const r = spawnSync('python3', [PROBE, JSON.stringify(paths)], { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`probe failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as Real[];
}

function modelOf(program: Program): Real {
  const r = run(program);
  return {
    turns: r.turns.map((t) => ({
      phase: t.phase,
      ran: t.step6.ran.filter((x) => !x.skipped).map((x) => x.handle.callback),
    })),
    error: r.error?.repr() ?? null,
  };
}

/** All programs in one python3 process; a disagreeing one is run again alone, up to twice more. */
function compare(programs: readonly Program[]): string[] {
  const paths = programs.map(fileOf);
  const first = probe(paths);
  return programs.map((p, i) => {
    const model = modelOf(p);
    const same = (r: Real) => JSON.stringify(r) === JSON.stringify(model);
    const seen = [first[i]!];
    while (!same(seen[seen.length - 1]!) && seen.length < 3) seen.push(probe([paths[i]!])[0]!);
    const real = seen[seen.length - 1]!;
    expect(real, `${listingOf(p)}\nreal runs: ${JSON.stringify(seen)}`).toEqual(model);
    return `${model.turns.length} turns (${model.turns.map((t) => t.ran.length).join(' ')} callbacks): model = CPython`;
  });
}

/** A composition from the menu. Timers of 10 ms never overlap (sleep(0.01) and call_later(0.01) not together). */
const compositionArb: fc.Arbitrary<MenuItem[]> = fc
  .array(fc.constantFrom(...MENU), { minLength: 0, maxLength: MAX_COMPOSED })
  .filter((items) => !(items.includes('sleep10') && items.includes('callLater')));

describe('the asyncio-loop recordings against CPython', () => {
  it.skipIf(!hasPython)(`every preset: the same turns, phases and callbacks as CPython, turn by turn${SKIP}`, () => {
    const names: string[] = [];
    const programs: Program[] = [];
    for (const p of PRESETS) {
      if (p === 'custom') continue;
      for (const k of p === 'sleep0' ? [0, 1, 3, 8] : [3]) {
        names.push(p === 'sleep0' ? `sleep0 k=${k}` : p);
        programs.push(presetProgram(p, k));
      }
    }
    const rows = compare(programs).map((row, i) => `${names[i]}: ${row}`);
    console.info(rows.join('\n'));
    // Seed 000's figures, now checked on both sides: empty 6, three nested awaits 6, gather of 10 = of 1000.
    const turns = (p: Program) => run(p).turns.length;
    expect(turns(presetProgram('empty', 0))).toBe(6);
    expect(turns(presetProgram('nested', 0))).toBe(6);
    expect(turns(presetProgram('gather1000', 0))).toBe(turns(presetProgram('gather10', 0)));
  });

  it.skipIf(!hasPython)(
    `30 programs composed from the menu (fast-check, seed ${SIM_SEED}): turn by turn as CPython${SKIP}`,
    () => {
      const compositions = fc.sample(compositionArb, { seed: SIM_SEED, numRuns: 30 });
      const rows = compare(compositions.map(composedProgram)).map(
        (row, i) => `[${compositions[i]!.join(', ')}]: ${row}`,
      );
      console.info(rows.join('\n'));
    },
  );
});
