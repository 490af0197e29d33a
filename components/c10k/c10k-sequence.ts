/**
 * The c10k demo's speaker sequence: one entry per clicker step, each the inputs that step sets over the model's
 * defaults (`DEFAULT_INPUT` in c10k-model.ts, which checks these against its types). Step 0 is the defaults
 * themselves. Plain data: the slide imports it without loading the demo, and its length is the number of steps.
 */
export const SPEAKER_SEQUENCE = [
  // 0: C10K itself: 10,000 connections on Linux's 8 MiB stacks fit under every ceiling.
  {},
  // 1: past 32,765 threads vm.max_map_count says no.
  { connections: 40_000 },
  // 2: Java's smaller stacks save virtual memory, not the kernel's ceilings.
  { connections: 100_000, stackPreset: 'java' },
  // 3: a million connections: only the event loop is still standing.
  { connections: 1_000_000, stackPreset: 'java' },
] as const;
