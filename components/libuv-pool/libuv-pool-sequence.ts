/**
 * The libuv pool's speaker sequence, one entry per clicker step, step 0 included: the name of the preset that
 * step shows (the presets are in libuv-pool-model.ts: the default load of 8 slow lookups, 6 file reads and 4
 * pbkdf2 calls, varied as the name says).
 * - `calm`: the default pool and no DNS trouble: reads wait for nothing;
 * - `incident`: libuv before 2018: the slow lookups fill all four threads;
 * - `today`: the same load on today's libuv: lookups get at most half the pool;
 * - `bigPool`: UV_THREADPOOL_SIZE=16, without the 2018 rule.
 */
export const SPEAKER_SEQUENCE = ['calm', 'incident', 'today', 'bigPool'] as const;

export type PoolPreset = (typeof SPEAKER_SEQUENCE)[number];
