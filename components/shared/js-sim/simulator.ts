/**
 * The simulator itself (index.ts is its public API): `simulate()`, `simulateSlices()`, `needsNode()` and Overrun,
 * and what index.ts exports but its loader. A page loads it through index.ts's `loadSimulator()`, so that what reads a
 * recording does not carry it; outside this folder only sim-runner's job (sim-job.ts, which runs it in the worker,
 * the page-thread fallback and `npm run predict`) and tests import it directly (`npm run deps`: js-sim-through-its-entry).
 */
import { parseSnippet } from './parse.ts';
import { drive } from './loop.ts';
import { runOnce } from './run.ts';
import { NODE_ONLY } from './runtime-node.ts';
import { explore } from './timing.ts';
import type { Runtime, SimOptions, SimResult } from './types.ts';

export type * from './types.ts';
export { logLines, mentionsNodeOnly, pack, queueViews, unpack, type Packed } from './recording.ts';
import { mentionsNodeOnly } from './recording.ts';
export { Overrun } from './values.ts';

/** Runs a snippet in the model of the given runtime and returns every step. */
export function simulate(source: string, runtime: Runtime, options: SimOptions = {}): SimResult {
  return drive(simulateSlices(source, runtime, options));
}

/**
 * The same simulation as a generator that yields between macrotasks (and between the runs of timing exploration),
 * so that a caller on a page's thread can give the thread back between slices (sim-runner's page fallback). With
 * `options.interrupt` a task that runs on too long stops the whole simulation with an Overrun.
 */
export function* simulateSlices(
  source: string,
  runtime: Runtime,
  options: SimOptions = {},
): Generator<void, SimResult, void> {
  const first = yield* runOnce(source, runtime, options);
  return yield* explore(first, options, (o) => runOnce(source, runtime, o));
}

/** Whether the snippet uses anything that exists only in Node (so the browser runtime does not apply). */
export function needsNode(source: string): boolean {
  // no Node-only name anywhere in the text: nothing to parse for (a long snippet is asked about on every render)
  if (!mentionsNodeOnly(source)) return false;
  const parsed = parseSnippet(source);
  if (!parsed.ok) return false;
  return identifiers(parsed.program).some((n) => NODE_ONLY.has(n));
}

function identifiers(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const n of node) identifiers(n, out);
  } else if (node && typeof node === 'object' && 'type' in node) {
    const n = node as { type: string; name?: string; [k: string]: unknown };
    if (n.type === 'Identifier' && n.name) out.push(n.name);
    for (const [k, v] of Object.entries(n)) if (k !== 'loc' && v && typeof v === 'object') identifiers(v, out);
  }
  return out;
}
