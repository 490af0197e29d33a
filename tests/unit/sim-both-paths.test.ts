/**
 * The two evaluators agree: every corpus snippet (tests/snippets) and every example of the slide, in each runtime it
 * runs in, prints the same lines, ends the same way and records the same number of steps whether code without an
 * `await` takes fast.ts's synchronous path (as it does) or evaluate.ts's generators (SimOptions.syncPath false). The
 * corpus itself is held against real Node and Chromium (sim-corpus); this holds the path it did not take to it.
 * Snippets whose loops run hundreds of thousands of turns (what the fast path is for) are left to sim-perf.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../components/shared/js-sim/simulator.ts';
import { EXAMPLES } from '../../components/micro-macro/micro-macro-examples.ts';
import { loadCorpus } from './sim-corpus-lib.ts';

/** what only the fast path finishes in reasonable time: a million turns, 100,000 awaits, 100,000 printed lines */
const LONG = ['141-', '147-', '140-', '144-', '88-'];

const cases = [
  ...loadCorpus().map((s) => ({ name: s.name, source: s.source, runtimes: s.runtimes })),
  ...EXAMPLES.map((e) => ({ name: `example-${e.id}`, source: e.code, runtimes: e.runtimes })),
].filter((c) => !LONG.some((p) => c.name.startsWith(p)));

describe('the synchronous path and the general one run the corpus alike', () => {
  it('covers most of the corpus', () => expect(cases.length).toBeGreaterThan(120));
  for (const c of cases) {
    for (const rt of c.runtimes) {
      it(`${c.name} (${rt})`, () => {
        const fast = simulate(c.source, rt, { exploreTiming: false });
        const general = simulate(c.source, rt, { exploreTiming: false, syncPath: false });
        expect(general.ok).toBe(fast.ok);
        if (!fast.ok || !general.ok) return;
        expect(general.output).toEqual(fast.output);
        expect(general.end).toEqual(fast.end);
        expect(general.steps.length).toBe(fast.steps.length);
      });
    }
  }
});
