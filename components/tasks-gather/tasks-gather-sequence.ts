/**
 * The speaker sequence of tasks-gather, one entry per clicker step, step 0 included: seed 003's story on the
 * default latencies (a 200 ms, b 100 ms, c 300 ms).
 * - sequential awaits cost the sum (600 ms);
 * - three tasks cost the maximum (300 ms);
 * - gather returns the results in argument order, though b finished first;
 * - b fails: gather raises at once (100 ms) while a and c keep running unattended;
 * - return_exceptions=True: the exception comes back as a value, at 300 ms;
 * - TaskGroup: the failure cancels a and c, and the caller gets an ExceptionGroup.
 * Each step sets the strategy and the switch and puts the latencies back to the defaults. Plain data.
 */
export const SPEAKER_SEQUENCE = [
  { strategy: 'sequential', fail: false },
  { strategy: 'create_task', fail: false },
  { strategy: 'gather', fail: false },
  { strategy: 'gather', fail: true },
  { strategy: 'gather_re', fail: true },
  { strategy: 'task_group', fail: true },
] as const;
