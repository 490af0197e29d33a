/**
 * The cores speaker sequence, one entry per clicker step, step 0 included: how the connections reach the cores,
 * and whether one handler blocks (cores-model.ts).
 * - one event loop on a 4-core machine: one core busy, three idle;
 * - SO_REUSEPORT: four loops, the kernel hashes each connection's 4-tuple: uneven;
 * - Node's cluster: the primary deals the connections round-robin: even;
 * - the same with a blocking handler: the requests dealt to its worker wait behind it;
 * - work-stealing (Tokio) with the same handler: idle workers take the waiting tasks;
 * - one loop with the blocking handler: everyone waits (the FastAPI question's one uvicorn process).
 */
export const SPEAKER_SEQUENCE = [
  { strategy: 'one-loop', blocking: false },
  { strategy: 'reuseport', blocking: false },
  { strategy: 'cluster', blocking: false },
  { strategy: 'cluster', blocking: true },
  { strategy: 'stealing', blocking: true },
  { strategy: 'one-loop', blocking: true },
] as const;
