/**
 * The micro-macro slide shows its built-in examples from recordings made at build time
 * (components/micro-macro/micro-macro-recordings.json, scripts/micro-macro-recordings.ts): they must be what the
 * simulator records today, and reading them must give back the run, its shared parts shared. The talk's example's,
 * which come with the page (the others load when one is picked), are micro-macro-seed-recordings.json: the same.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { EXAMPLES } from '../../components/micro-macro/micro-macro-examples.ts';
import { simulate, type SimResult } from '../../components/shared/js-sim/simulator.ts';
import { pack, unpack } from '../../components/shared/js-sim/recording.ts';
import { freshRecordings, RECORDINGS_FILE, SEED_RECORDINGS_FILE } from '../../scripts/micro-macro-recordings.ts';
import {
  continuationExcerpt,
  explanationShown,
  initialState,
  printState,
} from '../../components/micro-macro/micro-macro-model.ts';

const stored = JSON.parse(readFileSync(RECORDINGS_FILE, 'utf8')) as ReturnType<typeof freshRecordings>;

describe('the examples’ recordings', () => {
  it('equal a fresh simulation (`npm run -s recordings` after changing the simulator or an example)', () => {
    expect(stored).toEqual(JSON.parse(JSON.stringify(freshRecordings())));
  });

  it('the talk’s example’s, which come with the page, are the same as in the full file, in both runtimes', () => {
    const seed = JSON.parse(readFileSync(SEED_RECORDINGS_FILE, 'utf8')) as ReturnType<typeof freshRecordings>;
    expect(seed.map((r) => `${r.id}:${r.runtime}`)).toEqual(['seed:browser', 'seed:node']);
    expect(seed).toEqual(stored.filter((r) => r.id === 'seed'));
  });

  it('hold every example in each of its runtimes but the ones too long to carry (the busy wait)', () => {
    const keys = new Set(stored.map((r) => `${r.id}:${r.runtime}`));
    const missing = EXAMPLES.flatMap((ex) => ex.runtimes.map((rt) => `${ex.id}:${rt}`)).filter((k) => !keys.has(k));
    expect(missing.sort()).toEqual(['busyWait:browser', 'busyWait:node']);
  });

  it('unpack to the simulator’s result, with the queues’ shared lists shared again', () => {
    for (const r of stored) {
      const fresh = simulate(r.source, r.runtime as 'node' | 'browser');
      const read = unpack(r.run as ReturnType<typeof pack>) as SimResult;
      expect(read).toEqual(fresh);
      if (!read.ok) continue;
      const pools = new Set(read.steps.map((s) => s.timers.pool).filter((p) => p.length > 0));
      expect(pools.size).toBeLessThanOrEqual(1);
    }
  });
});

describe('a continuation after await is shown by the code it resumes with', () => {
  it('the seed’s continuation reads console.log(’E’), not its function’s opening (D)', () => {
    const seed = "(async () => {\n  console.log('D');\n  await 0;\n  console.log('E');\n})();";
    expect(continuationExcerpt(seed, 3)).toBe("console.log('E');");
    expect(continuationExcerpt('await 1; next()', 1)).toBe('next()');
    expect(continuationExcerpt('await 1', 1)).toBeNull();
    expect(continuationExcerpt(`await 1\n${'x'.repeat(60)}`, 1)).toBe(`${'x'.repeat(39)}…`);
  });
});

describe('printed (the handout), the demo is the run explained, never the guess', () => {
  it('the end of the talk’s example, with its explanation, the guess not checked for the person', () => {
    const p = printState(initialState());
    expect(initialState().guessPhase).toBe('guess');
    expect(p.guessPhase).toBe('skipped');
    expect(explanationShown(p)).toBe(true);
  });
});
