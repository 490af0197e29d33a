/**
 * The figures that give "Predict, then see"'s answer away, measured by tests/probes/green_go.go (2026-12-01, go1.19.8
 * on Debian 12, x86-64; tests/unit/green-threads-real.test.ts re-runs the probe): 10,000 goroutines parked on a
 * channel, and the process's OS threads meanwhile. Only green-threads-answer.ts imports it (and the tests, and the
 * workshop server through the answer): the phones' build, which withholds the answer, refuses to load it
 * (vite.config.ts), so no file a phone downloads holds them.
 */
export const ANSWER_FIGURES = {
  /** OS threads in /proc/self/task while 10,000 goroutines are parked… */
  parkedThreads: 4,
  /** …with GOMAXPROCS=2. */
  parkedGomaxprocs: 2,
} as const;
