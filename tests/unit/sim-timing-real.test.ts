/**
 * The corpus's timing-dependent snippets against real Node, run after run: each snippet marked `// expect: timing`
 * that runs in Node (and the slide's `race` example) is run ten times, measured (sim-node-bounds.ts); every order a
 * run within the explored timings prints must be one the simulator lists. (sim-corpus.test.ts checks only that some
 * run matches, which is what a loaded machine allows for the rest of the corpus.)
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logLines, simulate } from '../../components/shared/js-sim/simulator.ts';
import { EXAMPLES } from '../../components/micro-macro/micro-macro-examples.ts';
import { loadCorpus } from './sim-corpus-lib.ts';
import { runMeasured } from './sim-node-bounds.ts';

const nodeOk = spawnSync('node', ['--version'], { encoding: 'utf8' }).status === 0;
const tmp = mkdtempSync(join(tmpdir(), 'sim-timing-'));
const RUNS = 10;
/** runs judged (within the explored timings) and made, over all snippets; distinct orders seen */
const total = { judged: 0, runs: 0, seen: 0 };

const snippets = [
  ...loadCorpus().filter((s) => s.expect === 'timing' && s.runtimes.includes('node')),
  ...EXAMPLES.filter((e) => e.id === 'race').map((e) => ({ name: `example-${e.id}`, source: e.code })),
];

describe.skipIf(!nodeOk)('timing-dependent snippets: every order real node prints is listed', () => {
  it('the corpus has timing-dependent snippets for Node', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(5);
  });

  for (const s of snippets) {
    it(
      s.name,
      () => {
        const r = simulate(s.source, 'node');
        if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
        expect(r.timing?.affectsOutput, 'the simulator calls the order timing-dependent').toBe(true);
        const listed = [logLines(r), ...(r.timing?.alternatives ?? [])].map((o) => JSON.stringify(o));
        const seen = new Set<string>();
        let judged = 0;
        for (let run = 0; run < RUNS; run++) {
          const real = runMeasured(s.source, tmp);
          const order = JSON.stringify(real.lines);
          seen.add(order);
          if (!real.inBounds) continue;
          judged++;
          expect(listed, `real timing: ${real.bounds}`).toContain(order);
        }
        total.judged += judged;
        total.runs += RUNS;
        total.seen += seen.size;
      },
      60_000,
    );
  }

  // on a loaded machine many runs stray beyond the explored timings: a file that judged almost none proved nothing
  it('judged at least one run in six, and saw some snippet print more than one order', () => {
    expect(total.judged, `runs within the explored timings: ${total.judged} of ${total.runs}`).toBeGreaterThanOrEqual(
      total.runs / 6,
    );
    expect(total.seen).toBeGreaterThan(snippets.length);
  });
});
