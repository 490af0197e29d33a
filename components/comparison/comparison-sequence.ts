/**
 * The comparison's speaker sequence, one entry per clicker step, step 0 included: the name of the workload that
 * step describes (the presets are in comparison-model.ts).
 * - `proxy`: a proxy holding 50,000 connections, little computation;
 * - `cpu`: a CPU-heavy service, a few hundred requests at a time;
 * - `legacy`: blocking database drivers you must keep, a few thousand requests;
 * - `telecom`: a million long-lived connections that need fault isolation and predictable latency.
 */
export const SPEAKER_SEQUENCE = ['proxy', 'cpu', 'legacy', 'telecom'] as const;

export type WorkloadPreset = (typeof SPEAKER_SEQUENCE)[number];
