/**
 * Writes the recordings of the micro-macro slide's built-in examples (components/micro-macro/micro-macro-recordings.json):
 * the page shows them without loading the simulator, which loads only when the person runs code of their own. The
 * talk's example's (the seed, in both runtimes) also go to micro-macro-seed-recordings.json, which comes with the
 * page (the slide, the speaker sequence and the handout show it at once); the others load when one is picked.
 * `npm run -s recordings` after changing an example or the simulator; tests/unit/micro-macro-recordings.test.ts
 * fails while either file differs from a fresh simulation.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLES } from '../components/micro-macro/micro-macro-examples.ts';
import { loadSimulator, pack } from '../components/shared/js-sim/index.ts';

const { simulate } = await loadSimulator();

export const RECORDINGS_FILE = join(import.meta.dirname, '../components/micro-macro/micro-macro-recordings.json');
export const SEED_RECORDINGS_FILE = join(
  import.meta.dirname,
  '../components/micro-macro/micro-macro-seed-recordings.json',
);

/**
 * A recording longer than this (JSON characters) is left out: the page simulates that example when it is picked (the
 * busy wait: 3,000 steps, 630 KB, 22 KB gzipped; every other example is under 10 KB, all of them 6 KB gzipped).
 */
export const MAX_RECORDING_CHARS = 50_000;

/** every example in each of its runtimes: its source and its run, packed (shared parts written once) */
export function freshRecordings(): { id: string; runtime: string; source: string; run: unknown }[] {
  return EXAMPLES.flatMap((ex) =>
    ex.runtimes.map((runtime) => ({ id: ex.id, runtime, source: ex.code, run: pack(simulate(ex.code, runtime)) })),
  ).filter((r) => JSON.stringify(r.run).length <= MAX_RECORDING_CHARS);
}

if (process.argv[1] === import.meta.filename) {
  const all = freshRecordings();
  writeFileSync(RECORDINGS_FILE, `${JSON.stringify(all)}\n`);
  writeFileSync(SEED_RECORDINGS_FILE, `${JSON.stringify(all.filter((r) => r.id === 'seed'))}\n`);
  console.log(`wrote ${RECORDINGS_FILE} and ${SEED_RECORDINGS_FILE}`);
}
