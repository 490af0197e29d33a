/**
 * The seed of the simulator's property tests. It is fixed, so a run in CI draws the same programs every time; set
 * SIM_SEED to an integer to draw others (fast-check's failure message names the seed and the path that replay a
 * counterexample: `SIM_SEED=<seed> npx vitest run tests/unit/sim-random-node.test.ts`).
 */
export const DEFAULT_SIM_SEED = 1;

export function simSeed(env: string | undefined = process.env['SIM_SEED']): number {
  if (env === undefined || env === '') return DEFAULT_SIM_SEED;
  const seed = Number(env);
  if (!Number.isSafeInteger(seed)) throw new Error(`SIM_SEED must be an integer, not ${JSON.stringify(env)}`);
  return seed;
}

export const SIM_SEED = simSeed();
