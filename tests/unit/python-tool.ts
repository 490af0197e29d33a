/**
 * The CPython the real checks run, found once per file: the first of `candidates` that starts (and imports `needs`,
 * when given), the folder of its `asyncio` package (the models quote its sources), and the suffix a test's title
 * gets when there is none, so that a skipped comparison says so in the report. One rule for every *-real test.
 */
import { spawnSync } from 'node:child_process';

export interface Python {
  /** The executable, or null when none of the candidates runs. */
  readonly exe: string | null;
  /** '' when there is a python, else ' — SKIPPED: …' for the tests' titles. */
  readonly skip: string;
  /** Its `asyncio` package's folder ('' without a python). */
  readonly asyncioDir: string;
}

export function findPython(
  file: string,
  options: {
    needs?: string;
    atLeast?: readonly [number, number];
    candidates?: readonly string[];
    skipped?: string;
  } = {},
): Python {
  const { needs, atLeast, candidates = ['python3'], skipped = 'the comparisons with CPython are skipped' } = options;
  const code = [
    needs ? `import ${needs}` : '',
    atLeast ? `import sys; sys.exit(sys.version_info < (${atLeast.join(', ')}))` : '',
  ].filter(Boolean);
  const probe = code.length ? ['-c', code.join('\n')] : ['--version'];
  const exe = candidates.find((py) => spawnSync(py, probe).status === 0) ?? null;
  const version = atLeast ? ` ${atLeast.join('.')}+` : '';
  const wanted = `${needs ? `a python3${version} with ${needs}` : `python3${version}`} (${candidates.join(', ')})`;
  if (!exe) console.warn(`${file}: no ${wanted}; ${skipped}`);
  const asyncioDir = exe
    ? spawnSync(exe, ['-c', 'import asyncio, os; print(os.path.dirname(asyncio.__file__))'], {
        encoding: 'utf8',
      }).stdout.trim()
    : '';
  return { exe, skip: exe ? '' : ` — SKIPPED: no ${wanted}`, asyncioDir };
}
