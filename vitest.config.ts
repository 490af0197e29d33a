import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The real-runtime checks that hold the machine's clock to the model's (a timer's lateness, a turn's length, who
 * answered first): they run one file at a time, after the other unit tests (`vitest run --project timed
 * --no-file-parallelism`), so that no other test's load disturbs them; in `npm test` only work at idle priority runs
 * beside them (scripts/test-stages.mjs: the static checks and the builds). Every other test, the real checks that count,
 * order or compare without timing included, runs in parallel (`--project unit`). The asyncio recorder's checks
 * (asyncio-recorder-real) are of the second kind: its programs run on a virtual clock, and its one wall-clock bound
 * (5 s a recording) is a hundred times what the longest of them takes on a loaded machine.
 */
const TIMED = [
  'tests/unit/asyncio-loop-real.test.ts',
  'tests/unit/asyncio-real.test.ts',
  'tests/unit/asyncio-responsiveness-real.test.ts',
  'tests/unit/await-future-real.test.ts',
  'tests/unit/green-threads-real.test.ts',
  'tests/unit/heavy-task-real.test.ts',
  'tests/unit/libuv-pool-real.test.ts',
  'tests/unit/pitfalls-real.test.ts',
  'tests/unit/python-asyncio-real.test.ts',
  'tests/unit/quiz-fastapi-real.test.ts',
  'tests/unit/sim-timing-real.test.ts',
  'tests/unit/tasks-gather-real.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    // Vitest's own default in a run is one worker fewer than the cores: one on a 2-core machine, so the unit stage ran
    // one file at a time. Most slow files wait on a child (Node, Python, a server), so one more worker than cores
    // (3 here: 197 s → 101 s, against 111 s with 2). The timed project runs one file at a time regardless.
    maxWorkers: availableParallelism() + 1,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: TIMED } },
      // A timed check that one burst of other work (another VM on the host) made late runs once more; most already try
      // their real run up to 3 times. A second failure fails; a pass on the retry is named in npm test's summary.
      { extends: true, test: { name: 'timed', include: TIMED, retry: 1 } },
    ],
  },
});
