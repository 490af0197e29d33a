/**
 * The green-threads speaker sequence, one entry per clicker step, step 0 included: the runtime, the action the
 * task on the first thread performs, and the frame of that scenario's recording to show (see
 * green-threads-model.ts, `scenario`).
 * - Go, a blocking syscall: the start, then sysmon handing the P to another OS thread;
 * - Go, a long CPU loop: preempted after 10 ms;
 * - Java, blocking socket I/O: the virtual thread unmounts; then inside `synchronized`: it pins its carrier;
 * - Erlang, a long CPU loop: switched out when its 4,000 reductions run out.
 */
export const SPEAKER_SEQUENCE = [
  { runtime: 'go', action: 'syscall', frame: 0 },
  { runtime: 'go', action: 'syscall', frame: 2 },
  { runtime: 'go', action: 'cpu', frame: 1 },
  { runtime: 'java', action: 'syscall', frame: 1 },
  { runtime: 'java', action: 'pinned', frame: 1 },
  { runtime: 'erlang', action: 'cpu', frame: 1 },
] as const;
