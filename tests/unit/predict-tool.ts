/**
 * `npm run -s predict` as the unit tests run it: scripts/predict.ts under the project's own tsx, with no `npm run`
 * in between (npm adds a third of a second of CPU to each of some thirty runs). sim-cli.test.ts's usage test runs it
 * once through npm itself, so the script's name in package.json is checked too.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const tsx = join(root, 'node_modules', '.bin', 'tsx');
/** false where tsx does not start: the tests that run the command are skipped (the title says so) */
export const tsxOk = spawnSync(tsx, ['--version'], { encoding: 'utf8' }).status === 0;

const tmp = mkdtempSync(join(tmpdir(), 'predict-'));
let files = 0;

/** The command on `source` (written to a file of its own), with `args` before the file, from the project's root. */
export function predict(source: string, args: readonly string[]): SpawnSyncReturns<string> {
  const file = join(tmp, `s${++files}.js`);
  writeFileSync(file, source);
  return spawnSync(tsx, ['scripts/predict.ts', ...args, file], { cwd: root, encoding: 'utf8', timeout: 60_000 });
}
