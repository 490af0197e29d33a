/**
 * The runner's limits, apart from the job (sim-job.ts imports the whole simulator; a page that only starts workers
 * must not carry it).
 */

/** The wall-clock budget of one job (the worker is terminated past it). */
export const DEFAULT_BUDGET_MS = 5000;

/**
 * The most a result may hold to be sent back to a page (the results cache's bound): copying a message is work on
 * both threads (measured in Chromium: a run of 1,000 timers records 33 MB of JSON and takes 0.8 s more to arrive than
 * to simulate, most of it on the page's thread), so a larger recording is refused with its size.
 */
export const MAX_RESULT_BYTES = 30_000_000;
