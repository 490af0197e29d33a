/**
 * The task-queue simulator: a pure model of how Node (CommonJS, Node ≥ 11, libuv ≥ 1.45) and a browser
 * (Chromium) order the callbacks of a JavaScript snippet. This is its public API; nothing outside this folder imports
 * any other of its modules, but for recording.ts: what a page needs to read a recording (its queues, its output
 * lines, a recording packed as JSON) without loading the simulator.
 *
 * The snippet is parsed with acorn (parse.ts) and interpreted node by node (interpreter.ts); the person's code is
 * never evaluated by the host. Promises follow ECMA-262 (§27.2, promises.ts). The interpreter knows only the
 * language; whatever a runtime decides, it asks of a host (host.ts): Node's order (nextTick queue, microtasks, timers,
 * libuv's phases) is runtime-node.ts, a browser's is runtime-browser.ts, and what both share is loop.ts.
 *
 * `simulate()` runs the whole snippet up front (a virtual clock, no host timers) and returns every step as a plain
 * snapshot (recorder.ts), so stepping backwards is reading an earlier snapshot. It is deterministic: same input, same
 * output. Where the order a real run prints depends on timing, it re-runs the snippet under other plausible timings
 * and lists the outputs they print (timing.ts); a loop that keeps making the same turn while a timer waits is
 * fast-forwarded (spin.ts).
 *
 *   types.ts            the public types          values.ts        values, scopes, exceptions of the program
 *   parse.ts            acorn and the subset      conversions.ts   ToString, ToBoolean, typeof, operators
 *   scope.ts            closures and hoisting     builtins.ts      globals every runtime has, built-ins' properties
 *   promises.ts         ECMA-262 §27.2            interpreter.ts   the realm, calls, async functions
 *   evaluate.ts         statements, expressions   host.ts          the Host and Realm interfaces
 *   loop.ts             what both loops share     runtime-node.ts  Node        runtime-browser.ts  a browser
 *   recorder.ts         snapshots and output      spin.ts          skipping identical turns of the loop
 *   timing.ts           timing exploration        run.ts           one run: parse, pick the runtime, interpret
 *   classes.ts          classes, extends, super   generators.ts    generators, async generators, for await
 *   abort.ts            AbortController, timers/promises          symbols.ts       Symbol.iterator / asyncIterator
 *   natives.ts          arrays, strings, numbers, Math, Number, Array.from …
 *   collections.ts      Map and Set         objects.ts       Object.*, call/apply/bind, JSON
 */
import { parseSnippet } from './parse.ts';
import { drive } from './loop.ts';
import { logLines } from './recorder.ts';
import { runOnce } from './run.ts';
import { NODE_ONLY } from './runtime-node.ts';
import { explore } from './timing.ts';
import type { Runtime, SimOptions, SimResult } from './types.ts';

export type * from './types.ts';
export { logLines };
export { queueViews } from './recording.ts';
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
