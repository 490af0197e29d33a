/**
 * The task-queue simulator: a pure model of how Node (CommonJS, Node ≥ 11, libuv ≥ 1.45) and a browser
 * (Chromium) order the callbacks of a JavaScript snippet. This is its public API, the one module imported from
 * outside this folder (`npm run deps`: js-sim-through-its-entry; tests and sim-runner's job aside): its types, what a
 * page needs to read a recording (its queues, its output lines, a recording packed as JSON) without the simulator,
 * and `loadSimulator()`, which loads the simulator itself (simulator.ts) when it is first needed, so that a page's
 * first bundle does not carry it. No module here imports one that imports it back, not even for a type
 * (js-sim-no-circular).
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
 *   simulator.ts        simulate(), needsNode()   recording.ts     reading a recording, without the simulator
 *   classes.ts          classes, extends, super   generators.ts    generators, async generators, for await
 *   abort.ts            AbortController, timers/promises          symbols.ts       Symbol.iterator / asyncIterator
 *   natives.ts          arrays, strings, numbers, Math, Number, Array.from …
 *   collections.ts      Map and Set         objects.ts       Object.*, call/apply/bind, JSON
 *   engine-types.ts     the types the modules name each other by (the interpreter, the evaluator, a completion …)
 */
export type * from './types.ts';
export { logLines, mentionsNodeOnly, pack, queueViews, unpack, type Packed } from './recording.ts';

/** the simulator: `simulate()`, `simulateSlices()`, `needsNode()`, Overrun (and all this module exports) */
export type Simulator = typeof import('./simulator.ts');

/** Loads the simulator (once: a module is loaded once). */
export function loadSimulator(): Promise<Simulator> {
  return import('./simulator.ts');
}
