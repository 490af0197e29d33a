/**
 * The speaker sequence, on the talk's example (A … F): what each clicker step shows. Step 0 is the guess, which
 * stays the person's (the clicker never checks it for them). Each step after it shows the next change of the task
 * queues, one task queued or taken at a time (`change`: the n-th change of the recording, found by the model), so
 * the room watches the microtask queue fill and drain; the last step is the end of the run, with the explanation.
 */
export const SPEAKER_SEQUENCE = [
  { show: 'guess' },
  // setTimeout: B waits in the timer queue
  { show: 'queue', change: 1 },
  // queueMicrotask: C waits in the microtask queue
  { show: 'queue', change: 2 },
  // the async function prints D, pauses at await: its continuation (E) queues behind C
  { show: 'queue', change: 3 },
  // F printed, the script done: the first microtask, C, runs
  { show: 'queue', change: 4 },
  // the continuation runs: E; the microtask queue is empty
  { show: 'queue', change: 5 },
  // only now the loop's next task: the timer, B
  { show: 'queue', change: 6 },
  { show: 'end' },
] as const;

export type MicroMacroStep = (typeof SPEAKER_SEQUENCE)[number];
